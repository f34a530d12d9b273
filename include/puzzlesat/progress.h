// Progress: a one-line progress report on stderr for long work, shown only when stderr
// is a terminal so that pipes, logs and CI stay clean.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace puzzlesat {

class Progress {
 public:
  Progress(std::string label, std::int64_t total);
  ~Progress();  // clears the line

  void update(std::int64_t done);  // cheap when called often: redraws at most ~10 times a second
  bool enabled() const { return enabled_; }

 private:
  std::string label_;
  std::int64_t total_;
  bool enabled_;
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace puzzlesat
