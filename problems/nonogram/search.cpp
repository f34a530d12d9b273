#include "problems/nonogram/search.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "problems/nonogram/line_bits.h"
#include "problems/nonogram/line_solver.h"

namespace puzzlesat::nonogram {
namespace {

using Clock = std::chrono::steady_clock;

// The board with undo: cells narrow only (unknown -> filled or empty), each change is
// logged on a trail, and undo(mark) puts back everything after the mark. One board serves
// the whole search: a probe or a branch is "assign, propagate, ..., undo".
class Board {
 public:
  explicit Board(const Puzzle& p) : rows_(p.rows), cols_(p.cols) {
    clues_ = p.row_clues;
    clues_.insert(clues_.end(), p.col_clues.begin(), p.col_clues.end());
    cells_.assign(static_cast<std::size_t>(rows_ * cols_), kUnknown);
    open_ = rows_ * cols_;
    queued_.assign(clues_.size(), 0);
    changed_at_.assign(clues_.size(), 0);
    bits_ = std::max(rows_, cols_) <= kMaxBitLine;
    if (bits_) {
      for (int l = 0; l < lines(); ++l) {
        const int n = length(l);
        const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
        masks_.push_back({all, all});
      }
      bit_cache_.resize(std::bit_ceil(std::clamp<std::size_t>(clues_.size() * 1000, 1 << 10, 1 << 16)));
    } else {
      cache_.resize(std::bit_ceil(std::clamp<std::size_t>(clues_.size() * 1000, 1 << 10, 1 << 17)));
    }
    for (int l = 0; l < lines(); ++l) enqueue(l);
  }

