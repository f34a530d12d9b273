// `puzzlesat nurikabe …`: solve, deduce (with explanations), unique, cnf and generate
// (docs/nurikabe.md). The shared subcommands come from <puzzlesat/grid_cli.h>; this file
// says how a Nurikabe answers them, and holds `generate`. Like problems/nurikabe/, it
// includes only the public API and that folder, so tests/out_of_tree builds it against the
// installed package.
#include <puzzlesat/command.h>
#include <puzzlesat/grid_cli.h>
#include <puzzlesat/grid_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/plugin.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include "problems/nurikabe/nurikabe.h"

namespace {

using namespace nurikabe;
using puzzlesat::cli::Commands;

// A grid with the puzzle's numbers in place of their white cells, as players draw it.
std::string draw(const Puzzle& p, const Grid& g) {
  std::string out;
  for (int r = 0; r < p.rows; ++r) {
    for (int c = 0; c < p.cols; ++c) {
      const int v = p.at({r, c});
      std::string cell = v == kNoNumber ? std::string(1, g[r][c]) : v == kUnknown ? "?" : std::to_string(v);
      out += (c ? " " : "") + cell;
    }
    out += '\n';
  }
  return out;
}

// --proof-timeout, on deduce and unique.
struct ProofOptions {
  double proof_timeout = 60;
};

// One Nurikabe read from `input`, answering the shared commands.
class NurikabeInput final : public puzzlesat::cli::GridPuzzle {
 public:
  NurikabeInput(const ProofOptions& o, const std::string& input, std::string solver)
      : input_(input), solver_(std::move(solver)), seconds_(o.proof_timeout), p_(parse_input(input)) {}

  Solutions solve(std::size_t limit) override {
    Solver s(p_, solver_);
    found_ = s.solutions(limit);
    Solutions out{found_, {}, s.complete()};
    for (const Grid& g : found_) out.drawn.push_back(draw(p_, g));
    return out;
  }

  bool prove_unique(const std::string& path) override { return nurikabe::prove_unique(p_, found_[0], path, seconds_); }

  Deduction deduce(bool explain) override {
    Solver s(p_, solver_);
    if (!s.solve()) throw puzzlesat::InputError("the puzzle has no solution, so nothing follows from it", {input_});
    forced_ = s.deduce(explain);
    Deduction out;
    for (const Forced& f : forced_)
      out.forced.push_back({f.cell.row, f.cell.col, f.black ? '#' : '.', f.because, f.smallest});
    const auto numbers = std::count_if(p_.number.begin(), p_.number.end(), [](int v) { return v != kNoNumber; });
    out.open = static_cast<int>(forced_.size()) + numbers < p_.rows * p_.cols;
    return out;
  }

  std::vector<puzzlesat::Cell> prove_forced(const std::string& dir) override {
    return nurikabe::prove_forced(p_, forced_, dir, seconds_);
  }

  void print_deduction(std::ostream& out, bool explain) const override {
    Grid shown(p_.rows, std::string(p_.cols, '-'));  // '-' still open
    int black = 0;
    for (const Forced& f : forced_) {
      shown[f.cell.row][f.cell.col] = f.black ? '#' : '.';
      black += f.black;
    }
    out << draw(p_, shown) << forced_.size() << " cells forced: " << black << " black (#), " << forced_.size() - black
        << " white (.)\n";
    if (explain)
      for (const Forced& f : forced_) {
        out << "(" << f.cell.row << "," << f.cell.col << ") " << (f.black ? "black" : "white") << ":";
        for (std::size_t i = 0; i < f.because.size(); ++i) out << (i ? ", " : " ") << f.because[i];
        out << (f.because.empty() ? " the rules and where the numbers stand" : f.smallest ? "" : puzzlesat::kNotProvenFewest) << "\n";
      }
  }

  // The complete formula, not the solver's local rules: its models are the solutions.
  const puzzlesat::sat::Cnf& cnf() override { return cnf_ = complete_cnf(p_); }

