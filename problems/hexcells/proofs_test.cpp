#include "problems/hexcells/proofs.h"

#include <catch2/catch.hpp>

#include <random>

#include "problems/hexcells/test_levels.h"
#include <puzzlesat/solver.h>

using namespace puzzlesat;
using namespace puzzlesat::hexcells;

// proof_formula adds a second, shared count of REMAINING; it must not change which
// colourings of the hidden cells are solutions. Checked colouring by colouring against the
// constraints themselves (holds(), no SAT), on random levels and random subsets of their
// constraints with REMAINING among them.
TEST_CASE("proof formulas have exactly the constraints' colourings (brute force)", "[hexcells][proof]") {
  std::mt19937 rng(31);
  int checked = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Board b = testing::random_level(rng, 9);
    const std::vector<Pos> hidden = b.hidden_cells();
    std::vector<Constraint> all = visible_constraints(b), chosen;
    for (const Constraint& c : all)
      if (c.is_remaining || rng() % 2) chosen.push_back(c);
    // Off by one in REMAINING as well: a formula without solutions must stay so.
    if (trial % 4 == 3) {
      for (Constraint& c : chosen)
        if (c.is_remaining) ++c.number;
    }
    const sat::Cnf f = proof_formula(b, chosen);
    auto solver = sat::make_solver("minisat");
    solver->add_cnf(f);
    for (std::uint32_t bits = 0; bits < (1U << hidden.size()); ++bits) {
      auto colour = [&](Pos p) {
        if (!b.at(p).hidden()) return b.at(p).color;
        const auto i = static_cast<std::size_t>(std::find(hidden.begin(), hidden.end(), p) - hidden.begin());
        return (bits >> i) & 1U ? Color::blue : Color::black;
      };
      bool expected = true;
      for (const Constraint& c : chosen) expected = expected && holds(c, colour);
      std::vector<sat::Lit> units;  // hidden cell i is variable i + 1, true for blue
      for (std::size_t i = 0; i < hidden.size(); ++i) units.push_back(sat::Lit(sat::Var(static_cast<int>(i) + 1), !((bits >> i) & 1U)));
      INFO("trial " << trial << " colouring " << bits);
      CHECK((solver->solve(units) == sat::Status::sat) == expected);
      ++checked;
    }
  }
  CHECK(checked > 1000);
}
