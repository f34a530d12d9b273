#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <random>
#include <iostream>
#include <set>

#include <puzzlesat/enumerate.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/solver.h>

#include "problems/nonogram/line_solver.h"
#include "problems/nonogram/nonogram.h"
#include "problems/nonogram/search.h"
#include "tests/data_paths.h"

using namespace puzzlesat;
using namespace puzzlesat::nonogram;

namespace {

// Every solution by brute force: each row one of the lines its clue allows, columns checked.
std::set<Picture> brute_force(const Puzzle& p) {
  std::vector<std::vector<std::string>> options(static_cast<std::size_t>(p.rows));
  for (int r = 0; r < p.rows; ++r)
    for (int bits = 0; bits < (1 << p.cols); ++bits) {
      std::string line;
      for (int c = 0; c < p.cols; ++c) line += (bits >> c) & 1 ? '#' : '.';
      if (runs(line) == p.row_clues[static_cast<std::size_t>(r)]) options[static_cast<std::size_t>(r)].push_back(line);
    }
  std::set<Picture> out;
  Picture picture(static_cast<std::size_t>(p.rows));
  auto rec = [&](auto&& self, std::size_t r) -> void {
    if (r == picture.size()) {
      if (satisfies(p, picture)) out.insert(picture);
      return;
    }
    for (const std::string& line : options[r]) {
      picture[r] = line;
      self(self, r + 1);
    }
  };
  rec(rec, 0);
  return out;
}

Picture random_picture(std::mt19937& rng, int rows, int cols, double density) {
  Picture p(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
  for (auto& row : p)
    for (char& c : row) c = std::bernoulli_distribution(density)(rng) ? '#' : '.';
  return p;
}

// Checks every way of solving `p` against brute force. Returns how many of its
// enumerations MiniSat handed over to CaDiCaL, so that a caller can ask that the
// handover's way really took that path, not only allowed it.
int check_against_brute_force(const Puzzle& p) {
  int handovers = 0;
  const std::set<Picture> expected = brute_force(p);
  // Each way of solving: CDCL alone, the probing search alone, and both taking turns:
  // with the default schedule (on puzzles this small the search's first turn settles
  // them), and with first turns of a few probes, so that the search gives up part way,
  // CDCL takes over (one conflict, or turns in time) with the search's solutions blocked,
  // and the search comes back with more. And CDCL handing over from MiniSat to CaDiCaL
  // after a conflict, with the solutions MiniSat found blocked in CaDiCaL, which gets the
  // lines as automata, as the runs' starts, or as both.
  struct Way {
    Method method;
    Turns turns;
    Handover handover;
  };
  for (const Way& way : {Way{Method::both, {}, {}}, Way{Method::both, {1, 1, 2, 1.0}, {}},
                         Way{Method::both, {2, 0, 2, 1.0}, {}}, Way{Method::both, {5, 0, 3, 0.0}, {}},
                         Way{Method::sat, {}, {}}, Way{Method::sat, {}, {"cadical", 1, enc::RunsEncoding::automaton}},
                         Way{Method::sat, {}, {"cadical", 1, enc::RunsEncoding::starts}},
                         Way{Method::sat, {}, {"cadical", 1, enc::RunsEncoding::both}}, Way{Method::search, {}, {}}}) {
    INFO("method " << static_cast<int>(way.method) << ", first probes " << way.turns.first_probes << ", handover "
                   << way.handover.conflicts << " encoding " << static_cast<int>(way.handover.encoding));
    const Solutions all = solve(p, "minisat", sat::kNoLimit, 0, way.method, way.turns, way.handover);
    handovers += all.handed_over;
    CHECK(all.complete);
    CHECK(all.pictures.size() == expected.size());
    CHECK(std::set<Picture>(all.pictures.begin(), all.pictures.end()) == expected);
    const Solutions two = solve(p, "minisat", 2, 0, way.method, way.turns, way.handover);
    CHECK(two.pictures.size() == std::min<std::size_t>(2, expected.size()));
    CHECK(std::set<Picture>(two.pictures.begin(), two.pictures.end()).size() == two.pictures.size());
    for (const Picture& picture : two.pictures) CHECK(expected.count(picture) == 1);
  }
  const auto forced = deduce(p, "minisat", false);
  REQUIRE(forced.has_value() == !expected.empty());
  if (expected.empty()) return handovers;
  std::set<std::pair<Cell, bool>> want, got;
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      const char v = expected.begin()->at(static_cast<std::size_t>(r))[static_cast<std::size_t>(c)];
      if (std::all_of(expected.begin(), expected.end(), [&](const Picture& s) {
            return s[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == v;
          }))
        want.insert({{r, c}, v == '#'});
    }
  for (const Deduced& d : *forced) got.insert({d.cell, d.filled});
  CHECK(got == want);
  return handovers;
}

std::string error_of(const std::string& text, Format format = Format::automatic, std::optional<int> id = {}) {
  try {
    parse(text, "n.txt", format, id);
  } catch (const InputError& e) {
    return format_input_error(e.message(), e.where());
  }
  return "no error";
}

}  // namespace

TEST_CASE("nonogram up to 5x5: solutions, uniqueness and forced cells match brute force", "[nonogram]") {
  std::mt19937 rng(3);
  int handovers = 0;
  for (int round = 0; round < 150; ++round) {
    const int rows = 1 + static_cast<int>(rng() % 5), cols = 1 + static_cast<int>(rng() % 5);
    const Picture picture = random_picture(rng, rows, cols, 0.3 + 0.1 * (round % 5));
    Puzzle p = clues_of(picture);
    INFO(to_plain(p));
    handovers += check_against_brute_force(p);
    // Clues of two different pictures: often no solution at all.
    const Puzzle q = clues_of(random_picture(rng, rows, cols, 0.5));
    p.col_clues = q.col_clues;
    handovers += check_against_brute_force(p);
  }
  std::cout << "handed over to CaDiCaL: " << handovers << " enumerations\n";
  CHECK(handovers >= 20);
}

TEST_CASE("nonogram up to 6x6: the probing search lists exactly the brute-force solutions", "[nonogram][search]") {
  // Larger than the test above (more search nodes, probes that settle cells), only the search.
  std::mt19937 rng(11);
  for (int round = 0; round < 60; ++round) {
    const int rows = 4 + static_cast<int>(rng() % 3), cols = 4 + static_cast<int>(rng() % 3);
    Puzzle p = clues_of(random_picture(rng, rows, cols, 0.35 + 0.05 * (round % 5)));
    if (round % 3 == 2) p.col_clues = clues_of(random_picture(rng, rows, cols, 0.5)).col_clues;
    INFO(to_plain(p));
    const std::set<Picture> expected = brute_force(p);
    const SearchResult all = search(p, sat::kNoLimit);
    CHECK(all.found.complete);
    CHECK_FALSE(all.gave_up);
    CHECK(std::set<Picture>(all.found.pictures.begin(), all.found.pictures.end()) == expected);
    CHECK(all.found.pictures.size() == expected.size());
    // Stopped after a few probes: what it found so far is still right, and not "complete".
    const SearchResult cut = search(p, sat::kNoLimit, {0, 3});
    if (cut.gave_up) CHECK_FALSE(cut.found.complete);
    for (const Picture& picture : cut.found.pictures) CHECK(expected.count(picture) == 1);
  }
}

TEST_CASE("nonogram search: lines longer than 64 cells (the DP path) list the same solutions as CDCL",
          "[nonogram][search]") {
  // The search settles lines of up to 64 cells bit-parallel and longer ones by the DP
  // (search.cpp); too big for brute force, so against CDCL's enumeration: the same
  // solutions and the same verdict on completeness. Few rows keep the count small.
  std::mt19937 rng(17);
  for (int round = 0; round < 12; ++round) {
    const int rows = 2 + round % 3, cols = 65 + round % 8;
    Puzzle p = clues_of(random_picture(rng, rows, cols, 0.6 + 0.05 * (round % 4)));
    if (round % 4 == 3) p.row_clues[0] = clues_of(random_picture(rng, 1, cols, 0.6)).row_clues[0];  // often unsolvable
    INFO(to_plain(p));
    const SearchResult by_search = search(p, 64);
    const Solutions by_sat = solve(p, "minisat", 64);
    CHECK(by_search.found.complete == by_sat.complete);
    CHECK(std::set<Picture>(by_search.found.pictures.begin(), by_search.found.pictures.end()) ==
          std::set<Picture>(by_sat.pictures.begin(), by_sat.pictures.end()));
  }
}

TEST_CASE("nonogram encoding: unit propagation is exactly line solving (the automata are arc-consistent)",
          "[nonogram][search]") {
  // From random known cells (often contradicting the clues), unit propagation through the
  // model's line automata and the exact line solver's fixpoint agree: the same conflict,
  // or the same cells set. A weaker encoding would set fewer.
  std::mt19937 rng(13);
  for (int round = 0; round < 200; ++round) {
    const int rows = 2 + static_cast<int>(rng() % 6), cols = 2 + static_cast<int>(rng() % 6);
    const Picture picture = random_picture(rng, rows, cols, 0.5);
    const Puzzle p = clues_of(picture);
    INFO(to_plain(p) << "round " << round);
    const Rules r = rules(p, "minisat");
    auto solver = sat::make_solver("minisat");
    solver->add_cnf(r.model.cnf());
    const auto fill = r.fill.all();
    std::vector<std::uint8_t> cells(fill.size(), kUnknown);
    std::vector<sat::Lit> assumptions;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (rng() % 4) continue;
      const bool filled = rng() % 8 ? picture[i / static_cast<std::size_t>(cols)][i % static_cast<std::size_t>(cols)] == '#' : rng() % 2;
      cells[i] = filled ? kFilled : kEmpty;
      assumptions.push_back(filled ? fill[i] : ~fill[i]);
    }
    const sat::Solver::Propagation up = solver->propagate(assumptions);
    const bool settled = settle_lines(p, cells);
    REQUIRE(settled == !up.conflict);
    if (!settled) continue;
    std::set<sat::Lit> known(up.implied.begin(), up.implied.end());
    known.insert(assumptions.begin(), assumptions.end());
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const std::uint8_t by_sat = known.count(fill[i]) || solver->fixed(fill[i]) > 0    ? kFilled
                                  : known.count(~fill[i]) || solver->fixed(fill[i]) < 0 ? kEmpty
                                                                                        : kUnknown;
      CHECK(by_sat == cells[i]);
    }
  }
}

