// How the two pip readers' verdicts on one die combine into one reading. The blob reader
// (pip_counter.cpp) knows slanted views and tells dice from other things best, but loses a
// pip whenever one blob is missed; the pattern reader (face_pattern.h) weighs the evidence at
// every grid point at once, so faint or merged pips still count, but it only knows square-on
// faces. The blob reading stands unless the pattern reading clearly explains the face better.
#pragma once

#include "frontends/dice/face_pattern.h"
#include "frontends/dice/pip_counter.h"

namespace puzzlesat::dice_vision {

// The blob reader's `blobs` reading of a die seen about square-on, kept or replaced by the
// pattern reader's value (`pattern` read with the blob reading's pip centres as `given`).
// A replacement takes the pattern's pip centres and a confidence from its score and its
// lead over the other values, scaled by `split_quality` (the die region's, as the blob
// reader's confidence is).
PipReading choose_reading(PipReading blobs, const FacePattern& pattern, double split_quality,
                          const DiceSettings& settings = {});

}  // namespace puzzlesat::dice_vision
