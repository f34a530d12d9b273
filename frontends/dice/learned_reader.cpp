#include "frontends/dice/learned_reader.h"

#include <opencv2/dnn.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <system_error>

#include "frontends/dice/die_crop.h"

namespace puzzlesat::dice_vision {

namespace {

namespace fs = std::filesystem;

constexpr const char* kModelName = "dice_reader.onnx";

struct Model {
  std::once_flag loaded;
  std::mutex running;  // cv::dnn::Net::forward is not reentrant
  std::unique_ptr<cv::dnn::Net> net;
  std::once_flag preloading;
  std::shared_future<void> preloaded;
};

Model& model() {
  static Model m;
  return m;
}

cv::Mat crops_blob(const std::vector<cv::Mat>& crops) {
  // The network takes BGR in 0..1, as the training crops were (train.py).
  return cv::dnn::blobFromImages(crops, 1.0 / 255, cv::Size(kCropSize, kCropSize), cv::Scalar(), false, false, CV_32F);
}

cv::dnn::Net* loaded_net() {
  Model& m = model();
  std::call_once(m.loaded, [&m] {
    const std::string path = learned_model_path();
    if (path.empty()) return;
    try {
      auto net = std::make_unique<cv::dnn::Net>(cv::dnn::readNetFromONNX(path));
      net->setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
      net->setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
      m.net = std::move(net);
    } catch (const cv::Exception&) {
      m.net.reset();  // a damaged file reads as no model
    }
  });
  return m.net.get();
}

// View k of a crop (0..7): k & 3 quarter turns clockwise, mirrored first when k & 4.
// View 0 is the crop itself; the others are new images, so the crops are never written.
cv::Mat turned(const cv::Mat& crop, int k) {
  if (k == 0) return crop;
  cv::Mat mirrored, out;
  if (k & 4) cv::flip(crop, mirrored, 1);
  const cv::Mat& from = k & 4 ? mirrored : crop;
  static constexpr cv::RotateFlags kTurns[] = {cv::ROTATE_90_CLOCKWISE, cv::ROTATE_180, cv::ROTATE_90_COUNTERCLOCKWISE};
  if (k & 3) cv::rotate(from, out, kTurns[(k & 3) - 1]);
  else out = from;
  return out;
}

}  // namespace

std::string learned_model_path() {
  std::error_code ec;
  if (const char* env = std::getenv("PUZZLESAT_DICE_MODEL"); env && *env) return fs::exists(env, ec) ? env : "";
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = exe.parent_path().parent_path() / "share" / "puzzlesat" / kModelName;
    if (fs::exists(installed, ec)) return installed.string();
  }
  const fs::path source = fs::path(PUZZLESAT_MODEL_DIR) / kModelName;
  if (fs::exists(source, ec)) return source.string();
  return "";
}

bool learned_reader_available() { return loaded_net() != nullptr; }

std::shared_future<void> preload_learned_reader() {
  Model& m = model();
  std::call_once(m.preloading, [&m] {
    m.preloaded = std::async(std::launch::async, [&m] {
                    cv::dnn::Net* net = loaded_net();
                    if (!net) return;
                    const cv::Mat blank(kCropSize, kCropSize, CV_8UC3, cv::Scalar::all(0));
                    std::lock_guard lock(m.running);
                    net->setInput(crops_blob({blank}));
                    net->forward();
                  }).share();
  });
  return m.preloaded;
}

std::vector<std::vector<ViewProbabilities>> read_views(const std::vector<cv::Mat>& crops, int first, int count) {
  std::vector<std::vector<ViewProbabilities>> out;
  if (crops.empty() || count <= 0) return out;
  cv::dnn::Net* net = loaded_net();
  if (!net) throw std::runtime_error("the dice model (models/dice_reader.onnx) was not found");
  std::vector<cv::Mat> seen;  // view first + k of crop i at i * count + k
  for (const auto& crop : crops)
    for (int k = 0; k < count; ++k) seen.push_back(turned(crop, first + k));
  const cv::Mat blob = crops_blob(seen);
  cv::Mat logits;
  {
    std::lock_guard lock(model().running);
    net->setInput(blob);
    logits = net->forward().clone();
  }
  for (std::size_t i = 0; i < crops.size(); ++i) {
    std::vector<ViewProbabilities>& views = out.emplace_back(count);
    for (int v = 0; v < count; ++v) {
      const float* z = logits.ptr<float>(static_cast<int>(i) * count + v);
      const float top = *std::max_element(z, z + 7);
      std::array<double, 7> p{};
      double sum = 0;
      for (int k = 0; k < 7; ++k) sum += p[k] = std::exp(z[k] - top);
      for (int k = 0; k < 7; ++k) views[v][k] = p[k] / sum;
    }
  }
  return out;
}

LearnedReading mean_reading(const std::vector<ViewProbabilities>& views) {
  std::array<double, 7> mean{};
  const int n = static_cast<int>(views.size());
  for (const auto& p : views)
    for (int k = 0; k < 7; ++k) mean[k] += p[k] / n;
  LearnedReading r;
  for (int k = 0; k < 7; ++k) {
    r.probabilities[k] = float(mean[k]);
    if (r.probabilities[k] > r.probability) r.probability = r.probabilities[k], r.pips = k;
  }
  return r;
}

bool may_read_die_at(const ViewProbabilities& first, int views, double threshold) {
  if (!(threshold < 1)) return false;
  // The margin covers the rounding of the mean and of its cast to float.
  const double least = views * threshold - (views - 1) - 1e-6;
  for (int k = 1; k < 7; ++k)
    if (first[k] >= least) return true;
  return false;
}

std::vector<LearnedReading> read_crops(const std::vector<cv::Mat>& crops, int views) {
  views = std::clamp(views, 1, 8);
  std::vector<LearnedReading> out;
  for (const auto& crop_views : read_views(crops, 0, views)) out.push_back(mean_reading(crop_views));
  return out;
}

}  // namespace puzzlesat::dice_vision
