#include "problems/hexcells/encoding_cache.h"

namespace puzzlesat::hexcells {

std::unordered_map<std::string, EncodingCache::Shape>& EncodingCache::shapes() {
  thread_local std::unordered_map<std::string, Shape> memo;
  return memo;
}

void EncodingCache::encode(sat::Cnf& cnf, CellVars& vars, const Constraint& c, const Board& board) {
  // The shape: everything encode() looks at except which cells are hidden. A count only
  // sees how many hidden cells there are and how many blues they need; contiguity sees
  // each slot's kind in order.
  std::vector<Pos> hidden;
  std::string key;
  int blues = 0;
  for (const auto& s : c.slots) {
    if (!s) {
      key += 'g';
      continue;
    }
    const Tile& t = board.at(*s);
    if (t.hidden()) {
      hidden.push_back(*s);
      key += 'h';
    } else {
      blues += t.color == Color::blue;
      key += t.color == Color::blue ? 'b' : 'k';
    }
  }
  if (c.rule == Constraint::Rule::count)
    key = "c" + std::to_string(hidden.size()) + ":" + std::to_string(c.number - blues);
  else
    key = std::to_string(static_cast<int>(c.rule)) + (c.ring ? "r" : "l") + std::to_string(c.number) + ":" + key;

  auto [it, fresh] = shapes().try_emplace(key);
  Shape& shape = it->second;
  if (fresh) {
    sat::Cnf scratch;
    CellVars scratch_vars(scratch, false);
    for (Pos p : hidden) scratch_vars.cell(p);
    hexcells::encode(scratch, scratch_vars, c, board);
    shape.vars = scratch.num_vars();
    shape.hidden = static_cast<int>(hidden.size());
    for (std::span<const sat::Lit> clause : scratch.clauses()) {
      shape.starts.push_back(shape.lits.size());
      shape.lits.insert(shape.lits.end(), clause.begin(), clause.end());
    }
  }

  renamed_.assign(static_cast<std::size_t>(shape.vars) + 1, sat::Lit());
  for (int i = 0; i < shape.hidden; ++i) renamed_[static_cast<std::size_t>(i) + 1] = vars.cell(hidden[static_cast<std::size_t>(i)]);
  for (int v = shape.hidden + 1; v <= shape.vars; ++v) renamed_[static_cast<std::size_t>(v)] = cnf.new_lit();
  for (std::size_t i = 0; i < shape.starts.size(); ++i) {
    std::size_t end = i + 1 < shape.starts.size() ? shape.starts[i + 1] : shape.lits.size();
    clause_.clear();
    for (std::size_t j = shape.starts[i]; j < end; ++j) {
      sat::Lit l = shape.lits[j];
      sat::Lit r = renamed_[static_cast<std::size_t>(l.var().id())];
      clause_.push_back(l.negated() ? ~r : r);
    }
    cnf.add_clause(clause_);
  }
}

}  // namespace puzzlesat::hexcells