  int size() const { return rows_ * cols_; }
  int lines() const { return rows_ + cols_; }
  int open() const { return open_; }  // cells still unknown
  std::uint8_t at(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  std::size_t mark() const { return trail_.size(); }
  // The cells changed since `mark`, in order (each at most once: cells narrow only once).
  std::span<const std::pair<int, std::uint8_t>> since(std::size_t mark) const {
    return std::span(trail_).subspan(mark);
  }

  void assign(int cell, std::uint8_t value, int from_line = -1) {
    std::uint8_t& c = cells_[static_cast<std::size_t>(cell)];
    if (c == value) return;
    trail_.emplace_back(cell, c);
    if (c == kUnknown) --open_;
    c = value;
    touch(cell);
    if (bits_) put_masks(cell, value);
    if (const int row = row_of(cell); row != from_line) enqueue(row);
    if (const int column = column_of(cell); column != from_line) enqueue(column);
  }

  void undo(std::size_t mark) {
    while (trail_.size() > mark) {
      auto [cell, old] = trail_.back();
      trail_.pop_back();
      if (old == kUnknown) ++open_;
      cells_[static_cast<std::size_t>(cell)] = old;
      touch(cell);
      if (bits_) put_masks(cell, old);
    }
  }

  // Line solving until no queued line changes; false on a contradiction (the queue is
  // then emptied, the cells set so far stay on the trail for undo()).
  bool propagate() {
    while (!queue_.empty()) {
      const int l = queue_.back();
      queue_.pop_back();
      queued_[static_cast<std::size_t>(l)] = 0;
      const int n = length(l);
      if (n == 0) continue;
      if (bits_) {
        const LineMasks& now = masks_[static_cast<std::size_t>(l)];
        std::uint64_t h = (now.may_empty * 0x9E3779B97F4A7C15ull) ^ (now.may_fill * 0xC2B2AE3D27D4EB4Full) ^
                          (static_cast<std::uint64_t>(l) * 0x165667B19E3779F9ull);
        h ^= h >> 32;
        BitEntry& slot = bit_cache_[h & (bit_cache_.size() - 1)];
        if (slot.line != l || slot.key.may_empty != now.may_empty || slot.key.may_fill != now.may_fill) {
          slot.line = l;
          slot.key = now;
          slot.settled = now;
          if (!settle_bits(clues_[static_cast<std::size_t>(l)], n, slot.settled)) slot.settled = LineMasks{};
        }
        const LineMasks settled = slot.settled;
        if (settled.may_empty == 0 && settled.may_fill == 0) {
          for (int q : queue_) queued_[static_cast<std::size_t>(q)] = 0;
          queue_.clear();
          return false;
        }
        const LineMasks& was = masks_[static_cast<std::size_t>(l)];
        for (std::uint64_t changed = (was.may_empty ^ settled.may_empty) | (was.may_fill ^ settled.may_fill); changed;
             changed &= changed - 1) {
          const int i = std::countr_zero(changed);
          assign(cell_of(l, i), static_cast<std::uint8_t>(((settled.may_empty >> i) & 1 ? kEmpty : 0) |
                                                          ((settled.may_fill >> i) & 1 ? kFilled : 0)), l);
        }
        continue;
      }
      line_.resize(static_cast<std::size_t>(n));
      Packed key{};
      key.line = l;
      for (int i = 0; i < n; ++i) {
        const std::uint8_t v = at(cell_of(l, i));
        line_[static_cast<std::size_t>(i)] = v;
        key.bits[static_cast<std::size_t>(i / 32)] |= std::uint64_t{v} << (2 * (i % 32));
      }
      Entry& slot = cache_[Hash{}(key) & (cache_.size() - 1)];
      if (!slot.used || !(slot.key == key)) {
        slot.used = true;
        slot.key = key;
        slot.settled = Packed{};  // all zero: no completion
        if (solver_.settle(clues_[static_cast<std::size_t>(l)], line_))
          for (int i = 0; i < n; ++i)
            slot.settled.bits[static_cast<std::size_t>(i / 32)] |= std::uint64_t{line_[static_cast<std::size_t>(i)]} << (2 * (i % 32));
      }
      const Packed& settled = slot.settled;
      if (settled.bits[0] == 0) {
        for (int q : queue_) queued_[static_cast<std::size_t>(q)] = 0;
        queue_.clear();
        return false;
      }
      for (int i = 0; i < n; ++i)
        assign(cell_of(l, i), static_cast<std::uint8_t>((settled.bits[static_cast<std::size_t>(i / 32)] >> (2 * (i % 32))) & 3), l);
    }
    return true;
  }

  // A clock that ticks at every change of a cell, and per line the tick of its last
  // change (undo included): a probe whose lines have not changed since it ran would
  // find the same again.
  std::uint64_t now() const { return clock_; }
  std::uint64_t changed_at(int line) const { return changed_at_[static_cast<std::size_t>(line)]; }
  int row_of(int cell) const { return cell / cols_; }
  int column_of(int cell) const { return rows_ + cell % cols_; }

  Picture picture() const {
    Picture out(static_cast<std::size_t>(rows_), std::string(static_cast<std::size_t>(cols_), '.'));
    for (int cell = 0; cell < size(); ++cell)
      if (at(cell) == kFilled) out[static_cast<std::size_t>(cell / cols_)][static_cast<std::size_t>(cell % cols_)] = '#';
    return out;
  }

 private:
  void touch(int cell) {
    ++clock_;
    changed_at_[static_cast<std::size_t>(row_of(cell))] = clock_;
    changed_at_[static_cast<std::size_t>(column_of(cell))] = clock_;
  }
  int cell_of(int line, int i) const { return line < rows_ ? line * cols_ + i : i * cols_ + (line - rows_); }
  int length(int line) const { return line < rows_ ? cols_ : rows_; }
  // The cell's value in its row's and its column's masks.
  void put_masks(int cell, std::uint8_t value) {
    const auto put = [value](LineMasks& m, int i) {
      const std::uint64_t bit = std::uint64_t{1} << i;
      m.may_empty = (m.may_empty & ~bit) | ((value & kEmpty) ? bit : 0);
      m.may_fill = (m.may_fill & ~bit) | ((value & kFilled) ? bit : 0);
    };
    put(masks_[static_cast<std::size_t>(row_of(cell))], cell % cols_);
    put(masks_[static_cast<std::size_t>(column_of(cell))], cell / cols_);
  }
  void enqueue(int line) {
    if (queued_[static_cast<std::size_t>(line)]) return;
    queued_[static_cast<std::size_t>(line)] = 1;
    queue_.push_back(line);
  }

  // Lines of up to 64 cells (all lines, or none: bits_) are kept as masks as well, row by
  // row and column by column, and settled by the bit-parallel solver straight from them.
  bool bits_ = false;
  std::vector<LineMasks> masks_;  // rows, then columns
  // Settled line states by line and masks, direct-mapped, as the DP's cache below: even
  // the bit-parallel solver costs about twice a lookup (measured on the hard TAAI
  // puzzles: 1.3 million probes a second without it, 2.7 million with it). About 1,000
  // entries a line, at most 2^16 (2.5 MB).
  struct BitEntry {
    LineMasks key, settled;  // settled all zero: no completion
    int line = -1;
  };
  std::vector<BitEntry> bit_cache_;

  // Longer lines go to the DP, through a cache of settled lines by line and state:
  // probing settles the same line states again and again (a probe changes a few lines,
  // the rest of the board is as in the last probe). 2 bits a cell, up to kMaxSide cells;
  // an all-zero result means "no completion" (a settled line with at least one cell has
  // a nonzero cell).
  struct Packed {
    std::uint64_t bits[(2 * kMaxSide + 63) / 64];
    int line = 0;
    bool operator==(const Packed&) const = default;
  };
  struct Hash {
    std::size_t operator()(const Packed& p) const {
      std::uint64_t h = static_cast<std::uint64_t>(p.line) * 0x9E3779B97F4A7C15ull;
      for (std::uint64_t w : p.bits) h = (h ^ w) * 0xFF51AFD7ED558CCDull, h ^= h >> 29;
      return static_cast<std::size_t>(h);
    }
  };
  // Direct-mapped: a new line state takes its slot's place. (A hash map that grows costs
  // more in cache misses than the line solving it saves.)
  struct Entry {
    Packed key, settled;
    bool used = false;
  };
  std::vector<Entry> cache_;  // a power of two entries, about 1,000 a line, at most 2^17 (~11 MB)

  int rows_, cols_;
  std::vector<Clue> clues_;  // rows, then columns
  std::vector<std::uint8_t> cells_;
  int open_ = 0;
  std::uint64_t clock_ = 1;
  std::vector<std::uint64_t> changed_at_;
  std::vector<std::pair<int, std::uint8_t>> trail_;  // (cell, its value before)
  std::vector<int> queue_;
  std::vector<char> queued_;
  std::vector<std::uint8_t> line_;
  LineSolver solver_;
};

class Search {
 public:
  Search(const Puzzle& p, std::size_t limit, const SearchLimits& limits, SearchResult& stats)
      : board_(p), limit_(limit), max_probes_(limits.probes), stats_(stats) {
    if (limits.seconds > 0)
      deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.seconds));
    const auto n = static_cast<std::size_t>(board_.size());
    seen_.assign(n, 0);
    seen_value_.assign(n, 0);
    score_.assign(n, 0);
    filled_more_.assign(n, 0);
    words_ = (static_cast<std::size_t>(board_.lines()) + 63) / 64;
    probed_at_.assign(n, 0);
    footprint_.assign(n * words_, 0);
  }

