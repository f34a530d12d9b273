#include <puzzlesat/proof.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <puzzlesat/dimacs.h>

namespace puzzlesat::sat {

std::optional<ProofFormat> parse_proof_format(std::string_view text) {
  if (text == "text") return ProofFormat::text;
  if (text == "binary") return ProofFormat::binary;
  return std::nullopt;
}

std::string proof_formula_path(const std::string& proof_path) {
  std::filesystem::path p(proof_path);
  std::filesystem::path f = p;
  f.replace_extension(".cnf");
  if (f == p) f += ".cnf";
  return f.string();
}

void write_formula_file(const std::string& path, const Cnf& cnf, std::span<const Lit> units, std::string_view claim) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot write " + path);
  if (!claim.empty()) out << "c claim: " << claim << "\n";
  write_dimacs(out, cnf, units);
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

Status prove_unsat(const Cnf& cnf, std::span<const Lit> units, std::string_view solver, const ProofOptions& proof,
                   std::string_view claim, const Budget& budget) {
  auto s = make_solver(solver);
  if (!s->can_trace_proof()) {
    throw std::invalid_argument("the " + s->name() + " backend cannot write DRAT proofs");
  }
  s->trace_proof(proof);
  s->add_cnf(cnf);
  for (Lit u : units) s->add_clause({u});
  s->set_budget(budget);
  Status status = s->solve();
  s->close_proof();
  std::string formula = proof_formula_path(proof.path);
  if (status == Status::unsat) {
    write_formula_file(formula, cnf, units, claim);
  } else {
    std::error_code ec;
    std::filesystem::remove(proof.path, ec);
    std::filesystem::remove(formula, ec);
  }
  return status;
}

}  // namespace puzzlesat::sat
