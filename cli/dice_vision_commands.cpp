// `puzzlesat yahtzee dice`, `dice-eval`, `dice-scene` and `dice-crops`: read the dice in a
// photo, measure the reader on a folder of labelled photos, draw a synthetic roll, write
// labelled die crops from rendered rolls. They join the `yahtzee` group.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include <puzzlesat/batch.h>
#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include "cli/yahtzee_advise.h"
#include <puzzlesat/input_error.h>
#include <puzzlesat/progress.h>
#include <puzzlesat/seed_mix.h>
#include "frontends/dice/crop_set.h"
#include "frontends/dice/dice_annotate.h"
#include "frontends/dice/dice_labels.h"
#include "frontends/dice/dice_reader.h"
#include "frontends/dice/dice_scene.h"
#include "frontends/dice/dice_settings.h"
#include "frontends/image/image_file.h"
#include "frontends/image/load_image.h"

namespace puzzlesat::cli {

namespace {

namespace fs = std::filesystem;
using namespace puzzlesat::dice_vision;

nlohmann::json dice_json(const std::vector<Die>& dice) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& d : dice)
    list.push_back({{"pips", d.pips},
                    {"box", {d.box.x, d.box.y, d.box.width, d.box.height}},
                    {"confidence", std::round(d.confidence * 1000) / 1000}});
  return list;
}

void write_annotated(const cv::Mat& image, const std::vector<Die>& dice, const std::string& path) {
  const cv::Mat annotated = annotate_dice(image, dice);
  bool ok = false;
  try {
    ok = image::write_image(path, annotated);
  } catch (const cv::Exception&) {
    ok = false;
  }
  if (!ok) throw InputError("cannot write the annotated image (use a .png or .jpg name in a writable folder)", {path});
}

void run_dice(BatchItem& item, const std::string& annotated_path, const ReadOptions& options) {
  const std::string& image_path = item.input;
  const cv::Mat image = image::load_image(image_path);
  const auto dice = read_dice(image, options);
  // A photo that decodes but shows no die is an answer, not bad input: the table may be
  // empty. stderr says so, so that a wrong photo is still noticed.
  if (dice.empty()) std::cerr << fmt::format("puzzlesat: note: no dice found in {}\n", image_path);
  if (!annotated_path.empty()) write_annotated(image, dice, annotated_path);
  if (item.json) {
    item.result = {{"dice", dice_json(dice)}};
    return;
  }
  std::vector<int> values;
  for (const auto& d : dice) values.push_back(d.pips);
  std::sort(values.begin(), values.end());
  if (values.empty())
    std::cout << "0 dice\n";
  else
    std::cout << fmt::format("{} dice: {}\n", dice.size(), fmt::join(values, " "));
}

std::string read_text(const fs::path& path) { return read_input(path.string()); }

constexpr DieFault::Kind kFaultKinds[] = {DieFault::Kind::NotFound, DieFault::Kind::TooFewPips,
                                          DieFault::Kind::TooManyPips, DieFault::Kind::Extra};

// One line per fault, so a missed photo can be traced to its dice: "read 2 for a 5 at (x, y)".
std::string describe_fault(const DieFault& f) {
  const cv::Point at(f.box.x + f.box.width / 2, f.box.y + f.box.height / 2);
  switch (f.kind) {
    case DieFault::Kind::NotFound: return fmt::format("not found: a {} at ({}, {})", f.labelled_pips, at.x, at.y);
    case DieFault::Kind::Extra: return fmt::format("extra: a {} read at ({}, {}) where no die is labelled", f.read_pips, at.x, at.y);
    default: return fmt::format("{}: read {} for a {} at ({}, {})", fault_name(f.kind), f.read_pips, f.labelled_pips, at.x, at.y);
  }
}

nlohmann::json faults_json(const std::vector<DieFault>& faults) {
  auto out = nlohmann::json::array();
  for (const auto& f : faults)
    out.push_back({{"kind", fault_name(f.kind)},
                   {"labelled", f.labelled_pips},
                   {"read", f.read_pips},
                   {"box", {f.box.x, f.box.y, f.box.width, f.box.height}}});
  return out;
}

nlohmann::json fault_totals_json(std::map<DieFault::Kind, int>& counts) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto kind : kFaultKinds) out[fault_name(kind)] = counts[kind];
  return out;
}

