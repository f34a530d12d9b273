#include "problems/queens/queens.h"

#include <cstdlib>

#include <puzzlesat/input_error.h>
#include <puzzlesat/cardinality.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/proof.h>

namespace puzzlesat::queens {

Encoding encode(int n) {
  if (n < 1 || n > 64) throw InputError("n must be between 1 and 64, not " + std::to_string(n));
  Encoding e;
  e.n = n;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      e.square.push_back(e.cnf.new_lit("queen(" + std::to_string(r) + "," + std::to_string(c) + ")"));
  auto at = [&](int r, int c) { return e.square[static_cast<std::size_t>(r * n + c)]; };

  // Rows and columns are "exactly one": n queens on n rows leave no row empty, and saying
  // so lets unit propagation fill a row whose other squares are ruled out.
  for (int i = 0; i < n; ++i) {
    std::vector<sat::Lit> row, column;
    for (int j = 0; j < n; ++j) {
      row.push_back(at(i, j));
      column.push_back(at(j, i));
    }
    enc::exactly(e.cnf, row, 1);
    enc::exactly(e.cnf, column, 1);
  }
  // Diagonals (r - c constant) and anti-diagonals (r + c constant) hold at most one.
  for (int d = -(n - 1); d <= n - 1; ++d) {
    std::vector<sat::Lit> diagonal, anti;
    for (int r = 0; r < n; ++r) {
      int c = r - d;
      if (c >= 0 && c < n) diagonal.push_back(at(r, c));
      int c2 = d + n - 1 - r;
      if (c2 >= 0 && c2 < n) anti.push_back(at(r, c2));
    }
    enc::at_most(e.cnf, diagonal, 1);
    enc::at_most(e.cnf, anti, 1);
  }
  return e;
}

Placement decode(const Encoding& e, const sat::Solver& solver) {
  Placement p(static_cast<std::size_t>(e.n), -1);
  for (int r = 0; r < e.n; ++r)
    for (int c = 0; c < e.n; ++c)
      if (solver.model_value(e.square[static_cast<std::size_t>(r * e.n + c)])) p[static_cast<std::size_t>(r)] = c;
  return p;
}

bool is_solution(const Placement& p) {
  int n = static_cast<int>(p.size());
  for (int r = 0; r < n; ++r) {
    if (p[static_cast<std::size_t>(r)] < 0 || p[static_cast<std::size_t>(r)] >= n) return false;
    for (int s = 0; s < r; ++s) {
      int dc = std::abs(p[static_cast<std::size_t>(r)] - p[static_cast<std::size_t>(s)]);
      if (dc == 0 || dc == r - s) return false;
    }
  }
  return true;
}

SolveResult solve(int n, const std::string& solver_spec, std::size_t limit) {
  Encoding e = encode(n);
  auto solver = sat::make_solver(solver_spec);
  solver->add_cnf(e.cnf);
  std::vector<sat::Var> projection;
  for (sat::Lit l : e.square) projection.push_back(l.var());
  sat::EnumerationResult models = sat::enumerate_models(*solver, projection, limit);

  SolveResult result;
  result.complete = models.complete;
  for (const auto& model : models.models) {
    // The model lists the squares in projection order, i.e. row by row.
    Placement p(static_cast<std::size_t>(n), -1);
    for (std::size_t i = 0; i < model.size(); ++i)
      if (!model[i].negated()) p[i / static_cast<std::size_t>(n)] = static_cast<int>(i % static_cast<std::size_t>(n));
    result.placements.push_back(std::move(p));
  }
  return result;
}

bool prove_no_placement(int n, const std::string& solver_spec, const sat::ProofOptions& proof) {
  std::string claim = "no placement of " + std::to_string(n) + " non-attacking queens";
  return sat::prove_unsat(encode(n).cnf, {}, solver_spec, proof, claim) == sat::Status::unsat;
}

std::string draw(const Placement& p) {
  std::string out;
  int n = static_cast<int>(p.size());
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c) out += ' ';
      out += p[static_cast<std::size_t>(r)] == c ? 'Q' : '.';
    }
    out += '\n';
  }
  return out;
}

}  // namespace puzzlesat::queens
