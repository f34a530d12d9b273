#include "problems/hexcells/level_formula.h"

namespace puzzlesat::hexcells {

void LevelFormula::reset() {
  cnf_ = std::make_unique<sat::Cnf>();
  vars_ = std::make_unique<CellVars>(*cnf_);
  solver_.reset();
  loaded_ = 0;
  encoded_.clear();
  revealed_.clear();
  ++starts_;
}

std::string LevelFormula::key(const Constraint& c) {
  return to_string(c.source) + std::to_string(static_cast<int>(c.rule)) + (c.ring ? "r" : "l");
}

namespace {
bool same(const Constraint& a, const Constraint& b) {
  return a.rule == b.rule && a.source == b.source && a.is_remaining == b.is_remaining && a.ring == b.ring &&
         a.slots == b.slots && a.number == b.number;
}
}  // namespace

void LevelFormula::sync(const Board& board, std::span<const Constraint> hints) {
  // Everything in the formula must still be true of this board: the cells it took as
  // revealed (as constants in hints or as units) and the hints it holds.
  bool extends = true;
  for (auto [p, colour] : revealed_) {
    const Tile& t = board.at(p);
    if (!t.is_cell() || !t.revealed || t.color != colour) {
      extends = false;
      break;
    }
  }
  if (extends && !encoded_.empty()) {
    std::size_t seen = 0;
    for (const Constraint& c : hints) {
      if (c.is_remaining) continue;
      auto it = encoded_.find(key(c));
      if (it == encoded_.end()) continue;
      if (!same(it->second, c)) {
        extends = false;
        break;
      }
      ++seen;
    }
    extends = extends && seen == encoded_.size();
  }
  if (!extends) reset();
  board_ = &board;
  for (Pos p : board.cells()) {
    const Tile& t = board.at(p);
    if (!t.revealed || revealed_.count(p)) continue;
    revealed_.emplace(p, t.color);
    // A cell that is a variable already (a hint counted it while it was hidden) gets its
    // colour as a unit; cells revealed before any hint used them stay constants.
    auto it = vars_->all().find(p);
    if (it != vars_->all().end()) cnf_->add_unit(t.color == Color::blue ? it->second : ~it->second);
  }
}

void LevelFormula::encode_hint(const Constraint& c) {
  auto [it, fresh] = encoded_.try_emplace(key(c), c);
  if (!fresh) return;
  hexcells::encode(*cnf_, *vars_, c, *board_);
}

void LevelFormula::encode(const Constraint& c) { hexcells::encode(*cnf_, *vars_, c, *board_); }

sat::Solver& LevelFormula::solver() {
  if (!solver_) solver_ = sat::make_solver(solver_spec_);
  solver_->reserve_vars(cnf_->num_vars());
  for (; loaded_ < cnf_->num_clauses(); ++loaded_) solver_->add_clause(cnf_->clause(loaded_));
  return *solver_;
}

}  // namespace puzzlesat::hexcells
