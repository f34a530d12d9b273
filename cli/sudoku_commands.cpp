// `puzzlesat sudoku …`: solve, deduce, unique, cnf and generate, for a text file or a
// puzz.link URL, with box shapes (--box RxC) and the diagonal variant (docs/sudoku.md).
// The shared subcommands come from <puzzlesat/grid_cli.h>; this file says how a Sudoku
// answers them, and holds `generate`.
#include <puzzlesat/command.h>
#include <puzzlesat/file_io.h>
#include <puzzlesat/grid_cli.h>
#include <puzzlesat/grid_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/plugin.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include "problems/sudoku/sudoku.h"

namespace {

using namespace puzzlesat;
using namespace puzzlesat::sudoku;

// --box and --diagonal, on every subcommand.
struct ShapeOptions {
  std::string box;  // "RxC", empty = the usual boxes for the size
  bool diagonal = false;
};

std::optional<Shape> box_shape(const ShapeOptions& o) {
  if (o.box.empty()) return std::nullopt;
  Shape s;
  char x = 0;
  std::istringstream in(o.box);
  if (!(in >> s.box_rows >> x >> s.box_cols) || x != 'x' || !in.eof() || s.box_rows < 1 || s.box_cols < 1 ||
      s.size() > kMaxSize)
    throw InputError("--box takes RxC, e.g. 2x3, with R*C at most " + std::to_string(kMaxSize) + ", not " +
                     quote_token(o.box));
  return s;
}

// One Sudoku read from `input`, answering the shared commands.
class SudokuInput final : public cli::GridPuzzle {
 public:
  SudokuInput(const ShapeOptions& o, std::string input, std::string solver)
      : input_(std::move(input)), solver_(std::move(solver)) {
    const PuzzleInput in = read_puzzle_input(input_);
    p_ = in.is_url ? parse_url(in.text, box_shape(o)) : parse(in.text, in.name, box_shape(o));
    p_.shape.diagonal = o.diagonal;
  }

  Solutions solve(std::size_t limit) override {
    const sudoku::Solutions s = sudoku::solve(p_, solver_, limit);
    solutions_ = s.grids;
    Solutions out{{}, {}, s.complete};
    for (const Grid& g : s.grids) {
      out.rows.push_back(to_rows(g, p_.size()));
      out.drawn.push_back(draw(g, p_.shape));
    }
    return out;
  }

  bool prove_unique(const std::string& path) override {
    const Rules r = rules(p_, solver_);
    std::vector<sat::Lit> lits;
    std::vector<bool> values;
    for (int row = 0; row < p_.size(); ++row)
      for (int col = 0; col < p_.size(); ++col)
        for (int v = 1; v <= p_.size(); ++v) {
          lits.push_back(r.is({row, col}, v));
          values.push_back(solutions_[0][static_cast<std::size_t>(row * p_.size() + col)] == v);
        }
    write_unique_proof(r.model, lits, values, path, input_);
    return true;
  }

  Deduction deduce(bool explain) override {
    auto forced = sudoku::deduce(p_, solver_, explain);
    if (!forced) throw InputError("the givens contradict each other: no solution", {input_});
    forced_ = std::move(*forced);
    Deduction out;
    for (const Deduced& d : forced_)
      out.forced.push_back({d.cell.row, d.cell.col, cell_char(d.value), d.because, d.smallest});
    out.open = static_cast<std::ptrdiff_t>(forced_.size()) < std::count(p_.cells.begin(), p_.cells.end(), 0);
    return out;
  }

  std::vector<Cell> prove_forced(const std::string& dir) override {
    const Rules r = rules(p_, solver_);
    std::vector<NamedFact> facts;
    for (const Deduced& d : forced_)
      facts.push_back({"r" + std::to_string(d.cell.row) + "c" + std::to_string(d.cell.col) + "-" +
                           std::string(1, cell_char(d.value)),
                       r.is(d.cell, d.value)});
    write_fact_proofs(r.model, facts, dir, input_);
    return {};
  }

  void print_deduction(std::ostream& out, bool explain) const override {
    std::vector<int> filled = p_.cells;
    for (const Deduced& d : forced_) filled[static_cast<std::size_t>(d.cell.row * p_.size() + d.cell.col)] = d.value;
    out << draw(filled, p_.shape) << forced_.size() << " empty cells forced\n";
    if (explain)
      for (const Deduced& d : forced_) {
        out << "(" << d.cell.row << "," << d.cell.col << ")=" << cell_char(d.value) << " because";
        for (const std::string& clue : d.because) out << " " << clue;
        out << (d.because.empty() ? " the rules alone" : d.smallest ? "" : kNotProvenFewest) << "\n";
      }
  }

  const sat::Cnf& cnf() override { return rules_.emplace(rules(p_, solver_)).model.cnf(); }

