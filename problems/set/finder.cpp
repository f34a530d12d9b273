#include "problems/set/finder.h"

namespace puzzlesat::set {

namespace {

// Where each deck card sits on the board (-1: not there), so completing a pair is one
// table read and one lookup; the pair (i, j) reports its set only when the third card
// comes after j, so every set is seen exactly once.
class Positions {
 public:
  explicit Positions(std::span<const std::uint8_t> indices) {
    at_.fill(-1);
    for (std::size_t i = 0; i < indices.size(); ++i) at_[indices[i]] = static_cast<std::int8_t>(i);
  }
  int operator[](int card) const { return at_[card]; }

 private:
  std::array<std::int8_t, kDeckSize> at_;
};

template <typename OnSet>
void for_each_set(std::span<const std::uint8_t> b, OnSet&& on_set) {
  Positions pos(b);
  const int n = static_cast<int>(b.size());
  for (int i = 0; i < n; ++i) {
    const auto& row = kThirdIndex[b[i]];
    for (int j = i + 1; j < n; ++j) {
      int k = pos[row[b[j]]];
      if (k > j && !on_set(Triple{i, j, k})) return;
    }
  }
}

std::vector<std::uint8_t> to_indices(std::span<const Card> cards) {
  std::vector<std::uint8_t> out;
  out.reserve(cards.size());
  for (Card c : cards) out.push_back(static_cast<std::uint8_t>(index(c)));
  return out;
}

}  // namespace

std::vector<Triple> find_all_sets(std::span<const Card> cards) {
  std::vector<Triple> sets;
  for_each_set(to_indices(cards), [&](Triple t) {
    sets.push_back(t);
    return true;
  });
  return sets;
}

std::optional<Triple> find_one_set(std::span<const Card> cards) {
  return find_one_set(to_indices(cards));
}

std::optional<Triple> find_one_set(std::span<const std::uint8_t> indices) {
  std::optional<Triple> found;
  for_each_set(indices, [&](Triple t) {
    found = t;
    return false;
  });
  return found;
}

int count_sets(std::span<const std::uint8_t> indices) {
  int count = 0;
  for_each_set(indices, [&](Triple) {
    ++count;
    return true;
  });
  return count;
}

}  // namespace puzzlesat::set
