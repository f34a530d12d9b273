#include "nurikabe.h"

#include <puzzlesat/dimacs.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/solver.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>

#include "tests/data_paths.h"

using namespace nurikabe;
using puzzlesat::Cell;

namespace {

Grid to_grid(const Puzzle& p, std::uint32_t blacks) {
  Grid g(p.rows, std::string(p.cols, '.'));
  for (int i = 0; i < p.rows * p.cols; ++i)
    if ((blacks >> i) & 1U) g[i / p.cols][i % p.cols] = '#';
  return g;
}

// Every colouring that obeys the rules, by trying them all (number cells stay white).
std::set<Grid> brute_force(const Puzzle& p) {
  std::set<Grid> out;
  const int n = p.rows * p.cols;
  std::uint32_t numbered = 0;
  for (int i = 0; i < n; ++i)
    if (p.number[i] != kNoNumber) numbered |= 1U << i;
  for (std::uint32_t b = 0; b < (1U << n); ++b)
    if (!(b & numbered) && !violation(p, to_grid(p, b))) out.insert(to_grid(p, b));
  return out;
}

// Cells (not numbers) on which every solution agrees: cell index -> black.
std::map<int, bool> brute_forced(const Puzzle& p, const std::set<Grid>& all) {
  std::map<int, bool> out;
  if (all.empty()) return out;
  for (int i = 0; i < p.rows * p.cols; ++i) {
    if (p.number[i] != kNoNumber) continue;
    const char v = all.begin()->at(i / p.cols)[i % p.cols];
    if (std::all_of(all.begin(), all.end(), [&](const Grid& g) { return g[i / p.cols][i % p.cols] == v; }))
      out[i] = v == '#';
  }
  return out;
}

// Random small puzzles: half from a random colouring that obeys the wall rules (its islands
// numbered, so at least one solution exists), half with numbers dropped at random.
Puzzle random_puzzle(std::mt19937& rng, int max_cells) {
  for (;;) {
    Puzzle p;
    p.rows = std::uniform_int_distribution<int>(1, 4)(rng);
    p.cols = std::uniform_int_distribution<int>(1, 5)(rng);
    const int n = p.rows * p.cols;
    if (n > max_cells) continue;
    p.number.assign(n, kNoNumber);
    if (rng() % 2) {
      const int k = std::uniform_int_distribution<int>(1, 3)(rng);
      for (int i = 0; i < k; ++i)
        p.number[rng() % n] = rng() % 8 == 0 ? kUnknown : std::uniform_int_distribution<int>(1, std::min(n, 6))(rng);
      return p;
    }
    const Grid g = to_grid(p, static_cast<std::uint32_t>(rng()) & ((1U << n) - 1));
    // Number each white region on a random cell of it (a '?' now and then).
    std::vector<int> region(n, -1);
    int regions = 0;
    for (int s = 0; s < n; ++s) {
      if (g[s / p.cols][s % p.cols] == '#' || region[s] >= 0) continue;
      std::vector<int> cells{s};
      region[s] = regions;
      for (std::size_t h = 0; h < cells.size(); ++h) {
        const int r = cells[h] / p.cols, c = cells[h] % p.cols;
        for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
          const int rr = r + dr, cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= p.rows || cc >= p.cols) continue;
          const int j = rr * p.cols + cc;
          if (g[rr][cc] == '.' && region[j] < 0) region[j] = regions, cells.push_back(j);
        }
      }
      p.number[cells[rng() % cells.size()]] = rng() % 10 == 0 ? kUnknown : static_cast<int>(cells.size());
      ++regions;
    }
    if (regions == 0) continue;
    if (!violation(p, g)) return p;  // the wall rules hold too
  }
}

std::string show(const Puzzle& p) { return to_text(p); }

