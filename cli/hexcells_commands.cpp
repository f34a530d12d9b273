// `puzzlesat hexcells …`: draw a board, deduce the forced cells (with reasons), play
// levels to the end, and export the current state's CNF.
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include <puzzlesat/input_error.h>
#include "problems/hexcells/deduce.h"
#include "problems/hexcells/encode.h"
#include "problems/hexcells/explain.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/play.h"
#include "problems/hexcells/render.h"
#include <puzzlesat/dimacs.h>

namespace puzzlesat::cli {
namespace {

using namespace puzzlesat::hexcells;
using nlohmann::json;

Board load(const std::string& path) { return read_board(read_input(path), path); }

json cells_json(const std::vector<Pos>& cells) {
  json a = json::array();
  for (Pos p : cells) a.push_back({p.x, p.y});
  return a;
}

std::string cells_text(const std::vector<Pos>& cells) {
  std::string s;
  for (Pos p : cells) s += " " + to_string(p);
  return s;
}

void print_header(const Board& b) {
  std::cout << b.title << (b.author.empty() ? "" : " — by " + b.author) << "\n";
  for (const auto& t : b.text)
    if (!t.empty()) std::cout << t << "\n";
}

void show(const std::string& path) {
  Board b = load(path);
  print_header(b);
  std::cout << "\n" << render(b) << "\nREMAINING " << b.remaining.value() << "\n" << render_legend();
}

void deduce_command(const std::string& path, bool with_explain, bool as_json, const std::string& solver) {
  Board b = load(path);
  DeduceOptions deduce_options;
  deduce_options.solver = solver;
  Deduction d = deduce(b, deduce_options);
  if (!d.consistent)
    throw InputError("impossible state: no colouring of the hidden cells agrees with the visible hints and REMAINING",
                     {path, 0, 0});
  std::vector<Reason> reasons;
  if (with_explain) reasons = explain(b, d, solver);
  if (as_json) {
    json out = {{"blue", cells_json(d.blue)}, {"black", cells_json(d.black)}};
    if (with_explain) {
      json ex = json::array();
      for (const Reason& r : reasons) {
        json hints = json::array();
        bool remaining = false;
        for (const Constraint& c : r.because) {
          if (c.is_remaining)
            remaining = true;
          else
            hints.push_back({c.source.x, c.source.y});
        }
        ex.push_back({{"cell", {r.cell.x, r.cell.y}},
                      {"colour", r.colour == Color::blue ? "blue" : "black"},
                      {"hints", hints},
                      {"remaining", remaining}});
      }
      out["explanations"] = ex;
    }
    std::cout << out.dump(-1, ' ', false, kUtf8Replace) << "\n";
    return;
  }
  std::map<Pos, Color> highlight;
  for (Pos p : d.blue) highlight[p] = Color::blue;
  for (Pos p : d.black) highlight[p] = Color::black;
  std::cout << render(b, highlight) << "(B) forced blue, (K) forced black\n\n";
  std::cout << "blue (" << d.blue.size() << "):" << cells_text(d.blue) << "\n";
  std::cout << "black (" << d.black.size() << "):" << cells_text(d.black) << "\n";
  for (const Reason& r : reasons) {
    std::cout << to_string(r.cell) << (r.colour == Color::blue ? " blue" : " black") << " because";
    const char* sep = " ";
    for (const Constraint& c : r.because) {
      std::cout << sep << describe(c, b);
      sep = " + ";
    }
    std::cout << "\n";
  }
}

json solve_one(const std::string& path, bool steps, bool as_json, bool hints_first, const std::string& solver) {
  Board level = load(path);
  if (!level.colours_known())
    throw InputError("'solve' plays a level file, which holds the solution; for a state use 'deduce'", {path, 1, 1});
  json step_list = json::array();
  auto on_round = [&](const Round& r, const Board&) {
    if (!steps) return;
    if (as_json) {
      step_list.push_back({{"round", r.number}, {"blue", cells_json(r.blue)}, {"black", cells_json(r.black)},
                           {"solver_calls", r.stats.solver_calls}, {"remaining", r.stats.remaining_solved},
                           {"complete", r.complete}, {"seconds", r.seconds}});
    } else {
      std::cout << "round " << r.number << ": blue" << cells_text(r.blue) << "; black" << cells_text(r.black) << " ("
                << r.stats.solver_calls << " solver calls" << (r.stats.remaining_solved ? ", REMAINING used" : "")
                << ")\n";
    }
  };
  PlayOptions options;
  options.hints_first = hints_first;
  options.deduce.solver = solver;
  PlayResult res = play(level, on_round, options);
  json out = {{"level", path},
              {"verdict", to_string(res.verdict)},
              {"rounds", res.rounds},
              {"revealed", res.revealed},
              {"hidden_left", res.hidden_left},
              {"seconds", res.seconds}};
  if (steps) out["steps"] = step_list;
  if (!as_json) {
    std::cout << path << ": " << to_string(res.verdict) << " after " << res.rounds << " rounds, " << res.revealed
              << " revealed, " << res.hidden_left << " hidden left, " << res.solver_calls << " solver calls, "
              << res.seconds << " s\n";
    if (res.verdict == Verdict::stuck) std::cout << "stuck state:\n" << render(res.final_board);
  }
  return out;
}

}  // namespace

void add_hexcells_commands(Commands& commands) {
  CLI::App* hex = &commands.app;

  auto* show_cmd = hex->add_subcommand("show", "Draw a level or state in the terminal");
  auto show_path = std::make_shared<std::string>();
  show_cmd->add_option("LEVEL", *show_path, "Level or state file ('-' = stdin)")->required();
  show_cmd->callback([show_path] { show(*show_path); });

  auto* deduce_cmd = hex->add_subcommand("deduce", "One round: every hidden cell the visible hints force");
  struct DeduceArgs {
    std::string path;
    bool explain = false, json = false;
    std::string solver = "minisat";
  };
  auto da = std::make_shared<DeduceArgs>();
  deduce_cmd->add_option("LEVEL", da->path, "Level or state file ('-' = stdin)")->required();
  deduce_cmd->add_flag("--explain", da->explain, "For each forced cell, a minimal set of hints forcing it");
  deduce_cmd->add_flag("--json", da->json, R"(Output {"blue": [[x,y]...], "black": [[x,y]...]})");
  add_solver_option(*deduce_cmd, da->solver);
  deduce_cmd->callback([da] { deduce_command(da->path, da->explain, da->json, da->solver); });

  auto* solve_cmd = hex->add_subcommand("solve", "Play levels to the end: solved (no guessing needed) or stuck");
  struct SolveArgs {
    std::vector<std::string> paths;
    bool steps = false, json = false, hints_first = false;
    std::string solver = "minisat";
  };
  auto sa = std::make_shared<SolveArgs>();
  solve_cmd->add_option("LEVEL", sa->paths, "Level files")->required();
  solve_cmd->add_flag("--steps", sa->steps, "Show each round");
  solve_cmd->add_flag("--json", sa->json, "One JSON object per level (an array when several)");
  solve_cmd->add_flag("--hints-first", sa->hints_first,
                      "Each round reveal what the hints force, using REMAINING only when they force nothing "
                      "(same verdict and final board, other rounds)");
  add_solver_option(*solve_cmd, sa->solver);
  solve_cmd->callback([sa] {
    json all = json::array();
    for (const auto& p : sa->paths) all.push_back(solve_one(p, sa->steps, sa->json, sa->hints_first, sa->solver));
    if (sa->json) std::cout << (all.size() == 1 ? all[0] : all).dump(-1, ' ', false, kUtf8Replace) << "\n";
  });

  auto* cnf_cmd = hex->add_subcommand("cnf", "The current state's formula as DIMACS (c var names cell(x,y))");
  auto cnf_path = std::make_shared<std::string>();
  cnf_cmd->add_option("LEVEL", *cnf_path, "Level or state file ('-' = stdin)")->required();
  cnf_cmd->callback([cnf_path] { sat::write_dimacs(std::cout, state_formula(load(*cnf_path))); });
}

const CommandGroup hexcells_group{
    "hexcells", "Hexcells levels: show, deduce forced cells, play to the end, export CNF", add_hexcells_commands};

}  // namespace puzzlesat::cli
