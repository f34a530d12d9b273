#include "deduce.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace minesweeper {

using puzzlesat::Cell;

std::optional<std::vector<puzzlesat::ForcedCell>> forced_cells(const Board& board, const std::string& solver,
                                                               bool explain, bool frontier_only) {
  const Rules r = rules(board, solver);
  const puzzlesat::RectGrid grid = board.grid();
  std::vector<Cell> asked;
  for (Cell c : grid.cells()) {
    if (board.at(c) != kCovered) continue;
    const auto around = grid.neighbors8(c);
    if (!frontier_only || std::any_of(around.begin(), around.end(), [&](Cell d) { return is_number(board.at(d)); }))
      asked.push_back(c);
  }
  const puzzlesat::Forced f = r.model.forced(r.mine[asked]);
  if (!f.satisfiable) return std::nullopt;
  std::vector<puzzlesat::ForcedCell> out;
  std::vector<puzzlesat::sat::Lit> facts;
  for (std::size_t i = 0; i < asked.size(); ++i) {
    if (!f.value[i]) continue;
    const Cell c = asked[i];
    out.push_back({c.row, c.col, *f.value[i] ? '#' : '.', {}});
    facts.push_back(*f.value[i] ? r.mine[c] : ~r.mine[c]);
  }
  if (explain) {
    const auto why = r.model.explanations(facts);
    for (std::size_t k = 0; k < out.size(); ++k) {
      if (!why[k]) throw std::logic_error("a forced cell has no explanation");
      out[k].because = why[k]->clues;
      out[k].smallest = why[k]->smallest;
    }
  }
  return out;
}

namespace {

// One independent part of the frontier: covered cells linked by the numbers they share.
struct Part {
  std::vector<int> cells;                        // indices into the board's cells, in search order
  std::vector<std::vector<int>> clues_of;        // per local cell: the local clues it is in
  std::vector<int> need, open;                   // per local clue: mines still needed, cells unassigned
  std::vector<long double> count;                // count[m]: solutions of the part with m mines
  std::vector<std::vector<long double>> mines;   // mines[m][i]: of those, how many put one on cell i
};

// Counts the part's solutions by depth-first search with the clues' bounds as pruning.
class PartCounter {
 public:
  PartCounter(Part& p, long long max_nodes) : p_(p), max_nodes_(max_nodes), value_(p.cells.size(), 0) {}
  void run() {
    p_.count.assign(p_.cells.size() + 1, 0);
    p_.mines.assign(p_.cells.size() + 1, std::vector<long double>(p_.cells.size(), 0));
    search(0, 0);
  }

 private:
  bool assign(std::size_t i, int v) {
    bool ok = true;
    for (int k : p_.clues_of[i]) {
      p_.need[k] -= v;
      --p_.open[k];
      ok = ok && p_.need[k] >= 0 && p_.need[k] <= p_.open[k];
    }
    return ok;
  }
  void undo(std::size_t i, int v) {
    for (int k : p_.clues_of[i]) {
      p_.need[k] += v;
      ++p_.open[k];
    }
  }
  void search(std::size_t i, int mines) {
    if (++nodes_ > max_nodes_) throw std::runtime_error("a part of the frontier is too large to count");
    if (i == p_.cells.size()) {
      p_.count[mines] += 1;
      for (std::size_t j = 0; j < value_.size(); ++j)
        if (value_[j]) p_.mines[mines][j] += 1;
      return;
    }
    for (int v : {0, 1}) {
      value_[i] = v;
      if (assign(i, v)) search(i + 1, mines + v);
      undo(i, v);
    }
    value_[i] = 0;
  }

  Part& p_;
  long long max_nodes_, nodes_ = 0;
  std::vector<int> value_;
};

std::vector<long double> convolve(const std::vector<long double>& a, const std::vector<long double>& b) {
  std::vector<long double> out(a.size() + b.size() - 1, 0);
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b.size(); ++j) out[i + j] += a[i] * b[j];
  return out;
}

long double log_choose(int n, int k) { return std::lgamma(n + 1.0L) - std::lgamma(k + 1.0L) - std::lgamma(n - k + 1.0L); }

}  // namespace

