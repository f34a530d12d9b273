#include "problems/hexcells/generate.h"

#include <algorithm>
#include <climits>
#include <map>
#include <optional>
#include <stdexcept>

#include "problems/hexcells/deduce.h"
#include "problems/hexcells/explain.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/play.h"
#include <puzzlesat/seed_mix.h>

namespace puzzlesat::hexcells {

std::uint64_t Rng::next() { return splitmix64(state_); }

std::uint64_t Rng::below(std::uint64_t n) {
  if (n == 0) throw std::invalid_argument("Rng::below(0)");
  // The largest multiple of n that fits: values at or above it would favour small results.
  const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
  std::uint64_t v = next();
  while (v >= limit) v = next();
  return v % n;
}

namespace {

// ---------------------------------------------------------------------------------------
// Rating

constexpr std::int64_t kConflictBudget = 1000;
constexpr int kBeyond = INT_MAX - 1;
// Deductions that need REMAINING are sized only with at most this many hidden cells (the
// end game, where players use it); before, they count as too hard (kBeyond).
constexpr std::size_t kRemainingCells = 16;

Rating rate_impl(Board level, int limit) {
  Rating r;
  Deducer deducer;
  // Every deduction combines at least one constraint.
  int threshold = level.hidden_cells().empty() ? 0 : 1;
  while (!level.hidden_cells().empty()) {
    level.remaining = level.count_hidden_blue();
    const Board seen = visible_state(level);
    const Deduction d = deducer.deduce(seen);
    if (!d.consistent) throw std::logic_error("rate: the level's own visible state was found impossible");
    if (d.blue.empty() && d.black.empty()) {
      r.difficulty = threshold;
      return r;  // stuck: guessing needed
    }
    Explainer explainer(seen);
    // Counting over REMAINING on a big board can be a hard refutation; a deduction that
    // cannot be sized within this budget counts as too hard (kBeyond).
    explainer.set_conflict_budget(kConflictBudget);
    std::vector<std::pair<Pos, Color>> forced;
    for (Pos p : d.blue) forced.emplace_back(p, Color::blue);
    for (Pos p : d.black) forced.emplace_back(p, Color::black);
    // Sizes of the cells' explanations; the hints alone first, as REMAINING makes solving
    // slow: cells that need it are only looked at when no other cell is easy enough
    // (they stay forced, and are met again in a later step).
    constexpr int kUnknown = INT_MAX;
    std::vector<int> sizes(forced.size(), kUnknown);
    auto good_enough = static_cast<std::size_t>(threshold);
    auto smallest = [&] { return *std::min_element(sizes.begin(), sizes.end()); };
    // First the question the step needs: which cells have an explanation of at most
    // `threshold` hints (which lies within threshold - 1 hops of the cell).
    for (std::size_t i = 0; i < forced.size(); ++i)
      if (auto because = explainer.try_reason(forced[i].first, forced[i].second, good_enough, false, static_cast<int>(good_enough) - 1))
        sizes[i] = static_cast<int>(because->size());
    if (smallest() > threshold) {
      // None: the threshold rises to the smallest explanation over the whole board.
      // It can rise by one at least, so the search stops at the first cell that allows
      // that (the others stay forced for later steps). REMAINING comes in only when the
      // hints alone need more, for its counting refutations are the slow ones.
      good_enough = static_cast<std::size_t>(threshold + 1);
      const bool count_remaining = level.hidden_cells().size() <= kRemainingCells;
      for (bool use_remaining : {false, true}) {
        for (std::size_t i = 0; i < forced.size() && smallest() > threshold + 1; ++i) {
          if (sizes[i] != kUnknown) continue;
          std::optional<std::vector<Constraint>> because;
          if (!use_remaining || count_remaining)
            because = explainer.try_reason(forced[i].first, forced[i].second, good_enough, use_remaining);
          if (because) sizes[i] = static_cast<int>(because->size());
          else if (use_remaining) sizes[i] = kBeyond;
        }
      }
    }
    if (smallest() > threshold) {
      if ((limit > 0 && smallest() > limit) || smallest() == kBeyond) {
        r.difficulty = threshold;
        return r;  // only deductions beyond the limit are left
      }
      threshold = smallest();
    }
    for (std::size_t i = 0; i < forced.size(); ++i) {
      if (sizes[i] > threshold) continue;
      Tile& t = level.at(forced[i].first);
      if (t.color != forced[i].second)
        throw std::logic_error("rate: deduced a colour the solution contradicts at " + to_string(forced[i].first));
      t.revealed = true;
    }
    ++r.steps;
  }
  r.solved = true;
  r.difficulty = threshold;
  return r;
}

// ---------------------------------------------------------------------------------------
// The solution: shape and colours

constexpr int kTop = 3;  // first row of the board: rows above are for line hints

struct Frame {
  int x0 = 0, y0 = kTop, size = 0;
  bool contains(Pos p) const {
    return p.x >= x0 && p.x < x0 + size && p.y >= y0 && p.y < y0 + 2 * size && (p.x + p.y) % 2 == 0;
  }
};

// A connected shape grown from the middle of the frame by adding random neighbours, until
// it covers 65-85 % of the frame's cells.
std::vector<Pos> grow_shape(const Frame& f, Rng& rng) {
  const int frame_cells = f.size * f.size;
  const std::uint64_t share = 65 + rng.below(21);
  const auto target = static_cast<std::size_t>((static_cast<std::uint64_t>(frame_cells) * share + 50) / 100);
  Pos start{f.x0 + f.size / 2, f.y0 + f.size};
  if ((start.x + start.y) % 2 != 0) start.y += 1;
  std::vector<Pos> shape{start}, frontier;
  std::map<Pos, bool> seen{{start, true}};
  auto add_neighbours = [&](Pos p) {
    for (Pos d : kNeighbourOffsets) {
      Pos q = p + d;
      if (f.contains(q) && !seen.count(q)) {
        seen[q] = true;
        frontier.push_back(q);
      }
    }
  };
  add_neighbours(start);
  while (shape.size() < target && !frontier.empty()) {
    const auto i = static_cast<std::size_t>(rng.below(frontier.size()));
    Pos p = frontier[i];
    frontier[i] = frontier.back();
    frontier.pop_back();
    shape.push_back(p);
    add_neighbours(p);
  }
  return shape;
}

// Whether {n}/-n- says something on this tile: some arrangement of its count is
// contiguous and another is not.
bool contiguity_informative(const Board& b, Pos p, int count) {
  int slots = 0;
  for (const auto& q : hint_scope(b, p)) slots += q.has_value();
  return count >= 2 && count < slots;
}

Mark strongest_mark(const Board& b, Pos p) {
  const int n = computed_number(b, p).value();
  if (!contiguity_informative(b, p, n)) return Mark::plain;
  return blue_contiguous(b, p) ? Mark::together : Mark::apart;
}

// Every cell revealed and every hint shown at its strongest: the starting point of the
// removal, trivially solved.
Board full_level(const Frame& f, Rng& rng) {
  Board b;
  for (Pos p : grow_shape(f, rng)) {
    Tile& t = b.at(p);
    t.kind = Kind::cell;
    const std::uint64_t draw = rng.below(5);
    t.color = draw < 2 ? Color::blue : Color::black;  // 40 % blue
    t.revealed = true;
  }
  for (Pos p : b.cells()) {
    Tile& t = b.at(p);
    t.mark = t.color == Color::blue ? Mark::plain : strongest_mark(b, p);
  }
  // One hint per column and diagonal, just above its topmost cell (moved further up when
  // another line hint sits there).
  for (auto [kind, step] : {std::pair{Kind::line_down, Pos{0, 1}}, std::pair{Kind::line_down_right, Pos{1, 1}},
                            std::pair{Kind::line_down_left, Pos{-1, 1}}}) {
    std::map<int, Pos> top;  // line id -> topmost cell
    for (Pos p : b.cells()) {  // reading order: the first seen is the topmost
      const int id = kind == Kind::line_down ? p.x : kind == Kind::line_down_right ? p.x - p.y : p.x + p.y;
      top.emplace(id, p);
    }
    for (const auto& [id, first] : top) {
      Pos at{first.x - step.x, first.y - step.y};
      while (in_grid(at) && b.at(at).kind != Kind::empty) at = {at.x - step.x, at.y - step.y};
      if (!in_grid(at)) continue;
      b.at(at).kind = kind;
      b.at(at).mark = strongest_mark(b, at);
    }
  }
  compute_numbers(b);
  b.remaining = 0;
  return b;
}

// ---------------------------------------------------------------------------------------
// Removal

struct Item {
  enum class Kind { hide, drop, weaken } kind;
  Pos p;
};

// Applies the item to b; false when it changes nothing (e.g. weakening a dropped hint).
bool apply(Board& b, const Item& item) {
  Tile& t = b.at(item.p);
  switch (item.kind) {
    case Item::Kind::hide:
      if (!t.revealed) return false;
      t.revealed = false;
      return true;
    case Item::Kind::drop:
      if (t.mark == Mark::none) return false;
      if (t.is_line()) {
        t = Tile{};
      } else {
        t.mark = Mark::none;
        t.number.reset();
      }
      return true;
    case Item::Kind::weaken:
      if (t.mark != Mark::together && t.mark != Mark::apart) return false;
      t.mark = Mark::plain;
      return true;
  }
  return false;
}

template <class T>
void shuffle(std::vector<T>& v, Rng& rng) {
  for (std::size_t i = v.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(rng.below(i));
    std::swap(v[i - 1], v[j]);
  }
}

bool acceptable(const Board& b, int difficulty) {
  // play() first: it is cheap and rejects levels that need guessing whatever the limit.
  if (play(b).verdict != Verdict::solved) return false;
  return rate_impl(b, difficulty).solved;
}

int hint_count(const Board& b) {
  int n = 0;
  for (Pos p : Board::positions()) n += b.at(p).mark != Mark::none;
  return n;
}

Board remove_greedily(Board b, const std::vector<Item>& items, int difficulty) {
  for (const Item& item : items) {
    Board candidate = b;
    if (!apply(candidate, item)) continue;
    candidate.remaining = candidate.count_hidden_blue();
    if (acceptable(candidate, difficulty)) b = std::move(candidate);
  }
  return b;
}

// Hides cells first (a level starts mostly hidden), then drops and weakens line hints,
// then cell hints, each change kept only while the level stays acceptable. Lines go
// first because they see far: a level left with few of them is played from the cells'
// numbers, whose deductions combine more hints, as in the game. Taking information away
// never makes a level easier, so an item refused once would be refused later too: one
// pass suffices.
Board reduce(Board b, int difficulty, Rng& rng) {
  std::vector<Item> hides, trivial, weaken, lines, cells;
  for (Pos p : Board::positions()) {
    const Tile& t = b.at(p);
    if (t.is_cell()) hides.push_back({Item::Kind::hide, p});
    if (t.mark == Mark::none) continue;
    int slots = 0;
    for (const auto& q : hint_scope(b, p)) slots += q.has_value();
    auto& drops = t.number == 0 || t.number == slots ? trivial : t.is_line() ? lines : cells;
    drops.push_back({Item::Kind::drop, p});
    if (t.mark == Mark::together || t.mark == Mark::apart) weaken.push_back({Item::Kind::weaken, p});
  }
  for (auto* v : {&hides, &trivial, &weaken, &lines, &cells}) shuffle(*v, rng);
  // All hidden at once is usually fine and saves one check per cell.
  Board all_hidden = b;
  for (const Item& item : hides) apply(all_hidden, item);
  all_hidden.remaining = all_hidden.count_hidden_blue();
  if (acceptable(all_hidden, difficulty)) b = std::move(all_hidden);
  for (const auto* phase : {&hides, &trivial, &weaken, &lines, &cells}) b = remove_greedily(std::move(b), *phase, difficulty);
  return b;
}

// Greedy removal leaves a minimal level, but usually an easy one: chains of deductions
// from one hint each. Hardening is a local search over minimal levels: put back one hint
// that was taken away, then try to take away every other hint again; the result is kept
// when its difficulty rose (still within the target). A hint put back can free two or
// more others, whose work then has to be done by combining the rest.
Board harden(Board b, const Board& full, int difficulty, Rng& rng, int tries) {
  int current = rate_impl(b, 0).difficulty;
  std::vector<Pos> absent;
  for (Pos p : Board::positions())
    if (full.at(p).mark != Mark::none && b.at(p).mark != full.at(p).mark) absent.push_back(p);
  shuffle(absent, rng);
  for (Pos a : absent) {
    if (current >= difficulty || tries-- <= 0) break;
    Board candidate = b;
    Tile& t = candidate.at(a);
    const bool revealed = t.revealed;
    t = full.at(a);
    t.revealed = revealed && t.is_cell();
    std::vector<Item> drops;
    for (Pos p : Board::positions()) {
      if (p == a || candidate.at(p).mark == Mark::none) continue;
      drops.push_back({Item::Kind::drop, p});
      if (candidate.at(p).mark != Mark::plain) drops.push_back({Item::Kind::weaken, p});
    }
    shuffle(drops, rng);
    candidate = remove_greedily(std::move(candidate), drops, difficulty);
    // Put back, a hint can change which explanations the search finds: check the limit.
    const Rating rated = rate_impl(candidate, difficulty);
    if (!rated.solved) continue;
    const int reached = rated.difficulty;
    // Equal difficulty with fewer hints is kept too: a sideways step the next try builds on.
    if (reached > current || (reached == current && hint_count(candidate) < hint_count(b))) {
      b = std::move(candidate);
      current = reached;
    }
  }
  return b;
}

}  // namespace

Rating rate(Board level, int limit) {
  if (!level.colours_known()) throw std::invalid_argument("rate: the level's solution is not known");
  return rate_impl(std::move(level), limit);
}

Generated generate(const GenerateOptions& o) {
  if (o.size < kMinSize || o.size > kMaxSize)
    throw std::invalid_argument("size must be from " + std::to_string(kMinSize) + " to " + std::to_string(kMaxSize));
  if (o.difficulty < 1 || o.difficulty > kMaxDifficulty)
    throw std::invalid_argument("difficulty must be from 1 to " + std::to_string(kMaxDifficulty));
  if (o.attempts < 1) throw std::invalid_argument("attempts must be at least 1");
  Frame frame{(kGridSize - o.size) / 2, kTop, o.size};
  Generated best;
  bool have = false;
  for (int attempt = 0; attempt < o.attempts; ++attempt) {
    Rng rng(o.seed + 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(attempt));
    const Board full = full_level(frame, rng);
    Board level = harden(reduce(full, o.difficulty, rng), full, o.difficulty, rng, o.harden_tries);
    Rating rating = rate_impl(level, 0);
    if (have && rating.difficulty <= best.rating.difficulty) continue;
    best.level = std::move(level);
    best.rating = rating;
    best.attempt = attempt;
    have = true;
    if (rating.difficulty >= o.difficulty) break;
  }
  Board& b = best.level;
  b.title = "Generated " + std::to_string(o.size) + "-" + std::to_string(o.seed) + "-" + std::to_string(o.difficulty);
  b.author = "puzzlesat hexcells generate";
  b.text[0] = "size " + std::to_string(o.size) + ", seed " + std::to_string(o.seed) + ", difficulty " +
              std::to_string(best.rating.difficulty) + " (at most " + std::to_string(best.rating.difficulty) +
              " hints per deduction)";
  b.text[1] = "";
  b.remaining = b.count_hidden_blue();
  for (Pos p : Board::positions()) {
    const Tile& t = b.at(p);
    best.hints += t.mark != Mark::none;
    best.revealed += t.is_cell() && t.revealed;
  }
  PlayResult proof = play(b);
  if (proof.verdict != Verdict::solved) throw std::logic_error("generate: the level needs guessing (a bug)");
  best.rounds = proof.rounds;
  return best;
}

}  // namespace puzzlesat::hexcells
