// The DIMACS page's job: `cnf solve --proof` within the request's time budget, the UNSAT
// proof checked by puzzlesat's own DRAT checker (`cnf check`) before it is shown.
#include <chrono>
#include <sstream>

#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include <puzzlesat/drat_proof.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/proof.h>
#include <puzzlesat/solution.h>
#include <puzzlesat/solver.h>

#include "server/data_url.h"
#include "server/jobs.h"
#include "server/proof_files.h"
#include "server/upload.h"

namespace puzzlesat::server {

using nlohmann::json;

namespace {

// The page lists at most this many literals of a model; the whole model is a download.
constexpr int kModelShown = 2000;

}  // namespace

json dimacs_job(const Upload& cnf_upload, const JobContext& ctx) {
  if (cnf_upload.bytes.empty()) throw InputError("the upload is empty (0 bytes)", {cnf_upload.name});
  const std::uint64_t budget = ctx.limits.formula_memory_bytes;
  const sat::Cnf cnf = sat::read_dimacs(cnf_upload.bytes, cnf_upload.name, budget);

  const sat::ProofOptions proof{ctx.work_dir + "/formula.drat", sat::ProofFormat::text};
  auto solver = sat::make_solver("cadical");
  solver->trace_proof(proof);
  solver->add_cnf(cnf);
  sat::Budget time_budget;
  time_budget.seconds = ctx.limits.solve_seconds;
  solver->set_budget(time_budget);
  const sat::Status status = solver->solve();
  const sat::SolverStats stats = solver->stats();
  solver->close_proof();

  json out = {{"status", std::string(sat::to_string(status))},
              {"variables", cnf.num_vars()},
              {"clauses", cnf.num_clauses()},
              {"seconds", stats.seconds},
              {"conflicts", stats.conflicts},
              {"solver", solver->name()}};
  if (status == sat::Status::sat) {
    const std::vector<sat::Lit> model = solver->model(cnf.num_vars());
    json shown = json::array();
    for (int i = 0; i < int(model.size()) && i < kModelShown; ++i) shown.push_back(model[i].to_dimacs());
    std::ostringstream solution;
    sat::write_solution(solution, status, model);
    out["model"] = shown;
    out["model_complete"] = int(model.size()) <= kModelShown;
    out["solution"] = data_url("text/plain", solution.str());
  } else if (status == sat::Status::unsat) {
    sat::write_formula_file(sat::proof_formula_path(proof.path), cnf);
    // Checked as `cnf check` does, when the check fits the formula memory budget.
    const std::string drat = read_back(proof.path);
    if (drat.size() <= budget / 8) {
      const auto start = std::chrono::steady_clock::now();
      const sat::DratProof parsed = sat::parse_drat(drat, "proof");
      if (sat::drat_check_bytes(cnf, parsed) <= budget) {
        const sat::DratVerdict v = sat::check_drat(cnf, parsed);
        if (!v.verified) throw std::logic_error("the solver's DRAT proof does not verify: " + v.message);
        out["verified"] = true;
        out["check_seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      }
    }
    if (!out.contains("verified")) out["verified"] = false;  // not checked: too large for the budget
    out["proof"] = proof_files_json(proof.path, "proof", ctx);
  } else {
    out["message"] = "no answer within the time budget of " + std::to_string(int(ctx.limits.solve_seconds)) +
                     " s (use `puzzlesat cnf solve` for longer runs)";
  }
  return out;
}

}  // namespace puzzlesat::server
