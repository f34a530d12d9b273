// `puzzlesat cnf …`: the formula-level commands. `solve` behaves as a SAT-competition
// solver (s/v lines, exit 10/20/0); `backbone` and `enumerate` expose the SAT layer's
// analyses on any DIMACS file; `check` verifies a DRAT proof of unsatisfiability.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <puzzlesat/batch.h>
#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include "cli/interrupt_guard.h"
#include "cli/proof_args.h"
#include <puzzlesat/input_error.h>
#include <puzzlesat/backbone.h>
#include <puzzlesat/chunked_backbone.h>
#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/memory_budget.h>
#include <puzzlesat/progress.h>
#include <puzzlesat/proof.h>
#include <puzzlesat/solver.h>

namespace puzzlesat::cli {

// This file's own names: the command files are compiled several to a unit (cli/CMakeLists.txt).
namespace cnf_cli {
namespace {

using namespace puzzlesat::sat;

constexpr int kExitSat = 10;
constexpr int kExitUnsat = 20;

struct FormulaOptions {
  Batch batch;
  std::string solver = "minisat";
  std::string max_memory = "2G";
  CLI::Option* solver_option = nullptr;
};

void add_max_memory_option(CLI::App* cmd, std::string& max_memory, const std::string& help) {
  cmd->add_option("--max-memory", max_memory, help)
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            return parse_byte_size(text) > 0 ? "" : "'" + text + "' is not a size such as 512M or 8G";
          },
          "SIZE"))
      ->capture_default_str();
}

void add_formula_options(CLI::App* cmd, FormulaOptions& opt) {
  opt.batch.add_options(*cmd, "FILE", "DIMACS CNF files, or - for standard input");
  opt.solver_option = add_solver_option(*cmd, opt.solver);
  add_max_memory_option(cmd, opt.max_memory,
                        "Refuse a formula that would need more memory than this to solve (e.g. 512M, 8G)");
}

// The file may not be larger than the budget; the reader checks the rest (memory_budget.h).
Cnf load(const FormulaOptions& opt, const std::string& file) {
  const std::uint64_t budget = parse_byte_size(opt.max_memory);
  return read_dimacs(read_input(file, budget), file, budget);
}

// A backend name the user typed wrongly is bad input (exit 2), not an internal error.
// With `proof`, the backend traces a DRAT proof from the first clause on.
std::unique_ptr<Solver> solver_for(const std::string& spec, const Cnf& cnf, const ProofOptions* proof = nullptr) {
  std::unique_ptr<Solver> s;
  try {
    s = make_solver(spec);
  } catch (const std::invalid_argument& e) {
    throw InputError(std::string("--solver: ") + e.what());
  }
  if (proof) s->trace_proof(*proof);
  s->add_cnf(cnf);
  return s;
}

std::vector<int> to_dimacs(const std::vector<Lit>& lits) {
  std::vector<int> out;
  out.reserve(lits.size());
  for (Lit l : lits) out.push_back(l.to_dimacs());
  return out;
}

void print_ints(std::ostream& out, const std::vector<int>& values) {
  for (std::size_t i = 0; i < values.size(); ++i) out << (i ? " " : "") << values[i];
}

struct SolveOptions : FormulaOptions {
  std::optional<double> timeout;
  std::optional<std::int64_t> conflicts;
  ProofArgs proof;
  bool json = false;
};

