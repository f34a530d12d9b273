// Screenshot reading speed (single thread, CPU time per image, image decoding excluded)
// and glyph accuracy on the labelled game crops. Prints one line per screenshot; runs
// on rendered boards too, so it works without ../shared/data.
#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <map>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "frontends/hexcells/glyphs.h"
#include "frontends/hexcells/reader.h"
#include "frontends/hexcells/renderer.h"

namespace fs = std::filesystem;
using namespace puzzlesat::hexcells_vision;

namespace {

double cpu_ms() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// Best of `runs` reads, in CPU milliseconds.
double time_read(const cv::Mat& image, int runs = 5) {
  double best = 1e18;
  for (int i = 0; i < runs; ++i) {
    const double t = cpu_ms();
    try {
      read_screenshot(image);
    } catch (const std::exception&) {
    }
    best = std::min(best, cpu_ms() - t);
  }
  return best;
}

Scene demo_scene() {
  Scene s;
  s.remaining = 20;
  for (int x = 2; x < 20; ++x)
    for (int y = 2 + (x % 2); y < 30; y += 2)
      s.cells.push_back({x, y, (x * 7 + y) % 5 == 0 ? CellState::black : CellState::hidden,
                         (x * 7 + y) % 5 == 0 ? std::optional<Hint>(Hint{(x + y) % 7, HintKind::plain}) : std::nullopt});
  for (int x = 2; x < 20; x += 3) s.lines.push_back({x, x % 2 ? 1 : 0, LineDir::down, Hint{x % 9, HintKind::plain}});
  return s;
}

}  // namespace

int main() {
  cv::setNumThreads(1);
  fmt::print("hexcells screenshot reading, one thread, CPU ms (best of 5), decoding excluded\n");
  const Scene scene = demo_scene();
  for (auto [w, h] : {std::pair{1280, 720}, {1920, 1080}, {3840, 2160}})
    fmt::print("{:>44}  {:4}x{:<4}  {:7.1f} ms\n", "rendered 18x14-cell board", w, h, time_read(render_scene(scene, {w, h, 0.8})));

  const fs::path shots = fs::path(PUZZLESAT_SHARED_DATA) / "hexcells/screenshots";
  if (fs::exists(shots)) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(shots))
      if (e.path().extension() == ".png" || e.path().extension() == ".jpg" || e.path().extension() == ".jpeg") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      const cv::Mat img = cv::imread(f.string(), cv::IMREAD_COLOR);
      fmt::print("{:>44}  {:4}x{:<4}  {:7.1f} ms\n", f.filename().string(), img.cols, img.rows, time_read(img));
    }
  }

  const fs::path crops = fs::path(PUZZLESAT_SHARED_DATA) / "hexcells/ocr-mikescher/NumberRecognition/testdata";
  if (fs::exists(crops)) {
    // Labels are file-name prefixes; "Q" is "?"; {n} / -n- are unlabelled templates.
    int right = 0, total = 0;
    std::map<std::string, int> wrong;
    for (const auto& e : fs::directory_iterator(crops)) {
      const std::string name = e.path().filename().string();
      std::string label = name.substr(0, name.rfind('_'));
      if (label == "Q") label = "?";
      if (label == "{n}" || label == "-n-") continue;
      const cv::Mat grey = cv::imread(e.path().string(), cv::IMREAD_GRAYSCALE);
      cv::Mat1b ink = 255 - grey;
      ink.setTo(0, ink < 40);
      const auto read = read_text(ink);
      ++total;
      if (read && read->text == label) ++right;
      else ++wrong[label + " -> " + (read ? read->text : "")];
    }
    fmt::print("\nglyph reading on {} labelled game crops (Mikescher/HexSolver testdata): {} right ({:.1f}%)\n", total, right,
               100.0 * right / std::max(1, total));
    for (const auto& [k, v] : wrong) fmt::print("  {:>12}  x{}\n", k, v);
  }
}
