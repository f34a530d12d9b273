// The last step of reading dice: the dice of one photo must agree with each other. Every
// candidate read on its own (die_finder, pip_counter) can still be something else that
// showed a face-like pattern: a key cap whose letter looks like two pips, a piece of a die
// read a second time, a steep die's side face. What the other dice in the same photo look
// like decides: dice are about one size and do not overlap (a region sharing part of the
// box of a die seen in detail, doubted by the learned reader where it vouches for the
// die, is that die's side face); a lone candidate unlike all the others in body colour and pip
// polarity (light marks on a dark body among dark pips on light dice), or at the frame
// and far darker than all of them (a cable's plug), is no die; one cut by the frame must
// look like another die of the photo.
#pragma once

#include <opencv2/core.hpp>

#include <vector>

#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_settings.h"
#include "frontends/dice/die_finder.h"
#include "frontends/dice/pip_counter.h"

namespace puzzlesat::dice_vision {

struct Candidate {
  Die die;
  double body = 0;         // median lightness (8-bit Lab L) of the die's region
  double pip_contrast = 0; // mean lightness at the pips minus `body`: < 0 for dark pips
  bool near_frame = false; // within half its side of the image's edge
  bool at_frame = false;   // its region touches the image's edge (DieRegion::at_frame)
  int learned_pips = 0;            // the learned reader's value on the region's crop (0: no die, or no model)
  double learned_probability = 0;  // and its probability
  double detail = 0;               // die_detail (die_crop.h), measured only where it can count (0: not)
};

// Body colour, pip polarity and nearness to the frame of a read region; `lab` is the image in 8-bit Lab and `die`
// the reading in output pixels.
Candidate describe_candidate(const cv::Mat& lab, const DieRegion& region, const PipReading& reading, Die die);

// The share of the smaller of two boxes that lies in both.
double box_overlap(const cv::Rect& a, const cv::Rect& b);

// The candidates that agree with the others of their photo ...
std::vector<Candidate> agreeing_candidates(const std::vector<Candidate>& candidates, const DiceSettings& settings = {});
// ... as dice.
std::vector<Die> agreeing_dice(const std::vector<Candidate>& candidates, const DiceSettings& settings = {});

}  // namespace puzzlesat::dice_vision
