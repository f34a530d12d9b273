// Minesweeper against brute force: on small random positions, every solution, every forced
// cell and every mine probability equal what trying all layouts of the covered cells gives.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fstream>
#include <map>
#include <iostream>
#include <random>
#include <set>

#include <puzzlesat/input_error.h>

#include "deduce.h"
#include "format.h"
#include "generate.h"
#include "minesweeper.h"
#include "play.h"

using namespace minesweeper;
using puzzlesat::Cell;

namespace {

// Every layout that agrees with the board, by trying all assignments of the covered cells.
// Each shown number is a mask over the covered cells round it plus the flags round it, so
// the 2^20 assignments of a 4x5 board take milliseconds, under the sanitizers too (built as
// whole layouts and checked by `agrees`, the play test took 146 s there).
std::vector<Layout> brute_force(const Board& b) {
  std::vector<Cell> covered;
  for (Cell c : b.grid().cells())
    if (b.at(c) == kCovered) covered.push_back(c);
  struct Number {
    std::uint32_t around = 0;  // bit i: covered[i] is a neighbour
    int flags = 0, value = 0;
  };
  std::vector<Number> numbers;
  int flags = 0;
  for (Cell c : b.grid().cells()) {
    flags += b.at(c) == kFlag;
    if (!is_number(b.at(c))) continue;
    Number n{0, 0, b.at(c) - '0'};
    for (Cell d : b.grid().neighbors8(c)) {
      n.flags += b.at(d) == kFlag;
      const auto at = std::find(covered.begin(), covered.end(), d);
      if (at != covered.end()) n.around |= 1u << (at - covered.begin());
    }
    numbers.push_back(n);
  }
  std::vector<Layout> out;
  for (std::uint32_t bits = 0; bits < (1u << covered.size()); ++bits) {
    if (b.mines && std::popcount(bits) + flags != *b.mines) continue;
    if (!std::all_of(numbers.begin(), numbers.end(),
                     [bits](const Number& n) { return std::popcount(bits & n.around) + n.flags == n.value; }))
      continue;
    Layout l(b.height(), std::string(b.width(), '.'));
    for (Cell c : b.grid().cells())
      if (b.at(c) == kFlag) l[c.row][c.col] = '#';
    for (std::size_t i = 0; i < covered.size(); ++i)
      if (bits >> i & 1) l[covered[i].row][covered[i].col] = '#';
    out.push_back(l);
  }
  return out;
}

// A random position: a random layout, some safe cells showing their numbers (or '?'), some
// mines flagged, sometimes the mine count; sometimes one number changed (often no solution).
Board random_board(std::mt19937& rng) {
  const int rows = 1 + rng() % 4, cols = 1 + rng() % 4;
  Layout layout(rows, std::string(cols, '.'));
  for (auto& row : layout)
    for (char& c : row) c = rng() % 3 == 0 ? '#' : '.';
  const auto numbers = numbers_of(layout);
  Board b;
  b.rows.assign(rows, std::string(cols, kCovered));
  int mines = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      mines += layout[r][c] == '#';
      const unsigned roll = rng() % 10;
      if (layout[r][c] == '#' && roll == 0) b.rows[r][c] = kFlag;
      if (layout[r][c] == '.' && roll < 5) b.rows[r][c] = roll == 0 ? kSafe : numbers[r][c];
    }
  if (rng() % 2) b.mines = mines;
  if (rng() % 8 == 0) {
    char& c = b.rows[rng() % rows][rng() % cols];
    if (is_number(c)) c = static_cast<char>('0' + rng() % 4);
  }
  return b;
}

}  // namespace

// The brute force above reads the numbers as masks; `agrees` reads a whole layout. On every
// layout of small random boards the two must say the same.
TEST_CASE("minesweeper: agrees accepts exactly the layouts the brute force lists", "[minesweeper]") {
  std::mt19937 rng(21);
  int accepted = 0;
  for (int round = 0; round < 200; ++round) {
    const Board b = random_board(rng);
    INFO(write_board(b));
    const std::vector<Layout> listed = brute_force(b);
    const std::set<Layout> listed_set(listed.begin(), listed.end());
    const int cells = b.height() * b.width();
    int disagreements = 0;
    for (std::uint32_t bits = 0; bits < (1u << cells); ++bits) {
      Layout l(b.height(), std::string(b.width(), '.'));
      for (int i = 0; i < cells; ++i)
        if (bits >> i & 1) l[i / b.width()][i % b.width()] = '#';
      disagreements += agrees(b, l) != (listed_set.count(l) > 0);
    }
    CHECK(disagreements == 0);
    accepted += static_cast<int>(listed.size());
  }
  CHECK(accepted > 100);
}

