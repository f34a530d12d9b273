// Progress: a one-line progress report on stderr for long work, shown only when stderr
// is a terminal so that pipes, logs and CI stay clean, and only once the work has taken
// about a second (a quick run draws nothing). Call clear() before printing results, so
// that they never follow the progress line on the same line.
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
  void clear();                     // erases the line if drawn; a later update() draws it again
  bool enabled() const { return enabled_; }

 private:
  std::string label_;
  std::int64_t total_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace puzzlesat