TEST_CASE("nonogram deduce --explain: the lines named force the cell, and each is needed", "[nonogram][explain]") {
  std::vector<std::pair<Picture, Puzzle>> every_4x4;  // each 4x4 picture with its clues
  for (int bits = 0; bits < (1 << 16); ++bits) {
    Picture pic(4, std::string(4, '.'));
    for (int i = 0; i < 16; ++i)
      if ((bits >> i) & 1) pic[static_cast<std::size_t>(i / 4)][static_cast<std::size_t>(i % 4)] = '#';
    every_4x4.emplace_back(pic, clues_of(pic));
  }
  std::mt19937 rng(5);
  for (int round = 0; round < 6; ++round) {
    const Puzzle p = clues_of(random_picture(rng, 4, 4, 0.5));
    const auto forced = deduce(p, "minisat", true);
    REQUIRE(forced);
    for (const Deduced& d : *forced) {
      // With only the named lines' clues (the others free), the cell is still forced.
      auto forces = [&](const std::vector<std::string>& names) {
        for (const auto& [pic, shown] : every_4x4) {
          bool ok = true;
          for (const std::string& name : names) {
            const bool row = name.rfind("row ", 0) == 0;
            const std::size_t k = std::stoul(name.substr(row ? 4 : 7));
            ok &= row ? shown.row_clues[k] == p.row_clues[k] : shown.col_clues[k] == p.col_clues[k];
          }
          if (ok && (pic[static_cast<std::size_t>(d.cell.row)][static_cast<std::size_t>(d.cell.col)] == '#') != d.filled)
            return false;
        }
        return true;
      };
      CHECK(forces(d.because));
      for (std::size_t k = 0; k < d.because.size(); ++k) {
        auto fewer = d.because;
        fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(k));
        CHECK_FALSE(forces(fewer));
      }
    }
  }
}

