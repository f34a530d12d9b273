// batch.h: one command over many inputs, the same way for every command — several
// INPUT arguments, `--jsonl` (one JSON object per input per line, in input order, a
// failed input as {"input": NAME, "error": "…"}), and one exit code for the whole run.
//
// A command writes what it does for ONE input; Batch runs it over all of them:
//
//   struct Options { puzzlesat::cli::Batch batch; bool json = false; };
//   auto opt = std::make_shared<Options>();
//   opt->batch.add_options(*cmd, "FILE", "Board files ('-' = standard input)");  // FILE... and --jsonl
//   cmd->add_flag("--json", opt->json, "…");
//   cmd->callback([opt] {
//     opt->batch.run(opt->json, [&](puzzlesat::cli::BatchItem& item) {
//       Board b = load(item.input);                   // throw InputError on bad input, as usual
//       if (!solved(b)) item.outcome = puzzlesat::cli::Outcome::unsolved;
//       if (item.json) item.result = {{"solution", …}};   // JSON: fill result, print nothing
//       else std::cout << …;                             // text: print as for one input
//     });
//   });
//
// Output by mode (the same for every command):
//   text, one input      as before: the command's text; an error is the one line
//                        `puzzlesat: error: …` on stderr and exit 2.
//   text, several        each input's text after a line `==> NAME <==` (unless headers
//                        are off); an error is that stderr line and the run goes on; a
//                        summary line at the end: `N inputs: A answered, U unsolved, F failed`.
//   --json, one input    the command's object on one line; an error as for text.
//   --json, several      one line: an array of objects, each {"input": NAME, …}, errors
//                        included as {"input": NAME, "error": "…"}.
//   --jsonl              one line per input, in input order, each {"input": NAME, …} or
//                        {"input": NAME, "error": "…"} — also for a single input. Nothing
//                        else is written to stdout, so `wc -l` counts the inputs.
// Exit code (set with set_exit_code): 2 when any input failed (bad input or any other
// error), else 3 (kExitUnsolved) when any input was left unsolved (a stuck level, an
// UNKNOWN formula), else 0. A command may refine the code for one input afterwards
// (`cnf solve` keeps the competition codes 10/20 for one formula in text mode).
// On a terminal, stderr shows a progress line over the inputs (docs/batch.md).
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <puzzlesat/cnf.h>

namespace puzzlesat::cli {

// Exit code of a run in which some input was left unsolved (and none failed).
constexpr int kExitUnsolved = 3;

enum class Outcome { answered, unsolved };

// What the command's function gets for one input, and fills in.
struct BatchItem {
  std::string input;  // the argument as given (a path, "-", a URL, …)
  std::size_t index = 0;
  bool json = false;  // JSON wanted (--json or --jsonl): fill `result`, print nothing
  nlohmann::ordered_json result = nlohmann::ordered_json::object();
  Outcome outcome = Outcome::answered;
};

struct BatchSummary {
  std::size_t inputs = 0, answered = 0, unsolved = 0, failed = 0;
  int exit_code() const;  // 2, 3 or 0 as above
};

class Batch {
 public:
  // How the text summary names the outcomes ("solved"/"stuck" for Hexcells levels), and
  // whether text output of several inputs gets `==> NAME <==` headers (off for commands
  // whose text already names each input).
  struct Style {
    std::string answered = "answered";
    std::string unsolved = "unsolved";
    bool headers = true;
  };

  Batch() = default;
  explicit Batch(Style style) : style_(std::move(style)) {}

  // Adds the positional NAME... (one or more, required) and --jsonl.
  CLI::Option* add_options(CLI::App& cmd, const std::string& name, const std::string& help);
  // Adds only --jsonl, for a command that gathers its inputs another way (then pass them to run).
  CLI::Option* add_jsonl_flag(CLI::App& cmd);

  const std::vector<std::string>& inputs() const { return inputs_; }
  bool jsonl() const { return jsonl_; }
  // Several inputs or --jsonl: the run reports per input instead of failing as a whole.
  bool batched(std::size_t count) const { return jsonl_ || count > 1; }

  // An option that names one output (a file or folder, e.g. `-o,--output`): it takes one
  // input, so run() refuses it, when given, with several inputs or --jsonl ("-o names one
  // output: give one input (and no --jsonl)").
  CLI::Option* add_output_option(CLI::App& cmd, const std::string& names, std::string& value, const std::string& help);
  // The output options the grid puzzles share, declared through add_output_option:
  //   `--proof DIR` on deduce: one DRAT proof (by CaDiCaL) per forced cell, named `files`
  //     (e.g. "rRcC-DIGIT.drat"), with `formula` (what it refutes) beside each as .cnf;
  //   `--proof FILE` on unique: no other `what` (e.g. "solution") exists;
  //   `-o FILE` and `--json` on cnf (write_cnf_result's two forms).
  CLI::Option* add_cell_proofs_option(CLI::App& cmd, std::string& dir, const std::string& files,
                                      const std::string& formula = "the formula it refutes");
  CLI::Option* add_unique_proof_option(CLI::App& cmd, std::string& file, const std::string& what = "solution",
                                       const std::string& formula = "the formula it refutes");
  void add_cnf_options(CLI::App& cmd, std::string& output, bool& json);

  // Runs `one` over the inputs in order, writes the output of the mode, sets the exit code.
  BatchSummary run(bool json, const std::function<void(BatchItem&)>& one) const;
  BatchSummary run(const std::vector<std::string>& inputs, bool json,
                   const std::function<void(BatchItem&)>& one) const;

 private:
  Style style_;
  std::vector<std::string> inputs_;
  bool jsonl_ = false;
  std::vector<std::pair<std::string, const std::string*>> outputs_;  // (shown name, value) of each output option
};

// The output of a command that exports a formula: DIMACS on stdout (with `c var` names),
// or with item.json {"variables": n, "clauses": n, "dimacs": "p cnf ..."}.
void write_cnf_result(const sat::Cnf& cnf, BatchItem& item);

}  // namespace puzzlesat::cli
