// Time to read the dice in one photo: a rendered 640x480 roll of five dice, and (when
// ../shared/data is present) every labelled photo of each source, read in turn; and the
// learned reader's time per die.
// Run on one core: taskset -c 0 build/bench/bench_dice_vision
#include <benchmark/benchmark.h>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/die_crop.h"
#include "frontends/dice/learned_reader.h"

namespace {

using namespace puzzlesat::dice_vision;

void BM_RenderedRoll(benchmark::State& state) {
  const cv::Mat image = render_scene(random_scene(3), 3);
  for (auto _ : state) benchmark::DoNotOptimize(read_dice(image));
}

// The learned reader's time per die: one crop at a time, and a photo's worth (8) at once.
void BM_LearnedDie(benchmark::State& state) {
  const Scene scene = random_scene(3);
  const cv::Mat image = render_scene(scene, 3);
  std::vector<cv::Mat> crops;
  for (int i = 0; i < state.range(0); ++i) crops.push_back(die_crop(image, die_box(scene.dice[i % scene.dice.size()])));
  for (auto _ : state) benchmark::DoNotOptimize(read_crops(crops));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

// Decoded up front: the figure is the reader's time, not the JPEG decoder's.
std::vector<cv::Mat> photos(const std::string& source) {
  std::vector<std::string> paths;
  const std::filesystem::path dir = std::filesystem::path(PUZZLESAT_SHARED_DATA) / "dice" / source / "train";
  if (std::filesystem::exists(dir))
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".jpg") paths.push_back(e.path().string());
  std::sort(paths.begin(), paths.end());
  std::vector<cv::Mat> images;
  for (const auto& p : paths) images.push_back(cv::imread(p));
  return images;
}

void BM_Photos(benchmark::State& state, const std::vector<cv::Mat>* images) {
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(read_dice((*images)[i++ % images->size()]));
  state.SetLabel(std::to_string(images->size()) + " photos, each read once");
}

}  // namespace

int main(int argc, char** argv) {
  cv::setNumThreads(1);  // the goal is per image on one core
  benchmark::RegisterBenchmark("read_dice/rendered_640x480", BM_RenderedRoll)->Unit(benchmark::kMillisecond);
  if (learned_reader_available())
    benchmark::RegisterBenchmark("learned_reader/dice", BM_LearnedDie)->Arg(1)->Arg(8)->Unit(benchmark::kMillisecond);
  static const std::vector<cv::Mat> matteop65 = photos("matteop65"), nellbyler = photos("nellbyler");
  if (!matteop65.empty())
    benchmark::RegisterBenchmark("read_dice/matteop65_640x480", BM_Photos, &matteop65)
        ->Iterations(static_cast<benchmark::IterationCount>(matteop65.size()))
        ->Unit(benchmark::kMillisecond);
  if (!nellbyler.empty())
    benchmark::RegisterBenchmark("read_dice/nellbyler_640x640", BM_Photos, &nellbyler)
        ->Iterations(static_cast<benchmark::IterationCount>(nellbyler.size()))
        ->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