void run_dice_eval(const std::string& dir, const ReadOptions& options, bool json) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError("not a directory", {dir});
  std::vector<fs::path> images;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const fs::path p = entry.path();
    if (p.extension() == ".jpg" && fs::exists(fs::path(p).replace_extension(".dice.txt"))) images.push_back(p);
  }
  std::sort(images.begin(), images.end());
  if (images.empty()) throw InputError("no X.jpg with X.dice.txt in this directory", {dir});

  nlohmann::json rows = nlohmann::json::array();
  int exact = 0, labelled = 0, correct = 0, found = 0, matched = 0;
  std::map<DieFault::Kind, int> fault_counts;
  bool all_by_position = true;
  double seconds = 0;
  Progress progress("photos", static_cast<std::int64_t>(images.size()));
  std::int64_t done = 0;
  for (const auto& path : images) {
    progress.update(done++);  // shown while this photo is read; erased before any line prints
    const cv::Mat image = image::load_image(path.string());
    const fs::path values_path = fs::path(path).replace_extension(".dice.txt");
    const fs::path boxes_path = fs::path(path).replace_extension(".boxes.txt");
    const auto values = parse_dice_values(read_text(values_path), values_path.string());
    std::vector<LabelledDie> boxes;
    if (fs::exists(boxes_path)) boxes = parse_dice_boxes(read_text(boxes_path), image.size(), boxes_path.string());

    const auto start = std::chrono::steady_clock::now();
    const auto dice = read_dice(image, options);
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    const ReadingScore s = score_reading(dice, values, boxes);
    seconds += elapsed;
    exact += s.exact;
    labelled += s.labelled;
    correct += s.correct;
    found += s.found;
    matched += s.matched;
    all_by_position &= s.by_position;
    for (const auto& f : s.faults) ++fault_counts[f.kind];
    std::vector<int> read;
    for (const auto& d : dice) read.push_back(d.pips);
    std::sort(read.begin(), read.end());
    if (json) {
      rows.push_back({{"image", path.filename().string()},
                      {"expected", values},
                      {"read", read},
                      {"exact", s.exact},
                      {"dice", s.labelled},
                      {"dice_correct", s.correct},
                      {"dice_found", dice_json(dice)},
                      {"faults", faults_json(s.faults)},
                      {"seconds", elapsed}});
    } else if (!s.exact) {
      progress.clear();
      std::cout << fmt::format("miss {}: expected [{}] read [{}]\n", path.filename().string(), fmt::join(values, " "),
                               fmt::join(read, " "));
      for (const auto& f : s.faults) std::cout << "  " << describe_fault(f) << "\n";
    }
  }
  progress.clear();
  const double n = static_cast<double>(images.size());
  const auto ratio = [](int a, int b) { return b ? double(a) / b : 0.0; };
  if (json) {
    nlohmann::json detection = nullptr;
    if (all_by_position)
      detection = {{"dice_read", found},
                   {"dice_matched", matched},
                   {"recall", ratio(matched, labelled)},
                   {"precision", ratio(matched, found)},
                   {"pip_accuracy_on_matched", ratio(correct, matched)},
                   {"faults", fault_totals_json(fault_counts)}};
    std::cout << nlohmann::json{{"images", rows},
                                {"totals",
                                 {{"images", images.size()},
                                  {"exact", exact},
                                  {"exact_accuracy", exact / n},
                                  {"dice", labelled},
                                  {"dice_correct", correct},
                                  {"die_accuracy", labelled ? double(correct) / labelled : 0.0},
                                  {"dice_matched_by_position", all_by_position},
                                  {"detection", detection},
                                  {"seconds_per_image", seconds / n}}}}
                     .dump(-1, ' ', false, kUtf8Replace)
              << "\n";
    return;
  }
  std::cout << fmt::format("images: {}  exact: {} ({:.1f}%)\n", images.size(), exact, 100.0 * exact / n);
  std::cout << fmt::format("dice: {}  correct: {} ({:.1f}%, matched by {})\n", labelled, correct,
                           labelled ? 100.0 * correct / labelled : 0.0, all_by_position ? "position" : "value");
  if (all_by_position)
    std::cout << fmt::format("detection: recall {:.1f}%  precision {:.1f}%  pips right on dice found {:.1f}%\n",
                             100 * ratio(matched, labelled), 100 * ratio(matched, found), 100 * ratio(correct, matched));
  if (all_by_position) {
    std::cout << "faults:";
    for (const auto kind : kFaultKinds) std::cout << fmt::format(" {} {};", fault_name(kind), fault_counts[kind]);
    std::cout << "\n";
  }
  std::cout << fmt::format("seconds per image: {:.4f}\n", seconds / n);
}

