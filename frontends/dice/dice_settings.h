// Every tuned number of the dice reader, in one table: its name, default, the range it may
// be set to and why it has the value it has (the way CaDiCaL's options.hpp lists its
// options, and frontends/set/reader_settings.h the SET reader's). The reader takes them
// from a DiceSettings value passed down from ReadOptions, never from a global, so photos
// read on several threads at once (the web server) may each use their own. One can be
// changed to measure it without a rebuild:
//
//   puzzlesat yahtzee dice-eval ../shared/data/dice/nellbyler/train --set finder_darker=40
//
// The reasons say what a default was chosen on: "dev photos" means the labelled photos in
// ../shared/data/dice (matteop65, nellbyler; each change kept only when it held on both),
// "rendered" the project's own scenes (dice_scene.h), "geometry" what a die face is. A
// "round N" is the tuning round in the history of docs/dice-vision.md (in git).
// Settings read as whole numbers (pixels, counts) are rounded; finder_table_window is made odd.
#pragma once

#include <string_view>
#include <vector>

namespace puzzlesat::dice_vision {

// X(name, default, min, max, reason)
#define PUZZLESAT_DICE_SETTINGS(X)                                                                                    \
  /* The reader (dice_reader.cpp) */                                                                                 \
  X(reader_working_size, 960, 200, 8000,                                                                              \
    "photos longer than this (pixels) are read shrunk to it: dice stay tens of pixels wide, the time bounded; the " \
    "dev photos (640) are read as they are")                                                                        \
  X(reader_die_max, 100, 20, 10000,                                                                                  \
    "dice wider than this (pixels at the working size; the dev photos' are 30-80) have their pips counted on "     \
    "their box shrunk, and the photo is read again shrunk ...")                                                     \
  X(reader_die_target, 60, 20, 400, "... so that they are this wide (scale first; rendered)")                        \
  X(reader_die_min, 26, 0, 400,                                                                                      \
    "dice narrower than this (pixels at the working size; the dev photos' are 28-111) are read again with the "   \
    "photo enlarged ...: nellbyler's photos halved (dice 14-24 px), every other one as tests/dice_vision_test.cpp " \
    "reads and prints them, 54 of 100 exactly without (0), 67 with; 22 and 32 read as 26 on halved JPEG copies "   \
    "made outside the tree")                                                                                        \
  X(reader_small_target, 36, 10, 400,                                                                                \
    "... so that they are this wide (nellbyler's median die; on those copies 30 and 44 read 116 and 118 of 200, "  \
    "36 120)")                                                                                                      \
  X(reader_enlarged_max, 2400, 200, 8000,                                                                           \
    "but to no more than this many pixels on the long side (time and memory bounded)")                              \
  X(reader_clear_face, 0.5, 0, 1,                                                                                     \
    "a die cut by the frame is kept only with a reading this sure (dev photos: cables' and keyboards' square bits " \
    "read weakly)")                                                                                                  \
  X(reader_face_margin, 1, 0, 50, "and its implied top face this many pixels clear of the frame")                    \
  X(reader_closeup_pad, 2, 0, 3,                                                                                     \
    "a photo where no die is found is read again with its edge pixels repeated this many times its size on each "  \
    "side (0: never), so that a die filling the frame stands on a table the finder can model. Of the dev photos' " \
    "dice cut out at 1.4, 2 and 3 times their side (tests/dice_metamorphic_test.cpp) 29 of 357, 89 of 288 and 94 " \
    "of 163 read alone as in their photo without, 117, 146 and 115 with 2. Chosen while the check of the dice "   \
    "found so was looser (the network's value on the padded reading, no threshold; never committed, so no "        \
    "command repeats it): 452, 567, 618 and 615 of the 808 at 0.5, 1, 2 and 3")                                    \
  X(reader_closeup_sure, 0.9, 0, 1,                                                                                  \
    "and a die found so is kept only where the learned reader names its value this surely on its crop from the "  \
    "photo: at 0.7 and below a SET table of set render (--card-shadows, seed 3) reads as one 6 (agree_vouched)")  \
  /* The learned reader's part (dice_reader.cpp, --reader both) */                                                   \
  X(model_views, 4, 1, 8,                                                                                             \
    "the network reads each crop turned this many ways (quarter turns, then mirrored; learned_reader.h) and "       \
    "averages (1 once): read alone, matteop65 882 dice of 950 against 862 once, nellbyler 1,322 of 1,487 against " \
    "1,252, rendered plain-steep scenes 1-80 308 of 311 against 300; the default reader reads the dev photos and "  \
    "renders the same within a photo a folder, about 0.8 ms more a die on one core (8: alone 888 and 1,333, the "   \
    "default reader no better, twice the time)")                                                                     \
  X(overrule, 0.8, 0, 1,                                                                                              \
    "the model's probability from which its value replaces a doubtful rules reading (1 never): where it was this "  \
    "sure and disagreed with the rules, on the dev photos and six render folders, it was right on 71 dice of 72, "  \
    "the rules on none. Against 0.9 with doubt 0.8 and a gate on the face's colours (now gone): nellbyler 154 -> "  \
    "156 photos, steep plain 1..160 131 -> 136, varied 1..300 137 -> 146, plain 1..200 194 -> 196, matteop65 "      \
    "and plain-coloured the same; 0.7 loses matteop65 photos")                                                      \
  X(doubt, 0.9, 0, 1,                                                                                                 \
    "only readings the rules are less sure of than this may be overruled (1 all): seen steeply, the rules count a " \
    "side face's pips 0.82-0.89 surely (0.8 left them); 1 reads a key cap's letter as a die (dice_agreement_test)") \
  X(veto, 0.7, 0, 1,                                                                                                  \
    "the model's 'not a die' probability from which a die the rules read is dropped (1 never): read four ways "    \
    "(model_views), SET photos read as holding dice 3 of 535 (0.8: 4, 0.85: 11); matteop65 305 and nellbyler 154 " \
    "at 0.7-0.85; the render benches (plain, plain-coloured, varied) one photo more than at 0.8, 2 more than at "  \
    "0.85")                                                                                                          \
  X(adopt, 0.97, 0, 1,                                                                                                \
    "the model's probability from which a region the rules read no face on is a die (1 never): a region the rules " \
    "reject is usually no die")                                                                                     \
  /* The die finder (die_finder.cpp): table model */                                                                 \
  X(finder_table_scale, 80, 20, 400, "long side (pixels) of the low-resolution table model: the table changes slowly") \
  X(finder_table_window, 15, 3, 61,                                                                                   \
    "median window of the table model, in its pixels (odd): several dice wide at the dev photos' die sizes")       \
  X(finder_table_hole, 0.15, 0, 1,                                                                                    \
    "holes up to this share of the model's long side (squared) in what its first pass finds are painted over too")  \
  X(finder_table_clump, 0.3, 0, 1,                                                                                    \
    "only things up to this share of the model's long side are painted over: tray walls, cables, a laptop's edge " \
    "stay table (dev photos)")                                                                                      \
  X(finder_brighter, 22, 0, 255, "foreground when brighter than the table by more than this (8-bit L; dev photos)")   \
  X(finder_darker, 45, 0, 255,                                                                                        \
    "or darker by more than this: soft shadows stay table, black dice do not (dev photos)")                        \
  X(finder_chroma, 18, 0, 255, "or of another hue by more than this (Lab a, b distance; dev photos: wood grain)")    \
  /* The die finder: blobs */                                                                                        \
  X(finder_min_side, 0.025, 0.001, 0.5, "a die's side is at least this share of the photo's long side")             \
  X(finder_max_side, 0.35, 0.01, 1, "and a blob's side at most this share (larger is table, tray, laptop)")         \
  X(finder_hole_side, 0.06, 0.001, 0.5,                                                                               \
    "holes up to this share of the long side (squared) are filled (pips, not the table inside a tray's rim); also " \
    "the die size assumed before any die is found")                                                                 \
  X(finder_least_die, 0.5, 0, 1, "a component or a wall's bump of less than this many typical dice is no die")      \
  X(finder_single_aspect, 1.35, 1, 3,                                                                                 \
    "a blob this square (minimum-area rectangle) and solid looks like one die: the typical die is their median")  \
  X(finder_single_solidity, 0.88, 0, 1, "(the solidity that goes with finder_single_aspect)")                       \
  X(finder_max_clump, 16, 2, 64, "dice in one blob at most: crowded nellbyler trays hold clumps of ten")             \
  X(finder_row_aspect, 1.6, 1, 4, "a blob longer than this for its width holds round(aspect) dice side by side")     \
  X(finder_clean_row, 0.85, 0, 1, "a row this solid is one die thick: its length counts the dice, not its area")    \
  X(finder_corner_solidity, 0.8, 0, 1, "a blob less solid than this is two dice meeting at a corner ...")           \
  X(finder_corner_area, 1.4, 1, 4, "... if also more than this many typical dice (a small one is a die in part)")   \
  X(finder_area_count, 1.7, 1, 4, "a blob of more than this many typical dice counts its dice by area (3 or more)")   \
  X(finder_split_colour, 0.3, 0, 10,                                                                                  \
    "weight of a Lab a, b unit against a pixel when touching dice are cut apart by k-means: the cut follows the "  \
    "seam between dice of unlike colours (dev photos)")                                                             \
  X(finder_split_quality, 0.8, 0, 1, "confidence factor of a die cut from touching neighbours")                      \
  X(finder_unsplit_quality, 0.5, 0, 1, "confidence factor of a clump too small to split, read whole")                \
  X(finder_square_tie, 0.01, 0, 1,                                                                                    \
    "splits within this squareness of the squarest: the one with fewest pieces (the count errs high; a steep "    \
    "die's front face and shadow between dice were near ties on nellbyler)")                                        \
  X(finder_one_square_aspect, 1.35, 1, 3, "a blob of up to three dice this square and ...")                          \
  X(finder_one_square_solidity, 0.92, 0, 1, "... this solid may also be one large die (round 7)")                   \
  X(finder_two_min, 1.7, 1, 4, "a blob of this many typical dice to finder_two_max, counted as one die, ...")       \
  X(finder_two_max, 2.5, 1, 6, "... is two dice unlike in size (round 9) ...")                                     \
  X(finder_two_gain, 0.15, 0, 1,                                                                                      \
    "... when its two halves are squarer than the whole by this: 0.12 measured the same on the dev photos, 0.1 cut " \
    "a single die of nellbyler 112353 in two")                                                                     \
  X(finder_spur_disc, 0.25, 0.05, 1,                                                                                  \
    "spurs (shadow, a neighbour's outline) come off with an opening by a disc this many die sides wide (round 6)") \
  X(finder_spur_keep, 0.3, 0, 1, "pieces left by that opening smaller than this many typical dice are spurs")        \
  X(finder_spur_clump, 1.7, 1, 4, "a blob of less than this many dice that keeps one piece is that piece ...")      \
  X(finder_spur_share, 0.7, 0, 1, "... if the piece holds this share of it: more taken off is part of the die")      \
  X(finder_neck_split, 1.6, 1, 4,                                                                                     \
    "a blob of this many dice or more that falls into pieces is cut at its necks: a slanted die, top and side "    \
    "face joined by a neck, is about one die and stays whole")                                                     \
  /* The die finder: dice beside dark things, at the frame, against a tray's wall */                                 \
  X(finder_dark_min, 0.6, 0, 4, "a light piece of a dark thing at the frame (a cable's ferrite) is a die from ...") \
  X(finder_dark_max, 1.6, 0, 4, "... to this many typical dice (and as square as finder_single_aspect)")           \
  X(finder_dark_hole, 0.25, 0, 4, "holes in such a light piece up to this many typical dice are filled (pips)")      \
  X(finder_frame_min, 0.7, 0, 4,                                                                                      \
    "a component at the frame of this many typical dice to finder_frame_max, square and solid, is one die whose " \
    "side faces the frame cuts (matteop65's bottom edge)")                                                         \
  X(finder_frame_max, 1.5, 0, 4, "(see finder_frame_min)")                                                            \
  X(finder_frame_aspect, 1.35, 1, 3, "its aspect at most")                                                            \
  X(finder_frame_solidity, 0.88, 0, 1, "its solidity at least")                                                       \
  X(finder_frame_length, 1.25, 0.5, 4, "its length at most this many die sides: a card's or a key's corner is longer") \
  X(finder_wall_length, 4, 1, 20,                                                                                     \
    "a straight stretch of foreground this many die sides long is a tray's wall: 2.5 missed rendered dice against " \
    "a wall (round 4)")                                                                                            \
  X(finder_wall_disc, 0.5, 0.1, 2, "what is left of a wall's ring is opened with a disc this many die sides wide")    \
  X(finder_wall_bump, 3, 0.5, 20,                                                                                     \
    "a bump off a wall of up to this many typical dice is a die: the typical die errs small and takes in shading " \
    "(nellbyler 112926's red die: 2.8)")                                                                           \
  X(finder_wall_bump_aspect, 1.35, 1, 3,                                                                              \
    "and is at most this oblong: dice against the wall measured 1.05-1.27, the wall's corner slivers more "       \
    "(nellbyler 112926)")                                                                                           \
  X(finder_wall_bump_solidity, 0.8, 0, 1, "and at least this solid")                                                  \
  /* The die finder: the faint pass (white dice on a white tray) */                                                   \
  X(finder_faint_chroma, 5, 0, 255, "the faint pass's hue threshold at least this (8-bit Lab) ...")                   \
  X(finder_faint_noise, 3, 0, 20,                                                                                     \
    "... and this many times the table's hue noise (its edge threshold twice that many times the lightness "      \
    "gradient's)")                                                                                                  \
  X(finder_faint_edge, 15, 0, 255, "the faint pass's gradient threshold at least this (8-bit L)")                     \
  X(finder_faint_gain, 0.45, 0, 2,                                                                                    \
    "the pass runs when its hue threshold comes below this share of finder_chroma: all nellbyler photos (hue "     \
    "noise 1-2), no matteop65 photo (wood grain 3-5)")                                                             \
  X(finder_noise_quantile, 0.9, 0.5, 1, "the table's noise is this quantile of its hue and gradient away from dice")  \
  X(finder_ring_in_found, 0.5, 0, 1,                                                                                  \
    "a thin ring whose box lies this much in a found clump's box is part of that clump (round 8)")                \
  /* The die finder: outlined faces (a second way in that does not need the table model) */                        \
  X(finder_outline_low, 20, 0, 1000, "outlined faces: Canny's low threshold on lightness (8-bit L, L2 Sobel) ...")   \
  X(finder_outline_high, 60, 0, 1000,                                                                                 \
    "... and its high one: a white die's grey rim on white paper, which the table model sees in pieces (plain "    \
    "renders; 8/24 and 12/36 read them the same)")                                                                  \
  X(finder_outline_min_side, 0.04, 0.001, 1,                                                                          \
    "an outlined face spans at least this share of the long side (geometry: a plain render's smallest die, 200 px " \
    "in 9 MP, is 0.058; the dice the table model loses are large) ...")                                             \
  X(finder_outline_max_side, 0.6, 0.01, 1, "... and at most this (varied scenes: dice over a third of the frame)")   \
  X(finder_outline_aspect, 1.2, 1, 3,                                                                                 \
    "an outlined face is a top face alone, this square at most: rendered ones 1-1.15; an outline taking in a "     \
    "band of side face too (a slanted view; matteop65 dice_7, 1.22) is left to the blobs (1.35: varied 1..60 one " \
    "more)")                                                                                                        \
  X(finder_outline_pip_alike, 2, 1, 10,                                                                               \
    "the islands in an outlined face are pips: at most 6, each within this factor of the pip pip_layout draws "    \
    "(kPipRadius), so alike in size")                                                                               \
  X(finder_outline_pip_round, 0.8, 0, 1,                                                                              \
    "and each this round (4 pi area / perimeter^2 of its outline; rendered pips mostly 0.85-0.92, a keyboard's letters "  \
    "and logos 0.3-0.82), with one hole at most: a pip's outline is one ring")                                      \
  X(finder_outline_off_centre, 0.4, 0, 2,                                                                             \
    "and their centroid this many half-sides from the face's centre at most (renders mostly below 0.25, "          \
    "matteop65's dice 0.24-0.33 with a side face in the outline, keyboard keys' letters 0.53-0.66)")                \
  X(finder_outline_pip_contrast, 20, 0, 255,                                                                         \
    "and all darker or all lighter than the face round them by this much (8-bit L): light pips on dark dice too; " \
    "keys' letters fail the tests above, a glint among dark pips this one; varied renders 1-180 read 2-4 photos " \
    "more than with 40 darker asked, dev and SET photos the same")                                                  \
  X(finder_outline_found, 0.8, 0, 1,                                                                                  \
    "a region found otherwise whose box covers this share of an outlined face's box is that die found; others "    \
    "centred in the face (its pips, a piece, the die with its shadow) give way to it: 0.6 kept regions that read " \
    "no face on 4 plain renders, 1 measured the same as 0.8 on the dev photos and renders")                         \
  X(finder_outline_swallow, 1.6, 1, 1000,                                                                              \
    "... unless its box is this many times the face's box in area: the die with its side faces seen steeply (or a " \
    "clump), read as one face with all their pips; the outlined face takes its place. Region over face: matteop65 " \
    "0.84-1.28, nellbyler 1.26-2.2 (median 1.46, with shadows), plain-steep 1..40 median 1.77; plain-steep 1..120 "  \
    "read 115 of 120 with 1.6, 116 with 1.3, 114 with 2, 105 without (1000); the dev photos the same")              \
  /* The die finder: faces framed from their pips (pip_faces.cpp, a third way in) */                                   \
  X(finder_pip_faces, 1, 0, 1,                                                                                         \
    "groups of round spots laid out as a face's pips are faces too (1 on, 0 off): a white die on white "               \
    "paper whose rim neither the table model nor Canny closes; plain renders 1-120 read 4 photos more, varied 1-180 "  \
    "4, held-out plain 121-160 2 and varied 181-240 1, dev and SET photos the same")                                   \
  X(finder_pip_min_radius, 3, 1, 100,                                                                                  \
    "spots of a smaller radius (pixels) are not looked at: Canny's ring round one has no hole (4 read matteop65 "      \
    "and plain 1-40 one photo fewer each, held-out plain 121-160 one more)")                                           \
  X(finder_pip_of_die, 0.8, 0.1, 2,                                                                                    \
    "spots wider than this share of the typical die found are dice, not pips (geometry: a pip is 0.17 of a side, a " \
    "1's up to 0.3; small dark dice on a light tray are round dark spots in a row; 0.5 read varied 121-180 2 "         \
    "scenes fewer, held-out varied 181-240 1)")                                                                        \
  X(finder_pip_least, 2, 2, 6, "faces of this many dark pips or more are framed from them")                            \
  X(finder_pip_least_light, 3, 2, 6,                                                                                   \
    "... and of this many light ones: two light dots are a common sight (a key's colon, a plug's screws); 2 "          \
    "read varied 61-120 one scene more and one SET photo more (5 of 535) as holding dice")                             \
  X(finder_pip_alike, 1.4, 1, 4,                                                                                       \
    "the pips of one face are within this factor of each other's radius (1.2 read the same)")                          \
  X(finder_pip_misfit, 0.15, 0, 2,                                                                                     \
    "and fit their layout within this (half-sides, root mean square; stricter than pip_max_misfit: no "                \
    "outline vouches for the face)")                                                                                   \
  X(finder_pip_clear, 0.85, 0, 1,                                                                                      \
    "and no other spot of their kind lies this far out on the face they imply, in half-sides (its own "                \
    "pips reach 0.67)")                                                                                                \
  X(finder_pip_lattice, 0.25, 0, 1,                                                                                    \
    "nor within this share of a step between two of them from where that step, taken once more, lands "                \
    "(a side face's 6 seen three by two holds two 4s; at 0 matteop65 reads one photo fewer and nothing else "          \
    "changes: it rests on that one dev photo)")                                                                        \
  X(finder_pip_stray, 0.02, 0, 1,                                                                                      \
    "and the face they imply is plain: at most this share of it, off their discs, halfway as dark as "                 \
    "they are (a 6's other column when one was taken for a 3; at 1, off, matteop65 read 8 photos fewer, "              \
    "nellbyler 6, plain 1-120 7; varied the same in sum, held-out varied 181-240 2 more)")                             \
  X(finder_pip_beside, 0.3, 0, 1,                                                                                      \
    "such a face stands in for smaller regions centred in it, never for a larger one, nor beside a "                   \
    "region sharing this much of its box: that die's side face at a slant (matteop65 dice_42, two_29; 0.5 and 1 "      \
    "read matteop65 2 photos fewer, held-out plain 1 fewer, plain 41-80 1 more)")                                      \
  /* The pip counter (pip_counter.cpp): spot maps */                                                                  \
  X(pip_small_die, 40, 0, 1000, "dice narrower than this (pixels) are read enlarged: 3-4 px pips blur together (nellbyler)") \
  X(pip_zoom, 2, 1, 8, "by this factor")                                                                              \
  X(pip_min_side, 8, 1, 100, "dice of a smaller side (pixels, from their area) are not read")                        \
  X(pip_max_aspect, 2, 1, 10, "outlines longer than this for their width are not one die")                            \
  X(pip_rim, 0.06, 0, 0.5,                                                                                            \
    "the rim left out of the spot maps, in die sides: thin, so pips near an outline that cuts the face stay whole")  \
  X(pip_min_face, 0.25, 0, 1, "a die whose face without rim is less than this share of it is a sliver")              \
  X(pip_spot_disc, 0.4, 0.05, 2, "the spot maps' top-hat disc, in die sides: wider than a pip")                       \
  X(pip_chroma_gain, 2, 0, 10, "chroma spots weigh this much against lightness spots (8-bit Lab's a, b are narrower)") \
  X(pip_threshold_floor, 18, 0, 255, "a spot map is thresholded at least this high")                                  \
  X(pip_peak_quantile, 0.995, 0.5, 1, "a spot map's peak is this quantile of it over the face")                       \
  X(pip_edge_peak, 0.5, 0, 1, "and thresholded at least at this share of it: half-way marks a pip's edge under blur") \
  X(pip_core_peak, 0.7, 0, 1, "its cores at this share: pips joined by a fainter band of their colour come apart (round 7)") \
  X(pip_core_squash, 0.8, 0, 1, "a face seen only in the cores must not be squashed below this (motion blur streaks)") \
  X(pip_other_polarity, 0.5, 0, 10,                                                                                   \
    "lightness spots of the other polarity are read when at least this strong against the chosen ones': more lost " \
    "matteop65 photos to white dice's shading (round 8)")                                                          \
  /* The pip counter: blobs and the face */                                                                          \
  X(pip_min_area, 0.004, 0, 1, "a pip blob is at least this share of the die's area (and 3 pixels) ...")           \
  X(pip_max_area, 0.12, 0, 1, "... and at most this share")                                                           \
  X(pip_blob_round, 0.45, 0, 1, "and at least this round (minor over major axis of its inertia ellipse) ...")       \
  X(pip_blob_fill, 0.45, 0, 1, "... and fills this much of its box")                                                 \
  X(pip_min_depth, 0.2, 0, 1,                                                                                         \
    "pips lie this many half-sides inside the outline (a quarter on the face; looser since outlines miss slivers)")  \
  X(pip_max_blobs, 12, 1, 30, "more blobs than this on a die are texture, not a face")                               \
  X(pip_subset_blobs, 8, 1, 12, "the face is sought among the largest this many blobs (2^8 subsets: a 6 and 2 strays)") \
  X(pip_area_spread, 2.5, 1, 10, "one face's pips differ in area by at most this factor (blur, thresholding)")        \
  X(pip_round, 0.62, 0, 1, "one face's pips are this round on average: top-face pips are seen square-on (dev photos)") \
  X(pip_slant_round, 0.55, 0, 1,                                                                                      \
    "or this, when all are squashed along the image's vertical (checked against the slant): a steep 1's flat pip") \
  X(pip_round_slack, 0.07, 0, 1, "one pip may fall this far short of the roundness floor")                           \
  X(pip_shape_spread, 0.8, 0, 4,                                                                                      \
    "a 2's pips differ in shape by at most this: a slanted 1's top and side-face pip are no 2 (pairs only; asking " \
    "it of every face lost nellbyler photos)")                                                                      \
  X(pip_min_radius, 0.07, 0, 1, "a pip's radius is at least this many half-sides (specks) ...")                     \
  X(pip_max_radius, 0.35, 0, 1, "... and at most this (room for the other pips) ...")                               \
  X(pip_max_lone_radius, 0.55, 0, 1, "... or this for a lone pip")                                                    \
  X(pip_max_off_centre, 0.6, 0, 2, "the pips' centroid lies at most this many half-sides off the top face's centre")  \
  X(pip_off_centre_weight, 0.15, 0, 2, "that distance adds this much per half-side to the layout misfit")            \
  X(pip_max_misfit, 0.25, 0, 2, "the pips fit their face's layout within this (half-sides, root mean square)")        \
  X(pip_max_stray_ink, 0.12, 0, 1,                                                                                    \
    "round spots the layout leaves out cover at most this share of the face: a die face is bare (labels, key caps)") \
  X(pip_slant_squash, 0.9, 0, 1,                                                                                      \
    "pips squashed below this show a slant: they must lie on the top face the slant allows, and the blob reader " \
    "reads alone (on dice of pip_shape_reliable pixels)")                                                          \
  X(pip_slant_slack, 1, 0, 5, "pip radii a top-face pip may lie past the top face's estimated edge")                  \
  X(pip_shape_reliable, 50, 0, 1000, "dice this wide (pixels) show a pip's shape; smaller ones' measured shape is noise") \
  X(pip_tall_outline, 1.15, 1, 3, "an outline this much taller than wide shows the near side faces below the top face") \
  X(pip_radial_outline, 1.15, 1, 3,                                                                                   \
    "an outline this elongated towards the photo's centre shows a side face there (straight-down camera, round 11)")  \
  X(pip_side_depth, 0.1, 0, 1,                                                                                        \
    "a region that reaches this much further along the direction from the photo's centre than across shows a side " \
    "face (below, outlines vary as much by chance)")                                                               \
  X(pip_conf_misfit, 0.15, 0.01, 1, "a layout misfit of this many half-sides halves the confidence's layout factor")  \
  X(pip_conf_contrast, 50, 1, 255, "spots standing out less than this (threshold levels) lower its contrast factor")  \
  X(layout_min_scale, 0.55, 0.1, 1, "faces from this share of the outline's half-side ...")                          \
  X(layout_max_scale, 1.15, 1, 3, "... to this fit the layout without penalty (pip_layout.cpp)")                     \
  X(layout_size_weight, 0.5, 0, 10, "a face's size outside that range adds this much per unit of log-scale to the misfit") \
  /* The face pattern reader (face_pattern.cpp) */                                                                   \
  X(pattern_chroma, 4, 0, 20, "weight of Lab a, b against 8-bit L in the evidence: coloured pips differ in hue")    \
  X(pattern_blur, 0.6, 0, 5, "Gaussian blur (sigma, pixels) of the face before the evidence: pixel noise only")       \
  X(pattern_rim, 0.08, 0, 0.5, "the rim left out, in sides of the outline: its edge is too thin for the top-hat")     \
  X(pattern_spot_disc, 0.5, 0.05, 2, "the evidence's top-hat disc, in half-sides: wider than a pip")                  \
  X(pattern_min_side, 8, 1, 100, "outlines of a shorter side (pixels) are not read")                                  \
  X(pattern_max_aspect, 2, 1, 10, "nor those longer than this for their width")                                      \
  X(pattern_end_slack, 1.1, 1, 3, "an outline longer than this for its width is also searched at both ends")        \
  X(pattern_step, 0.08, 0.01, 0.5, "the grid's centre moves in steps of this many half-sides ...")                   \
  X(pattern_reach, 3, 0, 10, "... this many each way")                                                               \
  X(pattern_min_pitch, 0.36, 0.1, 1, "centre-to-corner pip spacing from this many half-sides ...")                   \
  X(pattern_max_pitch, 0.6, 0.1, 1, "... to this ...")                                                               \
  X(pattern_pitches, 5, 2, 20, "... in this many steps")                                                             \
  X(pattern_turn, 0.1, 0, 0.8, "the grid is turned this many radians either side of the outline's angle")            \
  X(pattern_pip_ratio, 0.4, 0.05, 1, "a pip's radius over the pitch (geometry of a standard die)")                    \
  X(pattern_max_pip_area, 0.9, 0.1, 1, "the pips' estimated area is at most this share of a tiny face")              \
  X(pattern_alike_colour, 0.2, -1, 1,                                                                                 \
    "colour consistency below which a reading's pips are not one colour: a glint, a speck, a marbled swirl "       \
    "(round 4)")                                                                                                    \
  /* How the blob and pattern readings combine (reading_choice.cpp) */                                               \
  X(choice_raise, 1.2, 1, 10, "the pattern's value raises the blob count when it scores this many times the blob value's") \
  X(choice_lower, 3, 1, 10, "and lowers it at this many times: a glint or side-face pip completing a layout")         \
  X(choice_clear_raise_margin, 25, 0, 255, "a raise whose pips all stand out by this margin needs no lead (round 9)") \
  X(choice_dulled_margin, 20, 0, 255, "a raise to a value unlike in colour needs this margin ...")                    \
  X(choice_dulled_raise, 1.35, 1, 10, "... and this score ratio: a pip dulled by a marbled swirl (round 11)")         \
  X(choice_doubtful, 0.4, -1, 1,                                                                                      \
    "blob pips less alike in colour than this make the blob value doubtful (its right readings measure 0.58 and "  \
    "up in the 1st percentile)")                                                                                    \
  X(choice_streak, 1.6, 1, 10,                                                                                        \
    "an added spot this elongated (long over short axis) is a streak, not a pip: 1.8 let rendered swirls through " \
    "(round 6)")                                                                                                    \
  X(choice_streak_lead, 1.3, 1, 10, "and this many times the roundest pips' elongation (1.4 let swirls through)")     \
  X(choice_streak_pip, 2, 1, 10, "a blob pip must be this elongated to be a streak: it passed for round (round 10)")  \
  X(choice_streak_lower, 0.9, 0, 2, "the value without a streak point must score this share of the blob value's")     \
  X(choice_rescue_margin, 20, 0, 255, "where the blobs show no face, the pattern's needs this margin ...")            \
  X(choice_rescue_score, 0.3, 0, 2, "... and this score: a cable or texture explains little of the face")             \
  /* The dice of one photo agree (dice_agreement.cpp) */                                                              \
  X(agree_min_size, 0.5, 0, 1, "dice smaller than this share of the surer half's typical side are no dice ...")      \
  X(agree_max_size, 2, 1, 10, "... and larger than this many times it (key caps, stickers)")                          \
  X(agree_overlap, 0.6, 0, 1,                                                                                         \
    "two dice sharing this share of the smaller box are one die read twice: dice side by side share at most a "   \
    "quarter (both turned 45 degrees, face to face), more with side faces and shadows in the box; against 0.75, "  \
    "renders +2 photos (a die read again off its centre), none lost; at 0.5 plain 53 reads a 3 as a 4")           \
  X(agree_side_overlap, 0.15, 0, 1,                                                                                   \
    "a side face: two dice sharing this share of the smaller box are a top face and its side face when the "          \
    "learned reader vouches for one only (agree_vouched); 0.08 reads plain-steep 1..120 the same, 0.3 two "           \
    "fewer")                                                                                                          \
  X(agree_side_detail, 60, 0, 10000,                                                                                  \
    "... and both were seen in this much detail (die_detail: side over edge width): steep renders' side-face "        \
    "pairs 58-215, nellbyler's overlapping neighbours 20-49 (4x enlarged, they read the same), 46-px dice in a "      \
    "sharp render 50; 100 reads plain-steep 1..120 three photos fewer")                                               \
  X(agree_clear_polarity, 15, 0, 255, "pip contrast (8-bit L) that gives a reading a clear polarity")                  \
  X(agree_body_apart, 60, 0, 255,                                                                                     \
    "a lone candidate whose body is this much darker (8-bit L) than every other die's is odd: a key cap, a plug "  \
    "(matteop65 three_36)")                                                                                         \
  X(agree_less_sure, 0.03, 0, 1,                                                                                      \
    "and is dropped when read this much less surely than the median die: more than the jitter between clean "      \
    "readings (round 6)")                                                                                           \
  X(agree_vouched, 0.9, 0, 1,                                                                                          \
    "unless the learned reader reads its value with this probability (1 never) and the rules ...: "                 \
    "a coloured die among white ones (rendered plain scenes with coloured dice)")                                   \
  X(agree_vouched_rules, 0.8, 0, 1,                                                                                   \
    "... at least this surely (0.9 drops a coloured die among white ones, plain-coloured 121..160)")                \
  X(agree_frame_body_match, 30, 0, 255, "a die cut by the frame stays when a die inside has a body this close (8-bit L)")

struct DiceSettings {
#define PUZZLESAT_DICE_FIELD(name, def, lo, hi, why) double name = def;
  PUZZLESAT_DICE_SETTINGS(PUZZLESAT_DICE_FIELD)
#undef PUZZLESAT_DICE_FIELD
};

struct DiceSettingInfo {
  std::string_view name;
  double default_value, min, max;
  std::string_view reason;
};

// The table, in order.
const std::vector<DiceSettingInfo>& dice_setting_table();

// Sets one setting of `settings`. Throws InputError naming the setting for an unknown name
// or a value out of its range.
void set_dice_setting(DiceSettings& settings, std::string_view name, double value);

// "NAME=VALUE", as given on a command line (`--set`).
void set_dice_setting(DiceSettings& settings, std::string_view assignment);

}  // namespace puzzlesat::dice_vision