TEST_CASE("minesweeper: solutions and forced cells equal brute force on random small boards", "[minesweeper]") {
  std::mt19937 rng(20);
  int with_solutions = 0, forced_seen = 0;
  for (int round = 0; round < 300; ++round) {
    const Board b = random_board(rng);
    INFO(write_board(b));
    const std::vector<Layout> expected = brute_force(b);
    const Solutions found = solve(b, "minisat", 1 << 17);
    REQUIRE(found.complete);
    CHECK(std::set<Layout>(found.layouts.begin(), found.layouts.end()) ==
          std::set<Layout>(expected.begin(), expected.end()));
    CHECK(found.layouts.size() == expected.size());
    const auto forced = forced_cells(b, "minisat");
    REQUIRE(forced.has_value() == !expected.empty());
    if (expected.empty()) continue;
    ++with_solutions;
    std::set<Cell> forced_set;
    for (const puzzlesat::ForcedCell& f : *forced) {
      forced_set.insert({f.row, f.col});
      for (const Layout& l : expected) CHECK(l[f.row][f.col] == f.value);
    }
    forced_seen += static_cast<int>(forced->size());
    // A covered cell not reported differs between two solutions.
    for (Cell c : b.grid().cells()) {
      if (b.at(c) != kCovered || forced_set.count(c)) continue;
      const bool some_mine = std::any_of(expected.begin(), expected.end(), [&](const Layout& l) { return l[c.row][c.col] == '#'; });
      const bool some_safe = std::any_of(expected.begin(), expected.end(), [&](const Layout& l) { return l[c.row][c.col] == '.'; });
      CHECK((some_mine && some_safe));
    }
  }
  CHECK(with_solutions > 100);
  CHECK(forced_seen > 100);
}

TEST_CASE("minesweeper: mine probabilities equal the share of solutions with a mine", "[minesweeper]") {
  std::mt19937 rng(171);
  int checked = 0;
  for (int round = 0; round < 300; ++round) {
    Board b = random_board(rng);
    if (!b.mines) continue;
    INFO(write_board(b));
    const std::vector<Layout> all = brute_force(b);
    const auto p = mine_probabilities(b);
    REQUIRE(p.has_value() == !all.empty());
    if (all.empty()) continue;
    ++checked;
    for (Cell c : b.grid().cells()) {
      double mines = 0;
      for (const Layout& l : all) mines += l[c.row][c.col] == '#';
      INFO("cell " << c.row << "," << c.col);
      CHECK((*p)[b.grid().index(c)] == Approx(mines / all.size()).margin(1e-9));
    }
  }
  CHECK(checked > 50);
}

TEST_CASE("minesweeper: the text format reads what it writes and names bad input", "[minesweeper]") {
  const Board b = read_board("# a comment\nmines 3\n1?.*\n\n.2..\n", "t.board");
  CHECK(b.mines == 3);
  CHECK(b.rows == std::vector<std::string>{"1?.*", ".2.."});
  CHECK(write_board(b) == "mines 3\n1?.*\n.2..\n");
  auto error = [](std::string_view text) {
    try {
      read_board(text, "f");
    } catch (const puzzlesat::InputError& e) {
      return puzzlesat::format_input_error(e.message(), e.where());
    }
    return std::string("no error");
  };
  CHECK(error("1.x\n") == "f:1:3: unexpected 'x' (use . * ? 0-8)");
  CHECK(error("..\n...\n") == "f:2:3: a row of 3 cells after rows of 2");
  CHECK(error("") == "f:1:1: no board (expected rows of . * ? 0-8)");
  CHECK(error("mines 5\n..\n") == "f:1:7: mines 5 on a board of 2 cells");
  CHECK(error("mines x\n..\n") == "f:1:7: expected a mine count, not 'x'");
  CHECK(error("..\nmines 1\n") == "f:2:1: the mine count must come before the board");
  CHECK(error(std::string(101, '.')) == "f:1:101: a row longer than 100 cells");
  CHECK(error("mines 99999999999999999999\n.\n").find("f:1:7: more mines than cells fit") == 0);
}

