// Dice multisets: the 462 keeps (0–5 dice, order ignored) over which Yahtzee strategy is
// computed, of which the last 252 are the rolls (exactly five dice), with the index
// arithmetic between them: adding a die, removing one, and the chance of each roll.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace puzzlesat::yahtzee {

constexpr int kFaces = 6;
constexpr int kDice = 5;
constexpr int kKeeps = 462;       // multisets of 0..5 dice
constexpr int kSmallKeeps = 210;  // multisets of 0..4 dice; they come first
constexpr int kRolls = 252;       // multisets of exactly 5 dice: keeps kSmallKeeps..kKeeps-1
constexpr int kFirstRoll = kSmallKeeps;

// How many dice show each face: counts[f - 1] for face f.
using Counts = std::array<std::uint8_t, kFaces>;
// Five dice as pip values 1..6, in any order.
using Roll = std::array<int, kDice>;

// The keep space is built once (it is a few kilobytes) and shared by everything.
class DiceSpace {
 public:
  static const DiceSpace& get();

  const Counts& counts(int keep) const { return counts_[keep]; }
  int size(int keep) const { return size_[keep]; }
  // Index of a multiset given by counts, or -1 when it holds more than five dice.
  int index(const Counts& counts) const;
  // Index of the keep holding these pip values (each 1..6, at most five of them).
  int index_of_pips(const std::vector<int>& pips) const;
  int roll_index(const Roll& roll) const;  // a keep index >= kFirstRoll
  // The keep with one more die showing face (1..6); only for keeps of at most four dice.
  int with(int keep, int face) const { return with_[keep][face - 1]; }
  // The distinct keeps with one die fewer: [begin, end) into a flat list of indices.
  const int* fewer_begin(int keep) const { return fewer_.data() + fewer_start_[keep]; }
  const int* fewer_end(int keep) const { return fewer_.data() + fewer_start_[keep + 1]; }
  // Probability of rolling exactly this five-dice multiset with five fresh dice.
  double roll_probability(int keep) const { return roll_probability_[keep]; }
  // Sorted pip values of a keep.
  std::vector<int> pips(int keep) const;
  // Every distinct sub-multiset of a keep (the keep itself and the empty keep included).
  std::vector<int> sub_keeps(int keep) const;

 private:
  DiceSpace();
  std::array<Counts, kKeeps> counts_{};
  std::array<int, kKeeps> size_{};
  std::vector<int> lookup_;  // base-6 key of counts -> index
  std::array<std::array<int, kFaces>, kSmallKeeps> with_{};
  std::vector<int> fewer_;
  std::array<int, kKeeps + 1> fewer_start_{};
  std::array<double, kKeeps> roll_probability_{};
};

// "1,1,3,5,6" or "1 1 3 5 6" or "11356" -> pip values; throws InputError naming the
// bad token when a die is not 1..6 or the count is not `expected` (any when -1).
std::vector<int> parse_dice(const std::string& text, int expected = -1);
std::string format_dice(const std::vector<int>& pips);  // "1,1,3,5,6"

}  // namespace puzzlesat::yahtzee
