// `puzzlesat yahtzee …`: strategy advice (advise), the strategy table (table), an
// interactive game (play) and the optimal player's statistics (simulate).
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/yahtzee_advise.h"
#include "common/input_error.h"
#include "common/progress.h"
#include "problems/yahtzee/advisor.h"
#include "problems/yahtzee/table_file.h"

namespace puzzlesat::cli {

namespace {

using namespace yahtzee;

std::vector<AdviseRollSource>& roll_sources() {
  static std::vector<AdviseRollSource> sources;
  return sources;
}

struct TableOptions {
  std::string rules = "official";
  std::string table;  // empty: the cache file for these rules
};

void add_table_options(CLI::App* cmd, TableOptions& o) {
  cmd->add_option("--rules", o.rules, "Rule set: simple (no Yahtzee bonus, no joker) or official")
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

void run_advise(const AdviseOptions& o) {
  const RuleSet rules = parse_rules(o.table.rules);
  AdviceQuery query;
  int sources = 0;
  if (!o.roll.empty()) {
    auto pips = parse_dice(o.roll, kDice);
    std::copy(pips.begin(), pips.end(), query.roll.begin());
    ++sources;
  }
  for (const auto& source : roll_sources()) {
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
    std::cout << advice_json(advice).dump(2) << "\n";
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
  try {
    save_table(table, path);
  } catch (const std::exception& e) {
    throw InputError(std::string("cannot write the strategy table: ") + e.what(), {path});
  }
  const double expected = table.value(State{});
  if (o.json) {
    nlohmann::json j = {{"rules", rules_name(rules)},
                        {"expected_score", std::round(expected * 1e6) / 1e6},
                        {"seconds", std::round(seconds.count() * 1e3) / 1e3},
                        {"widgets", table.reachable_widgets()},
                        {"file", path}};
    std::cout << j.dump(2) << "\n";
    return;
  }
  fmt::print("{} rules: expected score {:.6f} over {} reachable scorecards, computed in {:.3f} s, saved to {}\n",
             rules_name(rules), expected, table.reachable_widgets(), seconds.count(), path);
}

}  // namespace

void add_advise_roll_source(AdviseRollSource source) { roll_sources().push_back(std::move(source)); }

void add_yahtzee_commands(CLI::App& app) {
  auto* yahtzee = app.add_subcommand("yahtzee", "Optimal Yahtzee strategy: advice, the strategy table, games");
  yahtzee->require_subcommand(1);

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
  advise->callback([advise_opts] { run_advise(*advise_opts); });

  auto table_opts = std::make_shared<TableCommandOptions>();
  auto* table = yahtzee->add_subcommand("table", "Compute the strategy table and save it");
  table->add_option("--rules", table_opts->rules, "Rule set: simple or official")->capture_default_str();
  table->add_option("--out", table_opts->out, "Where to save it (default: the user's cache)");
  table->add_flag("--json", table_opts->json, "Machine-readable output");
  table->callback([table_opts] { run_table(*table_opts); });
}

}  // namespace puzzlesat::cli
