#include "frontends/dice/dice_reader.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <future>

#include <puzzlesat/input_error.h>
#include "frontends/dice/dice_agreement.h"
#include "frontends/dice/die_crop.h"
#include "frontends/dice/die_finder.h"
#include "frontends/dice/learned_reader.h"
#include "frontends/dice/pip_counter.h"
#include "frontends/dice/two_readings.h"
#include "frontends/image/lab.h"
#include "frontends/image/load_image.h"

namespace puzzlesat::dice_vision {

namespace {

// Every tuned number here is a setting (dice_settings.h, reader_*, and the learned
// reader's overrule, doubt, veto, adopt), passed down as `ds`.

cv::Mat to_bgr(const cv::Mat& image) {
  if (image.depth() != CV_8U) {
    cv::Mat converted;
    double max_value = 1;
    cv::minMaxLoc(image.reshape(1), nullptr, &max_value);
    image.convertTo(converted, CV_8U, image.depth() == CV_16U ? 1.0 / 257 : (max_value <= 1.0 ? 255.0 : 1.0));
    return to_bgr(converted);
  }
  cv::Mat bgr;
  switch (image.channels()) {
    case 1: cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR); return bgr;
    case 3: return image;
    case 4: cv::cvtColor(image, bgr, cv::COLOR_BGRA2BGR); return bgr;
    default: throw InputError("unsupported image: " + std::to_string(image.channels()) + " channels");
  }
}

// A region cut by the frame is read only when its reading is clear and the top face it
// implies lies wholly inside the frame: a face of the photo's typical size centred on the
// pips (the region itself runs off the frame with the die's side faces, so its extent
// says nothing). A face the frame cuts may have lost pips, and a weak reading there is
// more often a cable's or a keyboard's square bit than a die.
bool clear_whole_face(const PipReading& reading, double die_side, cv::Size frame, const DiceSettings& ds) {
  if (reading.centres.empty() || reading.confidence < ds.reader_clear_face) return false;
  const int margin = static_cast<int>(std::lround(ds.reader_face_margin));
  cv::Point2f c(0, 0);
  for (const auto& p : reading.centres) c += p;
  c *= 1.0f / reading.centres.size();
  const double half = 0.5 * die_side;
  return c.x - half >= margin && c.y - half >= margin && c.x + half <= frame.width - margin &&
         c.y + half <= frame.height - margin;
}

// The factor that brings a photo to the working size (1 for one already within it).
// How many ways the network reads a crop: model_views, a whole number (docs: rounded).
int model_view_count(const DiceSettings& ds) { return std::clamp(static_cast<int>(std::lround(ds.model_views)), 1, 8); }

double working_scale(cv::Size size, const DiceSettings& ds) {
  const int longest = std::max(size.width, size.height);
  const int working = static_cast<int>(std::lround(ds.reader_working_size));
  return longest > working ? double(working) / longest : 1.0;
}

cv::Rect to_image(const cv::Rect& b, double scale) {
  return cv::Rect(cvRound(b.x / scale), cvRound(b.y / scale), cvRound(b.width / scale), cvRound(b.height / scale));
}

// The learned reading is at least `threshold` sure; a threshold of 1 is never met.
bool sure(const LearnedReading& l, double threshold) { return threshold < 1 && l.probability >= threshold; }

}  // namespace

DieReader parse_die_reader(const std::string& name) {
  if (name == "rules") return DieReader::Rules;
  if (name == "model") return DieReader::Model;
  if (name == "both") return DieReader::Both;
  throw InputError("unknown dice reader '" + name + "' (rules, model or both)");
}

const char* die_reader_name(DieReader reader) {
  switch (reader) {
    case DieReader::Rules: return "rules";
    case DieReader::Model: return "model";
    case DieReader::Both: return "both";
  }
  return "rules";
}

