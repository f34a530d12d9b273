#include "problems/hexcells/deduce.h"

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <set>

#include <puzzlesat/cardinality.h>
#include <puzzlesat/chunked_backbone.h>
#include "problems/hexcells/constraints.h"
#include "problems/hexcells/encode.h"
#include "problems/hexcells/encoding_cache.h"
#include "problems/hexcells/group_formula.h"
#include "problems/hexcells/group_solvers.h"
#include "problems/hexcells/model_memory.h"
#include "problems/hexcells/settle.h"
#include <puzzlesat/backbone.h>
#include <puzzlesat/solver.h>

// How REMAINING is handled, since encoding it naively over all hidden cells makes big
// levels take minutes: hints with disjoint hidden cells are packed out of it (exact), the
// rest of the board splits into groups tied only by REMAINING, each group is solved alone,
// and REMAINING is brought in only when the groups' possible blue counts show that it
// can matter and the models their solves found do not show that it forces nothing
// (group_models.h); then only the groups whose count can vary are solved together with it.

namespace puzzlesat::hexcells {
namespace {

// A constraint reduced to what is still open: its hidden cells and how many of them
// must be blue.
struct Open {
  Constraint constraint;
  std::vector<Pos> hidden;
  int blue_needed = 0;
};

struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int find(int a) {
    while (parent[static_cast<std::size_t>(a)] != a) a = parent[static_cast<std::size_t>(a)];
    return a;
  }
  void unite(int a, int b) { parent[static_cast<std::size_t>(find(a))] = find(b); }
};

bool reading_order(Pos a, Pos b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }

// Groups of cells that no rule tells apart: in the same count constraints and in no
// contiguity constraint. Swapping two such cells maps models to models.
std::vector<std::vector<Pos>> interchangeable(const std::vector<Pos>& cells, const std::vector<const Constraint*>& rules,
                                              const Board& board) {
  // Each cell's signature (the rules it is in, by index, in increasing order) in one
  // flat array: a vector per tile and a map of them cost more than the rest of a round's
  // bookkeeping.
  const std::size_t n = cells.size();
  std::vector<int> local(kGridSize * kGridSize, -1);  // by tile: index in cells
  auto index = [&](Pos p) { return local[tile_index(p)]; };
  for (std::size_t i = 0; i < n; ++i) local[tile_index(cells[i])] = static_cast<int>(i);
  std::vector<int> start(n + 1, 0);
  std::vector<char> positional(n, 0);  // in a contiguity rule: a class of its own
  for (const Constraint* rule : rules)
    for (const auto& s : rule->slots)
      if (s && board.at(*s).hidden() && index(*s) >= 0) {
        ++start[static_cast<std::size_t>(index(*s)) + 1];
        positional[static_cast<std::size_t>(index(*s))] |= rule->rule != Constraint::Rule::count;
      }
  for (std::size_t i = 0; i < n; ++i) start[i + 1] += start[i];
  std::vector<int> signature(static_cast<std::size_t>(start[n]));
  std::vector<int> next(start.begin(), start.end() - 1);
  for (std::size_t r = 0; r < rules.size(); ++r)
    for (const auto& s : rules[r]->slots)
      if (s && board.at(*s).hidden() && index(*s) >= 0)
        signature[static_cast<std::size_t>(next[static_cast<std::size_t>(index(*s))]++)] = static_cast<int>(r);
  auto sig = [&](int i) {
    return std::span<const int>(signature.data() + start[static_cast<std::size_t>(i)],
                                signature.data() + start[static_cast<std::size_t>(i) + 1]);
  };
  // Positional cells alone, in order; then the others by signature (lexicographic, as a
  // map of signatures would order them), each class in the order of `cells`.
  std::vector<std::vector<Pos>> out;
  std::vector<int> order;
  for (std::size_t i = 0; i < n; ++i) {
    if (positional[i])
      out.push_back({cells[i]});
    else
      order.push_back(static_cast<int>(i));
  }
  auto less = [&](int a, int b) {
    auto x = sig(a), y = sig(b);
    return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
  };
  std::stable_sort(order.begin(), order.end(), less);
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (k == 0 || less(order[k - 1], order[k])) out.emplace_back();
    out.back().push_back(cells[static_cast<std::size_t>(order[k])]);
  }
  return out;
}

