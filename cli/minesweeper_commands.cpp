// `puzzlesat minesweeper …`: solve, deduce (with explanations), unique, cnf, generate and
// play (docs/minesweeper.md). The shared subcommands come from <puzzlesat/grid_cli.h>; this
// file says how a board answers them, and holds `generate` and `play`. Like
// problems/minesweeper/, it includes only the public API and that folder, so
// tests/out_of_tree builds it against the installed package.
#include <puzzlesat/command.h>
#include <puzzlesat/grid_cli.h>
#include <puzzlesat/grid_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/plugin.h>
#include <puzzlesat/proof.h>
#include <puzzlesat/puzzlink.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <memory>

#include "problems/minesweeper/deduce.h"
#include "problems/minesweeper/format.h"
#include "problems/minesweeper/generate.h"
#include "problems/minesweeper/minesweeper.h"
#include "problems/minesweeper/play.h"

namespace {

using namespace minesweeper;
using puzzlesat::cli::Commands;

// A solution over the position: the revealed numbers kept, '#' mines, '.' other safe cells.
std::string draw(const Board& b, const Layout& l) {
  std::string out;
  for (int r = 0; r < b.height(); ++r) {
    for (int c = 0; c < b.width(); ++c) out += is_number(b.rows[r][c]) ? b.rows[r][c] : l[r][c];
    out += '\n';
  }
  return out;
}

// One board read from `input`, answering the shared commands.
class BoardInput final : public puzzlesat::cli::GridPuzzle {
 public:
  BoardInput(std::string input, std::string solver) : input_(std::move(input)), solver_(std::move(solver)) {
    const puzzlesat::PuzzleInput in = puzzlesat::read_puzzle_input(input_);
    b_ = in.is_url ? read_url(in.text) : read_board(in.text, in.name);
  }

  Solutions solve(std::size_t limit) override {
    const minesweeper::Solutions s = minesweeper::solve(b_, solver_, limit);
    layouts_ = s.layouts;
    Solutions out{s.layouts, {}, s.complete};
    for (const Layout& l : s.layouts) out.drawn.push_back(draw(b_, l));
    return out;
  }

  bool prove_unique(const std::string& path) override {
    const Rules r = rules(b_, solver_);
    std::vector<bool> values;
    for (const std::string& row : layouts_[0])
      for (char c : row) values.push_back(c == '#');
    const auto status = r.model.prove_unique(r.mine.all(), values, {path, puzzlesat::sat::ProofFormat::text},
                                             "the placement of mines of " + input_ + " is unique");
    if (status != puzzlesat::sat::Status::unsat) throw std::runtime_error("the proof run did not confirm uniqueness");
    return true;
  }

  // Unlike the other grid puzzles, deduce counts as answered (exit 0) with cells left open,
  // as it always has.
  Deduction deduce(bool explain) override {
    auto forced = forced_cells(b_, solver_, explain);
    if (!forced) throw puzzlesat::InputError("no placement of mines agrees with the board", {input_});
    forced_ = std::move(*forced);
    return {forced_, false};
  }

  std::vector<puzzlesat::Cell> prove_forced(const std::string& dir) override {
    std::filesystem::create_directories(dir);
    const Rules r = rules(b_, solver_);
    for (const auto& f : forced_) {
      const puzzlesat::Cell c{f.row, f.col};
      const std::string name = "r" + std::to_string(f.row) + "c" + std::to_string(f.col) +
                               (f.value == '#' ? "-mine" : "-safe");
      const auto status = r.model.prove_forced(f.value == '#' ? r.mine[c] : ~r.mine[c],
                                               {(std::filesystem::path(dir) / (name + ".drat")).string(),
                                                puzzlesat::sat::ProofFormat::text},
                                               "cell " + name + " of " + input_);
      if (status != puzzlesat::sat::Status::unsat) throw std::runtime_error("the proof run did not confirm " + name);
    }
    return {};
  }

  void print_deduction(std::ostream& out, bool explain) const override {
    // The board with what is forced: '#' a mine, 'o' safe, '.' still open.
    Board shown = b_;
    int mines = 0;
    for (const auto& f : forced_) {
      shown.rows[f.row][f.col] = f.value == '#' ? '#' : 'o';
      mines += f.value == '#';
    }
    for (const auto& row : shown.rows) out << row << "\n";
    out << forced_.size() << " cells forced: " << mines << " mines (#), " << forced_.size() - mines << " safe (o)\n";
    if (explain)
      for (const auto& f : forced_) {
        out << "(" << f.row << "," << f.col << ") " << (f.value == '#' ? "mine" : "safe") << ":";
        for (std::size_t i = 0; i < f.because.size(); ++i) out << (i ? ", " : " ") << f.because[i];
        out << (f.because.empty() ? " the rules alone" : f.smallest ? "" : puzzlesat::kNotProvenFewest) << "\n";
      }
  }

  const puzzlesat::sat::Cnf& cnf() override { return rules_.emplace(rules(b_, solver_)).model.cnf(); }

 private:
  std::string input_;
  std::string solver_;
  Board b_;
  std::vector<Layout> layouts_;
  std::vector<puzzlesat::ForcedCell> forced_;
  std::optional<Rules> rules_;
};

std::unique_ptr<puzzlesat::cli::GridPuzzle> read(const std::string& input, const std::string& solver) {
  return std::make_unique<BoardInput>(input, solver);
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
  puzzlesat::cli::GridStyle style;
  style.no_solution = "no placement of mines agrees with the board";
  // Unlike the other grid puzzles, solve counts a board no placement fits as answered (exit 0),
  // and deduce --proof names no files and gives no count in JSON, as they always have.
  style.no_solution_unsolved = false;
  style.deduce_proof_json = puzzlesat::cli::GridStyle::ProofJson::none;
  puzzlesat::cli::GridCommands grid(
      commands.app, {"BOARD", "Board files (docs/minesweeper.md; '-' = stdin) or puzz.link mines URLs"}, style);
  grid.solve("Place the mines: '#' a mine, numbers and '.' safe cells", read)
      .json(R"(Print {"status": "sat"|"unsat", "solution": [rows of # and .]}; with --all {"count", "complete", "solutions"})")
      .all("Every solution, not just one")
      .limit("With --all: stop after this many (\"complete\": false says so)", 10000)
      .solver();
  grid.deduce("The covered cells every solution agrees on: mines and safe cells", read)
      .json(R"(Print {"forced": [{"row", "col", "value": "#"|".", "because": [clues], "smallest": true|false with --explain}, ...]})")
      .explain("Name, for each cell, the fewest clues that force it (proven within 100 tests a cell, else none of them can go)")
      .cell_proofs("rRcC-mine.drat or rRcC-safe.drat")
      .solver();
  grid.unique("Is the placement of mines unique? If not, two that differ", read)
      .json(R"(Print {"unique": true|false, "solutions": [the solution, or two that differ]})")
      .solver()
      .unique_proof("placement");
  grid.cnf("The board's formula as DIMACS, with `c var N mine(r,c)` names", read).cnf_output();
  add_generate(commands.app);
  add_play(commands.app);
}

}  // namespace

// [START registration]
const puzzlesat::cli::CommandGroup minesweeper_group{"minesweeper", "Minesweeper: place the mines the numbers imply",
                                                     add_minesweeper_commands};
// [END registration]