namespace {

// The dice of `full` (BGR) read at `scale` of its size (shrunk or enlarged), boxes in `full`'s pixels,
// with the learned reader's value of each (two_readings.h).
ScaleReading read_at_scale(const cv::Mat& full, double scale, const ReadOptions& options) {
  const bool use_model = options.reader != DieReader::Rules;
  cv::Mat bgr = full;
  const DiceSettings& ds = options.settings;
  if (scale < 1) cv::resize(full, bgr, cv::Size(), scale, scale, cv::INTER_AREA);
  if (scale > 1) cv::resize(full, bgr, cv::Size(), scale, scale, cv::INTER_CUBIC);

  cv::Mat lab;
  image::bgr_to_lab(bgr, lab);  // not cvtColor: its first Lab call costs ~110 ms (image/lab.h)
  const std::vector<DieRegion> regions = find_die_regions(bgr, lab, ds);
  // Scale first: the learned reader sees each region cut from the photo at its own
  // resolution and resampled to the canonical crop, whatever the photo's size. A region
  // that is a top face alone (DieRegion::body) is cut twice, as the face and as the whole
  // die the foreground showed, and the surer reading stands: the network was trained on
  // whole dice, and reads a small face cut alone as no die (a nellbyler die 28 px across,
  // 0.92 surely), but a die seen steeply is mostly side faces, which it doubts.
  // The network reads the crops on another thread while the rules count the pips: the
  // two readings are independent until they are combined. It reads all views
  // (model_views) only of the crops whose reading can count: every crop for the model
  // reader; for both, those the rules read a face on and those the network might adopt. A
  // region the rules read no face on and the network cannot adopt is dropped whatever its
  // reading, and on printed paper or wood most regions are such. So the other thread reads
  // every crop's first view, then the other views of the crops whose first view leaves
  // `adopt` within reach; once the rules have counted, those of the rest that the rules
  // read a face on are read too. A crop read in full reads exactly as in one pass.
  std::vector<cv::Mat> crops;  // one per region, then one per body
  std::vector<std::size_t> body_of;  // crops[regions.size() + k] is region body_of[k]'s body
  const auto region_of = [&](std::size_t crop) {
    return crop < regions.size() ? crop : body_of[crop - regions.size()];
  };
  const int views = model_view_count(ds);
  // The views after the first of the `wanted` crops, appended to theirs in `seen`.
  const auto read_more = [&crops, views](std::vector<std::vector<ViewProbabilities>>& seen,
                                         const std::vector<std::size_t>& wanted) {
    std::vector<cv::Mat> more;
    for (std::size_t i : wanted) more.push_back(crops[i]);
    const auto rest = read_views(more, 1, views - 1);
    for (std::size_t j = 0; j < wanted.size(); ++j) seen[wanted[j]].insert(seen[wanted[j]].end(), rest[j].begin(), rest[j].end());
  };
  std::future<std::vector<std::vector<ViewProbabilities>>> learned_later;
  if (use_model && !regions.empty()) {
    const auto cut = [&](const cv::Rect& box) { crops.push_back(die_crop(full, cv::Rect2d(to_image(box, scale)))); };
    for (const DieRegion& region : regions) cut(region.box);
    for (std::size_t i = 0; i < regions.size(); ++i)
      if (!regions[i].body.empty()) cut(regions[i].body), body_of.push_back(i);
    learned_later = std::async(std::launch::async, [&crops, &read_more, &options, views, adopt = ds.adopt] {
      if (!learned_reader_available()) return std::vector<std::vector<ViewProbabilities>>{};
      auto seen = read_views(crops, 0, 1);
      std::vector<std::size_t> wanted;
      for (std::size_t i = 0; i < seen.size(); ++i)
        if (options.reader == DieReader::Model || may_read_die_at(seen[i][0], views, adopt)) wanted.push_back(i);
      if (views > 1 && !wanted.empty()) read_more(seen, wanted);
      return seen;
    });
  }
  std::vector<PipReading> readings;
  for (const DieRegion& region : regions) readings.push_back(count_pips(lab, region, ds));
  std::vector<LearnedReading> learned;
  if (learned_later.valid()) {
    std::vector<std::vector<ViewProbabilities>> seen = learned_later.get();
    std::vector<std::size_t> wanted;
    for (std::size_t i = 0; i < seen.size(); ++i)
      if (readings[region_of(i)].pips != 0 && seen[i].size() < static_cast<std::size_t>(views)) wanted.push_back(i);
    if (!wanted.empty()) read_more(seen, wanted);
    for (std::size_t i = 0; i < seen.size(); ++i) {
      // A crop read in part is left unread (no die): nothing reads it (see above).
      const LearnedReading l = seen[i].size() == static_cast<std::size_t>(views) ? mean_reading(seen[i]) : LearnedReading{};
      if (i < regions.size()) learned.push_back(l);
      else if (LearnedReading& face = learned[region_of(i)]; l.probability > face.probability) face = l;
    }
  }

  std::vector<Candidate> candidates;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const DieRegion& region = regions[i];
    PipReading& reading = readings[i];
    if (!learned.empty()) {
      const LearnedReading& l = learned[i];
      if (options.reader == DieReader::Model) {
        reading.pips = l.pips;
        reading.confidence = l.probability;
      } else if (reading.pips == 0) {
        if (l.pips > 0 && sure(l, ds.adopt)) reading.pips = l.pips, reading.confidence = l.probability;
      } else if (l.pips == 0) {
        if (sure(l, ds.veto)) reading.pips = 0;
      } else if (l.pips != reading.pips && reading.confidence < ds.doubt && sure(l, ds.overrule)) {
        reading.pips = l.pips;
      }
    }
    if (reading.pips == 0) continue;
    if (region.at_frame && !clear_whole_face(reading, region.die_side, bgr.size(), ds)) continue;
    Die die;
    die.pips = reading.pips;
    die.confidence = reading.confidence;
    die.box = to_image(region.box, scale);
    Candidate& candidate = candidates.emplace_back(describe_candidate(lab, region, reading, die));
    if (!learned.empty()) {
      candidate.learned_pips = learned[i].pips;
      candidate.learned_probability = learned[i].probability;
    }
  }
  // The side-face check needs the detail a die was seen in; it costs a pass over the die
  // in the full photo, so it is measured only where the network read and boxes are shared.
  if (!learned.empty())
    for (Candidate& c : candidates)
      for (const Candidate& o : candidates)
        if (&o != &c && c.detail == 0 && box_overlap(c.die.box, o.die.box) >= ds.agree_side_overlap)
          c.detail = die_detail(full, cv::Rect2d(c.die.box));
  ScaleReading out;
  for (const Candidate& c : agreeing_candidates(candidates, ds)) {
    out.dice.push_back(c.die);
    out.learned.push_back(c.learned_pips);
  }
  return out;
}

