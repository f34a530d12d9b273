#include <puzzlesat/lazy_cuts.h>

#include <puzzlesat/backbone.h>

#include <algorithm>
#include <stdexcept>

namespace puzzlesat::sat {

LazyResult solve_lazily(Solver& s, const CutChecker& check, std::span<const Lit> assumptions, LazyStats* total) {
  LazyResult r;
  for (;;) {
    ++r.stats.rounds;
    r.status = s.solve(assumptions);
    if (r.status != Status::sat) break;
    const std::vector<std::vector<Lit>> cuts = check(s);
    if (cuts.empty()) break;
    for (const auto& cut : cuts) {
      // A cut the model satisfies would not change the model: the loop could spin forever.
      if (std::any_of(cut.begin(), cut.end(), [&](Lit l) { return s.model_value(l); }))
        throw std::logic_error("a lazy cut does not refute the model it was made for");
    }
    for (const auto& cut : cuts) s.add_clause(cut);
    r.stats.cuts += cuts.size();
  }
  if (total) {
    total->rounds += r.stats.rounds;
    total->cuts += r.stats.cuts;
  }
  return r;
}

EnumerationResult enumerate_lazily(Solver& s, const CutChecker& check, std::span<const Var> projection,
                                   std::size_t limit, std::span<const Lit> assumptions, LazyStats* total) {
  EnumerationResult out;
  // Blocking clauses carry ~active, so they bind only while `active` is assumed; cuts do
  // not (they hold in every accepted model) and stay useful after the enumeration.
  const Lit active(s.new_var());
  std::vector<Lit> assume(assumptions.begin(), assumptions.end());
  assume.push_back(active);
  for (;;) {
    const LazyResult r = solve_lazily(s, check, assume, total);
    ++out.solver_calls;
    if (r.status == Status::unknown) break;
    if (r.status == Status::unsat) {
      out.complete = true;
      break;
    }
    if (out.models.size() == limit) break;  // one more accepted model exists
    std::vector<Lit> model, block{~active};
    for (Var v : projection) {
      const Lit l(v, !s.model_value(v));
      model.push_back(l);
      block.push_back(~l);
    }
    out.models.push_back(std::move(model));
    s.add_clause(block);
  }
  s.add_clause({~active});
  return out;
}

BackboneResult backbone_lazily(Solver& s, const CutChecker& check, std::span<const Lit> candidates,
                               std::span<const Lit> assumptions, LazyStats* total) {
  BackboneResult out;
  std::vector<Lit> assume(assumptions.begin(), assumptions.end());
  LazyResult r = solve_lazily(s, check, assume, total);
  ++out.solver_calls;
  if (r.status != Status::sat) {
    out.status = r.status;
    return out;
  }
  // value[i]: candidate i's polarity in every accepted model seen so far; open[i]: still possibly forced.
  const std::size_t n = candidates.size();
  std::vector<Lit> value(n);
  std::vector<char> open(n, 1);
  auto clear = [&] {
    for (std::size_t i = 0; i < n; ++i)
      if (open[i] && !s.model_value(value[i])) open[i] = 0;
  };
  for (std::size_t i = 0; i < n; ++i) value[i] = s.model_value(candidates[i]) ? candidates[i] : ~candidates[i];
  for (std::size_t i = 0; i < n; ++i) {
    if (!open[i]) continue;
    assume.push_back(~value[i]);
    r = solve_lazily(s, check, assume, total);
    assume.pop_back();
    ++out.solver_calls;
    if (r.status == Status::unknown) return out;  // status stays unknown
    if (r.status == Status::sat) clear();
    else open[i] = 2;  // proved
  }
  out.status = Status::sat;
  for (std::size_t i = 0; i < n; ++i) (open[i] == 2 ? out.forced.push_back(value[i]) : out.free.push_back(candidates[i]));
  return out;
}

std::vector<std::vector<Lit>> connectivity_cuts(const RectGrid& grid, std::span<const Lit> lits, const Solver& s) {
  const Components all = components(grid, [&](Cell c) { return s.model_value(lits[grid.index(c)]); });
  std::vector<std::vector<Lit>> out;
  if (all.parts.size() < 2) return out;
  const auto largest = std::ranges::max_element(all.parts, {}, [](const Component& k) { return k.cells.size(); });
  for (std::size_t i = 0; i < all.parts.size(); ++i) {
    if (all.parts.begin() + static_cast<std::ptrdiff_t>(i) == largest) continue;
    Cell y = largest->cells.front();
    for (Cell c : grid.cells()) {
      const int part = all.part_of[grid.index(c)];
      if (part >= 0 && part != static_cast<int>(i) && s.fixed(lits[grid.index(c)]) > 0) y = c;
    }
    std::vector<Lit> tail{~lits[grid.index(y)]};
    for (Cell x : separator(grid, y, all.parts[i].cells)) tail.push_back(lits[grid.index(x)]);
    for (Cell x : all.parts[i].cells) {
      out.push_back(tail);
      out.back().push_back(~lits[grid.index(x)]);
    }
  }
  return out;
}

}  // namespace puzzlesat::sat