Status solve_one(const SolveOptions& opt, const std::string& backend, BatchItem& item) {
  Cnf cnf = load(opt, item.input);
  auto proof = opt.proof.options();
  auto s = solver_for(backend, cnf, proof ? &*proof : nullptr);
  try {
    s->set_budget({.conflicts = opt.conflicts, .seconds = opt.timeout});
  } catch (const std::invalid_argument& e) {
    throw InputError(std::string("--conflicts: ") + e.what());
  }
  Status status = Status::unknown;
  bool interrupted = false;
  {
    // Ctrl-C stops the search and still prints `s UNKNOWN`, as competition solvers do.
    InterruptGuard guard([&s] { s->interrupt(); });
    ElapsedProgress shown("solving " + item.input);
    status = s->solve();
    interrupted = guard.interrupted();
  }
  SolverStats st = s->stats();
  std::vector<Lit> model;
  if (status == Status::sat) model = s->model(cnf.num_vars());
  if (proof) {
    s->close_proof();
    if (status == Status::unsat)
      write_formula_file(proof_formula_path(proof->path), cnf);
    else
      std::remove(proof->path.c_str());
  }
  const bool external_unknown = status == Status::unknown && backend.rfind("external:", 0) == 0;
  if (item.json) {
    item.result = {{"status", std::string(to_string(status))}};
    if (status == Status::sat) item.result["model"] = to_dimacs(model);
    item.result["variables"] = cnf.num_vars();
    item.result["clauses"] = cnf.num_clauses();
    item.result["solver"] = s->name();
    item.result["seconds"] = st.seconds;
    item.result["conflicts"] = st.conflicts;
    if (interrupted) item.result["interrupted"] = true;
    if (proof && status == Status::unsat) item.result["proof"] = proof->path;
    return status;
  }
  if (interrupted) std::cout << "c interrupted\n";
  std::cout << "c solver " << s->name() << ", " << cnf.num_vars() << " variables, " << cnf.num_clauses()
            << " clauses, " << std::fixed << std::setprecision(3) << st.seconds << " s, " << st.conflicts
            << " conflicts\n";
  std::cout.unsetf(std::ios::floatfield);
  if (proof && status == Status::unsat) std::cout << "c " << proof_note(*proof) << "\n";
  if (external_unknown) {
    std::cout << "c an external program's UNSAT counts only with a DRAT proof that verifies "
                 "(put {proof} in the command, see docs/sat.md)\n";
  }
  write_solution(std::cout, status, model);
  return status;
}

void add_solve(CLI::App* cnf) {
  using Options = SolveOptions;
  auto opt = std::make_shared<Options>();
  auto* cmd = cnf->add_subcommand(
      "solve",
      "Solve a DIMACS CNF formula like a competition solver: prints `s SATISFIABLE` and `v` lines, "
      "`s UNSATISFIABLE` or `s UNKNOWN`; exit code 10, 20 or 0");
  add_formula_options(cmd, *opt);
  cmd->add_option("--timeout", opt->timeout, "Give up after S seconds of solving (answer UNKNOWN; inf: no limit)")
      ->check(seconds_limit());
  cmd->add_option("--conflicts", opt->conflicts, "Give up after N conflicts (answer UNKNOWN)")
      ->check(CLI::NonNegativeNumber);
  opt->proof.add_options(cmd, "the formula is unsatisfiable (kept only on UNSAT)", opt->solver_option);
  cmd->add_flag("--json", opt->json,
                R"(Print {"status": "sat"|"unsat"|"unknown", "model": [1, -2, ...] (when sat), "variables": n, )"
                R"("clauses": n, "solver": "...", "seconds": s, "conflicts": n} on one line)");
  cmd->callback([opt] {
    std::string backend = opt->proof.backend(opt->solver);
    if (opt->proof.requested() && opt->batch.batched(opt->batch.inputs().size()))
      throw InputError("--proof FILE takes one formula, not several (or --jsonl)");
    Status last = Status::unknown;
    opt->batch.run(opt->json, [&](BatchItem& item) {
      last = solve_one(*opt, backend, item);
      if (last == Status::unknown) item.outcome = Outcome::unsolved;
    });
    // One formula (not --jsonl): the SAT-competition exit codes.
    if (!opt->batch.batched(opt->batch.inputs().size()))
      set_exit_code(last == Status::sat ? kExitSat : last == Status::unsat ? kExitUnsat : 0);
  });
}