TEST_CASE("nonogram formats: plain, .non, .nin and TAAI read the same puzzle", "[nonogram][format]") {
  // webpbn #1 (Dancer), 5 wide and 10 high, in each format.
  const Puzzle plain = parse("# Dancer\nrows\n2\n2 1\n1 1\n3\n1 1\n1 1\n2\n1 1\n1 2\n2\n\ncolumns\n2,1\n2 1 3\n7\n1 3\n2 1\n",
                             "d.txt");
  CHECK(plain.rows == 10);
  CHECK(plain.cols == 5);
  CHECK(plain.row_clues[1] == Clue{2, 1});
  CHECK(plain.col_clues[1] == Clue{2, 1, 3});
  const Puzzle non = parse("title \"Dancer\"\nwidth 5\nheight 10\n\nrows\n2\n2,1\n1,1\n3\n1,1\n1,1\n2\n1,1\n1,2\n2\n\n"
                           "columns\n2,1\n2,1,3\n7\n1,3\n2,1\n\ngoal \"0110\"\n",
                           "d.non");
  CHECK(non.row_clues == plain.row_clues);
  CHECK(non.col_clues == plain.col_clues);
  const Puzzle nin = parse("5 10\n2\n2 1\n1 1\n3\n1 1\n1 1\n2\n1 1\n1 2\n2\n2 1\n2 1 3\n7\n1 3\n2 1\n", "d.nin");
  CHECK(nin.row_clues == plain.row_clues);
  CHECK(nin.col_clues == plain.col_clues);
  CHECK(parse(to_plain(plain), "again.txt").row_clues == plain.row_clues);
  // TAAI: columns first, CRLF, a blank line for an empty clue; two puzzles picked by --id.
  const std::string taai = "$1\r\n1\r\n\r\n1\t1\r\n1\r\n1\t1\r\n\r\n$2\r\n2\r\n2\r\n2\r\n2\r\n";
  const Puzzle one = parse(taai, "t.txt", Format::automatic, 1);
  CHECK(one.col_clues == std::vector<Clue>{{1}, {}, {1, 1}});
  CHECK(one.row_clues == std::vector<Clue>{{1}, {1, 1}, {}});
  CHECK(parse(taai, "t.txt", Format::automatic, 2).rows == 2);
  CHECK(parse_taai(taai, "t.txt").size() == 2);
  CHECK(error_of(taai).find("pick one with --id") != std::string::npos);
  CHECK(error_of(taai, Format::automatic, 3).find("no puzzle $3") != std::string::npos);
  // An empty row clue written 0 or '-' (plain) or as a blank line (.non).
  CHECK(parse("rows\n0\n-\ncolumns\n0\n", "e.txt").row_clues == std::vector<Clue>{{}, {}});
}