  // Runs the search; true when it was exhausted (every solution found).
  bool run() {
    if (!board_.propagate()) return true;
    try {
      node();
    } catch (const GaveUp&) {
      stats_.gave_up = true;
      return false;
    }
    return !full();
  }
  const std::vector<Picture>& solutions() const { return solutions_; }

 private:
  bool full() const { return solutions_.size() >= limit_; }

  void found() {
    Picture picture = board_.picture();
    if (found_.insert(picture).second) solutions_.push_back(std::move(picture));
  }

  void node() {
    ++stats_.nodes;
    if (!probe()) return;
    if (full()) return;
    if (board_.open() == 0) return found();
    // Branch on the cell whose probes both settled the most; the value that settled more
    // first (it is the more constrained side, decided sooner).
    int best = -1;
    for (int cell = 0; cell < board_.size(); ++cell)
      if (board_.at(cell) == kUnknown && (best < 0 || score_[static_cast<std::size_t>(cell)] > score_[static_cast<std::size_t>(best)]))
        best = cell;
    const bool filled_first = filled_more_[static_cast<std::size_t>(best)];
    for (std::uint8_t value : {filled_first ? kFilled : kEmpty, filled_first ? kEmpty : kFilled}) {
      const std::size_t before = board_.mark();
      board_.assign(best, value);
      if (board_.propagate()) node();
      board_.undo(before);
      if (full()) break;
    }
  }

  // One probe: `cell` set to `value` and line-solved. Returns whether it was consistent;
  // the caller reads the cells it set off the trail, then undoes them.
  bool try_value(int cell, std::uint8_t value) {
    ++stats_.probes;
    if (max_probes_ && stats_.probes > max_probes_) throw GaveUp{};
    if ((stats_.probes & 63) == 0 && deadline_ && Clock::now() > *deadline_)
      throw std::runtime_error("the nonogram search ran past its time budget");
    board_.assign(cell, value);
    const bool ok = board_.propagate();
    // A consistent fixpoint with no open cell is a solution (every line was settled after
    // its last change, and a settled full line shows its clue).
    if (ok && board_.open() == 0) found();
    return ok;
  }

  // Whether the cell's last probes (both consistent, nothing in common) still hold: none
  // of the lines they read has changed since. Their score then holds too.
  bool still_valid(int cell) const {
    const std::uint64_t at = probed_at_[static_cast<std::size_t>(cell)];
    if (at == 0) return false;
    const std::uint64_t* footprint = &footprint_[static_cast<std::size_t>(cell) * words_];
    for (std::size_t w = 0; w < words_; ++w)
      for (std::uint64_t bits = footprint[w]; bits; bits &= bits - 1) {
        const int line = static_cast<int>(w * 64) + std::countr_zero(bits);
        if (board_.changed_at(line) > at) return false;
      }
    return true;
  }