// When the solver holds every cell of `cells` fixed at its root (units and what they
// propagate), those values are the only candidates for a model; if every rule holds under
// them they are one, so every cell is forced. Fills r then and returns true; false when
// some cell is open or a rule fails under the root values (the solver decides then).
bool settled_at_root(GroupFormula& part, const sat::Solver& solver, const Board& board, const std::vector<Pos>& cells,
                     const std::vector<const Constraint*>& rules, Deducer::GroupResult& r) {
  if (rules.empty()) return false;
  for (Pos p : cells)
    if (solver.fixed(part.cell(p)) == 0) return false;
  bool complete = true;
  auto colour = [&](Pos p) {
    if (!board.at(p).hidden()) return board.at(p).color;
    int f = solver.fixed(part.cell(p));
    complete &= f != 0;
    return f > 0 ? Color::blue : Color::black;
  };
  for (const Constraint* c : rules)
    if (!holds(*c, colour) || !complete) return false;
  for (Pos p : cells) (solver.fixed(part.cell(p)) > 0 ? r.blue : r.black).push_back(p);
  return true;
}

// The backbone over `cells` (`classes`: them, split into interchangeable cells).
// Interchangeable cells make the solver prove counting
// facts the hard way (pigeonhole-like refutations), so within each class of them the
// blue cells are made to come first (x1 >= x2 >= ... >= xk), which keeps one model per
// count. A cell of the class is then forced blue iff xk is (every model has all blue),
// and forced black iff x1 is; only "xk blue" and "x1 black" need asking. The other two
// questions ("xk black", "x1 blue") settle no cell, and asking them can be expensive:
// on tumbling-dice, proving that not all free cells are blue took 8 000 conflicts.
//
// `rules` are the constraints over `cells` (with the board's revealed cells): when the
// solver has fixed every candidate at its root already (unit propagation through the
// hints' encodings settled them), checking that the rules hold under those values
// replaces the solver calls.
//
// `memory` holds models from earlier rounds and `known` the slots of it that are models
// of these rules: a class one of them colours blue somewhere is not forced black, and one
// it colours black somewhere is not forced blue, so those questions are not asked. The
// models the solver finds are stored in `memory` for the next rounds. `shown`, per class
// (or empty), says the same from models combined outside the solver (group_models.h):
// kShownBlue, kShownBlack.
//
// The symmetry breaking holds for this call only (the formula may be asked again in a
// later round, when the classes differ): under an activation literal, retired after.
//
// seen, when given, receives the colourings of `cells` by every model used (the known
// ones and the solver's), for GroupModels.
Deducer::GroupResult backbone(GroupFormula& part, const Board& board, const std::vector<Pos>& cells,
                              const std::vector<std::vector<Pos>>& classes, const std::vector<const Constraint*>& rules,
                              bool chunked, int& calls, ModelMemory& memory, const std::vector<int>& known,
                              const std::vector<unsigned char>& shown, std::vector<std::vector<bool>>* seen) {
  if (seen)
    for (int k : known) {
      std::vector<bool>& m = seen->emplace_back();
      for (Pos p : cells) m.push_back(memory.blue(p, k));
    }
  std::vector<sat::Lit> candidates;
  auto some = [&](const std::vector<Pos>& cls, bool blue) {
    for (int k : known)
      for (Pos p : cls)
        if (memory.blue(p, k) == blue) return true;
    return false;
  };
  for (std::size_t i = 0; i < classes.size(); ++i) {
    const auto& cls = classes[i];
    const unsigned char s = shown.empty() ? 0 : shown[i];
    if (!(s & kShownBlack) && !some(cls, false)) candidates.push_back(part.cell(cls.back()));
    if (!(s & kShownBlue) && !some(cls, true)) candidates.push_back(~part.cell(cls.front()));
  }
  Deducer::GroupResult r;
  if (candidates.empty() && (!known.empty() || !shown.empty())) return r;  // a model exists; nothing is forced
  // Root facts before the symmetry breaking is added, so they follow from the rules alone.
  sat::Solver& solver = part.solver();
  if (settled_at_root(part, solver, board, cells, rules, r)) return r;
  std::vector<sat::Lit> assumptions;
  for (const auto& cls : classes) {
    if (cls.size() < 2) continue;
    if (assumptions.empty()) assumptions.push_back(part.activation());
    for (std::size_t i = 1; i < cls.size(); ++i)
      part.add_clause({~assumptions[0], ~part.cell(cls[i]), part.cell(cls[i - 1])});
  }
  part.solver();  // loads them
  // Decisions on the cells only: the gadgets' auxiliaries follow from the cells by unit
  // propagation, so a model needs no decisions on them (MiniSat completes any it leaves
  // open), and each call stops descending through hundreds of them.
  {
    std::vector<sat::Var> decide;
    for (Pos p : cells) decide.push_back(part.cell(p).var());
    solver.set_decision_vars(decide);
  }
  std::vector<std::vector<bool>> found;
  auto keep = [&] {
    std::vector<bool>& m = found.emplace_back();
    for (Pos p : cells) m.push_back(solver.model_value(part.cell(p)));
  };
  sat::BackboneResult bb = chunked ? sat::chunked_backbone(solver, candidates, assumptions)
                                   : sat::compute_implied(solver, candidates, assumptions, nullptr, keep);
  if (!assumptions.empty()) {
    part.add_clause({~assumptions[0]});
    part.solver();
  }
  memory.store(cells, found);
  if (seen) seen->insert(seen->end(), found.begin(), found.end());
  calls += bb.solver_calls;
  if (bb.status != sat::Status::sat) {
    r.consistent = false;
    return r;
  }
  std::set<sat::Lit> forced(bb.forced.begin(), bb.forced.end());
  for (const auto& cls : classes) {
    if (forced.count(part.cell(cls.back())))
      r.blue.insert(r.blue.end(), cls.begin(), cls.end());
    else if (forced.count(~part.cell(cls.front())))
      r.black.insert(r.black.end(), cls.begin(), cls.end());
  }
  return r;
}