TEST_CASE("minesweeper: generated puzzles are unique, minimal and reproducible", "[minesweeper]") {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    GenerateOptions o;
    o.rows = 3 + seed % 2;
    o.cols = 4;
    o.mines = 3 + static_cast<int>(seed % 3);
    o.seed = seed;
    const Generated g = generate(o);
    INFO(write_board(g.puzzle));
    const std::vector<Layout> all = brute_force(g.puzzle);
    REQUIRE(all.size() == 1);
    CHECK(all[0] == g.solution);
    int mines = 0;
    for (const auto& row : g.solution) mines += static_cast<int>(std::count(row.begin(), row.end(), '#'));
    CHECK(mines == o.mines);
    // Minimal: without any one of its numbers, a second solution appears.
    for (Cell c : g.puzzle.grid().cells()) {
      if (!is_number(g.puzzle.at(c))) continue;
      Board less = g.puzzle;
      less.at(c) = kCovered;
      CHECK(brute_force(less).size() > 1);
    }
    CHECK(write_board(generate(o).puzzle) == write_board(g.puzzle));
  }
  GenerateOptions big;
  big.rows = 12;
  big.cols = 15;
  big.mines = 30;
  const Generated g = generate(big);
  const Solutions s = solve(g.puzzle, "cadical", 2);
  REQUIRE(s.layouts.size() == 1);
  CHECK(s.layouts[0] == g.solution);
}

TEST_CASE("minesweeper: puzz.link URLs read and write the pzprjs board", "[minesweeper]") {
  const Board b = read_url("https://puzz.link/p?mines/5/5/g2m13l13g0j");
  CHECK(b.rows == std::vector<std::string>{".2...", "....1", "3....", "..13.", "0...."});
  CHECK(!b.mines);
  CHECK(write_url(b) == "https://puzz.link/p?mines/5/5/g2m13l13g0j");
  CHECK(read_url("p?mines/2/1/.g").rows == std::vector<std::string>{"?."});
  auto error = [](std::string_view url) {
    try {
      read_url(url);
    } catch (const puzzlesat::InputError& e) {
      return puzzlesat::format_input_error(e.message(), e.where());
    }
    return std::string("no error");
  };
  CHECK(error("https://puzz.link/p?sudoku/4/4/g") == "URL:1:21: a puzz.link URL of genre 'sudoku', expected 'mines'");
  CHECK(error("https://puzz.link/p?mines/2/1/9") == "URL:1:31: a number 9 in row 1 (a cell has 8 neighbours)");
  CHECK(error("https://puzz.link/p?mines/2/1/11x").find("URL:1:33: ") == 0);
  CHECK(error("https://puzz.link/p?mines/2/1/1!").find("URL:1:32: ") == 0);
  Board flagged = b;
  flagged.rows[0][0] = kFlag;
  CHECK_THROWS_AS(write_url(flagged), std::invalid_argument);
}

TEST_CASE("minesweeper: the corpus puzzles have the published solutions", "[minesweeper]") {
  const std::string path = std::string(PUZZLESAT_SHARED_DATA) + "/puzzles/minesweeper/puzzlink-mines.jsonl";
  std::ifstream in(path);
  if (!in) {
    std::cout << "SKIPPED: " << path << " is absent\n";
    return;
  }
  int checked = 0;
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    const Board b = read_url(j.at("url").get<std::string>());
    INFO(j.at("url").get<std::string>());
    Layout expected;
    for (const auto& row : j.at("solution")) {
      std::string r = row.get<std::string>();
      for (char& c : r) c = c == '*' ? '#' : '.';
      expected.push_back(r);
    }
    const Solutions s = solve(b, "minisat", 2);
    REQUIRE(s.layouts.size() == 1);
    CHECK(s.layouts[0] == expected);
    CHECK(write_url(b) == j.at("url").get<std::string>());
    ++checked;
  }
  CHECK(checked == 3);
}