// The median side of the dice read, in pixels of the image they were read in at `scale`.
double median_side(const std::vector<Die>& dice, double scale) {
  std::vector<double> sides;
  for (const auto& d : dice) sides.push_back(std::max(d.box.width, d.box.height) * scale);
  std::nth_element(sides.begin(), sides.begin() + sides.size() / 2, sides.end());
  return sides[sides.size() / 2];
}

// The dice of a photo at the working scale, read again at the canonical die size where
// they are large or small (scale first).
std::vector<Die> read_scales(const cv::Mat& full, const ReadOptions& options) {
  const DiceSettings& ds = options.settings;
  const double scale = working_scale(full.size(), ds);
  const ScaleReading first = read_at_scale(full, scale, options);
  std::vector<Die> dice = first.dice;
  // Scale first: the rules' pixel sizes (pip specks, structuring elements, the spot
  // maps' discs) were chosen on dice 30-80 px across. Dice read much larger than that (a
  // phone photo of a few dice) are read again with the photo shrunk so that they are
  // reader_die_target across, and the photo of a few large dice and a webcam frame go
  // through the same numbers. That reading gives the values only when it finds as many
  // dice: shrunk, a white die's thin rim on white paper may be lost, and a clump cut
  // differently; how many dice there are stays the finder's call at the working size
  // (keeping the reading with more dice, or always the second, read fewer renders right).
  // Where the two disagree on a die, the learned reader decides (two_readings.h).
  // Dice read much smaller (a photo taken from further away, or a small frame) are read
  // again with the photo enlarged so that they are reader_small_target across: at 15-20 px
  // two pips run together and a pip is a speck. There the enlarged reading is kept when it
  // finds more dice too, since small dice are lost at the working size, not gained.
  if (!dice.empty()) {
    const double side = median_side(dice, scale);
    const bool large = side > ds.reader_die_max, small = side < ds.reader_die_min;
    double again_scale = scale * (large ? ds.reader_die_target : ds.reader_small_target) / side;
    if (small) again_scale = std::min(again_scale, ds.reader_enlarged_max / std::max(full.cols, full.rows));
    if (large || (small && again_scale > scale)) {
      ScaleReading again = read_at_scale(full, again_scale, options);
      if (small && again.dice.size() > dice.size()) dice = std::move(again.dice);
      else if (again.dice.size() == dice.size()) dice = merge_readings(first, std::move(again));
    }
  }
  return dice;
}

