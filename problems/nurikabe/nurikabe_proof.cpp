// Proofs over the complete formula (nurikabe.h): complete_cnf numbers black(r,c) first,
// row-major, as variables 1..rows*cols.
#include <filesystem>
#include <stdexcept>

#include <puzzlesat/input_error.h>
#include <puzzlesat/proof.h>

#include "nurikabe.h"

namespace nurikabe {
namespace {

using puzzlesat::sat::Lit;
using puzzlesat::sat::Var;

Lit black(const Puzzle& p, puzzlesat::Cell c) { return Lit(Var(c.row * p.cols + c.col + 1)); }

puzzlesat::sat::Budget budget_of(double seconds) {
  puzzlesat::sat::Budget b;
  if (seconds > 0) b.seconds = seconds;
  return b;
}

}  // namespace

std::vector<puzzlesat::Cell> prove_forced(const Puzzle& p, const std::vector<Forced>& forced, const std::string& dir,
                                          double seconds_per_cell) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir)) throw puzzlesat::InputError("cannot create the proof folder", {dir});
  const puzzlesat::sat::Cnf cnf = complete_cnf(p);
  std::vector<puzzlesat::Cell> unproved;
  for (const Forced& f : forced) {
    const std::string word = f.black ? "black" : "white";
    const std::string name = "r" + std::to_string(f.cell.row) + "c" + std::to_string(f.cell.col) + "-" + word;
    const Lit other = f.black ? ~black(p, f.cell) : black(p, f.cell);  // the refuted claim
    const puzzlesat::sat::ProofOptions proof{(std::filesystem::path(dir) / (name + ".drat")).string(),
                                             puzzlesat::sat::ProofFormat::text};
    const auto status = puzzlesat::sat::prove_unsat(
        cnf, {&other, 1}, "cadical", proof,
        "cell " + name + " is " + word + " in every solution: the complete formula plus the unit saying otherwise is UNSAT",
        budget_of(seconds_per_cell));
    if (status == puzzlesat::sat::Status::sat)
      throw std::logic_error("nurikabe prove_forced: " + name + " is not forced");
    if (status != puzzlesat::sat::Status::unsat) unproved.push_back(f.cell);
  }
  return unproved;
}

bool prove_unique(const Puzzle& p, const Grid& solution, const std::string& path, double seconds) {
  puzzlesat::sat::Cnf cnf = complete_cnf(p);
  std::vector<Lit> differs;
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) differs.push_back(solution[r][c] == '#' ? ~black(p, {r, c}) : black(p, {r, c}));
  cnf.add_comment("some cell differs from the solution found");
  cnf.add_clause(differs);
  const auto status = puzzlesat::sat::prove_unsat(cnf, {}, "cadical", {path, puzzlesat::sat::ProofFormat::text},
                                                  "the solution is unique: no shading that differs obeys the rules",
                                                  budget_of(seconds));
  if (status == puzzlesat::sat::Status::sat) throw std::logic_error("nurikabe prove_unique: another solution exists");
  return status == puzzlesat::sat::Status::unsat;
}

}  // namespace nurikabe
