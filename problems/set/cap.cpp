#include "problems/set/cap.h"

#include <chrono>
#include <stdexcept>

#include <puzzlesat/cardinality.h>
#include "problems/set/cap_classes.h"
#include "problems/set/card_text.h"
#include "problems/set/finder.h"
#include <puzzlesat/solver.h>

namespace puzzlesat::set {

namespace {

// The largest cap in one hyperplane (AG(3,3)); cap_classes(10) is empty, which the
// tests check, so no hyperplane can hold more.
constexpr int kMaxHyperplaneCap = 9;
// From this size on, ceil(K/3) >= 7 and the hyperplane split pays off.
constexpr int kSplitFrom = 19;

std::vector<sat::Lit> literals(const std::vector<sat::Lit>& card, const std::vector<int>& pts) {
  std::vector<sat::Lit> out;
  for (int p : pts) out.push_back(card[p]);
  return out;
}

}  // namespace

std::vector<std::vector<int>> hyperplanes() {
  std::vector<std::vector<int>> out;
  for (int u = 1; u < kDeckSize; ++u) {
    Card d = card_at(u);
    // One direction per line through 0: the first non-zero coordinate is 1.
    int first = d.number ? d.number : d.color ? d.color : d.shading ? d.shading : d.shape;
    if (first != 1) continue;
    for (int c = 0; c < 3; ++c) {
      std::vector<int> plane;
      for (int p = 0; p < kDeckSize; ++p) {
        Card x = card_at(p);
        int dot = 0;
        for (int t = 0; t < kAttributes; ++t) dot += d.get(t) * x.get(t);
        if (dot % 3 == c) plane.push_back(p);
      }
      out.push_back(std::move(plane));
    }
  }
  return out;
}

CapFormula cap_formula(int size) {
  if (size < 0 || size > kDeckSize) throw std::invalid_argument("cap size must be 0..81");
  CapFormula f;
  sat::Cnf& cnf = f.cnf;
  auto& card = f.card;
  for (int p = 0; p < kDeckSize; ++p) card.push_back(cnf.new_lit("card(" + to_code(card_at(p)) + ")"));
  cnf.add_comment("SET cap: " + std::to_string(size) + " cards without a set? UNSAT = every " +
                  std::to_string(size) + " cards hold a set (symmetry breaking: docs/set.md)");
  cnf.add_comment("no three chosen cards form a set");
  for (int a = 0; a < kDeckSize; ++a) {
    for (int b = a + 1; b < kDeckSize; ++b) {
      int c = third_index(a, b);
      if (c > b) cnf.add_clause({~card[a], ~card[b], ~card[c]});
    }
  }
  cnf.add_comment("exactly K cards");
  enc::exactly(cnf, card, size);

  if (size < kSplitFrom) {
    // Symmetry: any 3 cards of a cap are affinely independent, and a cap of 5+ cards
    // spans a 3-space (a plane holds at most 4), of 10+ the whole space (a 3-space holds
    // at most 9), so an affine map moves an independent frame of it onto 0, e1, ...
    const int frame[5] = {0, 27, 9, 3, 1};
    int fixed = size >= 10 ? 5 : size >= 5 ? 4 : std::min(size, 3);
    if (fixed > 0) cnf.add_comment("symmetry breaking: an affine frame of the cap is fixed");
    for (int i = 0; i < fixed; ++i) cnf.add_unit(card[frame[i]]);
    return f;
  }
  // Hyperplane split. Some hyperplane holds the most cards, m >= ceil(K/3); an affine
  // map makes it H0 = the "one ..." cards, whose cards then form an m-cap of AG(3,3),
  // equivalent (by a map fixing the number) to a class representative. No hyperplane
  // holds more than m. In H0's parallel class, x -> -x on the number swaps H1 ("two
  // ...") and H2, so |H1| = a >= |H2| = b; and the shears (n, y) -> (n, y + n·v) fix
  // H0 pointwise and translate H1, so H1 holds "two red solid diamonds" (card 27).
  // Largest m first: for K <= 20 a board is found sooner there.
  auto planes = hyperplanes();
  std::vector<sat::Lit> h1, h2;
  for (int p = 27; p < 54; ++p) h1.push_back(card[p]);
  for (int p = 54; p < 81; ++p) h2.push_back(card[p]);
  for (int m = std::min(size, kMaxHyperplaneCap); m >= (size + 2) / 3; --m) {
    auto reps = cap_classes(m);
    if (reps.empty()) continue;
    sat::Lit fullest = cnf.new_lit("fullest_hyperplane_holds(" + std::to_string(m) + ")");
    {
      cnf.add_comment("guarded by fullest(m): no hyperplane holds more than m cards");
      sat::Cnf::GuardScope scope(cnf, fullest);
      for (const auto& plane : planes) enc::at_most(cnf, literals(card, plane), m);
    }
    const int rest = size - m;
    for (int a = (rest + 1) / 2; a <= std::min(m, rest); ++a) {
      const int b = rest - a;
      if (b > m) continue;
      std::string split_name = "split(" + std::to_string(m) + "," + std::to_string(a) + "," + std::to_string(b) + ")";
      sat::Lit split = cnf.new_lit(split_name);
      {
        cnf.add_comment("guarded by " + split_name + ": the parallel hyperplanes hold m, a, b cards");
        sat::Cnf::GuardScope scope(cnf, split);
        enc::exactly(cnf, h1, a);
        enc::exactly(cnf, h2, b);
      }
      for (std::size_t r = 0; r < reps.size(); ++r) {
        sat::Lit selector = cnf.new_lit("case(m=" + std::to_string(m) + ",a=" + std::to_string(a) + ",b=" +
                                        std::to_string(b) + ",class=" + std::to_string(r + 1) + ")");
        std::vector<sat::Lit> implied{fullest, split, card[27]};
        std::vector<bool> in(27, false);
        for (int p : reps[r]) in[p] = true;
        // Points of AG(3,3) are the cards with number "one" (indices 0..26).
        for (int p = 0; p < 27; ++p) implied.push_back(card[p] ^ !in[p]);
        cnf.add_comment("case selector: H0 holds exactly class " + std::to_string(r + 1) + " of the " +
                        std::to_string(m) + "-caps, H1 holds card 27");
        for (sat::Lit l : implied) cnf.add_clause({~selector, l});
        f.cases.push_back(selector);
      }
    }
  }
  cnf.add_comment("some case holds (the symmetry argument of docs/set.md)");
  cnf.add_clause(f.cases);
  return f;
}

CapResult find_cap(int size, std::string_view solver_name, const sat::ProofOptions* proof) {
  auto start = std::chrono::steady_clock::now();
  CapResult result;
  CapFormula f = cap_formula(size);
  auto solver = sat::make_solver(solver_name);
  if (proof) solver->trace_proof(*proof);
  for (sat::Lit c : f.cases) solver->freeze(c.var());
  solver->add_cnf(f.cnf);

  auto answer = [&](sat::Status status) {
    ++result.solver_calls;
    if (status == sat::Status::unknown) {
      throw std::runtime_error("the " + solver->name() + " backend gave no verified answer");
    }
    if (status == sat::Status::unsat) return false;
    std::vector<Card> cards;
    for (int p = 0; p < kDeckSize; ++p)
      if (solver->model_value(f.card[p])) cards.push_back(card_at(p));
    if (static_cast<int>(cards.size()) != size || find_one_set(cards)) {
      throw std::logic_error("cap search: the model is not a set-free board of K cards");
    }
    result.cards = std::move(cards);
    return true;
  };
  // One case at a time; on UNSAT each leaves its selector false at the root, so the
  // final call without assumptions only has to close the proof.
  bool found = false;
  for (sat::Lit c : f.cases) {
    if ((found = answer(solver->solve({c})))) break;
  }
  if (!found && answer(solver->solve()) && !f.cases.empty()) {
    throw std::logic_error("cap search: every case is UNSAT but the whole formula is not");
  }
  solver->close_proof();
  result.conflicts = static_cast<std::int64_t>(solver->stats().conflicts);
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace puzzlesat::set