// Outer bounds on the blue cells among `counted` (a group's cells that REMAINING counts),
// from its hints alone: split the counted cells into parts each inside one hint, and a
// part holds at most min(hint's open blues, part size); hints whose open cells are
// pairwise disjoint hold at least their blues minus their uncounted cells. Greedy, so
// not the tightest, but valid and free of solver calls.
std::pair<int, int> count_bounds(const std::vector<const Open*>& hints, const std::vector<Pos>& counted,
                                 const Deducer::GroupResult& forced) {
  // Cell states by tile (flat arrays: sets and searches of the forced lists cost more
  // than the rest of this function).
  enum : char { kOther, kForcedBlue, kForcedBlack, kOpenCounted };
  std::vector<char> state(kGridSize * kGridSize, kOther);
  auto at = [&](Pos p) -> char& { return state[tile_index(p)]; };
  for (Pos p : forced.blue) at(p) = kForcedBlue;
  for (Pos p : forced.black) at(p) = kForcedBlack;
  struct Hint {
    std::vector<Pos> open;  // hidden cells not forced
    int blues = 0;          // how many of them are blue
  };
  std::vector<Hint> hs;
  for (const Open* o : hints) {
    Hint h;
    h.blues = o->blue_needed;
    for (Pos p : o->hidden) {
      if (at(p) == kForcedBlue)
        --h.blues;
      else if (at(p) != kForcedBlack)
        h.open.push_back(p);
    }
    hs.push_back(std::move(h));
  }
  int base = 0, open_counted = 0;
  for (Pos p : counted) {
    if (at(p) == kForcedBlue)
      ++base;
    else if (at(p) != kForcedBlack)
      at(p) = kOpenCounted, ++open_counted;
  }
  // Upper bound: greedy cover of the open counted cells.
  std::vector<char> uncovered(state.size(), 0);
  for (Pos p : counted)
    if (at(p) == kOpenCounted) uncovered[tile_index(p)] = 1;
  auto is_uncovered = [&](Pos p) -> char& { return uncovered[tile_index(p)]; };
  int hi = base, left = open_counted;
  std::vector<bool> used(hs.size(), false);
  while (left > 0) {
    int best = -1, best_gain = 0, best_new = 0;
    for (std::size_t i = 0; i < hs.size(); ++i) {
      if (used[i]) continue;
      int fresh = 0;
      for (Pos p : hs[i].open) fresh += is_uncovered(p);
      int gain = fresh - std::min(hs[i].blues, fresh);
      if (gain > best_gain) best = static_cast<int>(i), best_gain = gain, best_new = fresh;
    }
    if (best < 0) break;
    used[static_cast<std::size_t>(best)] = true;
    hi += best_new - best_gain;
    for (Pos p : hs[static_cast<std::size_t>(best)].open) left -= is_uncovered(p), is_uncovered(p) = 0;
  }
  hi += left;
  // Lower bound: greedy packing of hints that must put blues on counted cells.
  int lo = base;
  std::vector<char> taken(state.size(), 0);
  auto is_taken = [&](Pos p) -> char& { return taken[tile_index(p)]; };
  std::vector<std::pair<int, std::size_t>> order;
  for (std::size_t i = 0; i < hs.size(); ++i) {
    int uncounted = 0;
    for (Pos p : hs[i].open) uncounted += at(p) != kOpenCounted;
    if (hs[i].blues - uncounted > 0) order.push_back({hs[i].blues - uncounted, i});
  }
  std::sort(order.rbegin(), order.rend());
  for (auto [gain, i] : order) {
    if (std::any_of(hs[i].open.begin(), hs[i].open.end(), [&](Pos p) { return is_taken(p) != 0; })) continue;
    for (Pos p : hs[i].open) is_taken(p) = 1;
    lo += gain;
  }
  return {lo, hi};
}

