// `puzzlesat yahtzee …`: strategy advice (advise), the strategy table (table), an
// interactive game (play) and the optimal player's statistics (simulate).
#include <fmt/core.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include "cli/yahtzee_advise.h"
#include <puzzlesat/file_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/progress.h>
#include "problems/yahtzee/advisor.h"
#include "problems/yahtzee/game.h"
#include "problems/yahtzee/play_session.h"
#include "problems/yahtzee/simulate.h"
#include "problems/yahtzee/table_file.h"

namespace puzzlesat::cli {

// This file's own names: the command files are compiled several to a unit (cli/CMakeLists.txt).
namespace yahtzee_cli {
namespace {

using namespace yahtzee;

struct TableOptions {
  std::string rules = "official";
  std::string table;  // empty: the cache file for these rules
};

void add_table_options(CLI::App* cmd, TableOptions& o) {
  cmd->add_option("--rules", o.rules, "Rule set: simple (no Yahtzee bonus, no joker), official (free-choice joker) or official-forced")
      ->capture_default_str();
  cmd->add_option("--table", o.table,
                  "Strategy table file (computed and saved there when missing; default: the user's cache)");
}

Table open_table(const TableOptions& o) {
  const RuleSet rules = parse_rules(o.rules);
  return load_or_compute_table(rules, o.table.empty() ? default_table_path(rules) : o.table);
}

struct AdviseOptions {
  TableOptions table;
  std::string roll;
  int rerolls = 2;
  std::string used;
  int upper = 0;
  bool yahtzee50 = false;
  int top = 3;
  bool json = false;
};

std::string keep_text(const std::vector<int>& keep) { return keep.empty() ? "nothing" : format_dice(keep); }

void run_advise(const AdviseOptions& o, const std::vector<AdviseRollSource>& roll_sources) {
  const RuleSet rules = parse_rules(o.table.rules);
  AdviceQuery query;
  int sources = 0;
  if (!o.roll.empty()) {
    auto pips = parse_dice(o.roll, kDice);
    std::copy(pips.begin(), pips.end(), query.roll.begin());
    ++sources;
  }
  for (const auto& source : roll_sources) {
    if (auto roll = source()) {
      query.roll = *roll;
      ++sources;
    }
  }
  if (sources == 0) throw InputError("no dice: give them with --roll, e.g. --roll 1,1,3,5,6");
  if (sources > 1) throw InputError("the dice were given twice: use only one of --roll and the other sources");
  query.rerolls = o.rerolls;
  query.state.used = parse_boxes(o.used);
  query.state.upper = o.upper;
  query.state.yahtzee50 = o.yahtzee50;
  query.top = o.top;
  validate_query(query, rules);  // before the table, so bad input fails fast

  const Table table = open_table(o.table);
  const Advice advice = advise(table, query);
  if (o.json) {
    std::cout << advice_json(advice).dump(-1, ' ', false, kUtf8Replace) << "\n";
    return;
  }
  std::vector<int> roll(query.roll.begin(), query.roll.end());
  std::sort(roll.begin(), roll.end());
  fmt::print("Roll {} with {} reroll{} left ({} rules)\n", format_dice(roll), query.rerolls,
             query.rerolls == 1 ? "" : "s", rules_name(rules));
  if (!advice.keeps.empty()) {
    fmt::print("  {:<14} {:>12}\n", "keep", "expected");
    for (const auto& k : advice.keeps) fmt::print("  {:<14} {:>12.6f}\n", keep_text(k.keep), k.expected);
  } else {
    fmt::print("  {:<16} {:>5} {:>12}\n", "box", "score", "expected");
    for (const auto& b : advice.boxes) fmt::print("  {:<16} {:>5} {:>12.6f}\n", box_name(b.box), b.score, b.expected);
  }
}

struct TableCommandOptions {
  std::string rules = "official";
  std::string out;
  bool json = false;
};

void run_table(const TableCommandOptions& o) {
  const RuleSet rules = parse_rules(o.rules);
  const std::string path = o.out.empty() ? default_table_path(rules) : o.out;
  const auto start = std::chrono::steady_clock::now();
  Table table = [&] {
    std::unique_ptr<Progress> progress;
    return Table::compute(rules, 0, [&](std::int64_t done, std::int64_t total) {
      if (!progress)
        progress = std::make_unique<Progress>(std::string("yahtzee table (") + rules_name(rules) + ")", total);
      progress->update(done);
    });
  }();
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
  save_table(table, path);  // InputError naming the file when it cannot be written
  const double expected = table.value(State{});
  if (o.json) {
    nlohmann::json j = {{"rules", rules_name(rules)},
                        {"expected_score", std::round(expected * 1e6) / 1e6},
                        {"seconds", std::round(seconds.count() * 1e3) / 1e3},
                        {"widgets", table.reachable_widgets()},
                        {"file", path}};
    std::cout << j.dump(-1, ' ', false, kUtf8Replace) << "\n";
    return;
  }
  fmt::print("{} rules: expected score {:.6f} over {} reachable scorecards, computed in {:.3f} s, saved to {}\n",
             rules_name(rules), expected, table.reachable_widgets(), seconds.count(), path);
}

struct PlayOptions {
  TableOptions table;
  int players = 1;
  std::string names;
  std::uint64_t seed = 0;
  bool seeded = false;
  bool no_hints = false;
  bool typed_dice = false;
  std::string save;
  std::string resume;
  bool json = false;
};

std::string default_save_path() {
  std::filesystem::path dir;
  if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg)
    dir = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    dir = std::filesystem::path(home) / ".local" / "state";
  else
    dir = std::filesystem::temp_directory_path();
  return (dir / "puzzlesat" / "yahtzee-game.json").string();
}

void save_game(const Game& game, const std::string& path) {
  write_file_atomically(path, game.to_json().dump(2, ' ', false, kUtf8Replace) + "\n");
}

Game load_game(const std::string& path) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(read_input(path));
  } catch (const nlohmann::json::exception& e) {  // malformed, or a number out of range
    throw InputError(std::string("not a saved game: ") + e.what(), {path});
  }
  return Game::from_json(j, path);
}