// `yahtzee advise --photo IMAGE`: the roll comes from the photo, which must show five dice.
void add_photo_to_advise(AdviseExtension& extension) {
  if (!extension.advise) return;
  auto photo_option = std::make_shared<std::string>();
  extension.advise->add_option("--photo", *photo_option, "Read the five dice from a photo instead of --roll");
  extension.roll_sources.push_back([photo_option]() -> std::optional<yahtzee::Roll> {
    const std::string& photo = *photo_option;
    if (photo.empty()) return std::nullopt;
    const auto dice = read_dice_file(photo);
    if (dice.size() != yahtzee::kDice)
      throw InputError(fmt::format("found {} {} in the photo; advise needs exactly {}", dice.size(),
                                   dice.size() == 1 ? "die" : "dice", yahtzee::kDice),
                       {photo});
    yahtzee::Roll roll{};
    for (std::size_t i = 0; i < roll.size(); ++i) roll[i] = dice[i].pips;
    std::sort(roll.begin(), roll.end());
    return roll;
  });
}

struct SceneCommandOptions {
  std::string path;
  std::uint64_t seed = 1;
  int count = 5;
  bool varied = false;
  bool plain = false;
  bool coloured = false;
  bool steep = false;
  float min_side = 200, max_side = 600;
  bool labels = false;
  bool json = false;
};

// X.dice.txt and X.boxes.txt beside X.jpg, as the labelled photos have them, so a folder of
// scenes is read by `dice-eval` like a folder of photos.
void write_scene_labels(const std::string& image_path, const dice_vision::Scene& scene) {
  const fs::path values_path = fs::path(image_path).replace_extension(".dice.txt");
  const fs::path boxes_path = fs::path(image_path).replace_extension(".boxes.txt");
  std::ofstream values(values_path), boxes(boxes_path);
  values << format_dice_values(sorted_values(scene));
  boxes << format_dice_boxes(labelled_dice(scene), scene.size);
  if (!values || !boxes) throw InputError("cannot write the label files beside the image", {image_path});
}

void run_dice_scene(const SceneCommandOptions& o) {
  dice_vision::SceneOptions options;
  options.dice = o.count;
  PlainSceneOptions plain;
  plain.dice = o.count;
  plain.min_side = o.min_side;
  plain.max_side = o.max_side;
  plain.coloured = o.coloured;
  plain.steep = o.steep;
  const dice_vision::Scene scene = o.plain ? plain_scene(o.seed, plain) : o.varied ? varied_scene(o.seed) : random_scene(o.seed, options);
  bool ok = false;
  try {
    ok = image::write_image(o.path, render_scene(scene, o.seed));
  } catch (const cv::Exception&) {
    ok = false;
  }
  if (!ok) throw InputError("cannot write the image (use a .png or .jpg name in a writable folder)", {o.path});
  if (o.labels) write_scene_labels(o.path, scene);
  const std::vector<int> values = sorted_values(scene);
  if (o.json) {
    std::cout << nlohmann::json{{"image", o.path}, {"seed", o.seed}, {"dice", values}}.dump(-1, ' ', false, kUtf8Replace)
              << "\n";
    return;
  }
  std::cout << fmt::format("{} dice: {}\n", values.size(), fmt::join(values, " "));
}

// `yahtzee dice-settings`: the table of dice_settings.h, as `set settings` lists the SET
// reader's.
void run_dice_settings(bool json) {
  nlohmann::json rows = nlohmann::json::array();
  for (const DiceSettingInfo& info : dice_setting_table()) {
    if (json)
      rows.push_back({{"name", info.name}, {"default", info.default_value}, {"min", info.min}, {"max", info.max},
                      {"reason", info.reason}});
    else
      std::cout << fmt::format("{:<28} {:>8g}  [{:g}, {:g}]  {}\n", info.name, info.default_value, info.min, info.max,
                               info.reason);
  }
  if (json) std::cout << rows.dump(-1, ' ', false, kUtf8Replace) << "\n";
}

// `--reader` and `--set`, the same on `dice` and `dice-eval`.
struct ReaderChoice {
  std::string reader = die_reader_name(ReadOptions{}.reader);
  std::vector<std::string> settings;

  void add_options(CLI::App& command) {
    command.add_option("--reader", reader, "Who reads each die's value: rules, model (the learned reader) or both")
        ->capture_default_str();
    command.add_option("--set", settings,
                       "NAME=VALUE: read with one of the reader's tuned settings changed, to measure it (repeatable; "
                       "`puzzlesat yahtzee dice-settings` lists them with their ranges)")
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->allow_extra_args(false);  // one NAME=VALUE each time, so images may follow
  }
  ReadOptions options() const {
    ReadOptions o;
    o.reader = parse_die_reader(reader);
    for (const auto& s : settings) set_dice_setting(o.settings, s);
    return o;
  }
};