TEST_CASE("nonogram format errors name the file, line and column", "[nonogram][format]") {
  CHECK(error_of("rows\n1 x\ncolumns\n1\n").rfind("n.txt:2:3: expected a run length, not 'x'", 0) == 0);
  CHECK(error_of("rows\n1 2b\ncolumns\n1\n").find("colour clues") != std::string::npos);
  CHECK(error_of("1\nrows\n").rfind("n.txt:1:1: expected 'rows' or 'columns'", 0) == 0);
  CHECK(error_of("rows\n3\ncolumns\n1\n1\n").rfind("n.txt:2:1: the clue needs 3 cells; a row has 2", 0) == 0);
  CHECK(error_of("rows\n1\n").find("no column clues") != std::string::npos);
  CHECK(error_of("width 2\nheight 3\nrows\n1\n1\n").rfind("n.txt:5:1: the file ends after 2 of 3 rows", 0) == 0);
  CHECK(error_of("width 2\nheight 1\nrows\n1\n").find("needs 'rows' and 'columns'") != std::string::npos);
  CHECK(error_of("rows\n1\nwidth 2\n").rfind("n.txt:1:1: 'rows' before 'width' and 'height'", 0) == 0);
  CHECK(error_of("2 2\n1\n1\n1\n").find("found 3 lines") != std::string::npos);
  CHECK(error_of("2 2\n1\n1\n1\n1\n1\n").rfind("n.txt:6:1: more lines", 0) == 0);
  CHECK(error_of("0 2\n").find("the width must be 1 to") != std::string::npos);
  CHECK(error_of("rows\n1 0\ncolumns\n1\n").find("a run of 0") != std::string::npos);
  CHECK(error_of("rows\n99999\ncolumns\n1\n").find("longer than any line") != std::string::npos);
  CHECK(error_of("$1\n1\n1\n1\n").find("3 clue lines") != std::string::npos);
  CHECK(error_of("\n\n").find("no puzzle") != std::string::npos);
}