// A group's models as GroupModels: classes of which no cell is forced (r) are the open ones.
GroupModels group_models(const std::vector<Pos>& cells, const std::vector<std::vector<Pos>>& classes,
                         const std::vector<Pos>& counted, const Deducer::GroupResult& r,
                         const std::vector<std::vector<bool>>& seen) {
  std::vector<char> forced(kGridSize * kGridSize, 0);
  for (const std::vector<Pos>* v : {&r.blue, &r.black})
    for (Pos p : *v) forced[tile_index(p)] = 1;
  std::vector<const std::vector<Pos>*> open;
  for (const auto& cls : classes)
    if (!forced[tile_index(cls.front())]) open.push_back(&cls);
  return GroupModels(cells, seen, counted, open);
}

}  // namespace

Deducer::Deducer(DeduceOptions options)
    : options_(std::move(options)),
      shapes_(std::make_unique<EncodingCache>()),
      groups_(std::make_unique<GroupSolvers>(options_.solver, options_.cache_encodings ? shapes_.get() : nullptr)) {}
Deducer::~Deducer() = default;
Deducer::Deducer(Deducer&&) noexcept = default;
Deducer& Deducer::operator=(Deducer&&) noexcept = default;

Deduction Deducer::deduce(const Board& board) {
  std::vector<Constraint> visible = visible_constraints(board);
  if (!options_.settle_by_counts) return solve(board, std::move(visible), false);
  // hints_first must return what the hints alone force whenever that is something, so
  // REMAINING settles nothing there (it is the last constraint).
  std::span<const Constraint> settling(visible.data(), visible.size() - (options_.hints_first ? 1 : 0));
  Settled settled = settle_by_counts(board, settling);
  if (!settled.consistent) {
    Deduction d;
    d.consistent = false;
    return d;
  }
  if (settled.blue.empty() && settled.black.empty()) return solve(board, std::move(visible), false);
  // The hints are those of the board (settled cells show no number); REMAINING, the
  // last constraint, counts the cells still hidden.
  Board reduced = with_settled(board, settled);
  Constraint& rem = visible.back();
  rem.number = reduced.remaining.value();
  std::erase_if(rem.slots, [&](const std::optional<Pos>& s) { return !reduced.at(*s).hidden(); });
  Deduction d = solve(reduced, std::move(visible), options_.hints_first);
  if (!d.consistent) return d;
  d.blue.insert(d.blue.end(), settled.blue.begin(), settled.blue.end());
  d.black.insert(d.black.end(), settled.black.begin(), settled.black.end());
  std::sort(d.blue.begin(), d.blue.end(), reading_order);
  std::sort(d.black.begin(), d.black.end(), reading_order);
  return d;
}