// A close-up: a die that fills most of the frame leaves the finder no table to model
// (its median window is a fifth of the photo wide) and is larger than any die it looks for
// (finder_max_side). Repeating the photo's edge pixels round it, reader_closeup_pad times its
// size on each side, puts the die on a table of the colour its edges show, at a third of
// the frame or less. A photo without dice shows the finder its whole scene as one thing on a
// table (a SET table's twelve cards read as a 6), so a die is kept only where its centre
// lies in the photo itself, where the learned reader, shown the die cut from the photo as
// it is, names the same value reader_closeup_sure surely, and where it
// is wider than the table model's median window (finder_table_window of
// finder_table_scale): a smaller die was in the first reading's reach, and what is found
// only now at that size is a die-like mark (a SET card's single oval read as a 1). Without
// the learned reader (--reader rules, no model) nothing is read as a close-up.
std::vector<Die> read_closeup(const cv::Mat& full, const ReadOptions& options) {
  const DiceSettings& ds = options.settings;
  // Shrunk so that the padded photo is no longer than the working size (never enlarged):
  // the reader would shrink it so anyway, and a die narrower than `least` below, all that
  // this reading keeps, is still over reader_die_min px across.
  const double scale = std::min(1.0, ds.reader_working_size / ((1 + 2 * ds.reader_closeup_pad) * std::max(full.cols, full.rows)));
  cv::Mat work = full;
  if (scale < 1) cv::resize(full, work, cv::Size(), scale, scale, cv::INTER_AREA);
  const int pad_x = cvRound(work.cols * ds.reader_closeup_pad), pad_y = cvRound(work.rows * ds.reader_closeup_pad);
  cv::Mat padded;
  cv::copyMakeBorder(work, padded, pad_y, pad_y, pad_x, pad_x, cv::BORDER_REPLICATE);
  std::vector<Die> dice;
  const cv::Rect photo(0, 0, full.cols, full.rows);
  const double least = ds.finder_table_window / ds.finder_table_scale * std::max(full.cols, full.rows);
  const int views = model_view_count(ds);
  for (Die d : read_scales(padded, options)) {
    d.box = to_image(d.box - cv::Point(pad_x, pad_y), scale);
    if (!photo.contains((d.box.tl() + d.box.br()) / 2) || std::max(d.box.width, d.box.height) < least) continue;
    d.box &= photo;
    const LearnedReading l = read_crops({die_crop(full, cv::Rect2d(d.box))}, views)[0];
    if (l.pips == d.pips && l.probability >= ds.reader_closeup_sure) dice.push_back(d);
  }
  return dice;
}

}  // namespace

std::vector<Die> read_dice(const cv::Mat& image, const ReadOptions& options) {
  if (image.empty()) throw InputError("empty image");
  // The model loads on the other core while the rules find the dice; read_dice does not
  // return, nor throw, before it is loaded (learned_reader.h: a process ending under the
  // loading thread aborts).
  struct WaitForModel {
    std::shared_future<void> loaded;
    ~WaitForModel() {
      if (loaded.valid()) loaded.wait();
    }
  } model;
  // Smaller or narrower than any photo load_image accepts: no die fits, and the shrunk
  // copies the finder works on would round to no pixels at all.
  if (image::too_small_or_narrow(image.size())) return {};
  if (options.reader != DieReader::Rules) model.loaded = preload_learned_reader();
  const cv::Mat full = to_bgr(image);
  std::vector<Die> dice = read_scales(full, options);
  if (dice.empty() && options.settings.reader_closeup_pad > 0 && options.reader != DieReader::Rules &&
      learned_reader_available())
    dice = read_closeup(full, options);
  std::sort(dice.begin(), dice.end(), [](const Die& a, const Die& b) {
    return std::pair(a.box.x + a.box.width / 2, a.box.y) < std::pair(b.box.x + b.box.width / 2, b.box.y);
  });
  return dice;
}

std::vector<cv::Rect> found_regions(const cv::Mat& image, const DiceSettings& settings) {
  if (image.empty()) throw InputError("empty image");
  cv::Mat bgr = to_bgr(image);
  const double scale = working_scale(bgr.size(), settings);
  if (scale < 1) cv::resize(bgr, bgr, cv::Size(), scale, scale, cv::INTER_AREA);
  std::vector<cv::Rect> out;
  for (const auto& region : find_die_regions(bgr, settings)) out.push_back(to_image(region.box, scale));
  return out;
}

std::vector<Die> read_dice_file(const std::string& path) { return read_dice(image::load_image(path)); }

}  // namespace puzzlesat::dice_vision