// The puzzle with only the named numbers (as deduce --explain names them, "3 at (2,4)"); the
// others read '?'.
Puzzle with_only(const Puzzle& p, const std::vector<std::string>& names) {
  Puzzle q = p;
  for (int i = 0; i < p.rows * p.cols; ++i) {
    if (p.number[i] <= 0) continue;
    const std::string name =
        std::to_string(p.number[i]) + " at (" + std::to_string(i / p.cols) + "," + std::to_string(i % p.cols) + ")";
    if (std::find(names.begin(), names.end(), name) == names.end()) q.number[i] = kUnknown;
  }
  return q;
}

// Forced cells of puzzles, asked of the complete formula in fresh solvers: no cuts, no
// lemmas, nothing shared with the lazy solver's answers. Each solution found is checked by
// the rule checker and kept, and answers later questions it fits without a solve.
class CompleteOracle {
 public:
  explicit CompleteOracle(const Puzzle& p) : p_(p) {}

  // Whether every solution of p with only these numbers (the others '?') has each cell's colour.
  bool forces_all(const std::vector<std::string>& numbers, const std::vector<Forced>& cells) {
    return !some_differs(numbers, cells);
  }
  // Whether each cell has, with only these numbers, some solution of the other colour. One
  // solve asks for any of the cells still open, and its grid frees all it differs on.
  bool frees_each(const std::vector<std::string>& numbers, std::vector<Forced> cells) {
    const Puzzle q = with_only(p_, numbers);
    auto freed = [&](const Forced& f) {
      return std::any_of(found_.begin(), found_.end(), [&](const Grid& g) {
        return (g[f.cell.row][f.cell.col] == '#') != f.black && !violation(q, g);
      });
    };
    for (;;) {
      std::erase_if(cells, freed);
      if (cells.empty()) return true;
      if (!some_differs(numbers, cells)) return false;
    }
  }

 private:
  puzzlesat::sat::Lit black(Cell c) const { return puzzlesat::sat::Lit(puzzlesat::sat::Var(c.row * p_.cols + c.col + 1)); }
  puzzlesat::sat::Solver& solver(const std::vector<std::string>& numbers) {
    auto& s = solvers_[numbers];
    if (!s) s = puzzlesat::sat::make_solver("minisat"), s->add_cnf(complete_cnf(with_only(p_, numbers)));
    return *s;
  }
  // A solution with only these numbers in which some cell has the other colour (kept), if any.
  bool some_differs(const std::vector<std::string>& numbers, const std::vector<Forced>& cells) {
    puzzlesat::sat::Solver& s = solver(numbers);
    std::vector<puzzlesat::sat::Lit> differs;  // black(r,c) is variable 1 + r * cols + c
    for (const Forced& f : cells) differs.push_back(black(f.cell) ^ f.black);
    const puzzlesat::sat::Lit active(s.new_var());  // the clause binds for this question only
    differs.push_back(~active);
    s.add_clause(differs);
    const bool found = solved(numbers, s, {active});
    s.add_clause({~active});
    return found;
  }
  bool solved(const std::vector<std::string>& numbers, puzzlesat::sat::Solver& s,
              std::initializer_list<puzzlesat::sat::Lit> assume) {
    const auto status = s.solve(assume);
    REQUIRE(status != puzzlesat::sat::Status::unknown);
    if (status == puzzlesat::sat::Status::unsat) return false;
    Grid g(p_.rows, std::string(p_.cols, '.'));
    for (int i = 0; i < p_.rows * p_.cols; ++i)
      if (s.model_value(puzzlesat::sat::Var(i + 1))) g[i / p_.cols][i % p_.cols] = '#';
    REQUIRE_FALSE(violation(with_only(p_, numbers), g));
    found_.push_back(std::move(g));
    return true;
  }

  Puzzle p_;
  std::map<std::vector<std::string>, std::unique_ptr<puzzlesat::sat::Solver>> solvers_;
  std::vector<Grid> found_;
};

}  // namespace