// One scene's seed from the run's seed and the scene's number, so that runs with different
// seeds draw different scenes (a test set apart from the training set).
std::uint64_t scene_seed(std::uint64_t seed, std::uint64_t k) { return mix64(seed * kGoldenGamma + k + 1); }

struct CropsOptions {
  std::string dir;
  int count = 1000;
  std::uint64_t seed = 1;
  int size = 64;
  float min_side = 20, max_side = 600;
  bool png = false;
  bool json = false;
};

// `dice-crops`: DIR/crops.bin (count × size × size × 3 bytes, BGR, row by row),
// DIR/labels.tsv (index, label, kind, scene seed) and with --png one PNG per crop.
void run_dice_crops(const CropsOptions& o) {
  std::error_code ec;
  fs::create_directories(o.dir, ec);
  if (ec || !fs::is_directory(o.dir)) throw InputError("cannot create the output folder", {o.dir});
  std::ofstream bin(fs::path(o.dir) / "crops.bin", std::ios::binary);
  std::ofstream tsv(fs::path(o.dir) / "labels.tsv");
  if (!bin || !tsv) throw InputError("cannot write in the output folder", {o.dir});
  tsv << "index\tlabel\tkind\tscene_seed\n";
  std::map<int, int> by_label;
  std::map<std::string, int> by_kind;
  int written = 0;
  std::uint64_t scenes = 0;
  Progress progress("crops", o.count);
  while (written < o.count) {
    const std::uint64_t s = scene_seed(o.seed, scenes++);
    for (const auto& crop : scene_crops(s, o.size, o.min_side, o.max_side)) {
      if (written == o.count) break;
      bin.write(reinterpret_cast<const char*>(crop.image.data), static_cast<std::streamsize>(crop.image.total() * 3));
      tsv << written << '\t' << crop.label << '\t' << crop.kind << '\t' << s << '\n';
      if (o.png) {
        const fs::path png_dir = fs::path(o.dir) / "png" / std::to_string(crop.label);
        fs::create_directories(png_dir, ec);
        image::write_image((png_dir / fmt::format("{:06d}.png", written)).string(), crop.image);
      }
      ++by_label[crop.label];
      ++by_kind[crop.kind];
      ++written;
    }
    progress.update(written);
  }
  progress.clear();
  if (!bin || !tsv) throw InputError("cannot write in the output folder", {o.dir});
  if (o.json) {
    nlohmann::json labels = nlohmann::json::object(), kinds = nlohmann::json::object();
    for (const auto& [l, n] : by_label) labels[std::to_string(l)] = n;
    for (const auto& [k, n] : by_kind) kinds[k] = n;
    std::cout << nlohmann::json{{"out", o.dir}, {"crops", written}, {"scenes", scenes}, {"seed", o.seed},
                                {"size", o.size}, {"labels", labels}, {"kinds", kinds}}
                     .dump(-1, ' ', false, kUtf8Replace)
              << "\n";
    return;
  }
  std::cout << fmt::format("{} crops from {} scenes in {}\n", written, scenes, o.dir);
  for (const auto& [l, n] : by_label) std::cout << fmt::format("  {}: {}\n", l == 0 ? "not a die" : std::to_string(l), n);
}

}  // namespace