std::optional<std::vector<double>> mine_probabilities(const Board& board, long long max_nodes) {
  if (!board.mines) throw std::invalid_argument("mine probabilities need the number of mines");
  const puzzlesat::RectGrid grid = board.grid();
  const int n = static_cast<int>(grid.size());
  int remaining = *board.mines;
  for (Cell c : grid.cells()) remaining -= board.at(c) == kFlag;
  // The numbers' constraints on covered cells, and which cells they link (union-find).
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  struct Clue {
    std::vector<int> cells;
    int need;
  };
  std::vector<Clue> clues;
  std::vector<bool> frontier(n, false);
  for (Cell c : grid.cells()) {
    if (!is_number(board.at(c))) continue;
    Clue k{{}, board.at(c) - '0'};
    for (Cell d : grid.neighbors8(c)) {
      if (board.at(d) == kFlag) --k.need;
      if (board.at(d) == kCovered) k.cells.push_back(static_cast<int>(grid.index(d)));
    }
    if (k.need < 0 || k.need > static_cast<int>(k.cells.size())) return std::nullopt;
    for (int x : k.cells) {
      frontier[x] = true;
      parent[find(x)] = find(k.cells[0]);
    }
    if (!k.cells.empty()) clues.push_back(std::move(k));
  }
  // Parts: cells in order of first appearance in the clues (neighbouring cells close together).
  std::vector<int> part_of(n, -1), local(n, -1);
  std::vector<Part> parts;
  std::vector<int> root_part(n, -1);
  for (const Clue& k : clues) {
    for (int x : k.cells) {
      if (part_of[x] >= 0) continue;
      int& id = root_part[find(x)];
      if (id < 0) {
        id = static_cast<int>(parts.size());
        parts.emplace_back();
      }
      part_of[x] = id;
      local[x] = static_cast<int>(parts[id].cells.size());
      parts[id].cells.push_back(x);
      parts[id].clues_of.emplace_back();
    }
  }
  for (const Clue& k : clues) {
    Part& p = parts[part_of[k.cells[0]]];
    const int id = static_cast<int>(p.need.size());
    p.need.push_back(k.need);
    p.open.push_back(static_cast<int>(k.cells.size()));
    for (int x : k.cells) p.clues_of[local[x]].push_back(id);
  }
  for (Part& p : parts) PartCounter(p, max_nodes).run();
  int interior = 0;
  for (int x = 0; x < n; ++x) interior += board.rows[x / grid.cols()][x % grid.cols()] == kCovered && !frontier[x];
  // ways[t]: the ways to put the other remaining - t mines among the interior cells, scaled
  // so that the largest is 1 (the binomials alone overflow nothing, but their products might).
  const int most = static_cast<int>(std::count(frontier.begin(), frontier.end(), true));
  std::vector<long double> log_ways(most + 1, -INFINITY);
  long double top = -INFINITY;
  for (int t = 0; t <= most; ++t)
    if (remaining - t >= 0 && remaining - t <= interior) top = std::max(top, log_ways[t] = log_choose(interior, remaining - t));
  if (top == -INFINITY) return std::nullopt;
  std::vector<long double> ways(most + 1, 0);
  for (int t = 0; t <= most; ++t) ways[t] = std::exp(log_ways[t] - top);

  std::vector<long double> all{1};
  for (const Part& p : parts) all = convolve(all, p.count);
  long double total = 0, interior_mines = 0;
  for (std::size_t t = 0; t < all.size(); ++t) {
    total += all[t] * ways[t];
    interior_mines += all[t] * ways[t] * (remaining - static_cast<int>(t));
  }
  if (total == 0) return std::nullopt;
  std::vector<double> out(n, 0);
  for (Cell c : grid.cells())
    if (board.at(c) == kFlag) out[grid.index(c)] = 1;
  for (int x = 0; x < n; ++x)
    if (board.rows[x / grid.cols()][x % grid.cols()] == kCovered && !frontier[x])
      out[x] = static_cast<double>(interior_mines / interior / total);
  for (std::size_t j = 0; j < parts.size(); ++j) {
    std::vector<long double> others{1};
    for (std::size_t k = 0; k < parts.size(); ++k)
      if (k != j) others = convolve(others, parts[k].count);
    const Part& p = parts[j];
    for (std::size_t m = 0; m < p.count.size(); ++m) {
      long double g = 0;  // the weight of the other parts and the interior when this part has m mines
      for (std::size_t t = 0; t < others.size() && m + t < ways.size(); ++t) g += others[t] * ways[m + t];
      for (std::size_t i = 0; i < p.cells.size(); ++i) out[p.cells[i]] += static_cast<double>(p.mines[m][i] * g / total);
    }
  }
  return out;
}

}  // namespace minesweeper
