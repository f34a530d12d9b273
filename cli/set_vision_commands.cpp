// `puzzlesat set photo`, `set eval` and `set render`: read a photo of a SET table (cards,
// sets found or proved absent by SAT, annotated image), score the reader on labelled
// photos, and draw synthetic tables with known cards. They extend the `set` group from
// cli/set_commands.cpp.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <puzzlesat/batch.h>
#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include "cli/proof_args.h"
#include <puzzlesat/input_error.h>
#include <puzzlesat/progress.h>
#include "frontends/image/image_file.h"
#include "frontends/set/annotate.h"
#include "frontends/set/evaluation.h"
#include "frontends/set/reader_settings.h"
#include "frontends/set/photo.h"
#include "frontends/set/scene.h"
#include "frontends/set/table_reader.h"
#include "frontends/set/table_sets.h"
#include "problems/set/card_text.h"
#include "problems/set/sat_finder.h"

namespace puzzlesat::cli {
namespace {

using namespace puzzlesat::set_vision;
using nlohmann::json;

struct PhotoOptions {
  Batch batch{Batch::Style{"answered", "unsolved", false}};  // the text names each photo
  std::string output;
  bool json = false;
  bool all = false;
  ProofArgs proof;
};

std::string weakest(const CardReading& r) {
  int a = 0;
  for (int i = 1; i < set::kAttributes; ++i)
    if (r.attributes[i].confidence < r.attributes[a].confidence) a = i;
  return std::string(set::attribute_name(a));
}

void write_annotated(const std::string& path, const cv::Mat& image) {
  bool written = false;
  try {
    written = image::write_image(path, image);
  } catch (const cv::Exception&) {
  }
  if (!written) throw InputError("cannot write the annotated image (use a .png or .jpg name)", {path});
}

void run_photo(const PhotoOptions& opt, BatchItem& item) {
  const std::string& image_path = item.input;
  Photo photo = load_photo(image_path);
  TableReading table = read_table(photo.image, photo.scale);
  if (table.cards.empty()) {
    // A readable photo without a card is an answer, not bad input: say so and go on.
    std::cerr << fmt::format("{}: no SET card found\n", image_path);
    if (!opt.output.empty()) {
      Annotation none;
      none.banner = "NO SET CARD FOUND";
      write_annotated(opt.output, annotate(photo.image, photo.scale, table, none));
    }
    if (item.json) item.result = json{{"cards", json::array()}, {"sets", json::array()}, {"no_set", false}};
    else std::cout << fmt::format("{}: 0 cards ({}x{} px)\n", image_path, photo.original.width, photo.original.height);
    return;
  }

  TableSets found = find_table_sets(table, opt.all);
  auto proof = opt.proof.options();
  if (proof && found.sets.empty() && !set::prove_no_set(found.board, opt.proof.backend("cadical"), *proof)) {
    throw std::logic_error("no set was found, but the proof run found one");
  }
  Annotation annotation;
  annotation.sets = found.sets;
  const bool no_set = annotation.sets.empty();
  if (no_set) annotation.banner = "NO SET REMAINS - proved by SAT";

  if (!opt.output.empty()) write_annotated(opt.output, annotate(photo.image, photo.scale, table, annotation));

  if (item.json) {
    json cards = json::array();
    for (const auto& c : table.cards) {
      json corners = json::array();
      for (const auto& p : c.corners) corners.push_back({std::lround(p.x), std::lround(p.y)});
      cards.push_back({{"card", set::to_string(c.reading.card())},
                       {"corners", corners},
                       {"confidence", std::round(c.reading.confidence() * 1000) / 1000},
                       {"flagged", c.reading.confidence() < low_confidence()}});
    }
    json sets = json::array();  // cards numbered from 1, as in the text
    for (const auto& t : annotation.sets) sets.push_back({t[0] + 1, t[1] + 1, t[2] + 1});
    json out{{"cards", cards}, {"sets", sets}, {"no_set", no_set}};
    if (proof && no_set) out["proof"] = proof->path;
    item.result = out;
    return;
  }
  std::cout << fmt::format("{}: {} cards ({}x{} px; decode {:.3f} s, read {:.3f} s)\n", image_path,
                           table.cards.size(), photo.original.width, photo.original.height,
                           photo.decode_seconds, table.seconds);
  for (size_t i = 0; i < table.cards.size(); ++i) {
    const auto& c = table.cards[i];
    cv::Point2f centre = quad_center(c.corners);
    double conf = c.reading.confidence();
    std::cout << fmt::format("  #{:<3} {:<30} at ({:5.0f},{:5.0f})  confidence {:.2f}{}\n", i + 1,
                             set::to_string(c.reading.card()), centre.x, centre.y, conf,
                             conf < low_confidence() ? "  LOW: check " + weakest(c.reading) : "");
  }
  if (no_set) {
    std::cout << "no set remains — proved by SAT\n";
    if (proof) std::cout << proof_note(*proof) << "\n";
    return;
  }
  std::cout << (opt.all ? fmt::format("{} sets:\n", annotation.sets.size()) : std::string("a set:\n"));
  for (const auto& t : annotation.sets) {
    std::string names;
    for (int i : t) names += (names.empty() ? "" : ", ") + set::to_string(table.cards[i].reading.card());
    std::cout << fmt::format("  #{} #{} #{}: {}\n", t[0] + 1, t[1] + 1, t[2] + 1, names);
  }
}

struct RenderOptions {
  std::string output;
  std::string labels;
  unsigned seed = 1;
  int cards = 12;
  bool touching = false;
  bool white_desk = false, shadow = false, corner_labels = false, shadow_tips = false, end_covers = false;
  bool grey_desk = false, mottled_desk = false, card_shadows = false, glare = false, draw_pile = false, steep_pile = false;
  bool grey_marks = false;
  std::vector<std::string> ink_shades;  // COLOUR=VALUE
  double edge_contrast = 1, edge_softness = 0, exposure = 1, falloff = 1, scale = 1, defocus = 0, view_tilt = 0;
  std::vector<double> tint{1, 1, 1};  // R, G, B
  std::vector<double> paper;          // R, G, B; empty: the standard white stock
  std::string framing = "table";
  CardStyle print;
  bool json = false;
};

void run_render(const RenderOptions& opt) {
  if (opt.cards < 1 || opt.cards > 30) throw InputError("--cards must be between 1 and 30");
  set_vision::SceneOptions so;
  so.cards = opt.cards;
  so.touching = opt.touching && opt.cards >= 2;
  so.white_table = opt.white_desk;
  so.grey_table = opt.grey_desk;
  so.mottled_table = opt.mottled_desk;
  so.clutter = !opt.white_desk && !opt.grey_desk && !opt.mottled_desk;  // a clean desk shows the edges it is meant to test
  so.shadow = opt.shadow;
  so.labels = opt.corner_labels;
  so.wedges = opt.shadow_tips;
  so.end_covers = opt.end_covers;
  so.edge_contrast = opt.edge_contrast;
  so.edge_softness = opt.edge_softness;
  so.framing = opt.framing == "closeup" ? Framing::closeup : opt.framing == "tight-crop" ? Framing::tight_crop : Framing::table;
  so.print = opt.print;
  for (const std::string& shade : opt.ink_shades) {
    const size_t eq = shade.find('=');
    const std::string colour = shade.substr(0, eq);
    const int which = colour == "red" ? 0 : colour == "green" ? 1 : colour == "purple" ? 2 : -1;
    double value = 0;
    const bool number = eq != std::string::npos && CLI::detail::lexical_cast(shade.substr(eq + 1), value);
    if (which < 0 || !number || value < -1 || value > 1)
      throw InputError("--ink-shade takes COLOUR=VALUE, COLOUR red, green or purple and VALUE -1..1, not '" + shade + "'");
    so.print.ink_shade[which] = value;
  }
  so.grey_marks = opt.grey_marks;
  so.card_shadows = opt.card_shadows;
  so.glare = opt.glare;
  so.exposure = opt.exposure;
  so.falloff = opt.falloff;
  so.tint = cv::Scalar(opt.tint[2], opt.tint[1], opt.tint[0]);
  if (!opt.paper.empty()) so.print.paper = cv::Scalar(opt.paper[2], opt.paper[1], opt.paper[0]);
  so.draw_pile = opt.draw_pile || opt.steep_pile;
  so.steep_pile = opt.steep_pile;
  so.scale = opt.scale;
  so.view_tilt = opt.view_tilt;
  so.defocus = opt.defocus;
  set_vision::Scene scene = compose_scene(opt.seed, so);
  bool written = false;
  try {
    written = image::write_image(opt.output, scene.image, 90);
  } catch (const cv::Exception&) {
  }
  if (!written) throw InputError("cannot write the image (use a .png or .jpg name)", {opt.output});
  std::string text;
  for (const auto& c : scene.cards) text += set::to_string(c) + "\n";
  if (!opt.labels.empty()) {
    std::ofstream out(opt.labels);
    if (!(out << text)) throw InputError("cannot write the label file", {opt.labels});
  }
  if (opt.json) {
    json cards = json::array();
    for (const auto& c : scene.cards) cards.push_back(set::to_string(c));
    std::cout << json{{"image", opt.output}, {"seed", opt.seed}, {"cards", cards}}.dump(-1, ' ', false, kUtf8Replace)
              << "\n";
    return;
  }
  std::cout << text;
}

json score_json(const PhotoScore& s) {
  json j = {{"labelled", s.labelled},
            {"detected", s.detected},
            {"matched", s.matched},
            {"cards_correct", s.cards_correct},
            {"recall", s.recall()},
            {"precision", s.precision()},
            {"card_accuracy", s.accuracy()},
            {"flagged", s.flagged},
            {"silent", s.silent},
            {"decode_seconds", s.decode_seconds},
            {"process_seconds", s.process_seconds}};
  for (int a = 0; a < set::kAttributes; ++a)
    j[std::string(set::attribute_name(a)) + "_accuracy"] =
        s.labelled ? double(s.attribute_correct[a]) / s.labelled : 1.0;
  return j;
}

std::string score_row(const std::string& name, const PhotoScore& s, int photos) {
  auto pct = [](int n, int d) { return d ? 100.0 * n / d : 100.0; };
  return fmt::format("{:<58} {:>4} {:>4} {:>6.1f} {:>6.1f} {:>6.1f} {:>6.1f} {:>6.1f} {:>6.1f} {:>6.1f} {:>4} {:>6} {:>7.3f} {:>7.3f}\n",
                     name, s.labelled, s.detected, pct(s.matched, s.labelled), pct(s.matched, s.detected),
                     pct(s.attribute_correct[0], s.labelled), pct(s.attribute_correct[1], s.labelled),
                     pct(s.attribute_correct[2], s.labelled), pct(s.attribute_correct[3], s.labelled),
                     pct(s.cards_correct, s.labelled), s.flagged, s.silent, s.decode_seconds / photos,
                     s.process_seconds / photos);
}

void run_eval(const std::string& dir, bool as_json) {
  auto photos = labelled_photos(dir);
  if (photos.empty()) throw InputError("no labelled photos (X.jpg with X.cards.txt) in the directory", {dir});
  PhotoScore total;
  json rows = json::array();
  if (!as_json)
    std::cout << fmt::format("{:<58} {:>4} {:>4} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>4} {:>6} {:>7} {:>7}\n", "photo",
                             "lab", "det", "recall", "prec", "number", "color", "shade", "shape", "card",
                             "flag", "silent", "dec s", "proc s");
  Progress progress("photos", static_cast<std::int64_t>(photos.size()));
  std::int64_t done = 0;
  for (const auto& path : photos) {
    PhotoScore s = evaluate_photo(path);
    progress.clear();  // each row prints on a line of its own; the line returns after it
    total += s;
    if (as_json) {
      json j = score_json(s);
      j["photo"] = s.name;
      json misses = json::array();
      for (const auto& m : s.misses)
        misses.push_back({{"label", set::to_string(m.label)}, {"read", m.read}, {"flagged", m.flagged}});
      j["misses"] = misses;
      rows.push_back(j);
    } else {
      std::cout << score_row(s.name, s, 1);
      for (const auto& m : s.misses)
        std::cout << fmt::format("    miss: {} read as {}{}\n", set::to_string(m.label),
                                 m.read.empty() ? "(not found)" : m.read, m.flagged ? " (flagged)" : "");
    }
    progress.update(++done);
  }
  progress.clear();
  if (as_json) {
    std::cout << json{{"photos", rows}, {"totals", score_json(total)}, {"photo_count", photos.size()}}.dump(-1, ' ', false, kUtf8Replace) << "\n";
  } else {
    std::cout << score_row(fmt::format("TOTAL ({} photos; seconds are per photo)", photos.size()), total, int(photos.size()));
  }
}

void run_settings(bool as_json) {
  json rows = json::array();
  for (const SettingInfo& info : reader_setting_table()) {
    if (as_json)
      rows.push_back({{"name", info.name}, {"default", info.default_value}, {"min", info.min}, {"max", info.max},
                      {"reason", info.reason}});
    else
      std::cout << fmt::format("{:<28} {:>8g}  [{:g}, {:g}]  {}\n", info.name, info.default_value, info.min, info.max,
                               info.reason);
  }
  if (as_json) std::cout << rows.dump() << "\n";
}

}  // namespace

void add_set_vision_commands(Commands& commands) {
  CLI::App* set = &commands.app;

  auto opt = std::make_shared<PhotoOptions>();
  auto* photo = set->add_subcommand("photo", "Read the cards in a photo of a SET table and find the sets");
  opt->batch.add_options(*photo, "IMAGE", "Photos (JPEG or PNG) of cards on a table");
  photo->add_option("-o,--output", opt->output, "Write the photo with cards and sets drawn on it (PNG or JPEG)");
  photo->add_flag("--json", opt->json, "Machine-readable output");
  photo->add_flag("--all", opt->all, "Find every set (by SAT model enumeration), not just one");
  opt->proof.add_options(photo, "no set is among the cards read (written only when none is)");
  photo->callback([opt] {
    if (opt->batch.batched(opt->batch.inputs().size()) && (!opt->output.empty() || opt->proof.requested()))
      throw InputError("-o and --proof take one photo, not several (or --jsonl)");
    opt->batch.run(opt->json, [&](BatchItem& item) { run_photo(*opt, item); });
  });

  auto ropt = std::make_shared<RenderOptions>();
  auto* render = set->add_subcommand("render", "Draw a synthetic photo of a SET table with known cards");
  render->add_option("OUTPUT", ropt->output, "Image to write (PNG or JPEG)")->required();
  render->add_option("--seed", ropt->seed, "Random seed: the same seed draws the same table")
      ->check(whole_number())
      ->capture_default_str();
  render->add_option("--cards", ropt->cards, "Number of distinct cards, 1..30")->capture_default_str();
  render->add_flag("--touching", ropt->touching, "Lay the second card edge to edge against the first");
  render->add_flag("--white-desk", ropt->white_desk, "A white desk nearly as bright as the cards, no clutter");
  render->add_flag("--shadow", ropt->shadow, "A sharp cast shadow across part of the table");
  render->add_flag("--corner-labels", ropt->corner_labels, "A black label over one corner of every card");
  render->add_flag("--end-covers", ropt->end_covers, "A dark object across one end of every card, at a slant");
  render->add_flag("--shadow-tips", ropt->shadow_tips, "A pointed shadow reaching a symbol of each card");
  // The conditions of issue #18: pale desks, one card alone, other decks, difficult light.
  render->add_flag("--grey-desk", ropt->grey_desk, "A light-grey desk, a little darker than the cards, no clutter");
  render->add_flag("--mottled-desk", ropt->mottled_desk,
                   "A pale mottled stone worktop: warm-grey blots of a symbol's size and a fine grain, no clutter");
  render->add_option("--edge-contrast", ropt->edge_contrast,
                     "0..1: darkness of the cards' cut edge and, on a white or grey desk, the desk's distance below the "
                     "paper's white; low values melt the card outline")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  render->add_option("--edge-softness", ropt->edge_softness, "Blur of each card's outline, in pixels (sigma)")
      ->check(CLI::Range(0.0, 50.0))
      ->capture_default_str();
  render->add_option("--framing", ropt->framing,
                     "table: a grid of --cards cards; closeup: one card filling most of the frame, maybe cut by its "
                     "edge; tight-crop: one card with a 0-20% margin")
      ->check(CLI::IsMember({"table", "closeup", "tight-crop"}))
      ->capture_default_str();
  render->add_flag("--card-rim", ropt->print.rim_all_round,
                   "Draw the cards' grey cut edge along the straight sides too, not only round the corners");
  render->add_option("--stripe-pitch", ropt->print.stripe_pitch, "Distance between stripes, times the standard print's")
      ->check(CLI::Range(0.2, 5.0))
      ->capture_default_str();
  render->add_option("--stripe-width", ropt->print.stripe_width, "Stripe thickness, times the standard print's")
      ->check(CLI::Range(0.2, 5.0))
      ->capture_default_str();
  render->add_option("--stripe-strength", ropt->print.stripe_strength,
                     "0..1: stripe ink opacity (fine pale stripes look like a tint)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  render->add_option("--line-weight", ropt->print.line_weight, "Symbol outline thickness, times the standard print's")
      ->check(CLI::Range(0.2, 5.0))
      ->capture_default_str();
  render->add_option("--ink-lightness", ropt->print.ink_lightness,
                     "-1..1: inks mixed towards black (below 0) or towards the paper (above 0)")
      ->check(CLI::Range(-1.0, 1.0))
      ->capture_default_str();
  render->add_option("--ink-hue", ropt->print.ink_hue, "Degrees added to every ink's hue (another deck's inks)")
      ->check(CLI::Range(-60.0, 60.0))
      ->capture_default_str();
  render->add_option("--ink-shade", ropt->ink_shades,
                     "COLOUR=VALUE: one ink (red, green, purple) mixed towards black (VALUE below 0) or the paper "
                     "(above 0), -1..1, on top of --ink-lightness: one ink nearly black (repeatable)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false);
  render->add_flag("--grey-marks", ropt->grey_marks,
                   "Four more cells that hold no card: three cards printed in grey and pen outlines of symbols");
  render->add_flag("--card-shadows", ropt->card_shadows, "A soft shadow across part of every card");
  render->add_flag("--glare", ropt->glare, "A bright specular patch over one card");
  render->add_option("--exposure", ropt->exposure, "Light level: below 1 is dim light (and more sensor noise)")
      ->check(CLI::Range(0.1, 2.0))
      ->capture_default_str();
  render->add_option("--falloff", ropt->falloff,
                     "Below 1: one lamp beside the table, the farthest corner lit to this share of the brightest")
      ->check(CLI::Range(0.1, 1.0))
      ->capture_default_str();
  render->add_option("--defocus", ropt->defocus,
                     "Above 0: the whole photo blurred by this Gaussian sigma (pixels of the 1600-px photo), as a "
                     "camera focused elsewhere or shaken takes it")
      ->check(CLI::Range(0.0, 10.0))
      ->capture_default_str();
  render->add_option("--scale", ropt->scale,
                     "Below 1: the finished photo shrunk by this, as a camera of fewer pixels or from further away "
                     "takes it (the photo is 1600x1200 at 1)")
      ->check(CLI::Range(0.1, 1.0))
      ->capture_default_str();
  render->add_option("--view-tilt", ropt->view_tilt,
                     "Degrees the camera is turned from straight down (0..70): the table seen obliquely, the far "
                     "cards smaller and foreshortened")
      ->check(CLI::Range(0.0, 70.0))
      ->capture_default_str();
  render->add_option("--tint", ropt->tint, "Colour of the light as R,G,B gains, e.g. 1,0.8,0.55 for lamplight")
      ->delimiter(',')
      ->expected(3)
      ->check(CLI::Range(0.0, 2.0));
  render->add_option("--paper", ropt->paper,
                     "The card stock's colour as R,G,B (the standard is 250,248,246), e.g. 226,218,200 for cream stock "
                     "that a white desk outshines")
      ->delimiter(',')
      ->expected(3)
      ->check(CLI::Range(0.0, 255.0));
  render->add_flag("--draw-pile", ropt->draw_pile,
                   "A face-up stack of cards at the left or right edge; its top card is labelled");
  render->add_flag("--steep-pile", ropt->steep_pile,
                   "The draw pile seen steeply across its turned cards, at the frame's edge (implies --draw-pile)");
  render->add_option("--labels", ropt->labels, "Also write the cards, one per line, to this file (X.cards.txt)");
  render->add_flag("--json", ropt->json, R"(Print {"image": OUTPUT, "seed": n, "cards": [card...]} on one line)");
  render->callback([ropt] { run_render(*ropt); });

  auto dir = std::make_shared<std::string>();
  auto as_json = std::make_shared<bool>(false);
  auto overrides = std::make_shared<std::vector<std::string>>();
  auto* eval = set->add_subcommand("eval", "Score the photo reader on labelled photos (X.jpg + X.cards.txt)");
  eval->add_option("DIR", *dir, "Directory of labelled photos")->required();
  eval->add_flag("--json", *as_json, "Machine-readable output");
  eval->add_option("--set", *overrides,
                   "NAME=VALUE: read with one of the reader's settings changed, to measure it (repeatable; "
                   "`puzzlesat set settings` lists them)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false);  // one NAME=VALUE each time, so the folder may follow
  eval->callback([dir, as_json, overrides] {
    for (const std::string& assignment : *overrides) override_reader_setting(assignment);
    run_eval(*dir, *as_json);
  });

  auto settings_json = std::make_shared<bool>(false);
  auto* settings = set->add_subcommand("settings", "List the photo reader's tuned settings: name, default, range, reason");
  settings->add_flag("--json", *settings_json, "One JSON object per setting, in an array");
  settings->callback([settings_json] { run_settings(*settings_json); });
}

const CommandGroup set_vision_group{set_group, add_set_vision_commands};

}  // namespace puzzlesat::cli