// An interrupt ends the pending read (no SA_RESTART), so the game is saved and the
// command exits normally instead of dying mid-write.
void on_interrupt(int) {}

void run_play(const PlayOptions& o) {
  Game game;
  std::string save_path = o.save;
  if (!o.resume.empty()) {
    game = load_game(o.resume);
    if (save_path.empty()) save_path = o.resume;
  } else {
    std::vector<std::string> names;
    if (!o.names.empty()) {
      std::stringstream list(o.names);
      for (std::string name; std::getline(list, name, ',');) {
        name.erase(0, name.find_first_not_of(' '));
        name.erase(name.find_last_not_of(' ') + 1);
        names.push_back(name);
      }
      if (!o.names.empty() && o.names.back() == ',') names.push_back("");
    } else {
      if (o.players < 1 || o.players > kMaxPlayers) throw InputError("--players must be 1 to 8");
      for (int p = 1; p <= o.players; ++p) names.push_back("player" + std::to_string(p));
    }
    const std::uint64_t seed = o.seeded ? o.seed : std::random_device{}();
    game = Game::start(parse_rules(o.table.rules), names, seed);
    game.typed_dice = o.typed_dice;
    game.hints = !o.no_hints;
    if (save_path.empty()) save_path = default_save_path();
  }
  save_game(game, save_path);  // a bad --save path fails now, as bad input, not mid-game
  std::unique_ptr<Table> table;
  if (game.hints && !game.over()) {
    TableOptions t = o.table;
    t.rules = rules_name(game.rules);
    table = std::make_unique<Table>(open_table(t));
  }
  // With --json the dialogue goes to stderr and stdout gets only the final line.
  std::ostream& dialogue = o.json ? std::cerr : std::cout;
  dialogue << fmt::format("Yahtzee, {} rules, {} player{}; the game is saved to {}\n", rules_name(game.rules),
                          game.names.size(), game.names.size() == 1 ? "" : "s", save_path);
  if (!game.over()) dialogue << "Type help for the commands.\n";
  dialogue.flush();

  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  struct sigaction previous {};
  sigaction(SIGINT, &action, &previous);
  const PlayEnd end =
      yahtzee::run_play(game, table.get(), std::cin, dialogue, [&](const Game& g) { save_game(g, save_path); });
  sigaction(SIGINT, &previous, nullptr);
  save_game(game, save_path);
  if (end == PlayEnd::stopped)
    dialogue << "Game saved. Continue with: puzzlesat yahtzee play --continue " << save_path << "\n";
  if (o.json) {
    nlohmann::json players = nlohmann::json::array();
    for (std::size_t p = 0; p < game.names.size(); ++p)
      players.push_back({{"name", game.names[p]}, {"total", game.sheets[p].total()}});
    std::cout << nlohmann::json{{"rules", rules_name(game.rules)}, {"over", game.over()}, {"players", players},
                                {"save", save_path}}
                     .dump(-1, ' ', false, kUtf8Replace)
              << "\n";
  }
}

struct SimulateOptions {
  TableOptions table;
  std::int64_t games = 0;
  std::uint64_t seed = 1;
  bool json = false;
};

