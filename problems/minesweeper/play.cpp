#include "play.h"

#include <nlohmann/json.hpp>
#include <puzzlesat/input_error.h>

#include <stdexcept>

#include "deduce.h"

namespace minesweeper {

using puzzlesat::Cell;
using puzzlesat::InputError;

namespace {

World read_world(std::string_view line, const std::string& file, int line_no) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(line);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError("not JSON (byte " + std::to_string(e.byte) + ")", {file, line_no, static_cast<int>(e.byte)});
  } catch (const nlohmann::json::exception&) {  // e.g. a number too large for a double
    throw InputError("not JSON that can be read (a number out of range?)", {file, line_no});
  }
  auto field = [&](const char* name) -> const nlohmann::json& {
    if (!j.is_object() || !j.contains(name)) throw InputError(std::string("no field '") + name + "'", {file, line_no});
    return j.at(name);
  };
  auto number = [&](const char* name, int lo, int hi) {
    const auto& v = field(name);
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
      throw InputError(std::string("'") + name + "' must be a whole number from " + std::to_string(lo) + " to " +
                           std::to_string(hi),
                       {file, line_no});
    return v.get<int>();
  };
  World w;
  w.id = field("id").is_string() ? field("id").get<std::string>() : field("id").dump();
  const int rows = number("rows", 1, kMaxSide), cols = number("cols", 1, kMaxSide);
  if (rows * cols > kMaxCellsWithCount)
    throw InputError("worlds of up to " + std::to_string(kMaxCellsWithCount) + " cells are supported", {file, line_no});
  const auto& grid = field("grid");
  if (!grid.is_array() || static_cast<int>(grid.size()) != rows)
    throw InputError("'grid' must hold " + std::to_string(rows) + " rows", {file, line_no});
  for (const auto& row : grid) {
    if (!row.is_string() || static_cast<int>(row.get<std::string>().size()) != cols)
      throw InputError("each row of 'grid' must be a string of " + std::to_string(cols) + " cells", {file, line_no});
    std::string r = row.get<std::string>();
    for (char& c : r) {
      if (c != '*' && c != '.') throw InputError("'grid' holds " + puzzlesat::quote_token(std::string(1, c)) +
                                                 " (use * mine, . safe)", {file, line_no});
      c = c == '*' ? '#' : '.';
    }
    w.mines.push_back(std::move(r));
  }
  w.mine_count = number("mines", 0, rows * cols);
  int counted = 0;
  for (const auto& r : w.mines) counted += static_cast<int>(std::count(r.begin(), r.end(), '#'));
  if (counted != w.mine_count)
    throw InputError("'mines' is " + std::to_string(w.mine_count) + " but 'grid' has " + std::to_string(counted),
                     {file, line_no});
  w.start = {number("start_row", 0, rows - 1), number("start_col", 0, cols - 1)};
  if (w.mines[w.start.row][w.start.col] == '#') throw InputError("the start cell is a mine", {file, line_no});
  return w;
}

}  // namespace

std::vector<World> read_worlds(std::string_view jsonl, const std::string& file) {
  std::vector<World> out;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos < jsonl.size()) {
    std::size_t end = jsonl.find('\n', pos);
    if (end == std::string_view::npos) end = jsonl.size();
    const std::string_view line = jsonl.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    out.push_back(read_world(line, file, line_no));
  }
  if (out.empty()) throw InputError("no world (one JSON object per line)", {file, line_no + 1, 1});
  return out;
}

std::string_view to_string(PlayResult::Outcome o) {
  switch (o) {
    case PlayResult::Outcome::won: return "won";
    case PlayResult::Outcome::lost: return "lost";
    case PlayResult::Outcome::stuck: return "stuck";
  }
  return "?";
}

PlayResult play(const World& world, const PlayOptions& options) {
  const std::vector<std::string> truth = numbers_of(world.mines);
  PlayResult r;
  Board& b = r.final;
  b.rows.assign(world.mines.size(), std::string(world.mines[0].size(), kCovered));
  b.mines = world.mine_count;
  const puzzlesat::RectGrid grid = b.grid();
  int covered_safe = static_cast<int>(grid.size()) - world.mine_count;
  auto open = [&](Cell c) {
    b.at(c) = truth[c.row][c.col];
    --covered_safe;
  };
  open(world.start);
  while (covered_safe > 0) {
    ++r.rounds;
    // The numbers alone first (a small formula, and most rounds need no more: what they
    // force, the count cannot undo); the mine count only when they force nothing.
    Board numbers_only = b;
    numbers_only.mines.reset();
    auto forced = forced_cells(numbers_only, options.solver, false, true);
    if (forced && forced->empty()) forced = forced_cells(b, options.solver);
    if (!forced) throw std::logic_error("world " + world.id + ": the position has no solution");
    for (const puzzlesat::ForcedCell& f : *forced) {
      const Cell c{f.row, f.col};
      if (f.value != world.mines[c.row][c.col])
        throw std::logic_error("world " + world.id + ": deduction contradicts the mines");
      if (f.value == '#')
        b.at(c) = kFlag;
      else
        open(c);
    }
    if (!forced->empty()) continue;
    if (!options.guess) return r;  // stuck
    const std::optional<std::vector<double>> risk = mine_probabilities(b);
    if (!risk) throw std::logic_error("world " + world.id + ": no layout fits the position");
    std::optional<Cell> best;
    for (Cell c : grid.cells())
      if (b.at(c) == kCovered && (!best || (*risk)[grid.index(c)] < (*risk)[grid.index(*best)])) best = c;
    ++r.guesses;
    if (world.mines[best->row][best->col] == '#') {
      r.outcome = PlayResult::Outcome::lost;
      r.last_risk = (*risk)[grid.index(*best)];
      b.at(*best) = kFlag;
      return r;
    }
    open(*best);
  }
  r.outcome = PlayResult::Outcome::won;
  return r;
}

}  // namespace minesweeper
