#include "nurikabe.h"
#include "nurikabe_explain.h"
#include "nurikabe_rules.h"

#include <puzzlesat/cardinality.h>
#include <puzzlesat/lazy_cuts.h>
#include <puzzlesat/model.h>

#include <algorithm>
#include <stdexcept>

namespace nurikabe {

using puzzlesat::Cell;
using puzzlesat::Component;
using puzzlesat::RectGrid;
using puzzlesat::sat::Lit;
using Clause = std::vector<Lit>;

// deduce --explain's tests per cell while looking for the fewest numbers: Model's budget.
// A test here is a lazy solve with connectivity cuts, and the small sets tried first leave
// the wall free enough to need many cuts: the 19×12 corpus puzzle takes 11 s, against 1.3 s
// for subset-minimal sets alone (23 of 203 explanations smaller; docs/nurikabe.md).
constexpr int kExplainTests = puzzlesat::ExplainOptions{}.max_tests;

// Facts every solution has, stated as clauses so the solver needs fewer rounds; none changes
// the solutions (the brute-force tests check that). Those that depend on a number's value are
// guarded by its selector, those on all values by all selectors.
void implied_rules(const Puzzle& p, Rules& r) {
  const RectGrid g = p.grid();
  auto& cnf = r.m.cnf();
  int sum = 0, unknown = 0;
  for (Cell n : r.numbers) {
    if (p.at(n) == kUnknown) ++unknown;
    else sum += p.at(n);
  }
  r.exact = unknown == 0;  // then, with every number counted, the wall's size is known
  for (Cell n : r.numbers) if (p.at(n) > 0) r.counted.push_back(r.on[g.index(n)]);
  auto guard_all = [&](auto&& body) {
    for (Lit on : r.counted) cnf.push_guard(on);
    body();
    for (std::size_t i = 0; i < r.counted.size(); ++i) cnf.pop_guard();
  };
  for (Cell c : g.cells()) {
    const Lit b = r.black[g.index(c)];
    std::vector<Lit> white_neighbour{b};  // a white cell's island has more cells, unless it is a 1 or a '?'
    for (Cell n : g.neighbors4(c)) white_neighbour.push_back(~r.black[g.index(n)]);
    if (p.at(c) == 1) {
      puzzlesat::sat::Cnf::GuardScope scope(cnf, r.on[g.index(c)]);
      for (std::size_t i = 1; i < white_neighbour.size(); ++i) cnf.add_unit(~white_neighbour[i]);
    } else if (p.at(c) > 0) {
      puzzlesat::sat::Cnf::GuardScope scope(cnf, r.on[g.index(c)]);
      cnf.add_clause(white_neighbour);
    } else if (p.at(c) == kNoNumber) {
      cnf.add_clause(white_neighbour);
    }
    int numbered_neighbours = 0;  // two numbers' islands would meet in c: it is wall
    for (Cell n : g.neighbors4(c)) numbered_neighbours += p.at(n) != kNoNumber;
    if (numbered_neighbours >= 2) cnf.add_unit(b);
    bool reached = false;  // a white cell lies within reach of some number
    for (Cell n : r.numbers)
      reached = reached || p.at(n) == kUnknown || std::abs(n.row - c.row) + std::abs(n.col - c.col) < p.at(n);
    if (!reached) guard_all([&] { cnf.add_unit(b); });
  }
  const int cells = static_cast<int>(g.size());  // islands cover sum cells (each '?' at least 1)
  if (cells < sum + unknown) guard_all([&] { cnf.add_unit(cnf.false_lit()); });  // the numbers do not fit
  else guard_all([&] { r.m.require(puzzlesat::count_true(r.black) <= cells - sum - unknown); });
  if (unknown == 0 && cells >= sum) guard_all([&] { r.m.require(puzzlesat::count_true(r.black) >= cells - sum); });
}

// [START model]
// The local rules: numbers are white, no 2x2 wall. Each number with a value gets a selector
// number(r,c)=n (assumed true; false reads it as '?'), which guards what depends on the value,
// so deduce --explain can switch numbers off.
Rules local_rules(const Puzzle& p) {
  const RectGrid g = p.grid();
  Rules r;
  auto& cnf = r.m.cnf();
  for (Cell c : g.cells()) r.black.push_back(cnf.new_lit("black(" + g.name(c) + ")"));
  cnf.true_lit();  // made outside any guard, so the constant holds everywhere
  r.on.resize(g.size());
  for (Cell c : g.cells()) {
    if (c.row + 1 < g.rows() && c.col + 1 < g.cols())
      cnf.add_clause({~r.black[g.index(c)], ~r.black[g.index({c.row, c.col + 1})], ~r.black[g.index({c.row + 1, c.col})],
                      ~r.black[g.index({c.row + 1, c.col + 1})]});
    if (p.at(c) == kNoNumber) continue;
    r.numbers.push_back(c);
    cnf.add_unit(~r.black[g.index(c)]);
    if (p.at(c) > 0) r.on[g.index(c)] = cnf.new_lit("number(" + g.name(c) + ")=" + std::to_string(p.at(c)));
  }
  implied_rules(p, r);
  return r;
}

// The global rules, checked on a model: each broken part yields clauses it violates.
std::vector<Clause> cuts(const Puzzle& p, const Rules& r, const puzzlesat::sat::Solver& s) {
  const RectGrid g = p.grid();
  auto black = [&](Cell c) { return s.model_value(r.black[g.index(c)]); };
  auto white = [&](Cell c) { return !black(c); };
  auto with = [&](Clause cut, const std::vector<Cell>& cells, bool sign) {  // cut + black(c) (sign) or ~black(c)
    for (Cell c : cells) cut.push_back(r.black[g.index(c)] ^ !sign);
    return cut;
  };
  std::vector<Clause> out;
  for (const Component& k : puzzlesat::components(g, white).parts) {  // an island W, its rim k.boundary
    std::vector<Cell> nums;  // with its rim black, a white cell of W is shut in W
    for (Cell x : k.cells) if (p.at(x) != kNoNumber) nums.push_back(x);
    const int n = nums.size() == 1 && p.at(nums[0]) > 0 && s.model_value(r.on[g.index(nums[0])]) ? p.at(nums[0]) : 0;
    if (nums.size() >= 2) out.push_back(with({}, puzzlesat::path(g, nums[0], nums[1], white), true));
    else if (nums.empty()) for (Cell w : k.cells) out.push_back(with({r.black[g.index(w)]}, k.boundary, false));
    else if (n > 0 && static_cast<int>(k.cells.size()) < n) out.push_back(with({~r.on[g.index(nums[0])]}, k.boundary, false));
    else if (n > 0 && static_cast<int>(k.cells.size()) > n) {  // the first n+1 cells from the number are too many
      const std::vector<Cell> from = puzzlesat::component(g, nums[0], white).cells;
      out.push_back(with({~r.on[g.index(nums[0])]}, {from.begin(), from.begin() + n + 1}, true));
    }
  }
  // The wall in parts: if x in part C is black and C's rim white, x's wall lies inside C. With
  // every number counted the wall's size is known, so C is too small: ~x, a rim cell black, or
  // a number off. Else C misses a wall cell y outside it (sat::connectivity_cuts): ~x, ~y, or a
  // black cell among those of the rim that y reaches without crossing it.
  const bool sized = r.exact && std::all_of(r.counted.begin(), r.counted.end(), [&](Lit on) { return s.model_value(on); });
  if (!sized) for (Clause& cut : puzzlesat::sat::connectivity_cuts(g, r.black, s)) out.push_back(std::move(cut));
  else if (const std::vector<Component> wall = puzzlesat::components(g, black).parts; wall.size() > 1)
    for (const Component& k : wall) {
      Clause tail;  // a number off or a rim cell black
      for (Lit on : r.counted) tail.push_back(~on);
      for (Cell x : k.cells) out.push_back(with(with(tail, k.boundary, true), {x}, false));
    }
  return out;
}
// [END model]


std::optional<std::string> violation(const Puzzle& p, const Grid& g) {
  const RectGrid grid = p.grid();
  if (static_cast<int>(g.size()) != p.rows) return "the grid has the wrong number of rows";
  for (const std::string& row : g)
    if (static_cast<int>(row.size()) != p.cols || row.find_first_not_of("#.") != std::string::npos)
      return "a row has the wrong length or a cell other than # and .";
  auto black = [&](Cell c) { return g[c.row][c.col] == '#'; };
  std::vector<char> seen(grid.size(), 0);
  int wall_parts = 0;
  for (Cell c : grid.cells()) {
    // A number (even '?') names its island, so it is never wall; without this check a
    // shaded number would simply drop out of the count below.
    if (black(c) && p.at(c) != kNoNumber) return "the number at (" + grid.name(c) + ") is shaded";
    if (black(c) && c.row + 1 < p.rows && c.col + 1 < p.cols && black({c.row, c.col + 1}) && black({c.row + 1, c.col}) &&
        black({c.row + 1, c.col + 1}))
      return "a 2x2 block of wall at (" + grid.name(c) + ")";
    if (seen[grid.index(c)]) continue;
    const Component k = puzzlesat::component(grid, c, [&](Cell n) { return black(n) == black(c); });
    for (Cell x : k.cells) seen[grid.index(x)] = 1;
    if (black(c)) {
      ++wall_parts;
      continue;
    }
    std::vector<int> nums;
    for (Cell x : k.cells)
      if (p.at(x) != kNoNumber) nums.push_back(p.at(x));
    if (nums.size() != 1) return "the island at (" + grid.name(c) + ") holds " + std::to_string(nums.size()) + " numbers";
    if (nums[0] != kUnknown && nums[0] != static_cast<int>(k.cells.size()))
      return "the island at (" + grid.name(c) + ") has " + std::to_string(k.cells.size()) + " cells, not " +
             std::to_string(nums[0]);
  }
  if (wall_parts > 1) return "the wall falls into " + std::to_string(wall_parts) + " parts";
  return std::nullopt;
}

struct Solver::Impl {
  Puzzle puzzle;
  Rules rules;
  std::unique_ptr<puzzlesat::sat::Solver> solver;
  std::vector<Lit> on;  // every number's selector: assumed, so all numbers count
  puzzlesat::sat::CutChecker check;