void add_dice_vision_commands(Commands& commands) {
  CLI::App* group = &commands.app;
  add_photo_to_advise(commands.shared<AdviseExtension>());

  auto* dice = group->add_subcommand("dice", "Read the top faces of the dice in a photo");
  struct DiceOptions {
    Batch batch;
    std::string annotated_path;
    ReaderChoice reader;
    bool json = false;
  };
  auto d = std::make_shared<DiceOptions>();
  d->batch.add_options(*dice, "IMAGE", "Photos of the dice (PNG, JPEG, ...)");
  dice->add_flag("--json", d->json, "Print {\"dice\": [{\"pips\", \"box\": [x, y, w, h], \"confidence\"}]}");
  dice->add_option("-o,--output", d->annotated_path, "Write the photo with each die's box and value drawn on it");
  d->reader.add_options(*dice);
  dice->callback([d] {
    if (d->batch.batched(d->batch.inputs().size()) && !d->annotated_path.empty())
      throw InputError("-o takes one photo, not several (or --jsonl)");
    const ReadOptions options = d->reader.options();
    d->batch.run(d->json, [&](BatchItem& item) { run_dice(item, d->annotated_path, options); });
  });

  auto* eval = group->add_subcommand("dice-eval", "Measure the dice reader on a folder of labelled photos");
  struct EvalOptions {
    std::string dir;
    ReaderChoice reader;
    bool json = false;
  };
  auto e = std::make_shared<EvalOptions>();
  eval->add_option("DIR", e->dir, "Folder of X.jpg with X.dice.txt (and optionally X.boxes.txt)")->required();
  e->reader.add_options(*eval);
  eval->add_flag("--json", e->json, "Per-image results and totals as JSON");
  eval->callback([e] { run_dice_eval(e->dir, e->reader.options(), e->json); });

  auto settings_json = std::make_shared<bool>(false);
  auto* settings = group->add_subcommand(
      "dice-settings", "List the dice reader's tuned settings (for --set): name, default, range, reason");
  settings->add_flag("--json", *settings_json, "One JSON object per setting, in an array");
  settings->callback([settings_json] { run_dice_settings(*settings_json); });

  auto* scene = group->add_subcommand("dice-scene", "Draw a synthetic photo of a dice roll (for demos and tests)");
  auto sc = std::make_shared<SceneCommandOptions>();
  scene->add_option("OUT", sc->path, "Image file to write (.png or .jpg)")->required();
  scene->add_option("--seed", sc->seed, "Random seed of the roll")->check(whole_number())->capture_default_str();
  scene->add_option("--dice", sc->count, "Number of dice")->check(CLI::Range(1, 12))->capture_default_str();
  auto* varied = scene->add_flag("--varied", sc->varied,
                                 "Draw from everything the renderer does (any size, dice, table, blur, JPEG); --dice is ignored");
  auto* plain = scene->add_flag("--plain", sc->plain,
                                "A phone photo of plain white dice with black pips, --min-side to --max-side px across, "
                                "on cardboard, wood or printed paper, 2-9 megapixels")
                     ->excludes(varied);
  scene->add_flag("--coloured", sc->coloured,
                  "About half the dice green, red, blue or black with white pips, or yellow with black "
                  "(the same scene otherwise)")
      ->needs(plain);
  scene->add_flag("--steep", sc->steep,
                  "Seen steeply in diffuse light: every die slanted by up to 0.55 of a side, its side faces, pips "
                  "and all, nearly as bright as its top (as matteop65's webcam sees white dice)")
      ->needs(plain);
  scene->add_option("--min-side", sc->min_side, "Smallest die of --plain, pixels")
      ->check(CLI::Range(8.0, 1000.0))
      ->capture_default_str();
  scene->add_option("--max-side", sc->max_side, "Largest die of --plain, pixels")
      ->check(CLI::Range(8.0, 1000.0))
      ->capture_default_str();
  scene->add_flag("--labels", sc->labels,
                  "Also write OUT's X.dice.txt and X.boxes.txt beside it, as dice-eval reads them");
  scene->add_flag("--json", sc->json, R"(Print {"image": OUT, "seed": n, "dice": [pips...]} on one line)");
  scene->callback([sc] {
    if (sc->min_side > sc->max_side) throw InputError("--min-side is larger than --max-side");
    run_dice_scene(*sc);
  });

  auto* crops = group->add_subcommand(
      "dice-crops", "Write labelled die crops from rendered scenes, as the reader sees them (to train a die reader)");
  auto c = std::make_shared<CropsOptions>();
  crops->add_option("--out", c->dir, "Folder to write crops.bin, labels.tsv (and png/) in")->required();
  crops->add_option("--count", c->count, "Number of crops")->check(CLI::Range(1, 2000000))->capture_default_str();
  crops->add_option("--seed", c->seed, "Random seed of the scenes")->check(whole_number())->capture_default_str();
  crops->add_option("--size", c->size, "Side of a crop in pixels")->check(CLI::Range(16, 256))->capture_default_str();
  crops->add_option("--min-side", c->min_side, "Smallest die, pixels")->check(CLI::Range(8.0, 1000.0))->capture_default_str();
  crops->add_option("--max-side", c->max_side, "Largest die, pixels")->check(CLI::Range(8.0, 1000.0))->capture_default_str();
  crops->add_flag("--png", c->png, "Also write each crop as png/LABEL/INDEX.png");
  crops->add_flag("--json", c->json, R"(Print {"out", "crops", "scenes", "seed", "size", "labels": {label: n}, "kinds": {kind: n}})");
  crops->callback([c] {
    if (c->min_side > c->max_side) throw InputError("--min-side is larger than --max-side");
    run_dice_crops(*c);
  });
}

const CommandGroup dice_vision_group{yahtzee_group, add_dice_vision_commands};

}  // namespace puzzlesat::cli