TEST_CASE("nonogram URL: pzprjs's 6x6 test puzzle decodes to its clues, solves to its answer, round-trips",
          "[nonogram][url]") {
  const std::string url = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";
  const Puzzle p = parse_url(url);
  // pzprjs's board for this URL: column clues above, row clues to the left, flush with the grid.
  CHECK(p.col_clues == std::vector<Clue>{{2, 1}, {1, 1, 1}, {1}, {1, 1, 1}, {2, 1}, {}});
  CHECK(p.row_clues == std::vector<Clue>{{2, 1}, {1, 1}, {1, 2}, {}, {1, 1}, {3}});
  CHECK(to_url(p) == url);
  const Solutions s = solve(p, "minisat", 2);
  REQUIRE(s.pictures.size() == 1);
  CHECK(s.pictures[0] == Picture{"##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."});
  const Puzzle g = generate(7, 9, 2, "minisat");
  const Puzzle back = parse_url(to_url(g));
  CHECK(back.row_clues == g.row_clues);
  CHECK(back.col_clues == g.col_clues);
  auto message = [](const std::string& u) {
    try {
      parse_url(u);
    } catch (const InputError& e) {
      return format_input_error(e.message(), e.where());
    }
    return std::string("no error");
  };
  CHECK(message("https://puzz.link/p?nonogram/2/2/3").find("needs 3 cells") != std::string::npos);
  CHECK(message("https://puzz.link/p?nonogram/2/2/.").find("'?'") != std::string::npos);
  CHECK(message("https://puzz.link/p?sudoku/2/2/1").find("no nonogram") != std::string::npos);
}

TEST_CASE("nonogram generate: unique, and the same for the same seed", "[nonogram][generate]") {
  for (auto [rows, cols] : {std::pair{5, 5}, std::pair{8, 12}, std::pair{15, 15}}) {
    const Puzzle p = generate(rows, cols, 9, "minisat");
    CHECK(p.rows == rows);
    CHECK(p.cols == cols);
    CHECK(solve(p, "minisat", 2).pictures.size() == 1);
    CHECK(to_plain(generate(rows, cols, 9, "minisat")) == to_plain(p));
  }
}

TEST_CASE("nonogram corpora: mikix .non goals and webpbn survey answers are the unique solutions", "[nonogram][corpus]") {
  PUZZLESAT_REQUIRE_SHARED_DATA("puzzles/nonogram/mikix-non/db");
  int checked = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(testing::shared_data() / "puzzles/nonogram/mikix-non/db")) {
    if (entry.path().extension() != ".non") continue;
    const std::string text = testing::slurp(entry.path());
    const Puzzle p = parse(text, entry.path().string());
    const std::size_t at = text.find("goal \"");
    REQUIRE(at != std::string::npos);
    Picture goal;
    for (int r = 0; r < p.rows; ++r) {
      std::string row;
      for (int c = 0; c < p.cols; ++c) row += text[at + 6 + static_cast<std::size_t>(r * p.cols + c)] == '0' ? '.' : '#';
      goal.push_back(row);
    }
    INFO(entry.path());
    const Solutions s = solve(p, "minisat", 2);
    REQUIRE(s.pictures.size() == 1);
    CHECK(s.pictures[0] == goal);
    ++checked;
  }
  CHECK(checked == 39);
}
