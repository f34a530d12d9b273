#include "problems/hexcells/proofs.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "problems/hexcells/encode.h"
#include "problems/hexcells/explain.h"
#include "problems/hexcells/render.h"
#include <puzzlesat/proof.h>

namespace puzzlesat::hexcells {
namespace {

// A constraint's hidden cells and the number of them that must be blue (revealed blue
// cells lower it), as encode() sees a count.
std::pair<std::vector<Pos>, int> hidden_count(const Constraint& c, const Board& board) {
  std::vector<Pos> hidden;
  int k = c.number;
  for (const auto& s : c.slots) {
    if (!s) continue;
    if (board.at(*s).hidden()) hidden.push_back(*s);
    else k -= board.at(*s).color == Color::blue;
  }
  return {hidden, k};
}

// Unary counts: out[i] is true iff at least i + 1 of the counted cells are blue. merge()
// writes both directions of the Bailleux–Boufkhad adder, so unit propagation carries lower
// bounds up the tree and upper bounds down it.
using Unary = std::vector<sat::Lit>;

Unary merge(sat::Cnf& cnf, const Unary& a, const Unary& b) {
  Unary c;
  for (std::size_t i = 0; i < a.size() + b.size(); ++i) c.push_back(cnf.new_lit(""));
  for (std::size_t i = 0; i <= a.size(); ++i) {
    for (std::size_t j = 0; j <= b.size(); ++j) {
      std::vector<sat::Lit> up, down;  // a >= i and b >= j  =>  c >= i + j; and the converse
      if (i > 0) up.push_back(~a[i - 1]);
      if (j > 0) up.push_back(~b[j - 1]);
      if (i + j > 0) {
        up.push_back(c[i + j - 1]);
        cnf.add_clause(up);
      }
      if (i < a.size()) down.push_back(a[i]);
      if (j < b.size()) down.push_back(b[j]);
      if (i + j < c.size()) {
        down.push_back(~c[i + j]);
        cnf.add_clause(down);
      }
    }
  }
  return c;
}

Unary sum(sat::Cnf& cnf, std::vector<Unary> parts) {
  if (parts.empty()) return {};
  while (parts.size() > 1) {
    std::vector<Unary> next;
    for (std::size_t i = 0; i + 1 < parts.size(); i += 2) next.push_back(merge(cnf, parts[i], parts[i + 1]));
    if (parts.size() % 2) next.push_back(parts.back());
    parts = std::move(next);
  }
  return parts[0];
}

void require_exactly(sat::Cnf& cnf, const Unary& count, int k) {
  if (k > 0) cnf.add_unit(k <= static_cast<int>(count.size()) ? count[k - 1] : cnf.false_lit());
  if (k >= 0 && k < static_cast<int>(count.size())) cnf.add_unit(~count[k]);
  if (k < 0) cnf.add_unit(cnf.false_lit());
}

}  // namespace

// A second encoding of REMAINING that shares its counting with the hints: an adder tree
// whose subtrees are the hidden cells of pairwise disjoint hints (each hint's count fixed
// on its subtree's outputs) and the other hidden cells. Unit propagation then adds the
// hints' counts up against REMAINING: "eight disjoint lines of 1 and REMAINING 8, so every
// other cell is black" is a refutation CDCL struggles to find over separate counters (a
// pigeonhole argument) and a few propagations here. Each added clause belongs to a
// correct encoding of a constraint already present, so the cells' solutions are the same.
sat::Cnf proof_formula(const Board& board, std::span<const Constraint> constraints) {
  sat::Cnf cnf = constraints_formula(board, constraints);
  const auto remaining = std::find_if(constraints.begin(), constraints.end(), [](const Constraint& c) { return c.is_remaining; });
  if (remaining == constraints.end()) return cnf;
  const std::vector<Pos> cells = board.hidden_cells();  // variable i + 1 is cells[i]
  auto lit = [&](Pos p) {
    return sat::Lit(sat::Var(static_cast<int>(std::find(cells.begin(), cells.end(), p) - cells.begin()) + 1));
  };
  std::set<Pos> grouped;
  std::vector<Unary> groups;
  cnf.add_comment("the hints' counts again, as parts of a second count of REMAINING");
  for (const Constraint& c : constraints) {
    if (c.is_remaining) continue;
    auto [hidden, k] = hidden_count(c, board);
    if (hidden.empty() || std::any_of(hidden.begin(), hidden.end(), [&](Pos p) { return grouped.count(p) > 0; }))
      continue;
    std::vector<Unary> leaves;
    for (Pos p : hidden) {
      grouped.insert(p);
      leaves.push_back({lit(p)});
    }
    groups.push_back(sum(cnf, leaves));
    require_exactly(cnf, groups.back(), k);
  }
  std::vector<Unary> rest;
  for (Pos p : cells)
    if (!grouped.count(p)) rest.push_back({lit(p)});
  if (!rest.empty()) groups.push_back(sum(cnf, rest));
  require_exactly(cnf, sum(cnf, groups), hidden_count(*remaining, board).second);
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
