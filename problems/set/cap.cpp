#include "problems/set/cap.h"

#include <chrono>
#include <stdexcept>

#include <puzzlesat/cardinality.h>
#include "problems/set/cap_classes.h"
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

CapResult find_cap(int size, std::string_view solver_name) {
  if (size < 0 || size > kDeckSize) throw std::invalid_argument("cap size must be 0..81");
  auto start = std::chrono::steady_clock::now();
  CapResult result;
  auto solver = sat::make_solver(solver_name);

  sat::Cnf cnf;
  std::vector<sat::Lit> card;
  for (int p = 0; p < kDeckSize; ++p) card.push_back(cnf.new_lit());
  cnf.add_comment("no three chosen cards form a set");
  for (int a = 0; a < kDeckSize; ++a) {
    for (int b = a + 1; b < kDeckSize; ++b) {
      int c = third_index(a, b);
      if (c > b) cnf.add_clause({~card[a], ~card[b], ~card[c]});
    }
  }
  cnf.add_comment("exactly K cards");
  enc::exactly(cnf, card, size);

  // Each case: its assumptions (with a guard selecting its extra clauses, if any).
  std::vector<std::vector<sat::Lit>> cases;
  if (size < kSplitFrom) {
    // Symmetry: any 3 cards of a cap are affinely independent, and a cap of 5+ cards
    // spans a 3-space (a plane holds at most 4), of 10+ the whole space (a 3-space holds
    // at most 9), so an affine map moves an independent frame of it onto 0, e1, ...
    const int frame[5] = {0, 27, 9, 3, 1};
    int fixed = size >= 10 ? 5 : size >= 5 ? 4 : std::min(size, 3);
    for (int i = 0; i < fixed; ++i) cnf.add_unit(card[frame[i]]);
    cases.emplace_back();
  } else {
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
      sat::Lit fullest = cnf.new_lit();
      {
        sat::Cnf::GuardScope scope(cnf, fullest);
        for (const auto& plane : planes) enc::at_most(cnf, literals(card, plane), m);
      }
      const int rest = size - m;
      for (int a = (rest + 1) / 2; a <= std::min(m, rest); ++a) {
        const int b = rest - a;
        if (b > m) continue;
        sat::Lit split = cnf.new_lit();
        {
          sat::Cnf::GuardScope scope(cnf, split);
          enc::exactly(cnf, h1, a);
          enc::exactly(cnf, h2, b);
        }
        for (const Points3& rep : reps) {
          std::vector<sat::Lit> assume{fullest, split, card[27]};
          std::vector<bool> in(27, false);
          for (int p : rep) in[p] = true;
          // Points of AG(3,3) are the cards with number "one" (indices 0..26).
          for (int p = 0; p < 27; ++p) assume.push_back(card[p] ^ !in[p]);
          cases.push_back(std::move(assume));
        }
      }
    }
  }
  solver->add_cnf(cnf);

  for (const auto& assume : cases) {
    ++result.solver_calls;
    sat::Status status = solver->solve(assume);
    if (status == sat::Status::unknown) throw std::runtime_error("the SAT solver gave no answer");
    if (status == sat::Status::sat) {
      std::vector<Card> cards;
      for (int p = 0; p < kDeckSize; ++p)
        if (solver->model_value(card[p])) cards.push_back(card_at(p));
      if (static_cast<int>(cards.size()) != size || find_one_set(cards)) {
        throw std::logic_error("cap search: the model is not a set-free board of K cards");
      }
      result.cards = std::move(cards);
      break;
    }
  }
  result.conflicts = static_cast<std::int64_t>(solver->stats().conflicts);
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace puzzlesat::set
