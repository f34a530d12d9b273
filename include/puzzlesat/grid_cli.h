// grid_cli.h: the subcommands every grid puzzle shares — `solve [--all] [--json]`,
// `deduce [--explain] [--json] [--proof DIR]`, `unique [--json] [--proof FILE]` and `cnf
// [-o FILE] [--json]` — declared once, so that `sudoku`, `nonogram`, `minesweeper`,
// `nurikabe` and outside plugins take the same options, print the same JSON
// (<puzzlesat/grid_io.h>) and run several inputs alike (<puzzlesat/batch.h>: --jsonl, exit
// codes 0, 2 bad input, 3 unsolved). A puzzle says how to read one input and answers for
// that one puzzle (a GridPuzzle); the scaffold adds the options, runs the inputs and writes
// the output. `generate` and commands of a puzzle's own stay in its command file.
//
//   class Mines final : public puzzlesat::cli::GridPuzzle { … };        // one board, read
//   std::unique_ptr<puzzlesat::cli::GridPuzzle> read(const std::string& input, const std::string& solver);
//
//   puzzlesat::cli::GridCommands grid(commands.app, {"BOARD", "Board files ('-' = stdin)"}, style);
//   grid.solve("Place the mines", read).json(R"(Print {"status": …})").all("Every solution").solver();
//   grid.deduce("The cells every solution agrees on", read).json("…").explain("…").cell_proofs("rRcC.drat");
//   grid.unique("Is the placement unique?", read).json("…").solver().unique_proof("placement");
//   grid.cnf("The board's formula as DIMACS", read).cnf_output();
//
// Each call after the subcommand adds one option, in the order --help lists them, so a
// puzzle keeps its own order; with(fn) puts options of the puzzle's own in between.
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/grid.h>
#include <puzzlesat/grid_io.h>

namespace puzzlesat::cli {

struct BatchItem;

// One puzzle read from one input. Each command makes one, asks it one question and prints
// the answer; it may keep what it found for the calls that follow (deduce's text and proofs,
// unique's proof). Bad input throws InputError, as everywhere.
class GridPuzzle {
 public:
  virtual ~GridPuzzle() = default;

  struct Solutions {
    std::vector<Rows> rows;          // for JSON: one string per row
    std::vector<std::string> drawn;  // for text: each as the puzzle draws it (ending in '\n')
    bool complete = false;           // every solution is listed
  };
  // solve (limit 1, or --limit with --all) and unique (limit 2).
  virtual Solutions solve(std::size_t limit) = 0;
  // unique --proof, after solve() found exactly one solution: a DRAT proof at `path` that no
  // other exists. False when the puzzle's own time bound ran out first (no file then); a
  // proof run that does not confirm throws.
  virtual bool prove_unique(const std::string& path) = 0;

  struct Deduction {
    std::vector<ForcedCell> forced;
    bool open = false;  // some cell is not forced: the input counts as unsolved (exit 3)
  };
  // The cells every solution agrees on; throws InputError when there is no solution.
  virtual Deduction deduce(bool explain) = 0;
  // deduce --proof, after deduce(): one proof per forced cell in `dir`; returns the cells
  // left without one (within the puzzle's time bound).
  virtual std::vector<Cell> prove_forced(const std::string& dir) = 0;
  // deduce's text, after deduce(): the grid with what is forced, a count, and with
  // `explain` why each cell is forced.
  virtual void print_deduction(std::ostream& out, bool explain) const = 0;

  // The formula `cnf` writes, with its variable names.
  virtual const sat::Cnf& cnf() = 0;
};

// Reads one input (a file, "-" or a URL) for a command whose --solver is `solver`.
using GridReader = std::function<std::unique_ptr<GridPuzzle>(const std::string& input, const std::string& solver)>;

// Where a puzzle's output has always differed from the others'; a new puzzle keeps the
// defaults.
struct GridStyle {
  std::string no_solution = "no solution";  // solve's and unique's text when there is none
  bool no_solution_unsolved = true;         // solve: no solution makes the exit code 3
  bool blank_after_solution = false;        // solve's text: a blank line after each solution, not between
  std::string proof_files;  // deduce --proof's text: "N proofs (FILES, formula beside each) in DIR"; empty: "N proofs in DIR"
  enum class ProofJson { none, count, count_and_unproved };
  ProofJson deduce_proof_json = ProofJson::count;  // deduce --proof --json: "proofs" (and "unproved" cells)
};

// The positional inputs: their name in --help ("PUZZLE", "BOARD") and what they are.
struct GridInputs {
  std::string name;
  std::string help;
};

// One shared subcommand being declared; each call adds one option.
class GridCommand {
 public:
  struct State;
  GridCommand(CLI::App* app, std::shared_ptr<State> state) : app_(app), state_(std::move(state)) {}

  GridCommand& json(const std::string& help);
  GridCommand& solver();
  // solve: --all, and --limit (default: none, or `default_limit`, shown in --help).
  GridCommand& all(const std::string& help);
  GridCommand& limit(const std::string& help, std::optional<std::size_t> default_limit = std::nullopt);
  // deduce: --explain, and --proof DIR (Batch::add_cell_proofs_option).
  GridCommand& explain(const std::string& help);
  GridCommand& cell_proofs(const std::string& files, const std::string& formula = "the formula it refutes");
  // unique: --proof FILE (Batch::add_unique_proof_option).
  GridCommand& unique_proof(const std::string& what = "solution", const std::string& formula = "the formula it refutes");
  // cnf: -o FILE and --json (Batch::add_cnf_options).
  GridCommand& cnf_output();
  // Options of the puzzle's own, at this place in --help.
  GridCommand& with(const std::function<void(CLI::App&)>& add);

  CLI::App& app() { return *app_; }

 private:
  CLI::App* app_;
  std::shared_ptr<State> state_;
};

// A puzzle's group: adds the shared subcommands to it, each with the inputs and --jsonl.
class GridCommands {
  using State = GridCommand::State;

 public:
  GridCommands(CLI::App& group, GridInputs inputs, GridStyle style = {});

  GridCommand solve(const std::string& description, GridReader read);
  GridCommand deduce(const std::string& description, GridReader read);
  GridCommand unique(const std::string& description, GridReader read);
  // `inputs_help`: another text for the inputs than the group's.
  GridCommand cnf(const std::string& description, GridReader read, const std::string& inputs_help = "");

 private:
  GridCommand add(const char* name, const std::string& description, GridReader read, const std::string& inputs_help,
                  void (*one)(const State&, BatchItem&));

  CLI::App& group_;
  GridInputs inputs_;
  std::shared_ptr<const GridStyle> style_;
};

}  // namespace puzzlesat::cli
