#include "frontends/dice/reading_choice.h"

#include <algorithm>
#include <cmath>

#include "frontends/dice/dice_settings.h"

namespace puzzlesat::dice_vision {

namespace {

// Every tuned number here is a setting (dice_settings.h, choice_*), passed down as `ds`.
// Score ratios by which the pattern's value must beat the blob reader's to overrule it:
// raising the count needs less (choice_raise; missed pips are the blob reader's usual
// error) than lowering it (choice_lower; a glint or a side-face pip that completed a larger
// layout). A spot at least choice_streak elongated (long over short axis of its evidence),
// and by choice_streak_lead more than the most elongated pip the blob reader also found, is
// a streak, not a pip; the factor spares faces whose every spot is drawn out alike (slant,
// blur). A pip the blob reader found passed for round, so only a plain streak
// (choice_streak_pip) counts there.

// Whether a raise adds a pip that is a streak rather than a disc: the pattern's points that
// no blob pip is nearest to are the added ones, and real pips are round like the blob
// reader's (a marbled face's swirl in the pips' colour, lying on a grid point, is not).
bool adds_a_streak(const PipReading& blobs, const FacePattern& pattern, int value, const DiceSettings& ds) {
  const auto& points = pattern.centres_of[value];
  const auto& elongation = pattern.elongation_of[value];
  if (elongation.size() != points.size() || blobs.centres.empty()) return false;
  std::vector<bool> matched(points.size(), false);
  for (const auto& c : blobs.centres) {
    std::size_t nearest = 0;
    for (std::size_t k = 1; k < points.size(); ++k)
      if (cv::norm(points[k] - c) < cv::norm(points[nearest] - c)) nearest = k;
    matched[nearest] = true;
  }
  double matched_max = 1, added_min = 1e30;
  for (std::size_t k = 0; k < points.size(); ++k)
    if (matched[k])
      matched_max = std::max(matched_max, elongation[k]);
    else
      added_min = std::min(added_min, elongation[k]);
  return added_min < 1e30 && added_min >= ds.choice_streak && added_min >= ds.choice_streak_lead * matched_max;
}

// How many spots of `e` (their evidence's long over short axis) are streaks: at least
// `streak` elongated and `lead` times the most elongated of the spots below that (the round
// ones).
int count_streaks(const std::vector<double>& e, double streak, double lead) {
  double round_max = 1;
  for (const double x : e)
    if (x < streak) round_max = std::max(round_max, x);
  int streaks = 0;
  for (const double x : e) streaks += x >= streak && x >= lead * round_max;
  return streaks;
}

}  // namespace

PipReading choose_reading(PipReading blobs, const FacePattern& pattern, double split_quality, const DiceSettings& ds) {
  const double alike = ds.pattern_alike_colour;
  // The pattern's value among those whose pips are alike in colour: a larger value completed
  // by a glint or a speck (a 4 with a bright centre read as 5) gives way to the next best.
  // Blobs unlike each other in colour (a glint, or a swirl of a marbled face, taken for a pip)
  // make the blob reader's value doubtful; otherwise it is weighed as it is.
  const bool doubtful = blobs.pips > 1 && pattern.given_consistency < ds.choice_doubtful;
  int value = 0;
  for (int p = 1; p <= 6; ++p)
    if (((p == blobs.pips && !doubtful) || pattern.consistency[p] >= alike) && pattern.scores[p] > 0 &&
        (value == 0 || pattern.scores[p] > pattern.scores[value]))
      value = p;
  const double score = value > 0 ? pattern.scores[value] : 0;
  const double margin = value > 0 ? pattern.margins[value] : 0;
  const double blob_value_score = blobs.pips > 0 ? pattern.scores[blobs.pips] : 0;
  // Overruling also needs every pip of the pattern's value standing out from every empty
  // grid point (margin > 0). A raise whose every pip stands out from every empty grid point by a wide margin needs no
  // lead in score: the blob reader lost a pip that is plainly there (a centre pip run
  // together with the others in a blurred chroma channel), and the pattern prefers its value.
  const double raise = margin >= ds.choice_clear_raise_margin ? 1 : ds.choice_raise;
  bool overrule = blobs.pips > 0 && value > 0 && value != blobs.pips && margin > 0 &&
                  score > (value > blobs.pips ? raise : ds.choice_lower) * blob_value_score;
  // Colour consistency misjudges marbled faces: a swirl of the face's own colours over one
  // pip dulls it to another shade, and the blob reader loses that pip too. A larger value
  // unlike in colour still raises the count when every one of its pips stands clear of every
  // empty grid point (margin ≥ choice_dulled_margin) and it explains the face clearly better
  // than the blob value (choice_dulled_raise) and at least as well as any value alike in colour.
  if (!overrule && blobs.pips > 0) {
    int dulled = 0;
    for (int p = blobs.pips + 1; p <= 6; ++p)
      if (pattern.consistency[p] < alike && pattern.margins[p] >= ds.choice_dulled_margin &&
          pattern.scores[p] > ds.choice_dulled_raise * blob_value_score && pattern.scores[p] >= score &&
          (dulled == 0 || pattern.scores[p] > pattern.scores[dulled]))
        dulled = p;
    if (dulled > 0) value = dulled, overrule = true;
  }
  if (overrule && value > blobs.pips && adds_a_streak(blobs, pattern, value, ds)) overrule = false;
  // A doubtful blob value gives way to a lower one that the pattern reader prefers with every
  // pip standing out, whatever the ratio of their scores; but a lone pip has no other pip to
  // be compared with in colour (a 1 always counts as alike), so a 1 must also explain the face
  // better, by the ratio a raise needs.
  if (doubtful && value > 0 && value < blobs.pips && margin > 0 && (value > 1 || score > ds.choice_raise * blob_value_score))
    overrule = true;
  // Blob pips that are streaks (a marbled face's swirl, a rim's glint drawn out along the edge)
  // are not pips: the pattern's value for the round ones replaces the blob value when it
  // explains the face better, with every pip standing out and alike in colour.
  // When the pattern reader cannot place the blob value at all (some of its pips do not stand
  // out from an empty grid point: margin < 0), a blob pip need only be as elongated as an
  // added pip must be (choice_streak) to count as a streak: a marbled swirl across a face's middle
  // falls into two cores that each pass the blob roundness test (a purple 4 read as 6).
  if (!overrule && blobs.pips > 1 && static_cast<int>(pattern.given_elongation.size()) == blobs.pips) {
    for (const double streak : {pattern.margins[blobs.pips] < 0 ? ds.choice_streak : ds.choice_streak_pip, ds.choice_streak_pip}) {
      const int round = blobs.pips - count_streaks(pattern.given_elongation, streak, ds.choice_streak_lead);
      if (round >= 1 && round < blobs.pips && pattern.margins[round] > 0 &&
          pattern.consistency[round] >= alike && pattern.scores[round] > blob_value_score) {
        value = round;
        overrule = true;
        break;
      }
    }
  }
  // The same streak seen from the pattern's side: the blob reader can find a round blob
  // beside a marbled swirl (its centroid off the swirl's long axis) while the pattern's
  // placement of that value puts one grid point on the swirl itself. When exactly one point of
  // a value of three or more is a streak (choice_streak_pip, choice_streak_lead over the others), the value
  // without it gives way when the pattern places that one with every pip standing out by more,
  // alike in colour, and it explains the face about as well (the swirl adds some evidence).
  if (!overrule && blobs.pips >= 3 && pattern.elongation_of[blobs.pips].size() == std::size_t(blobs.pips)) {
    const int round = blobs.pips - 1;
    if (count_streaks(pattern.elongation_of[blobs.pips], ds.choice_streak_pip, ds.choice_streak_lead) == 1 && pattern.margins[round] > 0 && pattern.margins[round] > pattern.margins[blobs.pips] &&
        pattern.consistency[round] >= alike && pattern.scores[round] >= ds.choice_streak_lower * blob_value_score) {
      value = round;
      overrule = true;
    }
  }
  // Three or more blob pips are never undone to a single pip. The blob reader's pips are
  // round, alike in size and on a face's grid, so reading a 1 as a 3 or more takes two or
  // more such spurious spots, which nellbyler's photos never showed (none of the 11 dice
  // lowered so to a 1 was one); a 1 over them comes from a grid whose one point sits on the
  // one pip that stands out most while the others are faint (pink on blue, marbled faces).
  // A 2 is still lowered to a 1: a 1 beside one swirl or glint is the common case.
  if (value == 1 && blobs.pips > 2) overrule = false;
  // Where the blobs showed no face at all, the pattern alone must be clear: every pip
  // standing well out from every empty point, the pattern explaining a good share of how the
  // face varies (a cable or a patch of texture explains little of it), and its best value's
  // pips alike in colour.
  const bool rescue = blobs.pips == 0 && value > 0 && value == pattern.pips && margin > ds.choice_rescue_margin &&
                      score > ds.choice_rescue_score;
  if (!overrule && !rescue) return blobs;
  blobs.pips = value;
  blobs.centres = pattern.centres_of[value];
  double runner_up = 0;
  for (int p = 1; p <= 6; ++p)
    if (p != value) runner_up = std::max(runner_up, pattern.scores[p]);
  const double chosen = pattern.scores[value];
  const double separation = std::max(0.0, chosen - runner_up) / chosen;
  blobs.confidence = std::sqrt(std::sqrt(chosen) * separation) * split_quality;
  return blobs;
}

}  // namespace puzzlesat::dice_vision