void run_simulate(const SimulateOptions& o) {
  const RuleSet rules = parse_rules(o.table.rules);
  const Table table = open_table(o.table);
  const auto start = std::chrono::steady_clock::now();
  SimulationResult r;
  {
    Progress progress("yahtzee simulate", o.games);
    r = simulate(table, o.games, o.seed, 0, [&](std::int64_t started) { progress.update(started); });
  }  // the line is cleared before the results print
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
  // Published standard deviations of the optimal player's score (Glenn; Verhoeff).
  const double published_sd = rules == RuleSet::simple ? 39.8 : 59.6;
  if (o.json) {
    nlohmann::json j = {{"rules", rules_name(rules)},
                        {"games", r.games},
                        {"seed", o.seed},
                        {"mean", r.mean},
                        {"sd", r.sd},
                        {"min", r.min},
                        {"max", r.max},
                        {"expected_score", table.value(State{})},
                        {"published_sd", published_sd},
                        {"seconds", seconds.count()}};
    std::cout << j.dump(-1, ' ', false, kUtf8Replace) << "\n";
    return;
  }
  fmt::print(
      "{} rules, {} games (seed {}): mean {:.3f} (exact {:.6f}), SD {:.3f} (published {}), min {}, max {}, {:.2f} s\n",
      rules_name(rules), r.games, o.seed, r.mean, table.value(State{}), r.sd, published_sd, r.min, r.max,
      seconds.count());
}

}  // namespace

void add_yahtzee_commands(Commands& commands) {
  CLI::App* yahtzee = &commands.app;

  auto advise_opts = std::make_shared<AdviseOptions>();
  auto* advise = yahtzee->add_subcommand("advise", "Best keeps (rerolls left) or boxes (none left) for a roll");
  add_table_options(advise, advise_opts->table);
  advise->add_option("--roll", advise_opts->roll, "The five dice, e.g. 1,1,3,5,6");
  advise->add_option("--rerolls", advise_opts->rerolls, "Rerolls left: 2, 1 or 0")->capture_default_str();
  advise->add_option("--used", advise_opts->used, "Filled boxes, e.g. aces,full_house");
  advise->add_option("--upper", advise_opts->upper, "Upper-section total so far")->capture_default_str();
  advise->add_flag("--yahtzee50", advise_opts->yahtzee50, "The yahtzee box holds 50 (official rules)");
  advise->add_option("--top", advise_opts->top, "How many keeps to list")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  advise->add_flag("--json", advise_opts->json, "Machine-readable output");
  AdviseExtension& extension = commands.shared<AdviseExtension>();
  extension.advise = advise;
  advise->callback([advise_opts, &extension] { run_advise(*advise_opts, extension.roll_sources); });

  auto table_opts = std::make_shared<TableCommandOptions>();
  auto* table = yahtzee->add_subcommand("table", "Compute the strategy table and save it");
  table->add_option("--rules", table_opts->rules, "Rule set: simple or official")->capture_default_str();
  table->add_option("--out", table_opts->out, "Where to save it (default: the user's cache)");
  table->add_flag("--json", table_opts->json, "Machine-readable output");
  table->callback([table_opts] { run_table(*table_opts); });

  auto play_opts = std::make_shared<PlayOptions>();
  auto* play = yahtzee->add_subcommand("play", "Play an interactive game for 1 to 8 players");
  add_table_options(play, play_opts->table);
  auto* players = play->add_option("--players", play_opts->players, "Number of players, 1 to 8")->capture_default_str();
  auto* names = play->add_option("--names", play_opts->names, "Players' names, e.g. ann,bob")->excludes(players);
  auto* seed = play->add_option("--seed", play_opts->seed, "Seed for the virtual dice (default: random)")
                   ->check(whole_number());
  auto* no_hints = play->add_flag("--no-hints", play_opts->no_hints, "Do not show the best keeps and boxes");
  auto* typed =
      play->add_flag("--typed-dice", play_opts->typed_dice, "Type in the dice you roll instead of virtual dice");
  play->add_option("--save", play_opts->save, "Where the game is saved (default: the user's state directory)");
  play->add_flag("--json", play_opts->json,
                 R"(Play with the dialogue on stderr, then print {"rules", "over", "players": [{"name", "total"}], )"
                 R"("save"} on one line on stdout)");
  play->add_option("--continue", play_opts->resume, "Continue a saved game")
      ->excludes(players)
      ->excludes(names)
      ->excludes(seed)
      ->excludes(no_hints)
      ->excludes(typed);
  play->callback([play_opts, seed] {
    play_opts->seeded = seed->count() > 0;
    run_play(*play_opts);
  });

  auto sim_opts = std::make_shared<SimulateOptions>();
  auto* sim = yahtzee->add_subcommand("simulate", "Mean and standard deviation of the optimal player's score");
  add_table_options(sim, sim_opts->table);
  sim->add_option("--games", sim_opts->games, "Number of games")->required()->check(CLI::Range(1, 100000000));
  sim->add_option("--seed", sim_opts->seed, "Seed of the first game's dice")
      ->check(whole_number())
      ->capture_default_str();
  sim->add_flag("--json", sim_opts->json, "Machine-readable output");
  sim->callback([sim_opts] { run_simulate(*sim_opts); });
}

}  // namespace yahtzee_cli

const CommandGroup yahtzee_group{
    "yahtzee", "Optimal Yahtzee strategy: advice, the strategy table, games", yahtzee_cli::add_yahtzee_commands};

}  // namespace puzzlesat::cli
