#include "problems/set/sat_finder.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <puzzlesat/proof.h>

namespace puzzlesat::set {

SatSetFinder::SatSetFinder(std::span<const Card> board, std::string_view solver,
                           const SetEncodingOptions& options)
    : board_(board.begin(), board.end()), solver_(sat::make_solver(solver)) {
  sat::Cnf cnf;
  encoding_ = encode_set_search(cnf, board_, options);
  solver_->add_cnf(cnf);
}

Triple SatSetFinder::decode(const std::vector<int>& selected) const {
  if (selected.size() != 3) {
    throw std::logic_error("SET encoding: a model selects other than three cards");
  }
  Triple t{selected[0], selected[1], selected[2]};
  std::sort(t.begin(), t.end());
  if (!is_set(board_[t[0]], board_[t[1]], board_[t[2]])) {
    throw std::logic_error("SET encoding: a model selects three cards that are not a set");
  }
  return t;
}

std::optional<Triple> SatSetFinder::find_one() {
  sat::Status status = solver_->solve();
  if (status == sat::Status::unknown) throw std::runtime_error("the SAT solver gave no answer");
  if (status == sat::Status::unsat) return std::nullopt;
  std::vector<int> selected;
  for (std::size_t i = 0; i < encoding_.cards.size(); ++i) {
    if (solver_->model_value(encoding_.cards[i])) selected.push_back(static_cast<int>(i));
  }
  return decode(selected);
}

std::vector<Triple> SatSetFinder::find_all() {
  // Blocks each set found by its three card literals alone. Given "exactly three", that
  // is the same as blocking the whole projected model, but a 3-literal clause propagates
  // as soon as two of the cards are chosen: on 21 cards it needs ~10x fewer conflicts.
  std::vector<Triple> sets;
  while (auto t = find_one()) {
    sets.push_back(*t);
    block(*t);
  }
  std::sort(sets.begin(), sets.end());
  return sets;
}

bool SatSetFinder::admits(const Triple& t) {
  const auto& c = encoding_.cards;
  sat::Status status = solver_->solve({c[t[0]], c[t[1]], c[t[2]]});
  if (status == sat::Status::unknown) throw std::runtime_error("the SAT solver gave no answer");
  return status == sat::Status::sat;
}

void SatSetFinder::block(const Triple& t) {
  const auto& c = encoding_.cards;
  solver_->add_clause({~c[t[0]], ~c[t[1]], ~c[t[2]]});
}

SatSearch sat_find_one_set(std::span<const Card> board, std::string_view solver) {
  SatSetFinder finder(board, solver);
  SatSearch result;
  if (auto t = finder.find_one()) result.sets.push_back(*t);
  result.stats = finder.stats();
  return result;
}

SatSearch sat_find_all_sets(std::span<const Card> board, std::string_view solver) {
  SatSetFinder finder(board, solver);
  SatSearch result{finder.find_all(), {}};
  result.stats = finder.stats();
  return result;
}

bool prove_no_set(std::span<const Card> board, std::string_view solver, const sat::ProofOptions& proof) {
  sat::Cnf cnf;
  encode_set_search(cnf, board, {.names = true});
  std::string claim = "no set among these " + std::to_string(board.size()) + " cards (UNSAT = none)";
  return sat::prove_unsat(cnf, {}, solver, proof, claim) == sat::Status::unsat;
}

}  // namespace puzzlesat::set