TEST_CASE("minesweeper: each explanation forces its cell, no clue of it can go, no smaller set does", "[minesweeper]") {
  std::mt19937 rng(2026);
  int explained = 0;
  std::map<std::size_t, int> sizes;  // explanations by size (3 = three or more)
  // The position with only the named clues (numbers become '?', flags covered, the count gone).
  auto keep_only = [](const Board& b, const std::set<std::string>& clues) {
    Board out = b;
    for (Cell c : b.grid().cells()) {
      const std::string at = " at (" + b.grid().name(c) + ")";
      if (is_number(b.at(c)) && !clues.count(std::string(1, b.at(c)) + at)) out.at(c) = kSafe;
      if (b.at(c) == kFlag && !clues.count("mine" + at)) out.at(c) = kCovered;
    }
    if (b.mines && !clues.count(std::to_string(*b.mines) + " mines")) out.mines.reset();
    return out;
  };
  auto forces = [](const Board& b, const puzzlesat::ForcedCell& f) {
    const auto all = brute_force(b);
    return std::all_of(all.begin(), all.end(), [&](const Layout& l) { return l[f.row][f.col] == f.value; });
  };
  for (int round = 0; round < 150; ++round) {
    const Board b = random_board(rng);
    const auto forced = forced_cells(b, "minisat", true);
    if (!forced) continue;
    INFO(write_board(b));
    for (const auto& f : *forced) {
      const std::set<std::string> because(f.because.begin(), f.because.end());
      INFO("cell " << f.row << "," << f.col);
      CHECK(forces(keep_only(b, because), f));
      for (const std::string& clue : because) {
        std::set<std::string> fewer = because;
        fewer.erase(clue);
        CHECK(!forces(keep_only(b, fewer), f));
      }
      // No set of fewer clues forces it (every smaller set of the position's clues tried).
      std::vector<std::string> names;
      for (Cell c : b.grid().cells()) {
        const std::string at = " at (" + b.grid().name(c) + ")";
        if (is_number(b.at(c))) names.push_back(std::string(1, b.at(c)) + at);
        if (b.at(c) == kFlag) names.push_back("mine" + at);
      }
      if (b.mines) names.push_back(std::to_string(*b.mines) + " mines");
      REQUIRE(names.size() <= 17);
      for (std::uint32_t subset = 0; subset < (1U << names.size()); ++subset) {
        if (std::popcount(subset) >= static_cast<int>(because.size())) continue;
        std::set<std::string> fewer;
        for (std::size_t i = 0; i < names.size(); ++i)
          if (subset >> i & 1U) fewer.insert(names[i]);
        CHECK(!forces(keep_only(b, fewer), f));
      }
      sizes[std::min<std::size_t>(because.size(), 3)]++;
      ++explained;
    }
  }
  CHECK(explained > 50);
  CHECK(sizes[2] > 5);
  CHECK(sizes[3] > 0);
}

TEST_CASE("minesweeper: play stops only where brute force finds nothing forced", "[minesweeper]") {
  std::mt19937 rng(7);
  int stuck = 0, won = 0, lost = 0;
  for (int round = 0; round < 120; ++round) {
    World w;
    w.id = "w" + std::to_string(round);
    w.mines.assign(3 + rng() % 2, std::string(4 + rng() % 2, '.'));
    const int cells = static_cast<int>(w.mines.size() * w.mines[0].size());
    while (w.mine_count < 2 + round % 4) {
      char& c = w.mines[rng() % w.mines.size()][rng() % w.mines[0].size()];
      if (c == '.') {
        c = '#';
        ++w.mine_count;
      }
    }
    do w.start = {static_cast<int>(rng() % w.mines.size()), static_cast<int>(rng() % w.mines[0].size())};
    while (w.mines[w.start.row][w.start.col] == '#');
    INFO(w.id);
    const PlayResult plain = play(w, {false, "minisat"});
    REQUIRE(plain.outcome != PlayResult::Outcome::lost);
    CHECK(plain.guesses == 0);
    if (plain.outcome == PlayResult::Outcome::stuck) {
      ++stuck;
      const std::vector<Layout> all = brute_force(plain.final);
      REQUIRE(!all.empty());
      for (Cell c : plain.final.grid().cells()) {
        if (plain.final.at(c) != kCovered) continue;
        const auto mines = std::count_if(all.begin(), all.end(), [&](const Layout& l) { return l[c.row][c.col] == '#'; });
        CHECK(mines > 0);
        CHECK(mines < static_cast<long>(all.size()));
      }
    } else {
      ++won;
      int open = 0;
      for (const auto& row : plain.final.rows) open += static_cast<int>(std::count_if(row.begin(), row.end(), is_number));
      CHECK(open == cells - w.mine_count);
    }
    const PlayResult guessed = play(w, {true, "minisat"});
    CHECK(guessed.outcome != PlayResult::Outcome::stuck);
    lost += guessed.outcome == PlayResult::Outcome::lost;
    if (plain.outcome == PlayResult::Outcome::won) CHECK(guessed.guesses == 0);
  }
  CHECK(stuck > 10);
  CHECK(won > 10);
  CHECK(lost > 0);
}