void add_backbone(CLI::App* cnf) {
  struct Options : FormulaOptions {
    bool json = false;
    std::string method = "filtered";
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = cnf->add_subcommand(
      "backbone", "List the literals that are true in every model (DIMACS-signed) and the solver calls used");
  add_formula_options(cmd, *opt);
  cmd->add_option("--method", opt->method,
                  "filtered: one call per candidate no model has cleared; chunked: each call asks for a model "
                  "flipping any open candidate (fewest calls when most literals are forced)")
      ->check(CLI::IsMember({"filtered", "chunked"}))
      ->capture_default_str();
  cmd->add_flag("--json", opt->json, R"(Print {"status": "sat"|"unsat", "forced": [...], "calls": n})");
  cmd->callback([opt] { opt->batch.run(opt->json, [&](BatchItem& item) {
    Cnf cnf = load(*opt, item.input);
    auto s = solver_for(opt->solver, cnf);
    std::vector<Lit> candidates;
    for (int v = 1; v <= cnf.num_vars(); ++v) candidates.push_back(Lit(Var(v)));
    ElapsedProgress shown("backbone of " + item.input);
    BackboneResult r =
        opt->method == "chunked" ? chunked_backbone(*s, candidates) : compute_backbone(*s, candidates, {}, &cnf);
    shown.stop();
    if (r.status == Status::unknown) throw std::runtime_error("the solver gave up before the backbone was known");
    std::vector<int> forced = to_dimacs(r.forced);
    if (item.json) {
      item.result = {{"status", std::string(to_string(r.status))}, {"forced", forced}, {"calls", r.solver_calls}};
      return;
    }
    if (r.status == Status::unsat) {
      std::cout << "unsatisfiable: no model, so no backbone\n";
    } else {
      std::cout << "forced: ";
      print_ints(std::cout, forced);
      std::cout << "\n" << forced.size() << " of " << cnf.num_vars() << " variables forced\n";
    }
    std::cout << "solver calls: " << r.solver_calls << '\n';
  }); });
}

// "1,2,5" -> variables; each must be a variable of the formula.
std::vector<Var> parse_projection(const std::string& text, int num_vars) {
  std::vector<Var> vars;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::size_t used = 0;
    long v = 0;
    try {
      v = std::stol(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size() || v < 1 || v > num_vars) {
      throw InputError("--project: '" + item + "' is not a variable of the formula (1.." + std::to_string(num_vars) +
                       ")");
    }
    vars.push_back(Var(static_cast<int>(v)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return vars;
}

void add_enumerate(CLI::App* cnf) {
  struct Options : FormulaOptions {
    std::optional<std::string> project;
    std::optional<std::size_t> limit;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = cnf->add_subcommand("enumerate", "List the models, restricted to the projection variables");
  add_formula_options(cmd, *opt);
  cmd->add_option("--project", opt->project, "Comma-separated variables to project onto, e.g. 1,2,5 (default: all)");
  cmd->add_option("--limit", opt->limit, "Stop after N models (default: no limit)")
      ->check(whole_number())
      ->check(CLI::Range(std::size_t{1}, kNoLimit));
  cmd->add_flag("--json", opt->json, R"(Print {"count": n, "models": [[1, -2, 5], ...]})");
  cmd->callback([opt] { opt->batch.run(opt->json, [&](BatchItem& item) {
    Cnf cnf = load(*opt, item.input);
    std::vector<Var> projection;
    if (opt->project) {
      projection = parse_projection(*opt->project, cnf.num_vars());
    } else {
      for (int v = 1; v <= cnf.num_vars(); ++v) projection.push_back(Var(v));
    }
    auto s = solver_for(opt->solver, cnf);
    ElapsedProgress shown("enumerating models of " + item.input);
    EnumerationResult r = enumerate_models(*s, projection, opt->limit.value_or(kNoLimit));
    shown.stop();
    if (!r.complete && (!opt->limit || r.models.size() < *opt->limit)) {
      throw std::runtime_error("the solver gave up before the enumeration was complete");
    }
    if (!r.complete) {
      std::cerr << "puzzlesat: note: stopped at the limit of " << *opt->limit << " models; more exist\n";
    }
    if (item.json) {
      nlohmann::ordered_json models = nlohmann::ordered_json::array();
      for (const auto& m : r.models) models.push_back(to_dimacs(m));
      item.result = {{"count", r.models.size()}, {"models", models}};
      return;
    }
    for (const auto& m : r.models) {
      print_ints(std::cout, to_dimacs(m));
      std::cout << '\n';
    }
    std::cout << r.models.size() << (r.complete ? " models\n" : " models (limit reached, more exist)\n");
  }); });
}

// Exit code of `cnf check` when the proof is well-formed but does not verify.
constexpr int kExitNotVerified = 1;

std::string cnf_summary(const Cnf& cnf) {
  return std::to_string(cnf.num_vars()) + " variables, " + std::to_string(cnf.num_clauses()) + " clauses";
}

void add_check(CLI::App* cnf) {
  struct Options {
    std::string formula, proof;
    std::string max_memory = "2G";
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = cnf->add_subcommand(
      "check",
      "Verify a DRAT proof (text or binary, as CaDiCaL or any competition solver writes) that a DIMACS formula is "
      "unsatisfiable: prints `s VERIFIED` (exit 0) or `s NOT VERIFIED` and the failing step with its line (exit 1)");
  cmd->add_option("FORMULA", opt->formula, "DIMACS CNF file, or - for standard input")->required();
  cmd->add_option("PROOF", opt->proof, "DRAT proof file, or - for standard input")->required();
  cmd->add_flag("--json", opt->json,
                R"(Print {"verified": bool, "message": "...", "failed_line": n, "format": "text"|"binary", )"
                R"("lemmas": n, "deletions": n, "ignored_deletions": n, "core_lemmas": n, "seconds": s})");
  add_max_memory_option(cmd, opt->max_memory,
                        "Refuse a formula or proof that would need more memory than this to check (e.g. 512M, 8G)");
  cmd->callback([opt] {
    if (opt->formula == "-" && opt->proof == "-") throw InputError("FORMULA and PROOF cannot both be standard input");
    const std::uint64_t budget = parse_byte_size(opt->max_memory);
    Cnf formula = read_dimacs(read_input(opt->formula, budget), opt->formula, budget);
    auto start = std::chrono::steady_clock::now();
    // The file first: parsing takes at most 4 bytes per byte of a binary proof.
    DratProof proof = parse_drat(read_input(opt->proof, budget / 8), opt->proof);
    if (std::uint64_t need = drat_check_bytes(formula, proof); need > budget) {
      throw InputError("checking the proof needs about " + megabytes(need) + ", over the --max-memory budget of " +
                           megabytes(budget),
                       {opt->proof});
    }
    DratVerdict v = check_drat(formula, proof);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    set_exit_code(v.verified ? 0 : kExitNotVerified);
    if (opt->json) {
      nlohmann::ordered_json j = {{"verified", v.verified},
                                  {"message", v.message},
                                  {"failed_line", v.failed_line},
                                  {"format", v.binary ? "binary" : "text"},
                                  {"lemmas", v.lemmas},
                                  {"deletions", v.deletions},
                                  {"ignored_deletions", v.ignored_deletions},
                                  {"core_lemmas", v.core_lemmas},
                                  {"seconds", seconds}};
      std::cout << j.dump(-1, ' ', false, kUtf8Replace) << '\n';
      return;
    }
    std::cout << "c formula " << cnf_summary(formula) << "\n"
              << "c proof " << (v.binary ? "binary" : "text") << ", " << v.lemmas << " lemmas, " << v.deletions
              << " deletions (" << v.ignored_deletions << " ignored)\n"
              << "c " << v.core_lemmas << " lemmas needed and checked in " << std::fixed << std::setprecision(3)
              << seconds << " s\n";
    if (!v.verified) std::cout << "c " << v.message << '\n';
    std::cout << (v.verified ? "s VERIFIED\n" : "s NOT VERIFIED\n");
  });
}

}  // namespace

void add_cnf_commands(Commands& commands) {
  CLI::App* cnf = &commands.app;
  add_solve(cnf);
  add_backbone(cnf);
  add_enumerate(cnf);
  add_check(cnf);
}

}  // namespace cnf_cli

const CommandGroup cnf_group{"cnf", "Solve and analyse DIMACS CNF formulas", cnf_cli::add_cnf_commands};

}  // namespace puzzlesat::cli
