#include "frontends/set/card_matching.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <random>

using puzzlesat::set::Card;
using puzzlesat::set::card_at;
using puzzlesat::set_vision::match_cards;

namespace {

int disagreements(Card a, Card b) {
  int d = 0;
  for (int k = 0; k < 4; ++k) d += a.get(k) != b.get(k);
  return d;
}

int total_cost(const std::vector<Card>& lab, const std::vector<Card>& det, const std::vector<int>& m) {
  int c = 0;
  for (size_t i = 0; i < lab.size(); ++i) c += m[i] < 0 ? 5 : disagreements(lab[i], det[m[i]]);
  return c;
}

}  // namespace

TEST_CASE("matching pairs a shuffled, partly misread table with its labels at minimum cost") {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    int n_lab = 1 + int(rng() % 6), n_det = 1 + int(rng() % 6);
    std::vector<Card> lab, det;
    for (int i = 0; i < n_lab; ++i) lab.push_back(card_at(int(rng() % 81)));
    for (int i = 0; i < n_det; ++i) det.push_back(card_at(int(rng() % 81)));
    auto m = match_cards(lab, det);
    REQUIRE(m.size() == lab.size());
    // Each detection used at most once, and as many pairs as possible.
    std::vector<int> used;
    for (int j : m)
      if (j >= 0) used.push_back(j);
    std::sort(used.begin(), used.end());
    REQUIRE(std::adjacent_find(used.begin(), used.end()) == used.end());
    REQUIRE(int(used.size()) == std::min(n_lab, n_det));
    // Brute force over all injective assignments of labels to detections (or none).
    std::vector<int> perm(std::max(n_lab, n_det));
    std::iota(perm.begin(), perm.end(), 0);
    int best = 1 << 30;
    do {
      std::vector<int> mm(n_lab);
      for (int i = 0; i < n_lab; ++i) mm[i] = perm[i] < n_det ? perm[i] : -1;
      best = std::min(best, total_cost(lab, det, mm));
    } while (std::next_permutation(perm.begin(), perm.end()));
    REQUIRE(total_cost(lab, det, m) == best);
  }
}

TEST_CASE("a perfectly read table matches every card to itself") {
  std::vector<Card> lab;
  for (int i = 0; i < 81; i += 7) lab.push_back(card_at(i));
  std::vector<Card> det(lab.rbegin(), lab.rend());
  auto m = match_cards(lab, det);
  for (size_t i = 0; i < lab.size(); ++i) REQUIRE(det[m[i]] == lab[i]);
}
