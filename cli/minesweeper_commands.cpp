// `puzzlesat minesweeper …`: solve, deduce (with explanations), unique, cnf, generate and
// play (docs/minesweeper.md). Like problems/minesweeper/, this file includes only the
// public API and that folder, so tests/out_of_tree builds it against the installed package.
#include <puzzlesat/batch.h>
#include <puzzlesat/command.h>
#include <puzzlesat/dimacs.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/file_io.h>
#include <puzzlesat/grid_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/plugin.h>
#include <puzzlesat/proof.h>
#include <puzzlesat/puzzlink.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "problems/minesweeper/deduce.h"
#include "problems/minesweeper/format.h"
#include "problems/minesweeper/generate.h"
#include "problems/minesweeper/minesweeper.h"
#include "problems/minesweeper/play.h"

namespace {

using namespace minesweeper;
using puzzlesat::cli::Commands;

Board load(const std::string& arg) {
  const puzzlesat::PuzzleInput in = puzzlesat::read_puzzle_input(arg);
  return in.is_url ? read_url(in.text) : read_board(in.text, in.name);
}

// A solution over the position: the revealed numbers kept, '#' mines, '.' other safe cells.
std::string draw(const Board& b, const Layout& l) {
  std::string out;
  for (int r = 0; r < b.height(); ++r) {
    for (int c = 0; c < b.width(); ++c) out += is_number(b.rows[r][c]) ? b.rows[r][c] : l[r][c];
    out += '\n';
  }
  return out;
}

struct Options {
  puzzlesat::cli::Batch batch;
  std::string solver = "minisat";
  bool json = false;
  bool all = false;
  std::size_t limit = 10000;
  bool explain = false;
  std::string output;
};

CLI::App* command(CLI::App& group, const char* name, const char* what, std::shared_ptr<Options> opt,
                  const char* json_help) {
  auto* cmd = group.add_subcommand(name, what);
  opt->batch.add_options(*cmd, "BOARD", "Board files (docs/minesweeper.md; '-' = stdin) or puzz.link mines URLs");
  if (json_help) cmd->add_flag("--json", opt->json, json_help);
  return cmd;
}

void add_solve(CLI::App& group) {
  auto opt = std::make_shared<Options>();
  auto* cmd = command(group, "solve", "Place the mines: '#' a mine, numbers and '.' safe cells", opt,
                      R"(Print {"status": "sat"|"unsat", "solution": [rows of # and .]}; with --all {"count", "complete", "solutions"})");
  cmd->add_flag("--all", opt->all, "Every solution, not just one");
  cmd->add_option("--limit", opt->limit, "With --all: stop after this many (\"complete\": false says so)")
      ->check(puzzlesat::cli::whole_number())
      ->check(CLI::Range(std::size_t{1}, puzzlesat::sat::kNoLimit))
      ->capture_default_str();
  puzzlesat::cli::add_solver_option(*cmd, opt->solver);
  cmd->callback([opt] { opt->batch.run(opt->json, [&](puzzlesat::cli::BatchItem& item) {
    const Board b = load(item.input);
    const Solutions s = solve(b, opt->solver, opt->all ? opt->limit : 1);
    if (item.json) {
      item.result = nlohmann::ordered_json::parse(
          opt->all ? puzzlesat::solutions_json(s.layouts, s.complete)
                   : puzzlesat::solve_json(s.layouts.empty() ? std::nullopt : std::optional(s.layouts[0])));
      return;
    }
    if (s.layouts.empty()) {
      std::cout << "no placement of mines agrees with the board\n";
      return;
    }
    for (std::size_t i = 0; i < s.layouts.size(); ++i) std::cout << (i ? "\n" : "") << draw(b, s.layouts[i]);
    if (opt->all)
      std::cout << s.layouts.size() << (s.complete ? " solutions\n" : " solutions (limit reached)\n");
  }); });
}

void add_deduce(CLI::App& group) {
  auto opt = std::make_shared<Options>();
  auto* cmd = command(group, "deduce", "The covered cells every solution agrees on: mines and safe cells", opt,
                      R"(Print {"forced": [{"row", "col", "value": "#"|".", "because": [clues] with --explain}, ...]})");
  cmd->add_flag("--explain", opt->explain, "Name, for each cell, a set of clues forcing it none of which can go");
  opt->batch.add_cell_proofs_option(*cmd, opt->output, "rRcC-mine.drat or rRcC-safe.drat");
  puzzlesat::cli::add_solver_option(*cmd, opt->solver);
  cmd->callback([opt] {
    opt->batch.run(opt->json, [&](puzzlesat::cli::BatchItem& item) {
    const Board b = load(item.input);
    const auto forced = forced_cells(b, opt->solver, opt->explain);
    if (!forced) throw puzzlesat::InputError("no placement of mines agrees with the board", {item.input});
    if (!opt->output.empty()) {
      std::filesystem::create_directories(opt->output);
      const Rules r = rules(b, opt->solver);
      for (const auto& f : *forced) {
        const puzzlesat::Cell c{f.row, f.col};
        const std::string name = "r" + std::to_string(f.row) + "c" + std::to_string(f.col) +
                                 (f.value == '#' ? "-mine" : "-safe");
        const auto status = r.model.prove_forced(f.value == '#' ? r.mine[c] : ~r.mine[c],
                                                 {(std::filesystem::path(opt->output) / (name + ".drat")).string(),
                                                  puzzlesat::sat::ProofFormat::text},
                                                 "cell " + name + " of " + item.input);
        if (status != puzzlesat::sat::Status::unsat) throw std::runtime_error("the proof run did not confirm " + name);
      }
    }
    if (item.json) {
      item.result = nlohmann::ordered_json::parse(puzzlesat::deduce_json(*forced));
      return;
    }
    // The board with what is forced: '#' a mine, 'o' safe, '.' still open.
    Board shown = b;
    int mines = 0;
    for (const auto& f : *forced) {
      shown.rows[f.row][f.col] = f.value == '#' ? '#' : 'o';
      mines += f.value == '#';
    }
    for (const auto& row : shown.rows) std::cout << row << "\n";
    std::cout << forced->size() << " cells forced: " << mines << " mines (#), " << forced->size() - mines
              << " safe (o)\n";
    if (opt->explain)
      for (const auto& f : *forced) {
        std::cout << "(" << f.row << "," << f.col << ") " << (f.value == '#' ? "mine" : "safe") << ":";
        for (std::size_t i = 0; i < f.because.size(); ++i) std::cout << (i ? ", " : " ") << f.because[i];
        std::cout << (f.because.empty() ? " the rules alone\n" : "\n");
      }
    if (!opt->output.empty()) std::cout << forced->size() << " proofs in " << opt->output << "\n";
    });
  });
}

void add_unique(CLI::App& group) {
  auto opt = std::make_shared<Options>();
  auto* cmd = command(group, "unique", "Is the placement of mines unique? If not, two that differ", opt,
                      R"(Print {"unique": true|false, "solutions": [the solution, or two that differ]})");
  puzzlesat::cli::add_solver_option(*cmd, opt->solver);
  opt->batch.add_unique_proof_option(*cmd, opt->output, "placement");
  cmd->callback([opt] {
    opt->batch.run(opt->json, [&](puzzlesat::cli::BatchItem& item) {
    const Board b = load(item.input);
    const Solutions s = solve(b, opt->solver, 2);
    if (s.layouts.size() != 1) item.outcome = puzzlesat::cli::Outcome::unsolved;  // exit 3
    if (s.layouts.size() == 1 && !opt->output.empty()) {
      const Rules r = rules(b, opt->solver);
      std::vector<bool> values;
      for (const std::string& row : s.layouts[0])
        for (char c : row) values.push_back(c == '#');
      const auto status = r.model.prove_unique(r.mine.all(), values, {opt->output, puzzlesat::sat::ProofFormat::text},
                                               "the placement of mines of " + item.input + " is unique");
      if (status != puzzlesat::sat::Status::unsat) throw std::runtime_error("the proof run did not confirm uniqueness");
    }
    if (item.json) {
      item.result = nlohmann::ordered_json::parse(puzzlesat::unique_json(s.layouts));
      if (s.layouts.size() == 1 && !opt->output.empty()) item.result["proof"] = opt->output;
      return;
    }
    if (s.layouts.empty()) {
      std::cout << "no placement of mines agrees with the board\n";
      return;
    }
    std::cout << (s.layouts.size() == 1 ? "unique\n" : "not unique; two solutions:\n");
    for (std::size_t i = 0; i < s.layouts.size(); ++i) std::cout << (i ? "\n" : "") << draw(b, s.layouts[i]);
    if (s.layouts.size() == 1 && !opt->output.empty())
      std::cout << "proof: " << opt->output << " (formula " << puzzlesat::sat::proof_formula_path(opt->output) << ")\n";
    });
  });
}

void add_cnf(CLI::App& group) {
  auto opt = std::make_shared<Options>();
  auto* cmd = command(group, "cnf", "The board's formula as DIMACS, with `c var N mine(r,c)` names", opt, nullptr);
  opt->batch.add_cnf_options(*cmd, opt->output, opt->json);
  cmd->callback([opt] {
    opt->batch.run(opt->json, [&](puzzlesat::cli::BatchItem& item) {
      const Rules r = rules(load(item.input), opt->solver);
      if (opt->output.empty()) return puzzlesat::cli::write_cnf_result(r.model.cnf(), item);
      std::ostringstream out;
      puzzlesat::sat::write_dimacs(out, r.model.cnf());
      puzzlesat::write_file_atomically(opt->output, out.str());
    });
  });
}

void add_generate(CLI::App& group) {
  struct GenerateArgs {
    GenerateOptions o;
    std::string size = "8x8";
    bool json = false;
  };
  auto opt = std::make_shared<GenerateArgs>();
  auto* cmd = group.add_subcommand("generate", "Make a puzzle whose numbers determine every mine (puzz.link style)");
  cmd->add_option("--size", opt->size, "ROWSxCOLS, each from 1 to 30")->capture_default_str();
  cmd->add_option("--mines", opt->o.mines, "Number of mines")->capture_default_str();
  cmd->add_option("--seed", opt->o.seed, "Random seed (the same seed gives the same puzzle)")
      ->check(puzzlesat::cli::whole_number())
      ->capture_default_str();
  cmd->add_flag("--json", opt->json, R"(Print {"board": [rows], "url": "...", "solution": [rows of # and .]})");
  puzzlesat::cli::add_solver_option(*cmd, opt->o.solver);
  cmd->callback([opt] {
    const std::size_t x = opt->size.find('x');
    try {
      std::size_t used = 0;
      if (x == std::string::npos) throw std::invalid_argument("no x");
      opt->o.rows = std::stoi(opt->size.substr(0, x), &used);
      if (used != x) throw std::invalid_argument("junk");
      opt->o.cols = std::stoi(opt->size.substr(x + 1), &used);
      if (used != opt->size.size() - x - 1) throw std::invalid_argument("junk");
    } catch (const std::exception&) {
      throw puzzlesat::InputError("--size must be ROWSxCOLS, e.g. 8x8, not " + puzzlesat::quote_token(opt->size));
    }
    const Generated g = generate(opt->o);
    const std::string url = write_url(g.puzzle);
    if (opt->json) {
      nlohmann::json out = {{"board", g.puzzle.rows}, {"url", url}, {"solution", g.solution}};
      std::cout << out.dump() << "\n";
      return;
    }
    std::cout << write_board(g.puzzle) << "# " << url << "\n";
  });
}

void add_play(CLI::App& group) {
  struct PlayArgs {
    std::string worlds;
    PlayOptions o;
    std::string id;
    bool json = false;
  };
  auto opt = std::make_shared<PlayArgs>();
  auto* cmd = group.add_subcommand("play", "Play worlds from their start cell: open every cell proven safe, repeat");
  cmd->add_option("WORLDS", opt->worlds,
                  R"(JSON lines {"id", "rows", "cols", "mines", "start_row", "start_col", "grid": ["..*.", ...]})")
      ->required();
  cmd->add_flag("--guess", opt->o.guess, "When nothing is forced, open the cell least likely to be a mine (exact)");
  cmd->add_option("--id", opt->id, "Play only the world with this id");
  cmd->add_flag("--json", opt->json,
                R"(Print {"worlds", "won", "won_without_guess", "lost", "stuck", "games": [{"id", "outcome", "guesses", "rounds"}]})");
  puzzlesat::cli::add_solver_option(*cmd, opt->o.solver);
  cmd->callback([opt] {
    std::vector<World> worlds =
        read_worlds(puzzlesat::read_puzzle_input(opt->worlds).text, opt->worlds);
    if (!opt->id.empty()) {
      std::erase_if(worlds, [&](const World& w) { return w.id != opt->id; });
      if (worlds.empty()) throw puzzlesat::InputError("no world with id " + puzzlesat::quote_token(opt->id), {opt->worlds});
    }
    int won = 0, clean = 0, lost = 0, stuck = 0;
    nlohmann::json games = nlohmann::json::array();
    for (const World& w : worlds) {
      const PlayResult r = play(w, opt->o);
      won += r.outcome == PlayResult::Outcome::won;
      clean += r.outcome == PlayResult::Outcome::won && r.guesses == 0;
      lost += r.outcome == PlayResult::Outcome::lost;
      stuck += r.outcome == PlayResult::Outcome::stuck;
      if (opt->json) {
        games.push_back({{"id", w.id}, {"outcome", to_string(r.outcome)}, {"guesses", r.guesses}, {"rounds", r.rounds}});
        continue;
      }
      std::cout << w.id << ": " << to_string(r.outcome) << " after " << r.rounds << " rounds, " << r.guesses
                << " guesses\n";
      if (worlds.size() == 1) std::cout << write_board(r.final);
    }
    if (opt->json) {
      const nlohmann::json out = {{"worlds", worlds.size()}, {"won", won}, {"won_without_guess", clean},
                                  {"lost", lost}, {"stuck", stuck}, {"games", games}};
      std::cout << out.dump(-1, ' ', false, puzzlesat::cli::kUtf8Replace) << "\n";
      return;
    }
    std::cout << worlds.size() << " worlds: " << won << " won (" << clean << " without a guess), " << lost
              << " lost, " << stuck << " stuck\n";
  });
}

void add_minesweeper_commands(Commands& commands) {
  add_solve(commands.app);
  add_deduce(commands.app);
  add_unique(commands.app);
  add_cnf(commands.app);
  add_generate(commands.app);
  add_play(commands.app);
}

}  // namespace

// [START registration]
const puzzlesat::cli::CommandGroup minesweeper_group{"minesweeper", "Minesweeper: place the mines the numbers imply",
                                                     add_minesweeper_commands};
// [END registration]
