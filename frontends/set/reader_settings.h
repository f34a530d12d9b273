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
  /* Pipeline (photo.cpp, table_reader.cpp, card_reader.h) */                                                       \
  X(decode_min_long_side, 1400, 400, 8000,                                                                            \
    "large JPEGs are decoded at the smallest reduction (1/2, 1/4, 1/8) still this long: enough for reading cards")  \
  X(balance_bright_share, 0.03, 0.001, 0.5,                                                                          \
    "the photo is white-balanced on its brightest pixels, this share of them: on a card table, the cards' paper")  \
  X(balance_min_cast, 0.2, 0, 1,                                                                                    \
    "balanced only when that white's saturation is above this: a strong cast (a lamp's, a tinted shade's). The "   \
    "dev photos' milder casts read right without it (at 0.15 one webcam photo loses a card)")                      \
  X(balance_max_gain, 2, 1, 4, "no channel is scaled down by more than this factor")                                 \
  X(detect_long_side, 1000, 400, 4000,                                                                                \
    "cards are found on a view this long (pixels); each is then read from the full image")                            \
  X(low_confidence, 0.5, 0, 1, "a card whose weakest attribute's confidence is below this is flagged for a look")  \
  X(card_min_paper, 0.7, 0, 1,                                                                                        \
    "a frame holds a card when this share of it around the symbols is blank paper: cloth tiles and wood are not")  \
  X(card_max_paper_saturation, 0.5, 0, 1, "and that paper's own saturation is below this (white paper is grey)")   \
  X(card_min_solid_chroma, 0.15, 0, 2,                                                                                \
    "a solid symbol's ink has at least this chroma per darkness: solid SET ink is coloured, a grey print is not")  \
  X(card_min_size_share, 0.15, 0, 1,                                                                                \
    "a card is at least this share of the largest card's area on the photo: a steep view makes near cards ~4x "    \
    "the far ones; cloth tiles beside a close-up are ~1/20")                                                        \
  X(card_max_covered, 0.5, 0, 1,                                                                                    \
    "a frame drawn from symbols is not a card when more than this share of it is cards already read: cards lie "  \
    "side by side, and such a frame is the gap between two, its table read as a solid symbol once the symbol "   \
    "finder's white is the paper's (rendered grey desk: 3 false cards in 48 without this check, none with it; "   \
    "dev photos composited on texture: precision 98.1 -> 98.9 %, found 97.4 -> 96.8 %)")                                                \
  X(card_group_size_share, 0.6, 0, 1,                                                                               \
    "a frame drawn from symbols is kept when it is at least this share of the outline finder's typical card long "  \
    "(when it found three or more): symbols fix a card's size, and the cards on one table are alike")               \
  X(shape_convex_bay, 0.13, 0, 1,                                                                                 \
    "symbols read as squiggles whose outlines' deepest bay is at most this share of their width are diamonds or "  \
    "ovals (0: off): a squiggle's bays measure 0.2-0.8 on the dev photos, diamonds' and ovals' mostly under 0.08; "  \
    "dim tinted light at 40 deg (seeds 101-108) 92.7 -> 97.9 % of cards, shadows across cards at 40 deg 88.5 -> "  \
    "89.6 %, --exposure 0.3 76.0 -> 78.1 %; dev photos and the other renders unchanged")                           \
  X(card_both_ways_aspect, 1.45, 1, 2,                                                                             \
    "an outline whose long sides are less than this times its short ones, not read as a card, is read the other "   \
    "way too: a steep view foreshortens a card along its length, and past about 45 degrees its width looks the "   \
    "longer (rendered --view-tilt 45: 88.5 -> 100 % of cards; dev photos' metamorphic tests: one photo fewer at "  \
    "tables 2x and tables-light on light grey)")                                                                   \
  X(card_faintest_ink, 0.15, 0, 1, "the ink's darkness against the paper, at least: a faint smudge is not print")  \
  X(card_solid_max_holes, 1, 0, 100,                                                                                \
    "a card read solid has at most this many round holes in its symbols, else they are a die's pips: set eval "     \
    "over the dev folders and the rendered conditions (scripts/render-set-conditions, 8 seeds) reads the same at " \
    "0, 1 and 100; dice photos read as holding a card: nellbyler 17 -> 9 of 200, matteop65 50 -> 49 of 310, "     \
    "Hexcells screenshots 17 -> 14 (at 100 and at 1)")                                                               \
  X(card_hole_min_share, 0.004, 0, 1,                                                                               \
    "a round hole is at least this share of its symbol's area (a pip is ~1/40 of two dice's face) ...")             \
  X(card_hole_max_share, 0.08, 0, 1, "... and at most this (an open symbol's inside is most of it)")                 \
  X(card_hole_roundness, 0.6, 0, 1,                                                                                 \
    "and at least this round (4 pi area / perimeter^2): the gaps between stripes are long and thin")                \
  /* The outline finder (card_quads.cpp), on the detection view */                                                   \
  X(outline_card_aspect, 1.556, 1.2, 2, "a printed card's long side over its short side")                           \
  X(outline_min_card_aspect, 1, 1, 1.5,                                                                             \
    "an outline squarer than this is not a card: a steep view foreshortens a card along its length to a square, "  \
    "and squarish outlines are kept only on a table the plane of sizes says is seen obliquely (rendered "          \
    "--view-tilt 40: 100 % of cards read right at 1, 89.6 % at 1.15)")                                             \
  X(outline_typical_min_aspect, 1.15, 1, 1.5,                                                                      \
    "only outlines at least this long for their width set the typical card size: squarer ones are more often a "  \
    "checked cloth's tiles, which outnumber the cards")                                                            \
  X(outline_max_card_aspect, 2.8, 1.6, 4, "one card in perspective is at most this long for its width")             \
  X(outline_max_row_aspect, 5, 2.8, 10, "longer outlines are not cards; up to this they may be a row of cards")    \
  X(outline_min_area, 0.0004, 0.00001, 0.05, "a card covers at least this share of the view (27 cards fill ~1%)")  \
  X(outline_darkest_paper, 70, 0, 255, "lightness (max + min channel) / 2 below which a region is table, not paper") \
  X(outline_darkest_paper_share, 0.5, 0, 1,                                                                           \
    "in a dim photo, outline_darkest_paper is lowered to this share of the photo's 99th-percentile lightness (0: "  \
    "off): dim tinted light seen at 40 deg (--exposure 0.45 --tint 1,0.8,0.55 --view-tilt 40, seeds 101-108) finds " \
    "95 cards of 96 against 81 (0.4: 96, 0.7: 93); dev photos and the other dim and lamp renders unchanged")       \
  X(outline_max_saturation, 0.52, 0, 1, "a candidate's median saturation above this is cloth or a tile, not paper") \
  X(outline_min_solidity, 0.75, 0.5, 1,                                                                               \
    "a card region fills this much of its hull (an L left by a cover over an end and a corner is ~0.85)")           \
  X(outline_least_fill, 0.7, 0.4, 1, "a card rebuilt from three sides may have up to 1 - this of it hidden")         \
  X(outline_clearly_squarer_deg, 5, 0, 20,                                                                            \
    "corners rebuilt from the sides replace the plain outline when they are squarer by this (degrees)")             \
  X(outline_soft_edge_low, 8, 1, 100,                                                                                 \
    "Canny thresholds of the soft edges that part white cards from a white desk: paper meets paper at a step of a " \
    "few grey levels")                                                                                              \
  X(outline_soft_edge_high, 24, 1, 255, "(the high threshold)")                                                     \
  X(outline_size_tolerance, 1.3, 1.05, 2,                                                                           \
    "an outline agrees with a plane of card sizes across the photo (size_field.h) when its linear size is within "  \
    "this factor of the plane's there: cards on one table differ by a few per cent, clutter by anything")            \
  X(outline_max_size_spread, 3, 1, 10,                                                                               \
    "that plane varies across the outlines by at most this factor: a view steeper than about 60 degrees is not "   \
    "believed")                                                                                                      \
  X(outline_size_plane_min_cards, 8, 3, 100,                                                                         \
    "a plane needs this many outlines agreeing with it, and more than a single size does, to replace that size: "  \
    "a table of cards seen obliquely has a dozen; at 4 a few dice and keys made one (matteop65 dice photos read "  \
    "as holding a card: 50 at 4, 49 at 8; rendered --view-tilt 45 and 50 read alike)")                              \
  X(outline_size_plane_margin, 1.5, 0, 10,                                                                           \
    "the plane's fit (MSAC: each agreeing outline counts 1 - its squared miss over the tolerance's) must beat the " \
    "single size's by this: about two outlines' worth, since one may be a piece of clutter that happens to fit")   \
  X(outline_size_plane_keeps, 0.8, 0, 1,                                                                              \
    "and it must keep at least this share of the outlines the single size holds: the middle cards of a table seen " \
    "obliquely are there, and a plane through a desk's clutter loses them")                                       \
  X(outline_min_size_share, 0.4, 0.05, 1, "cards on a table are this share of the typical card's area, at least")  \
  X(outline_max_size_share, 2.0, 1, 10, "and at most this many times it")                                           \
  /* The card reader (card_reader.cpp, attribute_decisions.cpp), on the 330 x 212 canonical card */                   \
  X(reader_symbol_share, 0.45, 0.1, 1, "a blob counts as a symbol from this share of the largest symbol's area up") \
  X(reader_blank_darkness, 0.08, 0, 0.5, "paper divided by its own white is within this darkness of it")           \
  X(reader_colourless, 0.05, 0, 1, "a symbol-sized blob with less chroma per darkness is an object, not ink")      \
  X(reader_dark_ink_colourless, 0.012, 0, 1,                                                                         \
    "below reader_colourless, a blob with this much chroma per darkness in purple's hue is still ink: purple "     \
    "nearly black in dim light (tables-light test02: 0.017 at hue 263); not for solids (a die's black pips). "    \
    "Chosen on renders, seeds 1-8: grey marks' weak chroma lies outside 250-320 but in one scene of 32")          \
  X(reader_dark_ink_hue_from, 250, 200, 360, "purple's hue range for reader_dark_ink_colourless, from (degrees)")   \
  X(reader_dark_ink_hue_to, 320, 200, 360, "(to)")                                                                  \
  X(colour_red_green_hue, 70, 0, 180, "hue boundary between red and green ink (degrees)")                          \
  X(colour_green_purple_hue, 200, 120, 300, "hue boundary between green and purple ink (degrees)")                 \
  X(colour_purple_red_hue, 342, 270, 360,                                                                             \
    "hue boundary between purple and red ink (degrees), moved by chroma: thin purple lines drift towards red")     \
  X(colour_sure, 0.8, 0, 1,                                                                                          \
    "a card's red or purple this confident is a sure example of its table's ink; doubtful ones are given the "    \
    "ink whose sure cards they lie nearer to")                                                                      \
  X(colour_red_chroma, 0.33, 0, 2,                                                                                    \
    "chroma per darkness that splits red (>= 0.44 on dev photos) from purple near their hue boundary (<= 0.42)")   \
  X(colour_zone, 25, 0, 81,                                                                                          \
    "which ink: the colour over the symbols' ink widened by this (pixels of the 330-px card), where JPEG spread "  \
    "a line's colour, against the paper just beyond; 0: the lines' darkest pixels over the local white, which "    \
    "JPEG's ringing tints (rendered dim lamplight, --scale 0.5 / 0.35: colour right 88.5 / 83.3 % at 0, 100 / "     \
    "99.0 % at 5, 100 / 100 % at 15-45; the dev photos read the same from 5 to 45)")                                \
  X(colour_ring, 31, 3, 121,                                                                                         \
    "the paper that ink colour is measured against: blank paper within this (pixels) beyond the zone")            \
  X(colour_ring_gap, 4, 0, 20,                                                                                       \
    "the ring starts this far (pixels) beyond the zone: paper next to it still holds some of the ink's colour "   \
    "(rendered, 32 conditions and the half-size ones: at 0 one card more is flagged, nothing else changes)")      \
  X(shading_open_striped, 0.18, 0, 1, "fill + 4 x stripe texture from which a symbol is striped, not open")        \
  X(shading_striped_solid, 0.55, 0, 1, "interior ink over outline ink from which a symbol is solid")               \
  X(shading_table_solid, 0.55, 0, 1,                                                                                 \
    "a card read solid whose interior is lighter than this share of its table's darkest sure solid of that ink "  \
    "is striped: a small photo thins an outline as much as it blurs stripes into a tint (rendered thin outlines "  \
    "at half size: 88.5 % right at 0, 96.9 % at 0.45-0.7, every condition and dev folder the same over 0.45-0.7)") \
  X(shading_table_any_solid, 0.4, 0, 1,                                                                             \
    "and one lighter than this share of its table's darkest sure solid of any ink: a blurred photo makes every "  \
    "striped card of an ink look solid (dev: true solids >= 0.55 of the darkest; blurred renders' stripes "       \
    "0.24-0.33)")                                                                                                   \
  X(shading_open_tint, 0.075, 0, 1,                                                                                   \
    "the inside's colour moved this share from the paper's towards the ink's makes a symbol striped: open "        \
    "insides <= 0.046, striped >= 0.113 on the 492 single-card photos")                                            \
  X(shading_tint_scale, 0.06, 0.001, 1,                                                                             \
    "tint this far from its boundary is a sure reading: a deck whose fine stripes are printed pale tints the "    \
    "inside no more than some open cards (rendered --stripe-pitch 0.5 --stripe-width 0.6 --stripe-strength "     \
    "0.25, 96 cards, 9 read open: 6 of them given as sure at 0.03, 1 at 0.06, 1 at 0.09; dev photos flag the "    \
    "same cards at 0.03 and 0.06, tables/ 13 for 5 at 0.09; dim tinted light at half size flags 4 -> 9)")        \
  /* The symbol finder (symbol_cards.cpp) */                                                                          \
  X(symbol_white_window, 0.1, 0.02, 0.5,                                                                              \
    "the local white's window over the image's long side: wide enough to reach paper from a line's core")         \
  X(symbol_white_card_window, 0.45, 0.1, 2,                                                                          \
    "and at most this share of the typical card's length when the outline finder has found cards: wider than a "   \
    "symbol (0.215, printed), narrower than a card (0.64), so that the white is the card's own paper and not a "    \
    "table brighter than it in places (a mottled worktop: dev photos composited on texture 11 -> 17 of 32 read "   \
    "the same; 0.3 finds 1.4 % more cards there at 1.5 % less precision and 1.5x the time); a photo of one "     \
    "card keeps the image's window")                                                     \
  X(symbol_white_erode, 0.2, 0, 0.5,                                                                                \
    "the local white is eroded over this share of its window before it is smoothed, so that near a shadow's "      \
    "edge it is the shadowed paper's and not the lit paper's, which made a band of ink along the edge that "       \
    "swallowed the symbols it touched (rendered --shadow on pale desks, seeds 201-212: 88.9-95.8 -> 95.8-100 % "  \
    "found before the colour split, 91.7-97.9 -> 95.8-100 % with it; in a test scene with the split off 18 -> 36 "  \
    "of 36 edge positions; at 0.1, 91.0-100 %)")                                                                   \
  X(symbol_white_step, 0.25, 0, 1,                                                                                  \
    "and only where the eroded white is this share darker: a shadow's edge, not a textured table's or the "       \
    "paper's shallow steps (at 0, dev photos pasted on texture read the same 25 -> 22 of 32, tables-light at "     \
    "0.33x 9 -> 8, at 2x and at JPEG 60 11 -> 10 of 11; at 0.25 and 0.4 none moves)")                             \
  X(symbol_white_paper_chroma, 0.3, 0, 2,                                                                           \
    "a white is paper-coloured, and spreads into the lit side, when its chroma (against the photo's paper white) "  \
    "is under this share of its brightest channel: a symbol's ink that the window did not close, 0.5 and more, "   \
    "spreads nowhere (with every white spreading, rendered close-ups read 3 and 8 fewer of 96 cards right)")       \
  X(symbol_max_area_share, 0.3, 0.05, 1,                                                                            \
    "a blob whose hull (or box, for a blob split by colour) is over this share of the view is no symbol, and is "  \
    "neither bridged nor split: printed, a symbol is at most ~0.15 of a card that fills the frame; one blob "      \
    "spanning 0.83 of a tables-light view, bridged against every arc near it, took 0.35 s")                         \
  X(symbol_split_colourfulness, 0.3, 0, 2,                                                                         \
    "a blob of no symbol's shape is measured again on its pixels whose chroma is at least this share of their "    \
    "darkness: a symbol touching a grey mark (a pointed shadow, a shadow's edge, a dim shadow's noise) is found "  \
    "apart from it; inks are 0.5-1.1, a grey shadow under 0.15; 0 turns the second look off")                       \
  X(symbol_fused_grey_share, 0.25, 0, 1,                                                                           \
    "a blob of a symbol's shape whose ink lies in grey patches (chroma under symbol_split_colourfulness of its "    \
    "darkness, left by an opening of 5 px) for over this share is measured again on its coloured ink alone: a "    \
    "symbol fused with a dark mark it touches (a label, a cover, a pen) keeps a symbol's proportions, only too "    \
    "large to pair with its card's other symbols (renders --corner-labels / --end-covers on a white desk, seeds "   \
    "301-304: 72.9 -> 100 %, 70.8 -> 91.7 %); 1 turns this off")                                                    \
  X(symbol_fused_core_quantile, 0.9, 0.5, 1,                                                                        \
    "a grey patch counts only where it is darker than this quantile of the blob's coloured ink (its outline's "     \
    "core): a label or a cover is darker than any ink, the stripes that dim light or JPEG turn greyish are paler; "  \
    "at the mean (0.5) a tables-light photo read at 0.5x loses a purple striped card (metamorphic 10 -> 9 of 11)") \
  X(symbol_fused_min_part, 0.1, 0, 1,                                                                              \
    "... when each symbol in that coloured ink is at least this share of the blob's box: dim purple is greyish "    \
    "through, and its few coloured specks are a few hundredths of the blob, no symbol (at 0, tables-light loses "   \
    "a purple striped card); a symbol fused with a cover across a card's end is 0.12-0.2 of the pair")              \
  X(symbol_fused_shrink, 0.8, 0, 1,                                                                                \
    "... and under this share: a coloured part as large as the blob is the symbol itself, which taken as a part "   \
    "could no longer frame a card alone (a part never does)")                                                       \
  X(symbol_finer_windows, 2, 0, 4,                                                                                  \
    "the ink is searched again with the white's window halved this many times: where the table is brighter than "  \
    "the paper (cards pasted on white or light grey, a white desk), a wide window's white is the table's and the "  \
    "paper reads as ink (dev photos composited on light grey 25 -> 27 of 32, on texture 21 -> 25; 1 pass: 26, 23)") \
  X(symbol_finer_min_symbols, 2, 1, 3,                                                                               \
    "a group found only by a narrower window holds at least this many symbols: with 1, blots of a mottled "          \
    "worktop are read as lone solid symbols (rendered --mottled-desk: precision 99.7 -> 95.4 %)")                   \
  X(symbol_finer_lone_colourfulness, 0.6, 0, 2,                                                                     \
    "... unless its one symbol's ink is this colourful (chroma over darkness; inks 0.5-1.1, the worktop's warm "    \
    "grey blots less): a shadow across part of a card on a white desk makes the wide window's white the lit "       \
    "paper's, and a lone symbol in the shadow is found only by a narrower one (renders --white-desk "               \
    "--card-shadows, seeds 401-408: 66.7 -> 71.9 % found; dice photos read as holding a card, nellbyler: 9 -> "     \
    "10 of 200; 11 at 0.5, 17 at 0.4 (79.2 % found); matteop65 47 -> 48 of 310)")                                   \
  X(symbol_finer_lone_swallowed, 4, 1, 100,                                                                         \
    "... and the default window's ink round it is a blob this many times its rectangle: the shadowed paper that "  \
    "swallowed it there; a coloured die is a blob of its own size at every window (at 2: nellbyler 11, "           \
    "matteop65 54 photos with a card)")                                                                             \
  X(symbol_finer_lone_split, 2, 0, 100,                                                                            \
    "... or the default window cut that symbol out of a blob of grey ink at least this many times its "           \
    "rectangle: the shadowed paper round it, fused to it however little of the shadow it took in, and whatever "  \
    "an open symbol's hollow centre. Dice split from their own shadow or side face left 0.6-1.5, symbols in "      \
    "rendered shadows 1.4-10; dice photos read as holding a card: nellbyler 10, matteop65 49 at 0, 1.5 and 2, "   \
    "13 and 49 at 1 (set eval over the dice folders with empty labels); 0 turns this off")                        \
  X(symbol_bite_chroma, 0.05, 0, 1,                                                                                \
    "a blob of no symbol's shape whose convex hull has one is a symbol when the hull outside its ink keeps the "   \
    "ink's hue and this much chroma (white-divided): a highlight that washed the ink out near the edge. Glare "    \
    "left 0.06-0.08 (rendered close-ups); a squiggle's bays and the paper between symbols 0.00-0.025 on "          \
    "rendered tables, one blot of a mottled worktop 0.07 (close-ups with --glare, seeds 1-48: found 83.3 -> "     \
    "85.4 %, read right 77.1 -> 79.2 %); 1 turns this off")                                                       \
  X(symbol_min_paper_light, 0.3, 0, 1,                                                                             \
    "ink is looked for where the local white is at least this share of the photo's paper white (its 95th "        \
    "percentile): not in dark corners. One lamp beside a desk leaves its far corner at 0.25-0.5 of that (dev "   \
    "photos; rendered --falloff 0.25 on a white desk: all read at 0.3, 94.8 % at 0.5)")                          \
  X(symbol_ink_darkness, 0.12, 0.02, 0.6,                                                                           \
    "a pixel is ink when this much darker than the local white: a 2-px printed line at 1000 px is ~0.25")        \
  X(symbol_min_colourfulness, 0.02, 0, 2,                                                                          \
    "a blob is a symbol only if its ink's chroma is this share of its darkness; the card read in the frame "      \
    "decides (reader_colourless), so this only spares it grey marks. Thin outlines keep 0.1-0.15 under JPEG; "    \
    "0.05 lost a dark purple card at JPEG quality 60 (one dev photo, test23); at 0.02 no dev folder, cards/ "      \
    "source or rendered condition reads differently")                                                               \
  X(symbol_min_area, 60, 4, 10000, "pixels on the detection view: a symbol of a card ~100 px long is ~300")          \
  X(symbol_min_aspect, 1.4, 1, 3, "a symbol's long over short side: printed 2.1, 1.6 seen at 40 degrees")            \
  X(symbol_max_aspect, 4.5, 2, 8,                                                                                   \
    "printed 2.1; a steep view foreshortens a far card's symbols across to 3.5-3.8 (dev photos); longer blobs "   \
    "are lines, pens, edges")                                                                                       \
  X(symbol_max_lone_aspect, 3.4, 2, 8,                                                                              \
    "a symbol with no partner is at most this elongated: steeper ones come from textured tables (dev photos "    \
    "composited on texture)")                                                                                       \
  X(symbol_min_rect_fill, 0.35, 0, 1, "area over its rectangle's: a diamond is 0.5, an oval 0.9")                    \
  X(symbol_min_solidity, 0.6, 0, 1, "area over its hull's: a squiggle is ~0.85, a broken outline far less")          \
  X(symbol_min_sharpness, 0.3, 0, 2,                                                                               \
    "the mean steepest slope along a blob's edge over its darkness (per pixel of the detection view): printed "    \
    "edges 0.46-1.2 on dev photos, finger and hand shadows 0.09-0.21")                                              \
  X(symbol_sharp_width, 150, 10, 1000,                                                                              \
    "symbols wider than this (pixels of the detection view) need symbol_min_sharpness x this / width: a close-up "\
    "out of focus")                                                                                                \
  X(symbol_relative_sharpness, 0.6, 0, 1,                                                                          \
    "in a photo out of focus an edge needs this share of the upper quartile of the sharpness of the photo's "     \
    "symbol-like blobs (sharp photos: >= 0.5, so symbol_min_sharpness stands; defocus 3-4 px: 0.25-0.33); 0: off") \
  X(symbol_sharpness_blobs, 10, 1, 100,                                                                             \
    "that quartile is taken over at least this many blobs (a blurred table shows 17-25; dice photos 4-6, which "  \
    "at 5 gave nellbyler 2 more photos read as holding a card)")                                                                          \
  X(symbol_min_sharpness_share, 0.4, 0, 1, "symbol_min_sharpness is lowered to this share of itself at most")      \
  X(symbol_size_tolerance, 0.3, 0, 1, "symbols of one card differ in length and width by at most this share")       \
  X(symbol_max_hue_step, 30, 0, 180,                                                                               \
    "symbols of one card have hues within this (degrees): the inks are 110-140 degrees apart")                   \
  X(symbol_max_turn_deg, 15, 0, 45, "symbols of one card are parallel within this (degrees; perspective bends)")     \
  X(symbol_max_offset, 0.8, 0, 2,                                                                                  \
    "sideways offset between symbols of a card, in symbol widths: a slanted view shears a row of diamonds by "     \
    "0.6; the next card sideways is 3 widths away")                                                                 \
  X(symbol_max_shear, 0.8, 0, 1.4,                                                                                   \
    "or up to this share of a symbol's length: a steep view across a turned card shears its row by 0.3-0.4 "      \
    "lengths (dev photos, the draw pile's top card; rendered); the next card along the symbols is 1.43 away "   \
    "(printed)")                                                                                                    \
  X(symbol_frame_shear_deg, 10, 0, 60,                                                                               \
    "a group's frame is a parallelogram along its row of symbols when the row is this far from square to their "  \
    "axis (degrees); printed rows are square, and a nearer row is the centres' jitter (rendered)")              \
  X(symbol_max_gap, 2, 0, 10,                                                                                       \
    "the ink is searched again with gaps up to twice this (pixels of the detection view) closed: an open "      \
    "symbol's line a pixel wide at the view's scale breaks where it fades (dev photos); 0 turns it off")        \
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

// One setting changed for the life of this object, then put back: a measurement of what
// the setting does (the tests') that leaves the others' settings as they were.
class ScopedReaderSetting {
 public:
  ScopedReaderSetting(std::string_view name, double value);
  ~ScopedReaderSetting();
  ScopedReaderSetting(const ScopedReaderSetting&) = delete;
  ScopedReaderSetting& operator=(const ScopedReaderSetting&) = delete;

 private:
  std::string name_;
  double before_ = 0;
};

}  // namespace puzzlesat::set_vision
