#include "problems/hexcells/encoding_cache.h"

namespace puzzlesat::hexcells {

std::unordered_map<std::string, EncodingCache::Shape>& EncodingCache::shapes() {
  thread_local std::unordered_map<std::string, Shape> memo;
  return memo;
}

namespace {

char kind(const std::optional<Pos>& s, const Board& board) {
  if (!s) return 'g';
  const Tile& t = board.at(*s);
  return t.hidden() ? 'h' : t.color == Color::blue ? 'b' : 'k';
}

// Contiguity looks at the order of the slots only up to symmetry: a ring reads the same
// rotated or mirrored, a line reversed, and a line's revealed black cells matter only as
// breaks between runs (none at its ends, one where several follow each other). The
// slots in a canonical order under those symmetries, and their kinds as a key: boards
// repeat these far more often than the raw patterns (a new shape costs as much as a
// few hundred copies).
std::vector<std::optional<Pos>> canonical(const Constraint& c, const Board& board, std::string& kinds) {
  std::vector<std::optional<Pos>> slots;
  if (!c.ring) {
    for (const auto& s : c.slots) {
      bool black = kind(s, board) == 'k';
      if (black && (slots.empty() || kind(slots.back(), board) == 'k')) continue;
      slots.push_back(s);
    }
    if (!slots.empty() && kind(slots.back(), board) == 'k') slots.pop_back();
  } else {
    slots = c.slots;
  }
  auto key_of = [&](const std::vector<std::optional<Pos>>& v) {
    std::string k;
    for (const auto& s : v) k += kind(s, board);
    return k;
  };
  kinds = key_of(slots);
  std::vector<std::optional<Pos>> best = slots;
  auto consider = [&](std::vector<std::optional<Pos>> v) {
    std::string k = key_of(v);
    if (k < kinds) kinds = std::move(k), best = std::move(v);
  };
  std::vector<std::optional<Pos>> mirrored(slots.rbegin(), slots.rend());
  if (c.ring) {
    for (std::size_t r = 0; r < slots.size(); ++r) {
      std::vector<std::optional<Pos>> a(slots.size()), b(slots.size());
      for (std::size_t i = 0; i < slots.size(); ++i) {
        a[i] = slots[(i + r) % slots.size()];
        b[i] = mirrored[(i + r) % slots.size()];
      }
      consider(std::move(a));
      consider(std::move(b));
    }
  } else {
    consider(std::move(mirrored));
  }
  return best;
}

}  // namespace

void EncodingCache::encode(sat::Cnf& cnf, CellVars& vars, const Constraint& c, const Board& board) {
  // The shape: everything encode() looks at except which cells are hidden. A count only
  // sees how many hidden cells there are and how many blues they need; contiguity sees
  // each slot's kind in order, up to symmetry (canonical above).
  std::vector<Pos> hidden;
  std::string key;
  Constraint canon;  // c with its slots in canonical order (contiguity)
  const Constraint* encoded = &c;
  if (c.rule == Constraint::Rule::count) {
    int blues = 0;
    for (const auto& s : c.slots) {
      if (!s) continue;
      const Tile& t = board.at(*s);
      if (t.hidden())
        hidden.push_back(*s);
      else
        blues += t.color == Color::blue;
    }
    key = "c" + std::to_string(hidden.size()) + ":" + std::to_string(c.number - blues);
  } else {
    std::string kinds;
    canon.rule = c.rule;
    canon.ring = c.ring;
    canon.number = c.number;
    canon.source = c.source;
    canon.slots = canonical(c, board, kinds);
    encoded = &canon;
    for (const auto& s : canon.slots)
      if (s && board.at(*s).hidden()) hidden.push_back(*s);
    key = std::to_string(static_cast<int>(c.rule)) + (c.ring ? "r" : "l") + std::to_string(c.number) + ":" + kinds;
  }

  auto [it, fresh] = shapes().try_emplace(key);
  Shape& shape = it->second;
  if (fresh) {
    sat::Cnf scratch;
    CellVars scratch_vars(scratch, false);
    for (Pos p : hidden) scratch_vars.cell(p);
    hexcells::encode(scratch, scratch_vars, *encoded, board);
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
