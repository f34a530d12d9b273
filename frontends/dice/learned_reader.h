// The learned per-die reader: a small CNN (models/dice_reader.onnx, trained only on the
// project's own renders by training/dice/train.py) that reads one die crop (die_crop.h)
// as "not a die" or 1..6 pips, run through OpenCV's dnn module. The model is loaded once,
// on first use, so commands that read no dice never touch it.
#pragma once

#include <opencv2/core.hpp>

#include <array>
#include <future>
#include <string>
#include <vector>

namespace puzzlesat::dice_vision {

struct LearnedReading {
  int pips = 0;             // 0: not a die
  double probability = 0;   // of `pips`
  std::array<float, 7> probabilities{};  // not a die, 1..6
};

// Where the model is looked for, first found wins: $PUZZLESAT_DICE_MODEL; beside the
// program, ../share/puzzlesat/dice_reader.onnx (an installed tree); the source tree's
// models/ (a build tree). "" when none exists.
std::string learned_model_path();

// True when the model was found and loads (the first call loads it, or waits for
// preload_learned_reader's thread to).
bool learned_reader_available();

// Starts loading the model on another thread, once per process, and runs one crop through
// it (the network's first pass sets up its layers), so that the first read_crops finds it
// ready: `yahtzee dice` loads it while the photo is decoded and searched instead of after
// (about 4 ms of a 45-ms process, docs/performance.md). Later calls start nothing. The
// future is ready when the thread is done: wait on it before the caller may return to a
// process that ends. A process that ends under the thread destroys OpenCV's own statics
// while the network still uses them: 5 of about 13,500 runs of `yahtzee dice` on the SET
// photos, which hold no die, so nothing else waited for the model, aborted or crashed.
std::shared_future<void> preload_learned_reader();

// Readings of kCropSize-square BGR crops, in order, in one pass through the network.
// With views > 1 each crop is also read turned by quarter turns (then mirrored, up to 8
// views) and the probabilities are averaged: a die's value is the same however it is
// turned, but the network's errors are not (it was trained on turned crops and still reads
// a turned crop differently now and then). Throws std::runtime_error when the model is not
// available. Safe to call from several threads (they take turns).
std::vector<LearnedReading> read_crops(const std::vector<cv::Mat>& crops, int views = 1);

// The network's probabilities for one view of a crop: not a die, 1..6.
using ViewProbabilities = std::array<double, 7>;

// Views first..first + count - 1 of each crop (as read_crops turns them), in one pass through
// the network: out[i][v] is view first + v of crop i. Throws as read_crops does.
std::vector<std::vector<ViewProbabilities>> read_views(const std::vector<cv::Mat>& crops, int first, int count);

// A crop's reading from its views, averaged in order: exactly read_crops' reading when
// `views` are views 0..views.size() - 1 of the crop.
LearnedReading mean_reading(const std::vector<ViewProbabilities>& views);

// Whether a crop whose first view reads `first` could still be read as a die (1..6) with a
// probability of at least `threshold` (below 1; 1 is never met) once all `views` of it are
// averaged: the other views give each value at most 1, so the first must give it at least
// views * threshold - (views - 1). A crop for which this is false need not be read further
// when nothing but such a reading would use it.
bool may_read_die_at(const ViewProbabilities& first, int views, double threshold);

}  // namespace puzzlesat::dice_vision
