// Every tuned number of the SET photo reader, in one table: its name, default, the range
// it may be set to and why it has the value it has (the way CaDiCaL's options.hpp lists
// its options). The reader reads them from here and nowhere else, so one can be changed
// to measure it without a rebuild:
//
//   puzzlesat set eval ../shared/data/set/tables --set symbol_ink_darkness=0.15
//
// Where a default was chosen on something, the reason says on what: "rendered" means on
// the project's own renders (set render), "dev photos" the labelled photos in
// ../shared/data/set, "printed" a measurement of the printed cards.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace puzzlesat::set_vision {

// X(name, default, min, max, reason)
#define PUZZLESAT_SET_READER_SETTINGS(X)                                                                              \
  /* Pipeline */                                                                                                      \
  X(detect_long_side, 1000, 400, 4000,                                                                                \
    "cards are found on a view this long (pixels); each is then read from the full image")                            \
  /* The symbol finder (symbol_cards.cpp) */                                                                          \
  X(symbol_white_window, 0.1, 0.02, 0.5,                                                                              \
    "the local-white max filter's width over the image's long side: wide enough to reach paper from a line's core")   \
  X(symbol_min_paper_light, 0.5, 0, 1,                                                                             \
    "ink is looked for where the local white is at least this share of the photo's paper white (its 95th "        \
    "percentile): not in dark corners")                                                                            \
  X(symbol_ink_darkness, 0.12, 0.02, 0.6,                                                                           \
    "a pixel is ink when this much darker than the local white: a 2-px printed line at 1000 px is ~0.25")        \
  X(symbol_min_colourfulness, 0.05, 0, 2,                                                                          \
    "a blob is a symbol only if its ink's chroma is this share of its darkness. Thin outlines keep only 0.1-0.15 " \
    "under JPEG (dev photos); the card read in the frame decides, so this only drops grey marks")                  \
  X(symbol_min_area, 60, 4, 10000, "pixels on the detection view: a symbol of a card ~100 px long is ~300")          \
  X(symbol_min_aspect, 1.4, 1, 3, "a symbol's long over short side: printed 2.1, 1.6 seen at 40 degrees")            \
  X(symbol_max_aspect, 3.4, 2, 8, "printed 2.1; longer blobs are lines, pens, edges")                                 \
  X(symbol_min_rect_fill, 0.35, 0, 1, "area over its rectangle's: a diamond is 0.5, an oval 0.9")                    \
  X(symbol_min_solidity, 0.6, 0, 1, "area over its hull's: a squiggle is ~0.85, a broken outline far less")          \
  X(symbol_min_sharpness, 0.3, 0, 2,                                                                               \
    "the mean steepest slope along a blob's edge over its darkness (per pixel of the detection view): printed "    \
    "edges 0.46-1.2 on dev photos, finger and hand shadows 0.09-0.21")                                              \
  X(symbol_size_tolerance, 0.3, 0, 1, "symbols of one card differ in length and width by at most this share")       \
  X(symbol_max_hue_step, 30, 0, 180,                                                                               \
    "symbols of one card have hues within this (degrees): the inks are 110-140 degrees apart")                   \
  X(symbol_max_turn_deg, 15, 0, 45, "symbols of one card are parallel within this (degrees; perspective bends)")     \
  X(symbol_max_offset, 0.8, 0, 2,                                                                                  \
    "sideways offset between symbols of a card, in symbol widths: a slanted view shears a row of diamonds by "     \
    "0.6; the next card sideways is 3 widths away")                                                                 \
  X(symbol_min_pitch, 1.05, 0.5, 3, "centre distance of neighbouring symbols, in symbol widths: printed 1.35")       \
  X(symbol_max_pitch, 1.75, 1, 4, "cards laid end to end put 1.96 widths or more between their symbols (printed)")  \
  X(symbol_width_share, 0.215, 0.1, 0.5, "a symbol's width over the card's length (printed)")                         \
  X(symbol_min_frame_inside, 0.6, 0, 1,                                                                            \
    "a card framed from its symbols is read when this share of it is inside the photo")                          \
  X(symbol_length_share, 0.70, 0.3, 1, "a symbol's length over the card's width (printed)")

struct ReaderSettings {
#define PUZZLESAT_SET_FIELD(name, def, lo, hi, why) double name = def;
  PUZZLESAT_SET_READER_SETTINGS(PUZZLESAT_SET_FIELD)
#undef PUZZLESAT_SET_FIELD
};

struct SettingInfo {
  std::string_view name;
  double default_value, min, max;
  std::string_view reason;
};

// The table, in order.
const std::vector<SettingInfo>& reader_setting_table();

// The settings in force: the defaults unless override_reader_setting changed one.
const ReaderSettings& reader_settings();

// Sets one setting for the rest of the process (the eval commands' --set NAME=VALUE).
// Throws InputError naming the setting for an unknown name or a value out of range.
// Not for use while another thread reads photos.
void override_reader_setting(std::string_view name, double value);

// "NAME=VALUE", as given on a command line.
void override_reader_setting(std::string_view assignment);

}  // namespace puzzlesat::set_vision
