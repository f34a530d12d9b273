#include <puzzlesat/progress.h>

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace puzzlesat {

namespace {
std::atomic<int> g_bars_shown{0};  // Progress lines drawn and not yet erased

// How long work runs before its line appears: a second, or PUZZLESAT_PROGRESS_AFTER_MS
// (0 to 60000). Tests set it to 0 so that the line's drawing and erasing are checked
// whatever the machine's speed.
std::chrono::milliseconds show_after() {
  static const std::chrono::milliseconds after = [] {
    const char* text = std::getenv("PUZZLESAT_PROGRESS_AFTER_MS");
    if (!text || !*text) return std::chrono::milliseconds(1000);
    char* end = nullptr;
    const long ms = std::strtol(text, &end, 10);
    if (*end != '\0' || ms < 0 || ms > 60000) return std::chrono::milliseconds(1000);
    return std::chrono::milliseconds(ms);
  }();
  return after;
}
}  // namespace

Progress::Progress(std::string label, std::int64_t total)
    : label_(std::move(label)), total_(total), enabled_(isatty(STDERR_FILENO) != 0) {}

Progress::~Progress() { clear(); }

void Progress::clear() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
  --g_bars_shown;
}

void Progress::update(std::int64_t done) {
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  if (now - start_ < show_after()) return;  // quick work draws nothing
  if (drawn_ && done < total_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  constexpr int kWidth = 30;
  int filled = total_ > 0 ? static_cast<int>(kWidth * done / total_) : 0;
  std::string bar(static_cast<size_t>(filled), '#');
  bar.resize(kWidth, '.');
  std::fprintf(stderr, "\r%s [%s] %lld/%lld", label_.c_str(), bar.c_str(),
               static_cast<long long>(done), static_cast<long long>(total_));
  std::fflush(stderr);
  if (!drawn_) ++g_bars_shown;
  drawn_ = true;
}

ElapsedProgress::ElapsedProgress(std::string label) : label_(std::move(label)) {
  if (isatty(STDERR_FILENO) == 0) return;
  thread_ = std::thread([this] {
    const auto start = std::chrono::steady_clock::now();
    bool drawn = false;
    long shown = 0;  // the whole seconds on the line
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stopping_; })) {
      const auto elapsed = std::chrono::steady_clock::now() - start;
      const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(elapsed);
      if (elapsed < show_after() || g_bars_shown > 0 || (drawn && seconds.count() == shown)) continue;
      shown = static_cast<long>(seconds.count());
      std::fprintf(stderr, "\r%s: %ld s\033[K", label_.c_str(), shown);
      std::fflush(stderr);
      drawn = true;
    }
    if (drawn) {
      std::fprintf(stderr, "\r\033[K");
      std::fflush(stderr);
    }
  });
}

ElapsedProgress::~ElapsedProgress() { stop(); }

void ElapsedProgress::stop() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

}  // namespace puzzlesat
