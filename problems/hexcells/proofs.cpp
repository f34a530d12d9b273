#include "problems/hexcells/proofs.h"

#include <filesystem>
#include <stdexcept>

#include "problems/hexcells/encode.h"
#include "problems/hexcells/render.h"
#include <puzzlesat/proof.h>

namespace puzzlesat::hexcells {

std::vector<CellProof> prove_forced(const Board& board, const Deduction& d, const std::string& dir,
                                    sat::ProofFormat format, std::string_view solver, const std::string& prefix,
                                    double seconds_per_cell) {
  sat::Budget budget;
  if (seconds_per_cell > 0) budget.seconds = seconds_per_cell;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir)) throw std::runtime_error("cannot create the proof folder " + dir);
  const sat::Cnf formula = state_formula(board);
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
      std::string claim = "cell " + tile_name(board, p) + " (file position " + to_string(p) + ") is " + word +
                          ": the state's formula plus the unit saying otherwise is UNSAT";
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
