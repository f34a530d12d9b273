// Deadline: calls a Solver's interrupt() when a wall-time limit passes, for backends
// whose library has no time limit of its own. Destroying it disarms it.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace puzzlesat::sat {

class Deadline {
 public:
  // Limits longer than this (31 years), infinity and NaN never expire: converting them to
  // clock ticks would overflow, and an overflowed deadline lay in the past (issue #15).
  static constexpr double kForever = 1e9;

  Deadline(double seconds, std::function<void()> on_expiry);
  ~Deadline();
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

  bool expired() const;

 private:
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  bool expired_ = false;
  std::thread thread_;
};

}  // namespace puzzlesat::sat