TEST_CASE("nurikabe: every solution and every forced cell agree with brute force on grids up to 4x5", "[nurikabe]") {
  std::mt19937 rng(20);
  int with_solutions = 0, unique = 0, without = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Puzzle p = random_puzzle(rng, trial % 20 == 0 ? 20 : 14);
    INFO(show(p));
    const std::set<Grid> expected = brute_force(p);
    Solver s(p, trial % 2 ? "cadical" : "minisat");
    const std::optional<Grid> one = s.solve();
    REQUIRE(one.has_value() == !expected.empty());
    if (one) CHECK(expected.count(*one) == 1);
    const std::vector<Grid> all = s.solutions(puzzlesat::sat::kNoLimit);
    CHECK(s.complete());
    CHECK(std::set<Grid>(all.begin(), all.end()) == expected);
    CHECK(all.size() == expected.size());
    const std::vector<Grid> two = Solver(p, "minisat").solutions(2);
    CHECK(two.size() == std::min<std::size_t>(2, expected.size()));

    std::map<int, bool> forced;
    for (const Forced& f : s.deduce()) {
      CHECK(f.because.empty());
      forced[f.cell.row * p.cols + f.cell.col] = f.black;
    }
    CHECK(forced == brute_forced(p, expected));
    (expected.empty() ? without : expected.size() == 1 ? unique : with_solutions)++;
  }
  // The sample covers all three cases.
  CHECK(without > 20);
  CHECK(unique > 20);
  CHECK(with_solutions > 20);
}

TEST_CASE("nurikabe: each explanation forces its cell and none of its numbers can go (brute force)", "[nurikabe]") {
  std::mt19937 rng(7);
  int explained = 0, nonempty = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const Puzzle p = random_puzzle(rng, 12);
    INFO(show(p));
    Solver s(p, "minisat");
    for (const Forced& f : s.deduce(true)) {
      const int cell = f.cell.row * p.cols + f.cell.col;
      auto keep_only = [&](const std::vector<std::string>& names) { return with_only(p, names); };
      auto forces = [&](const Puzzle& q) {
        const auto all = brute_force(q);
        const auto bf = brute_forced(q, all);
        return all.empty() || (bf.count(cell) && bf.at(cell) == f.black);
      };
      CHECK(forces(keep_only(f.because)));
      for (std::size_t i = 0; i < f.because.size(); ++i) {
        std::vector<std::string> fewer = f.because;
        fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
        CHECK_FALSE(forces(keep_only(fewer)));
      }
      ++explained;
      nonempty += !f.because.empty();
    }
  }
  CHECK(explained > 50);
  CHECK(nonempty > 20);
}

// Larger grids are where the wall cuts name separators and refutations become lemmas; brute
// force cannot go there, the complete formula can. On generated 7x7 puzzles, each
// explanation must force its cell (only its numbers counted, the others '?') and stop forcing
// it without any one of them.
TEST_CASE("nurikabe: explanations on 7x7 puzzles hold in the complete formula", "[nurikabe]") {
  std::size_t largest = 0, cells = 0;
  for (unsigned long long seed = 1; seed <= 3; ++seed) {
    const Puzzle p = generate(7, 7, seed, "minisat").puzzle;
    INFO(show(p));
    const std::vector<Forced> forced = Solver(p, "minisat").deduce(true);
    CHECK(forced.size() + std::count_if(p.number.begin(), p.number.end(), [](int n) { return n != kNoNumber; }) == 49);
    std::map<std::vector<std::string>, std::vector<Forced>> by_set;  // one forcing check per set
    for (const Forced& f : forced) by_set[f.because].push_back(f);
    CompleteOracle oracle(p);
    for (const auto& [numbers, explained] : by_set) {
      INFO(numbers.size() << " numbers, first cell " << explained[0].cell.row << "," << explained[0].cell.col);
      CHECK(oracle.forces_all(numbers, explained));
      for (std::size_t i = 0; i < numbers.size(); ++i) {
        std::vector<std::string> fewer = numbers;
        fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
        CHECK(oracle.frees_each(fewer, explained));
      }
      largest = std::max(largest, numbers.size());
    }
    cells += forced.size();
  }
  CHECK(cells > 100);
  CHECK(largest >= 3);  // the sets are not all trivial
}