  Grid grid() const {
    Grid g(puzzle.rows, std::string(puzzle.cols, '.'));
    for (int i = 0; i < puzzle.rows * puzzle.cols; ++i)
      if (solver->model_value(rules.black[i])) g[i / puzzle.cols][i % puzzle.cols] = '#';
    // An answer we print is an answer we checked, by code that shares nothing with the cuts.
    if (auto why = violation(puzzle, g)) throw std::logic_error("nurikabe: the lazy loop accepted a wrong grid: " + *why);
    return g;
  }
};

Solver::Solver(const Puzzle& p, const std::string& solver_spec) : impl_(std::make_unique<Impl>()) {
  impl_->puzzle = p;
  impl_->rules = local_rules(p);
  impl_->solver = puzzlesat::sat::make_solver(solver_spec);
  impl_->solver->add_cnf(impl_->rules.m.cnf());
  for (Cell c : impl_->rules.numbers)
    if (p.at(c) > 0) impl_->on.push_back(impl_->rules.on[p.grid().index(c)]);
  Impl* impl = impl_.get();
  impl_->check = [impl](const puzzlesat::sat::Solver& s) { return cuts(impl->puzzle, impl->rules, s); };
}

Solver::~Solver() = default;

const puzzlesat::sat::Cnf& Solver::rules() const { return impl_->rules.m.cnf(); }

namespace {
void give_up() { throw std::runtime_error("the SAT solver gave up (a budget or an interrupt)"); }
}  // namespace

std::optional<Grid> Solver::solve() {
  const auto r = puzzlesat::sat::solve_lazily(*impl_->solver, impl_->check, impl_->on, &stats_);
  if (r.status == puzzlesat::sat::Status::unknown) give_up();
  if (r.status == puzzlesat::sat::Status::unsat) return std::nullopt;
  return impl_->grid();
}

std::vector<Grid> Solver::solutions(std::size_t limit) {
  std::vector<puzzlesat::sat::Var> projection;
  for (Lit b : impl_->rules.black) projection.push_back(b.var());
  const auto r = puzzlesat::sat::enumerate_lazily(*impl_->solver, impl_->check, projection, limit, impl_->on, &stats_);
  if (!r.complete && r.models.size() < limit) give_up();
  complete_ = r.complete;
  std::vector<Grid> out;
  for (const auto& model : r.models) {
    Grid g(impl_->puzzle.rows, std::string(impl_->puzzle.cols, '.'));
    for (std::size_t i = 0; i < model.size(); ++i)
      if (!model[i].negated()) g[i / impl_->puzzle.cols][i % impl_->puzzle.cols] = '#';
    if (auto why = violation(impl_->puzzle, g)) throw std::logic_error("nurikabe: the lazy loop accepted a wrong grid: " + *why);
    out.push_back(std::move(g));
  }
  return out;
}

std::optional<Grid> Solver::other_than(const Grid& g) {
  Impl& im = *impl_;
  const Lit differ(im.solver->new_var());  // switched off for good afterwards
  std::vector<Lit> some_cell{~differ};
  for (int i = 0; i < im.puzzle.rows * im.puzzle.cols; ++i)
    some_cell.push_back(im.rules.black[i] ^ (g[i / im.puzzle.cols][i % im.puzzle.cols] == '#'));
  im.solver->add_clause(some_cell);
  std::vector<Lit> assume = im.on;
  assume.push_back(differ);
  const auto r = puzzlesat::sat::solve_lazily(*im.solver, im.check, assume, &stats_);
  std::optional<Grid> out;
  if (r.status == puzzlesat::sat::Status::unknown) give_up();
  if (r.status == puzzlesat::sat::Status::sat) out = im.grid();
  im.solver->add_clause({~differ});
  return out;
}

std::vector<Forced> Solver::deduce(bool explain) {
  Impl& im = *impl_;
  const RectGrid g = im.puzzle.grid();
  const auto bb = puzzlesat::sat::backbone_lazily(*im.solver, im.check, im.rules.black, im.on, &stats_);
  if (bb.status == puzzlesat::sat::Status::unknown) give_up();
  std::vector<Forced> out;
  Explainer explainer(im.puzzle, im.rules, *im.solver, im.check, stats_);
  for (Lit f : bb.forced) {
    const auto at = std::find(im.rules.black.begin(), im.rules.black.end(), f.negated() ? ~f : f) - im.rules.black.begin();
    if (im.puzzle.number[at] != kNoNumber) continue;  // a number is white by the rules
    Forced cell{{static_cast<int>(at) / g.cols(), static_cast<int>(at) % g.cols()}, !f.negated(), {}};
    if (explain)
      for (Cell n : explainer.explain(f, kExplainTests, &cell.smallest)) cell.because.push_back(std::to_string(im.puzzle.at(n)) + " at (" + g.name(n) + ")");
    out.push_back(std::move(cell));
  }
  return out;
}

}  // namespace nurikabe
