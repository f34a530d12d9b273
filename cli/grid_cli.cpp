// The shared subcommands of the grid puzzles (include/puzzlesat/grid_cli.h): the options and
// the output, here once; what differs by puzzle is asked of its GridPuzzle.
#include <puzzlesat/grid_cli.h>

#include <nlohmann/json.hpp>

#include <iostream>
#include <sstream>

#include <puzzlesat/batch.h>
#include <puzzlesat/command.h>
#include <puzzlesat/dimacs.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/file_io.h>
#include <puzzlesat/plugin.h>
#include <puzzlesat/proof.h>

namespace puzzlesat::cli {

// What one subcommand's options set, and how it reads an input. Shared by the callback and
// the GridCommand that adds the options, since options are added after the callback is set.
struct GridCommand::State {
  Batch batch;
  GridReader read;
  std::shared_ptr<const GridStyle> style;
  std::string solver = "minisat";
  bool json = false;
  bool all = false;
  std::size_t limit = sat::kNoLimit;
  bool explain = false;
  std::string output;  // cnf -o
  std::string proof;   // deduce: a folder; unique: a file
};

namespace {

using State = GridCommand::State;

void solve_one(const State& o, BatchItem& item) {
  const auto puzzle = o.read(item.input, o.solver);
  const GridPuzzle::Solutions s = puzzle->solve(o.all ? o.limit : 1);
  if (s.rows.empty() && o.style->no_solution_unsolved) item.outcome = Outcome::unsolved;
  if (item.json) {
    item.result = nlohmann::ordered_json::parse(
        o.all ? solutions_json(s.rows, s.complete) : solve_json(s.rows.empty() ? std::nullopt : std::optional(s.rows[0])));
    return;
  }
  if (s.rows.empty()) {
    std::cout << o.style->no_solution << "\n";
    return;
  }
  const bool after = o.style->blank_after_solution;
  for (std::size_t i = 0; i < s.drawn.size(); ++i) std::cout << (i && !after ? "\n" : "") << s.drawn[i] << (after ? "\n" : "");
  if (o.all) std::cout << s.rows.size() << (s.complete ? " solutions\n" : " solutions (limit reached)\n");
}

void unique_one(const State& o, BatchItem& item) {
  const auto puzzle = o.read(item.input, o.solver);
  const GridPuzzle::Solutions s = puzzle->solve(2);
  if (s.rows.size() != 1) item.outcome = Outcome::unsolved;
  const bool prove = s.rows.size() == 1 && !o.proof.empty();
  const bool proved = prove && puzzle->prove_unique(o.proof);
  if (prove && !proved) item.outcome = Outcome::unsolved;
  if (item.json) {
    item.result = nlohmann::ordered_json::parse(unique_json(s.rows));
    if (prove) item.result["proof"] = proved ? nlohmann::ordered_json(o.proof) : nullptr;
    return;
  }
  if (s.rows.empty()) {
    std::cout << o.style->no_solution << "\n";
    return;
  }
  std::cout << (s.rows.size() == 1 ? "unique\n" : "not unique; two solutions:\n");
  for (std::size_t i = 0; i < s.drawn.size(); ++i) std::cout << (i ? "\n" : "") << s.drawn[i];
  if (prove)
    std::cout << (proved ? "proof: " + o.proof + " (formula " + sat::proof_formula_path(o.proof) + ")\n"
                         : std::string("no proof within --proof-timeout\n"));
}

void deduce_one(const State& o, BatchItem& item) {
  const auto puzzle = o.read(item.input, o.solver);
  const GridPuzzle::Deduction d = puzzle->deduce(o.explain);
  std::vector<Cell> unproved;
  if (!o.proof.empty()) unproved = puzzle->prove_forced(o.proof);
  if (d.open || !unproved.empty()) item.outcome = Outcome::unsolved;
  const std::size_t proofs = d.forced.size() - unproved.size();
  if (item.json) {
    item.result = nlohmann::ordered_json::parse(deduce_json(d.forced));
    if (o.proof.empty() || o.style->deduce_proof_json == GridStyle::ProofJson::none) return;
    item.result["proofs"] = proofs;
    if (o.style->deduce_proof_json == GridStyle::ProofJson::count_and_unproved) {
      nlohmann::ordered_json missing = nlohmann::ordered_json::array();
      for (const Cell& c : unproved) missing.push_back({{"row", c.row}, {"col", c.col}});
      item.result["unproved"] = missing;
    }
    return;
  }
  puzzle->print_deduction(std::cout, o.explain);
  if (o.proof.empty()) return;
  const std::string& files = o.style->proof_files;
  std::cout << proofs << " proofs" << (files.empty() ? "" : " (" + files + ", formula beside each)") << " in " << o.proof
            << "\n";
  for (const Cell& c : unproved) std::cout << "no proof for (" << c.row << "," << c.col << ") within --proof-timeout\n";
}

void cnf_one(const State& o, BatchItem& item) {
  const auto puzzle = o.read(item.input, o.solver);
  const sat::Cnf& cnf = puzzle->cnf();
  if (o.output.empty()) return write_cnf_result(cnf, item);
  std::ostringstream out;
  sat::write_dimacs(out, cnf);
  write_file_atomically(o.output, out.str());
}

}  // namespace

GridCommand& GridCommand::json(const std::string& help) {
  app_->add_flag("--json", state_->json, help);
  return *this;
}

GridCommand& GridCommand::solver() {
  add_solver_option(*app_, state_->solver);
  return *this;
}

GridCommand& GridCommand::all(const std::string& help) {
  app_->add_flag("--all", state_->all, help);
  return *this;
}

GridCommand& GridCommand::limit(const std::string& help, std::optional<std::size_t> default_limit) {
  if (default_limit) state_->limit = *default_limit;
  auto* option = app_->add_option("--limit", state_->limit, help)
                     ->check(whole_number())
                     ->check(CLI::Range(std::size_t{1}, sat::kNoLimit));
  if (default_limit) option->capture_default_str();
  return *this;
}

GridCommand& GridCommand::explain(const std::string& help) {
  app_->add_flag("--explain", state_->explain, help);
  return *this;
}

GridCommand& GridCommand::cell_proofs(const std::string& files, const std::string& formula) {
  state_->batch.add_cell_proofs_option(*app_, state_->proof, files, formula);
  return *this;
}

GridCommand& GridCommand::unique_proof(const std::string& what, const std::string& formula) {
  state_->batch.add_unique_proof_option(*app_, state_->proof, what, formula);
  return *this;
}

GridCommand& GridCommand::cnf_output() {
  state_->batch.add_cnf_options(*app_, state_->output, state_->json);
  return *this;
}

GridCommand& GridCommand::with(const std::function<void(CLI::App&)>& add) {
  add(*app_);
  return *this;
}

GridCommands::GridCommands(CLI::App& group, GridInputs inputs, GridStyle style)
    : group_(group), inputs_(std::move(inputs)), style_(std::make_shared<const GridStyle>(std::move(style))) {}

GridCommand GridCommands::add(const char* name, const std::string& description, GridReader read,
                              const std::string& inputs_help, void (*one)(const State&, BatchItem&)) {
  auto* app = group_.add_subcommand(name, description);
  auto state = std::make_shared<State>();
  state->read = std::move(read);
  state->style = style_;
  state->batch.add_options(*app, inputs_.name, inputs_help.empty() ? inputs_.help : inputs_help);
  // Batch refuses --proof and -o, which name one output, with several inputs.
  app->callback([state, one] { state->batch.run(state->json, [&](BatchItem& item) { one(*state, item); }); });
  return {app, state};
}

GridCommand GridCommands::solve(const std::string& description, GridReader read) {
  return add("solve", description, std::move(read), "", solve_one);
}

GridCommand GridCommands::deduce(const std::string& description, GridReader read) {
  return add("deduce", description, std::move(read), "", deduce_one);
}

GridCommand GridCommands::unique(const std::string& description, GridReader read) {
  return add("unique", description, std::move(read), "", unique_one);
}

GridCommand GridCommands::cnf(const std::string& description, GridReader read, const std::string& inputs_help) {
  return add("cnf", description, std::move(read), inputs_help, cnf_one);
}

}  // namespace puzzlesat::cli