TEST_CASE("nurikabe: the complete formula's models are exactly the solutions (brute force)", "[nurikabe]") {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 80; ++trial) {
    const Puzzle p = random_puzzle(rng, 12);
    INFO(show(p));
    const std::set<Grid> expected = brute_force(p);
    const puzzlesat::sat::Cnf cnf = complete_cnf(p);
    // The black(r,c) variables are the first rows*cols, in row-major order.
    std::vector<puzzlesat::sat::Var> black;
    for (int i = 1; i <= p.rows * p.cols; ++i) {
      REQUIRE(cnf.name(puzzlesat::sat::Var(i)).rfind("black(", 0) == 0);
      black.push_back(puzzlesat::sat::Var(i));
    }
    auto s = puzzlesat::sat::make_solver(trial % 2 ? "cadical" : "minisat");
    s->add_cnf(cnf);
    const auto r = puzzlesat::sat::enumerate_models(*s, black, puzzlesat::sat::kNoLimit);
    REQUIRE(r.complete);
    std::set<Grid> found;
    for (const auto& model : r.models) {
      std::uint32_t b = 0;
      for (std::size_t i = 0; i < model.size(); ++i) b |= model[i].negated() ? 0U : 1U << i;
      found.insert(to_grid(p, b));
    }
    CHECK(found == expected);
  }
}

TEST_CASE("nurikabe: the puzz.link corpus solves to its recorded answers", "[nurikabe][data]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("puzzles/nurikabe");
  std::istringstream in(puzzlesat::testing::slurp(puzzlesat::testing::shared_data() /
                                                  "puzzles/nurikabe/nurikabe_puzzlink_checked.jsonl"));
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    const auto record = nlohmann::json::parse(line);
    const std::string url = record["url"];
    INFO(url);
    if (record["solution"].is_null()) {
      // The one the corpus calls unsolvable carries a "v:" flag, which we refuse; read as
      // standard Nurikabe, it has no solution.
      CHECK_THROWS_AS(parse_url(url), puzzlesat::InputError);
      std::string plain = url;
      plain.erase(plain.find("v:/"), 3);
      Solver s(parse_url(plain), "minisat");
      CHECK_FALSE(s.solve());
      ++checked;
      continue;
    }
    const Puzzle p = parse_url(url);
    CHECK(p.rows == record["rows"]);
    CHECK(p.cols == record["cols"]);
    for (const auto& clue : record["clues"]) {
      const int v = clue[2];
      CHECK(p.at({clue[0], clue[1]}) == (v < 0 ? kUnknown : v));
    }
    Solver s(p, "cadical");
    const std::vector<Grid> found = s.solutions(2);
    REQUIRE(found.size() == 1);
    CHECK(found[0] == record["solution"].get<Grid>());
    CHECK(to_url(p) == url);
    ++checked;
  }
  CHECK(checked == 7);
}

TEST_CASE("nurikabe: text and URL formats read, write and round-trip", "[nurikabe]") {
  const Puzzle p = parse_text("# a comment\n. 5 . . .\n. . 2 . .\n\n. . . . .\n. . 1 . .\n. . . 3 .\n", "t.txt");
  CHECK(p.rows == 5);
  CHECK(p.cols == 5);
  CHECK(p.at({0, 1}) == 5);
  CHECK(p.at({4, 3}) == 3);
  CHECK(to_url(p) == "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g");
  const Puzzle q = parse_url(to_url(p));
  CHECK(q.number == p.number);
  CHECK(parse_text(to_text(p), "x").number == p.number);
  const Puzzle big = parse_text("17 ? .\n. . 12\n. . .\n. . .\n. . .\n. . .\n", "b");
  CHECK(big.at({0, 0}) == 17);
  CHECK(big.at({0, 1}) == kUnknown);
  CHECK(parse_url(to_url(big)).number == big.number);
}

