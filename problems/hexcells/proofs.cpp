#include "problems/hexcells/proofs.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "problems/hexcells/encode.h"
#include "problems/hexcells/explain.h"
#include "problems/hexcells/remaining_count.h"
#include "problems/hexcells/render.h"
#include <puzzlesat/proof.h>

namespace puzzlesat::hexcells {

// The explanation's constraints, with REMAINING's count shared with the hints (see
// remaining_count.h): the refutations of REMAINING-counting cells become short.
sat::Cnf proof_formula(const Board& board, std::span<const Constraint> constraints) {
  sat::Cnf cnf = constraints_formula(board, constraints);
  const std::vector<Pos> cells = board.hidden_cells();  // variable i + 1 is cells[i]
  auto lit = [&](Pos p) {
    return sat::Lit(sat::Var(static_cast<int>(std::find(cells.begin(), cells.end(), p) - cells.begin()) + 1));
  };
  add_shared_remaining_count(cnf, board, constraints, lit, [](std::size_t) { return std::nullopt; });
  return cnf;
}

std::vector<CellProof> prove_forced(const Board& board, const Deduction& d, const std::string& dir,
                                    sat::ProofFormat format, std::string_view solver, const std::string& prefix,
                                    double seconds_per_cell, ProofScope scope) {
  sat::Budget budget;
  if (seconds_per_cell > 0) budget.seconds = seconds_per_cell;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir)) throw std::runtime_error("cannot create the proof folder " + dir);
  const sat::Cnf state = state_formula(board);
  std::vector<Reason> reasons;
  if (scope == ProofScope::explanation) reasons = explain(board, d, std::string(solver));
  auto reason_of = [&](Pos p, Color colour) -> const Reason& {
    for (const Reason& r : reasons)
      if (r.cell == p && r.colour == colour) return r;
    throw std::logic_error("prove_forced: no explanation for " + to_string(p));
  };
  // state_formula numbers the hidden cells 1..n in reading order.
  const std::vector<Pos> hidden = board.hidden_cells();
  auto var_of = [&](Pos p) {
    for (std::size_t i = 0; i < hidden.size(); ++i)
      if (hidden[i] == p) return sat::Var(static_cast<int>(i) + 1);
    throw std::logic_error("prove_forced: " + to_string(p) + " is not a hidden cell");
  };
  std::vector<CellProof> out;
  for (auto [cells, colour] : {std::pair{&d.blue, Color::blue}, std::pair{&d.black, Color::black}}) {
    const char* word = colour == Color::blue ? "blue" : "black";
    for (Pos p : *cells) {
      sat::Lit is_blue(var_of(p));
      sat::Lit other = colour == Color::blue ? ~is_blue : is_blue;  // the refuted query
      std::string stem = (std::filesystem::path(dir) / (prefix + tile_name(board, p) + "-" + word)).string();
      sat::ProofOptions proof{stem + ".drat", format};
      std::string claim = "cell " + tile_name(board, p) + " (file position " + to_string(p) + ") is " + word + ": ";
      sat::Cnf explained;
      if (scope == ProofScope::explanation) {
        const Reason& why = reason_of(p, colour);
        explained = proof_formula(board, why.because);
        claim += std::to_string(why.because.size()) + " of the state's constraints (named in the comments)";
      } else {
        claim += "the state's formula";
      }
      claim += " plus the unit saying otherwise is UNSAT";
      const sat::Cnf& formula = scope == ProofScope::explanation ? explained : state;
      sat::Status status = sat::prove_unsat(formula, {&other, 1}, solver, proof, claim, budget);
      if (status == sat::Status::sat) {
        throw std::logic_error("prove_forced: cell " + to_string(p) + " is not forced " + word);
      }
      if (status == sat::Status::unknown) {
        out.push_back({p, colour, false, "", ""});
      } else {
        out.push_back({p, colour, true, proof.path, sat::proof_formula_path(proof.path)});
      }
    }
  }
  return out;
}

}  // namespace puzzlesat::hexcells
