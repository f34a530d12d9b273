#include "sat/external_solver.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "sat/deadline.h"
#include <puzzlesat/input_error.h>
#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include <puzzlesat/solution.h>

namespace puzzlesat::sat {

namespace {

std::vector<std::string> split_blanks(const std::string& s) {
  std::vector<std::string> words;
  std::istringstream in(s);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A private directory for one solve's files, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::filesystem::path base = std::filesystem::temp_directory_path() / "puzzlesat-solve-XXXXXX";
    std::string templ = base.string();
    if (!mkdtemp(templ.data())) throw std::runtime_error("cannot create a temporary directory in " + base.parent_path().string());
    path_ = templ;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

std::string first_line(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  return line.size() > 200 ? line.substr(0, 200) + "..." : line;
}

}  // namespace

ExternalSolver::ExternalSolver(const std::string& command) : command_(command), argv_(split_blanks(command)) {
  if (argv_.empty()) throw std::invalid_argument("external: needs a command, e.g. external:cadical");
  std::string program = std::filesystem::path(argv_[0]).filename().string();
  minisat_style_ = program.rfind("minisat", 0) == 0;
  for (std::size_t i = 0; i < argv_.size(); ++i) {
    if (argv_[i] == "{proof}") proof_word_ = static_cast<int>(i);
    if (argv_[i] == "{formula}") formula_word_ = static_cast<int>(i);
  }
}

void ExternalSolver::trace_proof(const ProofOptions& options) {
  if (proof_word_ < 0) Solver::trace_proof(options);  // throws: no way to get a proof
  trace_path_ = options.path;
}

void ExternalSolver::add_clause(std::span<const Lit> clause) {
  for (Lit l : clause) cnf_.reserve_vars(l.var().id());
  cnf_.add_clause(clause);
}

Status ExternalSolver::solve(std::span<const Lit> assumptions) {
  auto start = std::chrono::steady_clock::now();
  for (Lit l : assumptions) cnf_.reserve_vars(l.var().id());
  model_.clear();
  failed_.clear();

  TempDir dir;
  auto input = dir.path() / "formula.cnf";
  auto result_file = dir.path() / "result";
  auto proof_file = dir.path() / "proof.drat";
  {
    std::ofstream out(input, std::ios::binary);
    write_dimacs(out, cnf_, assumptions);
    if (!out.flush()) throw std::runtime_error("cannot write " + input.string());
  }
  std::vector<std::string> argv = argv_;
  if (proof_word_ >= 0) argv[static_cast<std::size_t>(proof_word_)] = proof_file.string();
  if (formula_word_ >= 0) {
    argv[static_cast<std::size_t>(formula_word_)] = input.string();
  } else {
    argv.push_back(input.string());
  }
  if (minisat_style_) argv.push_back(result_file.string());

  Subprocess::Exit exit;
  {
    std::optional<Deadline> deadline;
    if (budget_.seconds) deadline.emplace(*budget_.seconds, [this] { interrupt(); });
    try {
      exit = process_.run(argv, (dir.path() / "stdout").string(), (dir.path() / "stderr").string());
    } catch (const std::runtime_error& e) {
      // The program the user named does not exist or cannot be started: bad input (exit 2).
      throw InputError("--solver external:" + command_ + ": " + e.what());
    }
  }
  ++stats_.solves;
  Status status = Status::unknown;
  if (!exit.killed) {
    std::string result = minisat_style_ && std::filesystem::exists(result_file) ? slurp(result_file) : std::string();
    std::string out = slurp(dir.path() / "stdout");
    if (exit.code != 10 && exit.code != 20 && exit.code != 0) {
      throw std::runtime_error("external solver '" + command_ + "' failed (exit code " + std::to_string(exit.code) +
                               "): " + first_line(slurp(dir.path() / "stderr")));
    }
    status = interpret(exit.code, out, result, assumptions);
    if (status == Status::unsat) {
      if (proof_word_ < 0 || !proof_verifies(proof_file.string(), assumptions)) {
        status = Status::unknown;  // an UNSAT nobody can check is no answer
        failed_.clear();
        ++unverified_unsats_;
      } else if (!trace_path_.empty() && assumptions.empty()) {
        std::filesystem::copy_file(proof_file, trace_path_, std::filesystem::copy_options::overwrite_existing);
      }
    }
  }
  stats_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return status;
}

void ExternalSolver::set_budget(const Budget& budget) {
  if (budget.conflicts) {
    throw std::invalid_argument("the external backend cannot limit conflicts (use a time limit)");
  }
  budget_ = budget;
}

Status ExternalSolver::interpret(int exit_code, const std::string& out, const std::string& result,
                                 std::span<const Lit> assumptions) {
  std::optional<ParsedSolution> answer;
  try {
    answer = result.empty() ? parse_solution(out) : parse_minisat_result(result);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error("external solver '" + command_ + "' gave a " + e.what());
  }
  // Only a program that prints no answer at all is taken at its exit code.
  if (!answer && exit_code == 20 && result.empty()) answer = ParsedSolution{Status::unsat, {}};
  if (!answer) {
    throw std::runtime_error("external solver '" + command_ + "' gave no readable answer (exit code " +
                             std::to_string(exit_code) + ")");
  }
  if ((exit_code == 10 && answer->status != Status::sat) || (exit_code == 20 && answer->status != Status::unsat)) {
    throw std::runtime_error("external solver '" + command_ + "': exit code " + std::to_string(exit_code) +
                             " contradicts its answer '" + std::string(to_string(answer->status)) + "'");
  }
  if (answer->status == Status::sat) {
    model_.assign(static_cast<std::size_t>(cnf_.num_vars()) + 1, 0);
    for (Lit l : answer->model) {
      if (l.var().id() <= cnf_.num_vars()) model_[static_cast<std::size_t>(l.var().id())] = l.negated() ? 0 : 1;
    }
  } else if (answer->status == Status::unsat) {
    failed_.assign(assumptions.begin(), assumptions.end());
  }
  return answer->status;
}

bool ExternalSolver::proof_verifies(const std::string& proof_file, std::span<const Lit> assumptions) const {
  // A formula holding the empty clause needs no proof (and solvers write none for it).
  for (std::span<const Lit> c : cnf_.clauses())
    if (c.empty()) return true;
  if (!std::filesystem::exists(proof_file)) return false;
  Cnf formula = cnf_;
  for (Lit l : assumptions) formula.add_unit(l);
  try {
    return check_drat(formula, slurp(proof_file), proof_file).verified;
  } catch (const InputError&) {
    return false;  // a malformed proof proves nothing
  }
}

bool ExternalSolver::model_value(Var v) const {
  auto i = static_cast<std::size_t>(v.id());
  return v.id() > 0 && i < model_.size() && model_[i] != 0;
}

}  // namespace puzzlesat::sat
