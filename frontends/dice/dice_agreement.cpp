#include "frontends/dice/dice_agreement.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

#include "frontends/dice/dice_settings.h"

namespace puzzlesat::dice_vision {

namespace {

// Every tuned number here is a setting (dice_settings.h, agree_*), passed down as `ds`.

void keep_undropped(std::vector<Candidate>& dice, const std::vector<bool>& drop) {
  std::vector<Candidate> kept;
  for (std::size_t i = 0; i < dice.size(); ++i)
    if (!drop[i]) kept.push_back(dice[i]);
  dice = std::move(kept);
}

// The side of the typical die: the median box side of the dice, or of the more confident
// half of them when `sure_half`.
double typical_side(const std::vector<Candidate>& dice, bool sure_half) {
  std::vector<Candidate> sure = dice;
  std::sort(sure.begin(), sure.end(),
            [](const Candidate& a, const Candidate& b) { return a.die.confidence > b.die.confidence; });
  if (sure_half) sure.resize((sure.size() + 1) / 2);
  std::vector<double> sizes;
  for (const auto& c : sure) sizes.push_back(std::sqrt(double(c.die.box.area())));
  std::nth_element(sizes.begin(), sizes.begin() + sizes.size() / 2, sizes.end());
  return sizes[sizes.size() / 2];
}

// Dice in one photo are about the same size. Things far smaller or larger than the dice
// read most surely (key caps, stickers) are not dice, whatever they showed.
void drop_odd_sizes(std::vector<Candidate>& dice, const DiceSettings& ds) {
  if (dice.size() < 2) return;
  const double typical = typical_side(dice, true);
  std::erase_if(dice, [&](const Candidate& c) {
    const double ratio = std::sqrt(double(c.die.box.area())) / typical;
    return ratio < ds.agree_min_size || ratio > ds.agree_max_size;
  });
}

// Dice do not overlap, seen from above. Two regions that share most of the smaller one's
// box are one die read twice: a piece of it (cut by a clump split) and the whole, or the
// die and the die with its shading (a faint outline, a crescent of the tray's wall around
// it). Of the two, the one nearer the typical die's size is that die; the typical size is
// taken over all the dice here, since a die's shading can be read as surely as the die.
void drop_overlaps(std::vector<Candidate>& dice, const DiceSettings& ds) {
  if (dice.size() < 2) return;
  const double typical = typical_side(dice, false);
  const auto misfit = [typical](const Candidate& c) {
    return std::abs(std::log(std::sqrt(double(c.die.box.area())) / typical));
  };
  std::vector<bool> drop(dice.size(), false);
  for (std::size_t i = 0; i < dice.size(); ++i)
    for (std::size_t j = i + 1; j < dice.size(); ++j) {
      if (drop[i] || drop[j]) continue;
      if (box_overlap(dice[i].die.box, dice[j].die.box) < ds.agree_overlap) continue;
      drop[misfit(dice[i]) > misfit(dice[j]) ? i : j] = true;
    }
  keep_undropped(dice, drop);
}

// A die seen steeply shows a side face nearly as bright as its top, pips and all, and the
// finder may frame it as a die of its own: a region beside the top face's, sharing a good
// part of its box (less than agree_overlap: it is not the same face read twice). Two dice
// side by side share as much (both turned, face to face), so the overlap alone cannot
// tell them apart; the learned reader can, where it sees the dice in detail. It reads a
// top face surely and a side face, squashed and cut off, not (0.2-0.7 on rendered steep
// scenes). So of two such regions, when the network vouches for one reading (its value,
// agree_vouched surely) and not for the other, the other is the side face. Only on dice
// seen in detail (agree_side_detail, die_detail): on small or blurred dice the network's
// doubt is the blur's, not a side face's, and real neighbours would go. Detail, not size
// in pixels: a photo enlarged four times must read the same.
void drop_side_faces(std::vector<Candidate>& dice, const DiceSettings& ds) {
  const auto vouched = [&](const Candidate& c) {
    return c.learned_pips == c.die.pips && c.learned_probability >= ds.agree_vouched;
  };
  const auto detailed = [&](const Candidate& c) { return c.detail > 0 && c.detail >= ds.agree_side_detail; };
  std::vector<bool> drop(dice.size(), false);
  for (std::size_t i = 0; i < dice.size(); ++i)
    for (std::size_t j = 0; j < dice.size(); ++j) {
      if (i == j || drop[i] || drop[j] || !vouched(dice[i]) || vouched(dice[j])) continue;
      if (!detailed(dice[i]) || !detailed(dice[j])) continue;
      if (box_overlap(dice[i].die.box, dice[j].die.box) >= ds.agree_side_overlap) drop[j] = true;
    }
  keep_undropped(dice, drop);
}

// A candidate unlike every die of the photo, read less surely than most of them, is no
// die. Unlike means either of two things found beside white dice on a desk:
// - light marks on a dark body while at least two other dice, all of them far lighter in
//   body, show dark pips: a key cap's letter (a laptop's keyboard);
// - a body far darker than every other die's (at least two), at the frame: the printed
//   part of a cable's plug or a laptop's edge, things that run off the frame.
// A black die with white pips among white dice is read as surely as they are (its pips
// are clean; nellbyler's one such die: 0.986 against a median of 0.96), and the second case
// also asks for the frame, so that a black die with dark red pips, read less surely, stays
// when it lies inside the photo. The reverse case, a white die among dark ones, is left
// alone: on a dark table of coloured dice with light pips the white one is often the
// least sure. Nor is a candidate dropped that both readers are sure of: the learned
// reader reads its value with probability agree_vouched, and the rules with confidence
// agree_vouched_rules. A red or green die among white ones, its side faces taking a little
// of its confidence, is as odd in body and polarity as a key cap; the two readers together
// tell them apart (a key cap's letter read as a 1, the network as sure as 0.97-0.99, is a
// reading the rules doubt: 0.6).
void drop_odd_colours(std::vector<Candidate>& dice, const DiceSettings& ds) {
  if (dice.size() < 3) return;
  const double clear = ds.agree_clear_polarity;
  const auto polarity = [clear](const Candidate& c) {
    return c.pip_contrast > clear ? 1 : c.pip_contrast < -clear ? -1 : 0;
  };
  std::vector<bool> drop(dice.size(), false);
  for (std::size_t i = 0; i < dice.size(); ++i) {
    const int own = polarity(dice[i]);
    std::vector<double> others;
    for (std::size_t j = 0; j < dice.size(); ++j)
      if (j != i) others.push_back(dice[j].die.confidence);
    std::nth_element(others.begin(), others.begin() + others.size() / 2, others.end());
    const bool both_sure = ds.agree_vouched < 1 && dice[i].learned_pips == dice[i].die.pips &&
                           dice[i].learned_probability >= ds.agree_vouched &&
                           dice[i].die.confidence >= ds.agree_vouched_rules;
    bool odd = dice[i].die.confidence < others[others.size() / 2] - ds.agree_less_sure && !both_sure;
    for (std::size_t j = 0; j < dice.size() && odd; ++j) {
      if (j == i) continue;
      odd = dice[j].body - dice[i].body > ds.agree_body_apart && (own == 1 ? polarity(dice[j]) == -1 : dice[i].near_frame);
    }
    drop[i] = odd;
  }
  keep_undropped(dice, drop);
}

// A candidate whose region runs off the frame stays only when a die inside the photo
// looks like it: a body about as light and the same pip polarity. Key caps and cards
// against the frame show die-sized squares with a mark read as a face; the dice of a
// roll are mostly alike. A die cut by the frame in a photo of unlike dice is lost.
void drop_unmatched_at_frame(std::vector<Candidate>& dice, const DiceSettings& ds) {
  const double clear = ds.agree_clear_polarity;
  const auto polarity = [clear](const Candidate& c) {
    return c.pip_contrast > clear ? 1 : c.pip_contrast < -clear ? -1 : 0;
  };
  std::vector<Candidate> kept;
  for (const auto& c : dice) {
    bool matched = !c.at_frame;
    for (const auto& o : dice)
      matched = matched || (!o.at_frame && polarity(o) == polarity(c) && polarity(c) != 0 &&
                            std::abs(o.body - c.body) <= ds.agree_frame_body_match);
    if (matched) kept.push_back(c);
  }
  dice = std::move(kept);
}

}  // namespace

double box_overlap(const cv::Rect& a, const cv::Rect& b) {
  return double((a & b).area()) / std::max(1, std::min(a.area(), b.area()));
}

Candidate describe_candidate(const cv::Mat& lab, const DieRegion& region, const PipReading& reading, Die die) {
  Candidate c;
  c.die = die;
  c.at_frame = region.at_frame;
  cv::Mat l;
  cv::extractChannel(lab(region.box), l, 0);
  std::vector<uchar> values;
  for (int y = 0; y < l.rows; ++y)
    for (int x = 0; x < l.cols; ++x)
      if (region.mask.at<uchar>(y, x)) values.push_back(l.at<uchar>(y, x));
  if (values.empty()) return c;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  c.body = values[values.size() / 2];
  const cv::Rect b = region.box;
  const int half = std::min(b.width, b.height) / 2;
  c.near_frame = b.x <= half || b.y <= half || lab.cols - b.br().x <= half || lab.rows - b.br().y <= half;
  double sum = 0;
  int n = 0;
  for (const auto& p : reading.centres) {
    const cv::Point q(cvRound(p.x), cvRound(p.y));
    if (q.x < 0 || q.y < 0 || q.x >= lab.cols || q.y >= lab.rows) continue;
    sum += lab.at<cv::Vec3b>(q)[0];
    ++n;
  }
  if (n > 0) c.pip_contrast = sum / n - c.body;
  return c;
}

std::vector<Candidate> agreeing_candidates(const std::vector<Candidate>& candidates, const DiceSettings& ds) {
  std::vector<Candidate> dice = candidates;
  drop_odd_sizes(dice, ds);
  drop_overlaps(dice, ds);
  drop_side_faces(dice, ds);
  drop_odd_colours(dice, ds);
  drop_unmatched_at_frame(dice, ds);
  return dice;
}

std::vector<Die> agreeing_dice(const std::vector<Candidate>& candidates, const DiceSettings& ds) {
  std::vector<Die> out;
  for (const auto& c : agreeing_candidates(candidates, ds)) out.push_back(c.die);
  return out;
}

}  // namespace puzzlesat::dice_vision
