#include <puzzlesat/progress.h>

#include <unistd.h>

#include <cstdio>

namespace puzzlesat {

Progress::Progress(std::string label, std::int64_t total)
    : label_(std::move(label)), total_(total), enabled_(isatty(STDERR_FILENO) != 0) {}

Progress::~Progress() { clear(); }

void Progress::clear() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

void Progress::update(std::int64_t done) {
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  if (now - start_ < std::chrono::seconds(1)) return;  // quick work draws nothing
  if (drawn_ && done < total_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  constexpr int kWidth = 30;
  int filled = total_ > 0 ? static_cast<int>(kWidth * done / total_) : 0;
  std::string bar(static_cast<size_t>(filled), '#');
  bar.resize(kWidth, '.');
  std::fprintf(stderr, "\r%s [%s] %lld/%lld", label_.c_str(), bar.c_str(),
               static_cast<long long>(done), static_cast<long long>(total_));
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace puzzlesat