 private:
  std::string input_;
  std::string solver_;
  double seconds_;
  Puzzle p_;
  std::vector<Grid> found_;
  std::vector<Forced> forced_;
  puzzlesat::sat::Cnf cnf_;
};

puzzlesat::cli::GridReader reader(const std::shared_ptr<ProofOptions>& o) {
  return [o](const std::string& input, const std::string& solver) {
    return std::make_unique<NurikabeInput>(*o, input, solver);
  };
}

auto proof_timeout(const std::shared_ptr<ProofOptions>& o) {
  return [o](CLI::App& cmd) {
    cmd.add_option("--proof-timeout", o->proof_timeout,
                   "With --proof: seconds allowed to each proof (0: no bound); what runs past it gets no file")
        ->check(CLI::Range(0.0, 86400.0))
        ->capture_default_str();
  };
}

void add_generate(CLI::App& group) {
  struct GenerateOptions {
    std::string solver = "minisat";
    bool json = false;
    std::string size = "7x7";
    unsigned long long seed = 1;
  };
  auto opt = std::make_shared<GenerateOptions>();
  auto* cmd = group.add_subcommand("generate", "A random puzzle with exactly one solution, in the text format "
                                               "(its puzz.link URL on the first, comment, line)");
  cmd->add_option("--size", opt->size, "ROWSxCOLS, from 2x2 to 30x30")->capture_default_str();
  cmd->add_option("--seed", opt->seed, "Random seed: the same seed gives the same puzzle")
      ->check(puzzlesat::cli::whole_number())
      ->capture_default_str();
  cmd->add_flag("--json", opt->json, R"(Print {"puzzle": [rows], "url": URL, "solution": [rows of # and .]})");
  puzzlesat::cli::add_solver_option(*cmd, opt->solver);
  cmd->callback([opt] {
    int rows = 0, cols = 0;
    char x = 0, rest = 0;
    std::istringstream in(opt->size);
    if (!(in >> rows >> x >> cols) || x != 'x' || (in >> rest))
      throw puzzlesat::InputError("--size wants ROWSxCOLS, e.g. 7x7, not " + puzzlesat::quote_token(opt->size));
    const Generated g = generate(rows, cols, opt->seed, opt->solver);
    if (opt->json) {
      std::vector<std::string> lines;
      std::istringstream text(to_text(g.puzzle));
      for (std::string line; std::getline(text, line);) lines.push_back(line);
      const nlohmann::json out = {{"puzzle", lines}, {"url", to_url(g.puzzle)}, {"solution", g.solution}};
      std::cout << out.dump() << "\n";
      return;
    }
    std::cout << "# " << to_url(g.puzzle) << "\n" << to_text(g.puzzle);
  });
}

void add_nurikabe_commands(Commands& commands) {
  puzzlesat::cli::GridStyle style;
  style.no_solution = "no solution: no shading obeys the rules";
  style.proof_files = "rRcC-black/white.drat";
  style.deduce_proof_json = puzzlesat::cli::GridStyle::ProofJson::count_and_unproved;  // --proof-timeout may leave some
  puzzlesat::cli::GridCommands grid(
      commands.app, {"PUZZLE", "Puzzle files (docs/nurikabe.md; '-' = stdin) or puzz.link nurikabe URLs"}, style);
  auto o = std::make_shared<ProofOptions>();
  grid.solve("Shade the wall: '#' black, '.' white, numbers as given", reader(o))
      .json(R"(Print {"status": "sat"|"unsat", "solution": [rows of # and .]}; with --all {"count", "complete", "solutions"})")
      .solver()
      .all("Every solution, not just one")
      .limit("With --all: stop after this many (\"complete\": false says so)", 10000);

  o = std::make_shared<ProofOptions>();
  grid.deduce("The cells every solution agrees on", reader(o))
      .json(R"(Print {"forced": [{"row", "col", "value": "#"|".", "because": [numbers], "smallest": true|false with --explain}, ...]})")
      .solver()
      .explain("Name, for each cell, the fewest numbers that force it, the others read as '?' (proven within 100 tests a cell, else none of them can go)")
      .cell_proofs("rRcC-black.drat or rRcC-white.drat", "the complete formula it refutes")
      .with(proof_timeout(o));

  o = std::make_shared<ProofOptions>();
  grid.unique("Is the solution unique? If not, two that differ", reader(o))
      .json(R"(Print {"unique": true|false, "solutions": [the solution, or two that differ]})")
      .solver()
      .unique_proof("solution", "the complete formula it refutes")
      .with(proof_timeout(o));

  grid.cnf("The complete formula as DIMACS (`c var` names): its models on black(r,c) are the solutions",
           reader(std::make_shared<ProofOptions>()), "Puzzle files or puzz.link nurikabe URLs")
      .cnf_output();
  add_generate(commands.app);
}

}  // namespace

const puzzlesat::cli::CommandGroup nurikabe_group{
    "nurikabe", "Nurikabe: shade a connected wall around islands of the given sizes", add_nurikabe_commands};
