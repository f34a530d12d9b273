#include "problems/yahtzee/dice.h"

#include <algorithm>
#include <cctype>
#include <numeric>

#include <puzzlesat/input_error.h>

namespace puzzlesat::yahtzee {

namespace {

int key_of(const Counts& c) {
  int key = 0;
  for (int f = kFaces - 1; f >= 0; --f) key = key * 6 + c[f];
  return key;
}

constexpr int kKeySpace = 6 * 6 * 6 * 6 * 6 * 6;

}  // namespace

const DiceSpace& DiceSpace::get() {
  static const DiceSpace space;
  return space;
}

DiceSpace::DiceSpace() : lookup_(kKeySpace, -1) {
  // Enumerate by size so that all keeps of at most four dice come before the rolls.
  int n = 0;
  for (int size = 0; size <= kDice; ++size) {
    Counts c{};
    // Odometer over counts 0..size per face, keeping those that sum to `size`.
    for (int key = 0; key < kKeySpace; ++key) {
      int k = key, sum = 0;
      for (int f = 0; f < kFaces; ++f) {
        c[f] = static_cast<std::uint8_t>(k % 6);
        k /= 6;
        sum += c[f];
      }
      if (sum != size) continue;
      counts_[n] = c;
      size_[n] = size;
      lookup_[key] = n;
      ++n;
    }
  }
  for (int k = 0; k < kSmallKeeps; ++k) {
    for (int f = 0; f < kFaces; ++f) {
      Counts c = counts_[k];
      ++c[f];
      with_[k][f] = lookup_[key_of(c)];
    }
  }
  for (int k = 0; k < kKeeps; ++k) {
    fewer_start_[k] = static_cast<int>(fewer_.size());
    for (int f = 0; f < kFaces; ++f) {
      if (counts_[k][f] == 0) continue;
      Counts c = counts_[k];
      --c[f];
      fewer_.push_back(lookup_[key_of(c)]);
    }
  }
  fewer_start_[kKeeps] = static_cast<int>(fewer_.size());
  // Multinomial: 5! / prod(c!) orderings, each of probability 6^-5.
  const double factorial[] = {1, 1, 2, 6, 24, 120};
  for (int k = kFirstRoll; k < kKeeps; ++k) {
    double ways = factorial[kDice];
    for (int f = 0; f < kFaces; ++f) ways /= factorial[counts_[k][f]];
    roll_probability_[k] = ways / 7776.0;
  }
}

int DiceSpace::index(const Counts& counts) const {
  int sum = 0;
  for (auto c : counts) sum += c;
  if (sum > kDice) return -1;
  return lookup_[key_of(counts)];
}

int DiceSpace::index_of_pips(const std::vector<int>& pips) const {
  if (pips.size() > kDice) return -1;
  Counts c{};
  for (int p : pips) {
    if (p < 1 || p > kFaces) return -1;
    ++c[p - 1];
  }
  return index(c);
}

int DiceSpace::roll_index(const Roll& roll) const { return index_of_pips(std::vector<int>(roll.begin(), roll.end())); }

std::vector<int> DiceSpace::pips(int keep) const {
  std::vector<int> out;
  for (int f = 0; f < kFaces; ++f) out.insert(out.end(), counts_[keep][f], f + 1);
  return out;
}

std::vector<int> DiceSpace::sub_keeps(int keep) const {
  std::vector<int> out;
  const Counts& top = counts_[keep];
  Counts c{};
  // Odometer over 0..top[f] for each face.
  while (true) {
    out.push_back(index(c));
    int f = 0;
    while (f < kFaces && c[f] == top[f]) c[f++] = 0;
    if (f == kFaces) break;
    ++c[f];
  }
  return out;
}

std::vector<int> parse_dice(const std::string& text, int expected) {
  // Tokens are split at commas and blanks; a single token may pack the dice ("11356"),
  // otherwise each token is one die, so "1,12,3" is an error rather than 1,1,2,3.
  std::vector<std::string> tokens;
  std::string token;
  for (char ch : text + ",") {
    if (ch == ',' || std::isspace(static_cast<unsigned char>(ch))) {
      if (!token.empty()) tokens.push_back(token);
      token.clear();
    } else {
      token += ch;
    }
  }
  std::vector<int> pips;
  for (const auto& t : tokens) {
    if (tokens.size() > 1 && t.size() > 1) {
      throw InputError("bad die '" + t + "' in '" + text + "': dice show 1 to 6");
    }
    for (char ch : t) {
      if (ch < '1' || ch > '6') {
        throw InputError("bad die '" + t + "' in '" + text + "': dice show 1 to 6");
      }
      pips.push_back(ch - '0');
    }
  }
  if (expected >= 0 && static_cast<int>(pips.size()) != expected) {
    throw InputError("'" + text + "' has " + std::to_string(pips.size()) + " dice, expected " +
                     std::to_string(expected));
  }
  if (pips.size() > kDice) throw InputError("'" + text + "' has more than five dice");
  return pips;
}

std::string format_dice(const std::vector<int>& pips) {
  std::string s;
  for (size_t i = 0; i < pips.size(); ++i) s += (i ? "," : "") + std::to_string(pips[i]);
  return s;
}

}  // namespace puzzlesat::yahtzee
