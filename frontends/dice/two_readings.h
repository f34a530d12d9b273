// Scale first reads a photo of large or small dice twice: at the working size, and shrunk
// or enlarged so that the dice are about the size the pip counter was tuned on
// (reader_die_target, reader_small_target; dice_reader.cpp). This is how the two readings
// of the same dice are combined, die by die.
//
// Shrinking makes a large die's pips stand out at the sizes the pip counter was tuned on,
// but it can also run two pips together or lose one to a side face's edge: each reading
// has dice the other gets wrong. Where they disagree on a die's value, the learned reader
// (trained on dice of every size) decides: the first reading's value stands when the
// network read that value on both readings' crops of the die; otherwise the second
// reading's does, as the reading at the canonical size.
//
//   ScaleReading first = ..., again = ...;  // the same dice, read at two scales
//   std::vector<Die> dice = merge_readings(first, again);
#pragma once

#include <vector>

#include "frontends/dice/dice_reader.h"

namespace puzzlesat::dice_vision {

// The dice of one reading, with the learned reader's value on each die's crop (0 where it
// was not asked, or read no die there); `learned` is empty or as long as `dice`.
struct ScaleReading {
  std::vector<Die> dice;
  std::vector<int> learned;
};

// `again`'s dice, each with `first`'s value where the learned reader named that value on
// both crops and not `again`'s. A die of `again` is matched to the die of `first` whose box
// centre is nearest, if within half its side; an unmatched die keeps its own value.
std::vector<Die> merge_readings(const ScaleReading& first, ScaleReading again);

}  // namespace puzzlesat::dice_vision
