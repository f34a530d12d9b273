#include "server/job_gate.h"

#include <chrono>

namespace puzzlesat::server {

JobGate::JobGate(int workers, int max_queued, double max_wait_seconds)
    : workers_(workers < 1 ? 1 : workers), max_queued_(max_queued < 0 ? 0 : max_queued),
      max_wait_seconds_(max_wait_seconds) {}

JobGate::Slot::~Slot() {
  if (gate_) gate_->leave();
}

JobGate::Slot JobGate::enter() {
  std::unique_lock lock(mutex_);
  if (counts_.running < workers_) {
    ++counts_.running;
    ++counts_.served;
    return Slot(this);
  }
  if (counts_.queued >= max_queued_) {
    ++counts_.refused;
    Slot refused;
    refused.refusal = "the server is busy (" + std::to_string(counts_.queued) + " jobs waiting): try again shortly";
    return refused;
  }
  ++counts_.queued;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(max_wait_seconds_);
  const bool got = free_.wait_until(lock, deadline, [&] { return counts_.running < workers_; });
  --counts_.queued;
  if (!got) {
    ++counts_.refused;
    Slot refused;
    refused.refusal = "no worker became free within the time limit: try again shortly";
    return refused;
  }
  ++counts_.running;
  ++counts_.served;
  return Slot(this);
}

void JobGate::leave() {
  {
    std::lock_guard lock(mutex_);
    --counts_.running;
  }
  free_.notify_one();
}

JobGate::Counts JobGate::counts() const {
  std::lock_guard lock(mutex_);
  return counts_;
}

}  // namespace puzzlesat::server
