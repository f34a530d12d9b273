// The bounded worker pool of `puzzlesat serve`: at most `workers` jobs run at once, at most
// `max_queued` wait, and none waits longer than `max_wait_seconds`. A request that cannot
// get a worker is refused (503) instead of piling up threads and memory.
//
//   JobGate gate(2, 32, 60.0);
//   if (auto slot = gate.enter()) { ... run the job ... }   // the slot frees the worker
//   else respond 503 (slot.refusal says why)
#pragma once

#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace puzzlesat::server {

class JobGate {
 public:
  JobGate(int workers, int max_queued, double max_wait_seconds);

  class Slot {
   public:
    Slot() = default;
    Slot(Slot&& other) noexcept : refusal(std::move(other.refusal)), gate_(other.gate_) { other.gate_ = nullptr; }
    Slot& operator=(Slot&&) = delete;
    ~Slot();
    explicit operator bool() const { return gate_ != nullptr; }
    std::string refusal;  // why no worker was given, when empty-handed

   private:
    friend class JobGate;
    explicit Slot(JobGate* gate) : gate_(gate) {}
    JobGate* gate_ = nullptr;
  };

  // Waits for a worker. An empty Slot (with refusal set) when the queue is full or the
  // wait ran out.
  Slot enter();

  struct Counts {
    int running = 0, queued = 0;
    long long served = 0, refused = 0;
  };
  Counts counts() const;

 private:
  void leave();

  const int workers_, max_queued_;
  const double max_wait_seconds_;
  mutable std::mutex mutex_;
  std::condition_variable free_;
  Counts counts_;
};

}  // namespace puzzlesat::server