 private:
  std::string input_;
  std::string solver_;
  Puzzle p_;
  std::vector<Grid> solutions_;
  std::vector<Deduced> forced_;
  std::optional<Rules> rules_;
};

// --box and --diagonal, into `o`; the reader that reads with them.
auto shape_options(const std::shared_ptr<ShapeOptions>& o) {
  return [o](CLI::App& cmd) {
    cmd.add_option("--box", o->box, "Box shape RxC (default: 2x2 for 4x4, 2x3 for 6x6, 3x3, 4x4 for 16x16)");
    cmd.add_flag("--diagonal", o->diagonal, "Both main diagonals hold each digit once too");
  };
}
cli::GridReader reader(const std::shared_ptr<ShapeOptions>& o) {
  return [o](const std::string& input, const std::string& solver) {
    return std::make_unique<SudokuInput>(*o, input, solver);
  };
}

struct GenerateOptions {
  ShapeOptions shape;
  std::string solver = "minisat";
  bool json = false;
  std::string output;
  int size = 9;
  std::uint64_t seed = 1;
};

void generate_command(const GenerateOptions& o) {
  std::optional<Shape> shape = box_shape(o.shape);
  if (!shape) shape = default_shape(o.size);
  if (!shape || shape->size() != o.size)
    throw InputError("no box shape for size " + std::to_string(o.size) + " (give --box RxC with R*C = size)");
  shape->diagonal = o.shape.diagonal;
  const Puzzle p = generate(*shape, o.seed, o.solver);
  std::string text = draw(p.cells, p.shape);
  if (o.json) {
    std::cout << nlohmann::json{{"puzzle", to_line(p.cells)}, {"url", to_url(p)}}.dump() << "\n";
  } else {
    std::cout << text << to_url(p) << "\n";
  }
  if (!o.output.empty()) write_file_atomically(o.output, text);
}

void add_sudoku_commands(cli::Commands& commands) {
  CLI::App& app = commands.app;
  cli::GridStyle style;
  style.blank_after_solution = true;
  style.proof_files = "rRcC-DIGIT.drat";
  cli::GridCommands grid(app, {"PUZZLE", "Text files (one line of 81 cells or 9 rows; '-' = stdin) or puzz.link URLs"},
                         style);

  auto o = std::make_shared<ShapeOptions>();
  grid.solve("Fill the grid (--all: every solution)", reader(o))
      .with(shape_options(o))
      .solver()
      .all("List every solution, not just one")
      .limit("With --all: stop after this many")
      .json(R"(Print {"status":"sat"|"unsat","solution":["row",...]})");

  o = std::make_shared<ShapeOptions>();
  grid.deduce("The empty cells every solution fills alike", reader(o))
      .with(shape_options(o))
      .solver()
      .explain("With each cell, the fewest givens that force it (proven within 100 tests a cell, else none of them can go)")
      .json(R"(Print {"forced":[{"row":r,"col":c,"value":"5"},...]} (from 0; with --explain also "because":[givens],"smallest":true|false))")
      .cell_proofs("rRcC-DIGIT.drat");

  o = std::make_shared<ShapeOptions>();
  grid.unique("Is the solution unique? If not, two that differ", reader(o))
      .with(shape_options(o))
      .solver()
      .json(R"(Print {"unique":true|false,"solutions":[...]})")
      .unique_proof();

  o = std::make_shared<ShapeOptions>();
  grid.cnf("The puzzle's formula as DIMACS, variables named d(r,c)=v", reader(o))
      .with(shape_options(o))
      .solver()
      .cnf_output();

  auto g = std::make_shared<GenerateOptions>();
  auto* gen_cmd = app.add_subcommand("generate", "A puzzle with a unique solution, no given superfluous");
  gen_cmd->add_option("--size", g->size, "Side of the grid: 4, 6, 9, 16, ...")->capture_default_str()
      ->check(CLI::Range(1, kMaxSize));
  gen_cmd->add_option("--seed", g->seed, "Random seed (same seed, same puzzle)")
      ->check(puzzlesat::cli::whole_number())->required();
  gen_cmd->add_option("--box", g->shape.box, "Box shape RxC with R*C = size (default: the most square)");
  gen_cmd->add_flag("--diagonal", g->shape.diagonal, "The diagonal variant");
  gen_cmd->add_flag("--json", g->json, R"(Print {"puzzle":"<one line>","url":"https://puzz.link/p?sudoku/..."})");
  gen_cmd->add_option("-o,--output", g->output, "Also write the puzzle (grid form) to this file");
  puzzlesat::cli::add_solver_option(*gen_cmd, g->solver);
  gen_cmd->callback([g] { generate_command(*g); });
}

}  // namespace

const puzzlesat::cli::CommandGroup sudoku_group{"sudoku", "Sudoku (n x n, any box shape, diagonal): solve, deduce, "
                                                          "unique, cnf, generate",
                                                add_sudoku_commands};