  // Probing to a fixpoint; false on a contradiction. Leaves score_ and filled_more_ for
  // every open cell, from the last round (which changed nothing, so they are current).
  bool probe() {
    for (bool changed = true; changed;) {
      changed = false;
      for (int cell = 0; cell < board_.size() && !full(); ++cell) {
        if (board_.at(cell) != kUnknown || still_valid(cell)) continue;
        probed_at_[static_cast<std::size_t>(cell)] = 0;
        std::uint64_t* footprint = &footprint_[static_cast<std::size_t>(cell) * words_];
        std::fill(footprint, footprint + words_, 0);
        const auto read = [&](int c) {
          for (int line : {board_.row_of(c), board_.column_of(c)})
            footprint[static_cast<std::size_t>(line) / 64] |= std::uint64_t{1} << (line % 64);
        };
        read(cell);
        const std::size_t mark = board_.mark();
        const bool filled_ok = try_value(cell, kFilled);
        const std::size_t settled_filled = board_.mark() - mark;
        ++stamp_;
        if (filled_ok)
          for (auto [c, old] : board_.since(mark)) {
            read(c);
            seen_[static_cast<std::size_t>(c)] = stamp_;
            seen_value_[static_cast<std::size_t>(c)] = board_.at(c);
          }
        board_.undo(mark);
        const bool empty_ok = try_value(cell, kEmpty);
        const std::size_t settled_empty = board_.mark() - mark;
        common_.clear();
        if (filled_ok && empty_ok)
          for (auto [c, old] : board_.since(mark)) {
            read(c);
            if (seen_[static_cast<std::size_t>(c)] == stamp_ && seen_value_[static_cast<std::size_t>(c)] == board_.at(c))
              common_.emplace_back(c, board_.at(c));
          }
        board_.undo(mark);
        if (!filled_ok && !empty_ok) return false;
        if (!filled_ok || !empty_ok) common_.assign(1, {cell, filled_ok ? kFilled : kEmpty});
        if (!common_.empty()) {
          for (auto [c, value] : common_) board_.assign(c, value);
          if (!board_.propagate()) return false;  // cannot happen: both branches agreed
          changed = true;
          continue;
        }
        const auto lo = static_cast<std::uint64_t>(std::min(settled_filled, settled_empty));
        const auto hi = static_cast<std::uint64_t>(std::max(settled_filled, settled_empty));
        score_[static_cast<std::size_t>(cell)] = (lo << 32) | hi;
        filled_more_[static_cast<std::size_t>(cell)] = settled_filled >= settled_empty;
        probed_at_[static_cast<std::size_t>(cell)] = board_.now();
      }
      if (full()) return true;
    }
    return true;
  }

  struct GaveUp {};  // thrown past max_probes_ to unwind the search
  Board board_;
  std::size_t limit_;
  std::uint64_t max_probes_;
  SearchResult& stats_;
  std::optional<Clock::time_point> deadline_;
  std::vector<Picture> solutions_;
  std::set<Picture> found_;
  // Probing scratch: the values the "filled" probe set (stamped per probe), the common
  // facts, and per open cell its branching score and which value settled more.
  std::vector<std::uint32_t> seen_;
  std::vector<std::uint8_t> seen_value_;
  std::uint32_t stamp_ = 0;
  std::vector<std::pair<int, std::uint8_t>> common_;
  std::vector<std::uint64_t> score_;
  std::vector<char> filled_more_;
  // Per cell: the clock when its probes last ran (0: never, or not reusable) and the
  // lines they read (a bit set of `words_` words), for still_valid().
  std::size_t words_ = 0;
  std::vector<std::uint64_t> probed_at_;
  std::vector<std::uint64_t> footprint_;
};

}  // namespace

SearchResult search(const Puzzle& p, std::size_t limit, const SearchLimits& limits) {
  SearchResult out;
  Search s(p, limit, limits, out);
  out.found.complete = s.run();
  for (const Picture& picture : s.solutions()) {
    if (!satisfies(p, picture)) throw std::logic_error("the nonogram search found a picture that breaks a clue");
    out.found.pictures.push_back(picture);
  }
  return out;
}

bool settle_lines(const Puzzle& p, std::vector<std::uint8_t>& cells) {
  Board board(p);
  for (int cell = 0; cell < board.size(); ++cell) board.assign(cell, cells[static_cast<std::size_t>(cell)]);
  if (!board.propagate()) return false;
  for (int cell = 0; cell < board.size(); ++cell) cells[static_cast<std::size_t>(cell)] = board.at(cell);
  return true;
}

}  // namespace puzzlesat::nonogram