Deduction Deducer::solve(const Board& board, std::vector<Constraint> visible, bool hints_only) {
  Deduction result;
  auto colour = [&](Pos p) { return board.at(p).color; };
  auto fail = [&] {
    result.consistent = false;
    result.blue.clear();
    result.black.clear();
    return result;
  };

  // 1. Open constraints: drop the ones with nothing hidden (after checking them).
  std::vector<Open> hints;
  Open remaining;
  EncodingCache* shapes = options_.cache_encodings ? shapes_.get() : nullptr;
  for (Constraint& c : visible) {
    Open o;
    o.blue_needed = c.number;
    for (const auto& s : c.slots) {
      if (!s) continue;
      if (board.at(*s).hidden())
        o.hidden.push_back(*s);
      else
        o.blue_needed -= colour(*s) == Color::blue;
    }
    if (o.blue_needed < 0 || o.blue_needed > static_cast<int>(o.hidden.size())) return fail();
    if (o.hidden.empty()) {
      if (!holds(c, colour)) return fail();
      continue;
    }
    o.constraint = std::move(c);
    (o.constraint.is_remaining ? remaining : hints.emplace_back()) = std::move(o);
  }
  // REMAINING's open cells are the hidden ones, in reading order.
  const std::vector<Pos>& hidden = remaining.hidden;
  if (hidden.empty()) return result;
  std::vector<int> position(kGridSize * kGridSize, -1);  // by tile: index in hidden
  for (std::size_t i = 0; i < hidden.size(); ++i)
    position[tile_index(hidden[i])] = static_cast<int>(i);
  auto index = [&](Pos p) { return static_cast<std::size_t>(position[tile_index(p)]); };

  // 2. REMAINING over the cells no packed hint covers, less the blues those hints hold.
  std::vector<bool> counted(hidden.size(), true);  // by REMAINING
  if (options_.pack_disjoint_hints) {
    std::vector<const Open*> order;
    for (const Open& h : hints) order.push_back(&h);
    std::stable_sort(order.begin(), order.end(),
                     [](const Open* a, const Open* b) { return a->hidden.size() > b->hidden.size(); });
    for (const Open* h : order) {
      if (!std::all_of(h->hidden.begin(), h->hidden.end(), [&](Pos p) { return counted[index(p)]; })) continue;
      for (Pos p : h->hidden) counted[index(p)] = false;
      remaining.blue_needed -= h->blue_needed;
    }
  }
  std::vector<Pos> rest;
  for (Pos p : hidden)
    if (counted[index(p)]) rest.push_back(p);
  if (remaining.blue_needed < 0 || remaining.blue_needed > static_cast<int>(rest.size())) return fail();
  int rem = remaining.blue_needed;
  auto remaining_over = [&](const std::vector<Pos>& cells, int k) {
    Constraint c;
    c.is_remaining = true;
    c.slots.assign(cells.begin(), cells.end());
    c.number = k;
    return c;
  };

  std::vector<Pos> blue, black;
  auto take = [&](const GroupResult& r) {
    blue.insert(blue.end(), r.blue.begin(), r.blue.end());
    black.insert(black.end(), r.black.begin(), r.black.end());
  };
  auto finish = [&] {
    std::sort(blue.begin(), blue.end(), reading_order);
    std::sort(black.begin(), black.end(), reading_order);
    result.blue = std::move(blue);
    result.black = std::move(black);
    return result;
  };

  if (!options_.split_components) {
    // Reference path: one formula with everything.
    GroupFormula part(options_.solver, nullptr);
    std::vector<const Constraint*> all;
    for (const Open& h : hints) {
      part.add(h.constraint, board);
      all.push_back(&h.constraint);
    }
    Constraint counter = remaining_over(rest, rem);
    part.add_temporary(counter, board);
    all.push_back(&counter);
    result.stats.components = result.stats.components_solved = 1;
    std::vector<const Constraint*> rules;  // none: the reference path always asks the solver
    ModelMemory none;
    GroupResult r = backbone(part, board, hidden, interchangeable(hidden, all, board), rules, options_.chunked_backbone,
                             result.stats.solver_calls, none, {}, {}, nullptr);
    if (!r.consistent) return fail();
    take(r);
    return finish();
  }

  // 3. Groups of cells tied by hints; cells in no hint ("free") are only counted.
  UnionFind uf(hidden.size());
  for (const Open& h : hints)
    for (Pos p : h.hidden) uf.unite(static_cast<int>(index(h.hidden[0])), static_cast<int>(index(p)));
  struct Group {
    std::vector<const Open*> hints;
    std::vector<Pos> cells, counted;
    GroupResult* result = nullptr;
  };
  std::map<int, Group> groups;
  for (const Open& h : hints) groups[uf.find(static_cast<int>(index(h.hidden[0])))].hints.push_back(&h);
  std::vector<Pos> free_cells;
  for (Pos p : hidden) {
    auto it = groups.find(uf.find(static_cast<int>(index(p))));
    if (it == groups.end()) {
      free_cells.push_back(p);
      continue;
    }
    it->second.cells.push_back(p);
    if (counted[index(p)]) it->second.counted.push_back(p);
  }

  // 4. Each group alone (or as remembered), in the formula it had last round if any.
  groups_->start(board);
  for (auto& [root, g] : groups) {
    ++result.stats.components;
    // The group's hints (source, rule, open blues, hidden cells) and its counted cells,
    // a char per number: each is below 256 (a hint sees at most 33 cells), except the
    // number of hints, written in two.
    std::string key;
    auto put = [&](std::size_t n) { key.push_back(static_cast<char>(n)); };
    auto put_pos = [&](Pos p) { put(static_cast<std::size_t>(p.x)), put(static_cast<std::size_t>(p.y)); };
    put(g.hints.size() / 256), put(g.hints.size() % 256);
    for (const Open* o : g.hints) {
      put_pos(o->constraint.source);
      put(static_cast<std::size_t>(o->constraint.rule)), put(static_cast<std::size_t>(o->blue_needed)), put(o->hidden.size());
      for (Pos p : o->hidden) put_pos(p);
    }
    for (Pos p : g.counted) put_pos(p);
    auto [it, fresh] = cache_.try_emplace(key);
    g.result = &it->second;
    if (fresh) {
      ++result.stats.components_solved;
      GroupFormula& part = groups_->formula_for(g.cells, board);
      std::vector<const Constraint*> rules;
      for (const Open* o : g.hints) {
        part.add(o->constraint, board);
        rules.push_back(&o->constraint);
      }
      std::vector<int> known;
      if (options_.reuse_models) known = models_.models_of(board, g.cells, rules);
      std::vector<std::vector<Pos>> classes = interchangeable(g.cells, rules, board);
      std::vector<std::vector<bool>> seen;
      it->second = backbone(part, board, g.cells, classes, rules, options_.chunked_backbone,
                            result.stats.solver_calls, models_, known, {},
                            options_.remaining_by_models ? &seen : nullptr);
      if (options_.remaining_by_models) it->second.models = group_models(g.cells, classes, g.counted, it->second, seen);
    }
    if (!g.result->consistent) {
      cache_.erase(it);  // not remembered: an impossible state is not played on
      return fail();
    }
  }

  // 5. Does REMAINING matter? Each group's counted cells hold between lo (forced blue)
  //    and hi (not forced black) blues. If every combination leaves the free cells a
  //    feasible share of REMAINING and that share is certainly strictly between none
  //    and all, REMAINING restricts nothing. (The bounds are outer ones, so this is a
  //    sufficient test only; otherwise the joint solve below decides exactly.)
  auto in = [](const std::vector<Pos>& v, Pos p) { return std::find(v.begin(), v.end(), p) != v.end(); };
  int nfree = static_cast<int>(free_cells.size());
  int sum_lo = 0, sum_hi = 0;
  for (auto& [root, g] : groups) {
    GroupResult& r = *g.result;
    if (r.lo < 0) std::tie(r.lo, r.hi) = count_bounds(g.hints, g.counted, r);
    sum_lo += r.lo;
    sum_hi += r.hi;
  }
  if (rem < sum_lo || rem > sum_hi + nfree) return fail();
  for (auto& [root, g] : groups) take(*g.result);
  if (hints_only || (options_.hints_first && (!blue.empty() || !black.empty()))) {
    result.complete = false;
    return finish();
  }
  bool slack = rem - sum_hi >= 0 && rem - sum_lo <= nfree;
  if (slack && (nfree == 0 || (rem - sum_hi >= 1 && rem - sum_lo <= nfree - 1))) return finish();

  // 6. REMAINING may matter: solve the groups whose count can vary together with it,
  //    unless their models already show that it forces nothing; what they show spares
  //    questions of the joint solve otherwise.
  std::optional<Shown> shown;
  if (options_.remaining_by_models) {
    std::vector<const GroupModels*> varying;
    int varying_rem = rem;
    for (auto& [root, g] : groups) {
      if (g.result->lo == g.result->hi)
        varying_rem -= g.result->lo;
      else
        varying.push_back(&g.result->models);
    }
    shown.emplace(varying, varying_rem, nfree);
    if (shown->forces_nothing()) {
      result.stats.remaining_by_models = true;
      return finish();
    }
  }
  GroupFormula part(options_.solver, shapes);  // asked once: REMAINING differs every round
  std::vector<const Constraint*> rules;
  std::vector<Pos> joint_cells = free_cells, joint_counted = free_cells;
  int joint_rem = rem;
  std::vector<Pos> known;  // forced on their own already: units, not candidates
  for (auto& [root, g] : groups) {
    if (g.result->lo == g.result->hi) {  // a fixed count is a constant in the sum
      joint_rem -= g.result->lo;
      continue;
    }
    for (const Open* o : g.hints) {
      part.add(o->constraint, board);
      rules.push_back(&o->constraint);
    }
    for (Pos p : g.cells) {
      bool is_blue = in(g.result->blue, p), is_black = in(g.result->black, p);
      if (is_blue || is_black)
        part.add_clause({is_blue ? part.cell(p) : ~part.cell(p)});
      else
        joint_cells.push_back(p);
    }
    joint_counted.insert(joint_counted.end(), g.counted.begin(), g.counted.end());
  }
  Constraint joint_remaining = remaining_over(joint_counted, joint_rem);
  part.add_temporary(joint_remaining, board);
  rules.push_back(&joint_remaining);
  ++result.stats.components_solved;
  result.stats.remaining_solved = true;
  // A remembered colouring of every hidden cell here that meets the hints and this
  // REMAINING is a model of the joint formula (it has the colours the groups force, as
  // every model of their hints does).
  std::vector<int> known_models;
  if (options_.reuse_models) {
    std::vector<Pos> all = joint_cells;
    for (auto& [root, g] : groups)
      if (g.result->lo != g.result->hi) all.insert(all.end(), g.cells.begin(), g.cells.end());
    known_models = models_.models_of(board, all, rules);
  }
  std::vector<std::vector<Pos>> joint_classes = interchangeable(joint_cells, rules, board);
  std::vector<unsigned char> joint_shown;
  if (shown && shown->some) {
    // The joint formula's classes are the groups' open classes (the same hints, all
    // counted or all not) and the free cells: found by their first cell.
    std::vector<unsigned char> at(kGridSize * kGridSize, 0);
    std::size_t i = 0;
    for (auto& [root, g] : groups) {
      if (g.result->lo == g.result->hi) continue;
      const std::vector<Pos>& open = g.result->models.open_classes();
      for (std::size_t c = 0; c < open.size(); ++c) at[tile_index(open[c])] = shown->classes[i][c];
      ++i;
    }
    for (Pos p : free_cells) at[tile_index(p)] = shown->free;
    for (const auto& cls : joint_classes) joint_shown.push_back(at[tile_index(cls.front())]);
  }
  GroupResult joint = backbone(part, board, joint_cells, joint_classes, rules, options_.chunked_backbone,
                               result.stats.solver_calls, models_, known_models, joint_shown, nullptr);
  if (!joint.consistent) return fail();
  take(joint);
  return finish();
}

}  // namespace puzzlesat::hexcells
