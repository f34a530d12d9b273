#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "server/job_gate.h"

using puzzlesat::server::JobGate;

TEST_CASE("the job gate runs at most `workers` jobs at once and lets the waiting ones in as they finish", "[server]") {
  JobGate gate(2, 10, 30);
  std::atomic<int> running{0}, most{0}, done{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&] {
      auto slot = gate.enter();
      REQUIRE(slot);
      int now = ++running;
      for (int m = most; now > m && !most.compare_exchange_weak(m, now);) {
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      --running;
      ++done;
    });
  for (auto& t : threads) t.join();
  CHECK(done == 8);
  CHECK(most <= 2);
  CHECK(most >= 1);
  CHECK(gate.counts().served == 8);
  CHECK(gate.counts().refused == 0);
}

TEST_CASE("the job gate refuses past its queue and after its wait", "[server]") {
  JobGate gate(1, 1, 0.2);
  auto first = gate.enter();
  REQUIRE(first);
  // One may wait; it gives up after 0.2 s because the worker stays busy.
  std::thread waiter([&] {
    auto slot = gate.enter();
    CHECK_FALSE(slot);
    CHECK(slot.refusal.find("time limit") != std::string::npos);
  });
  // Wait until the waiter is queued, then a third finds the queue full at once.
  for (int i = 0; i < 100 && gate.counts().queued == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  REQUIRE(gate.counts().queued == 1);
  auto third = gate.enter();
  CHECK_FALSE(third);
  CHECK(third.refusal.find("busy") != std::string::npos);
  waiter.join();
  CHECK(gate.counts().refused == 2);
  { JobGate::Slot released = std::move(first); }
  CHECK(gate.enter());  // the worker is free again
}