TEST_CASE("nurikabe: bad input names file, line and column", "[nurikabe]") {
  auto where = [](const std::string& text) {
    try {
      parse_text(text, "f.txt");
    } catch (const puzzlesat::InputError& e) {
      return e.where().file + ":" + std::to_string(e.where().line) + ":" + std::to_string(e.where().column);
    }
    return std::string("no error");
  };
  CHECK(where(". . .\n. x .\n") == "f.txt:2:3");
  CHECK(where(". . .\n. .\n") == "f.txt:2:1");
  CHECK(where(". 0 .\n") == "f.txt:1:3");
  CHECK(where(". 10 .\n") == "f.txt:1:3");  // 10 cells do not fit 1x3
  CHECK(where("") == "f.txt:1:1");
  CHECK(where("# only a comment\n") == "f.txt:2:1");
  CHECK(where(". -3\n") == "f.txt:1:3");
  CHECK(where(std::string(2 * 101, '.').replace(1, 1, " ") + "\n") != "no error");
  auto url_column = [](const std::string& url) {
    try {
      parse_url(url);
    } catch (const puzzlesat::InputError& e) {
      return e.where().column;
    }
    return -1;
  };
  CHECK(url_column("https://puzz.link/p?mines/5/5/g5k2o1k3g") == 1);
  CHECK(url_column("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g") == -1);
  CHECK(url_column("https://puzz.link/p?nurikabe/5/5/g5k2o1k3gzzz") == 43);
  CHECK(url_column("https://puzz.link/p?nurikabe/5/5/g5k!o1k3g") == 37);
  CHECK(url_column("https://puzz.link/p?nurikabe/v:/6/6/4j4p6h4p6j6") == 30);
  CHECK(url_column("https://puzz.link/p?nurikabe/2/2/-ff") > 0);  // 255 does not fit 4 cells
}

TEST_CASE("nurikabe: the rule checker names what a wrong grid breaks", "[nurikabe]") {
  const Puzzle p = parse_url("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g");
  const Grid good{"..###", ".#..#", ".####", ".#.#.", "###.."};
  CHECK_FALSE(violation(p, good));
  Grid g = good;
  g[3][0] = '#';  // makes the 5 a 4 and a 2x2 block? (3,0),(3,1),(4,0),(4,1)
  CHECK(violation(p, g));
  g = good;
  g[1][2] = '#';  // the 2 becomes a 1
  CHECK(violation(p, g));
  g = good;
  g[2][2] = '.';  // joins the 2 and the 1
  CHECK(violation(p, g));
  const Grid split{"..#.#", ".#..#", ".####", ".#.#.", "###.."};
  CHECK(violation(p, split));
  CHECK(violation(p, {"..###"}));
  // A shaded number: found by the fuzz harness nurikabe_input (the 2 shaded, the '?' an
  // island of one; the wall is connected and has no 2x2 block).
  const Puzzle small = parse_text("2 .\n. ?\n. .\n", "small.txt");
  CHECK(violation(small, {"##", "#.", "##"}) == "the number at (" + small.grid().name({0, 0}) + ") is shaded");
  CHECK(violation(small, {"..", "##", ".."}) == "the number at (" + small.grid().name({1, 1}) + ") is shaded");
}

TEST_CASE("nurikabe: generated puzzles have one solution, the one generated (brute force on 4x5)", "[nurikabe]") {
  for (unsigned long long seed = 1; seed <= 6; ++seed) {
    const Generated gen = generate(4, 5, seed, "minisat");
    INFO(to_text(gen.puzzle));
    CHECK_FALSE(violation(gen.puzzle, gen.solution));
    const std::set<Grid> all = brute_force(gen.puzzle);
    REQUIRE(all.size() == 1);
    CHECK(*all.begin() == gen.solution);
    CHECK(generate(4, 5, seed, "cadical").puzzle.number == gen.puzzle.number);  // the seed decides
  }
  const Generated big = generate(7, 7, 3, "minisat");
  Solver s(big.puzzle, "cadical");
  const auto found = s.solutions(2);
  REQUIRE(found.size() == 1);
  CHECK(found[0] == big.solution);
  CHECK_THROWS_AS(generate(1, 5, 1, "minisat"), puzzlesat::InputError);
}
