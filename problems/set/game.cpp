#include "problems/set/game.h"

#include <numeric>
#include <span>
#include <stdexcept>

#include "problems/set/finder.h"
#include "problems/set/stream_finder.h"

namespace puzzlesat::set {

namespace {

constexpr int kOpening = 12;
// Every 21 cards hold a set (the 20-card cap), so the board never outgrows this.
constexpr int kMaxBoard = 21;

// One game's state; Observer sees each step (a no-op for simulate_game).
template <typename Observer>
GameTally run_game(Rng& rng, Observer& observe) {
  std::array<std::uint8_t, kDeckSize> deck;
  std::iota(deck.begin(), deck.end(), std::uint8_t{0});
  rng.shuffle(std::span<std::uint8_t>(deck));
  observe.shuffled(deck);

  std::array<std::uint8_t, kMaxBoard> board{};
  int n = 0;
  int next = 0;
  GameTally tally;

  auto deal_into = [&](std::array<int, 3> slots, int count, GameStep::Why why) {
    for (int s = 0; s < count; ++s) board[slots[s]] = deck[next++];
    tally.cards_dealt += count;
    observe.dealt(why, std::span<const std::uint8_t>(deck.data() + next - count, count),
                  std::span<const std::uint8_t>(board.data(), n));
  };

  for (; n < kOpening; ++n) board[n] = deck[next++];
  tally.cards_dealt = kOpening;
  observe.dealt(GameStep::Why::start, std::span<const std::uint8_t>(deck.data(), kOpening),
                std::span<const std::uint8_t>(board.data(), n));

  for (;;) {
    auto found = find_one_set(std::span<const std::uint8_t>(board.data(), n));
    if (!found) observe.no_set(std::span<const std::uint8_t>(board.data(), n));
    if (n == kOpening) {
      ++tally.boards_of_12;
      if (!found) ++tally.boards_of_12_without_set;
    }
    if (found) {
      const auto [i, j, k] = *found;
      ++tally.sets_taken;
      std::array<std::uint8_t, 3> taken = {board[i], board[j], board[k]};
      if (n <= kOpening && next < kDeckSize) {
        // Replacements go where the taken cards lay, as on a real table.
        observe.took(taken, std::span<const std::uint8_t>(board.data(), n), found);
        deal_into({i, j, k}, 3, GameStep::Why::replace);
      } else {
        int w = 0;
        for (int r = 0; r < n; ++r) {
          if (r != i && r != j && r != k) board[w++] = board[r];
        }
        n = w;
        observe.took(taken, std::span<const std::uint8_t>(board.data(), n), std::nullopt);
      }
    } else if (next < kDeckSize) {
      if (n + 3 > kMaxBoard) throw std::logic_error("SET game: 21 cards without a set");
      n += 3;
      deal_into({n - 3, n - 2, n - 1}, 3, GameStep::Why::no_set);
    } else {
      break;
    }
  }
  tally.final_board_size = n;
  observe.ended(std::span<const std::uint8_t>(board.data(), n));
  return tally;
}

struct Silent {
  void shuffled(const std::array<std::uint8_t, kDeckSize>&) {}
  void dealt(GameStep::Why, std::span<const std::uint8_t>, std::span<const std::uint8_t>) {}
  void took(const std::array<std::uint8_t, 3>&, std::span<const std::uint8_t>,
            const std::optional<Triple>&) {}
  void no_set(std::span<const std::uint8_t>) {}
  void ended(std::span<const std::uint8_t>) {}
};

std::vector<Card> cards_of(std::span<const std::uint8_t> indices) {
  std::vector<Card> out;
  out.reserve(indices.size());
  for (auto i : indices) out.push_back(card_at(i));
  return out;
}

struct Recorder {
  Game& game;
  StreamSetFinder prover{"minisat"};

  void no_set(std::span<const std::uint8_t> board) {
    if (prover.find_one(cards_of(board))) {
      throw std::logic_error("SET game: the direct finder saw no set, SAT found one");
    }
    ++game.sat_proofs;
  }
  void shuffled(const std::array<std::uint8_t, kDeckSize>& deck) { game.deck = cards_of(deck); }
  void dealt(GameStep::Why why, std::span<const std::uint8_t> cards,
             std::span<const std::uint8_t> board) {
    game.steps.push_back({GameStep::Kind::deal, why, cards_of(cards), cards_of(board)});
  }
  // When replacements follow at once, `board` still shows the taken cards; the deal
  // step that comes next shows the board after it.
  void took(const std::array<std::uint8_t, 3>& taken, std::span<const std::uint8_t> board,
            const std::optional<Triple>& replaced_at) {
    game.sets.push_back({card_at(taken[0]), card_at(taken[1]), card_at(taken[2])});
    std::vector<Card> after = cards_of(board);
    if (replaced_at) {
      after.clear();
      for (int r = 0; r < static_cast<int>(board.size()); ++r) {
        if (r != (*replaced_at)[0] && r != (*replaced_at)[1] && r != (*replaced_at)[2]) {
          after.push_back(card_at(board[r]));
        }
      }
    }
    game.steps.push_back({GameStep::Kind::take, GameStep::Why::start,
                          cards_of(std::span<const std::uint8_t>(taken)), std::move(after)});
  }
  void ended(std::span<const std::uint8_t> board) { game.final_board = cards_of(board); }
};

}  // namespace

Game play_game(std::uint64_t seed) {
  Game game;
  game.seed = seed;
  Rng rng(seed);
  Recorder recorder{game};
  game.tally = run_game(rng, recorder);
  return game;
}

GameTally simulate_game(Rng& rng) {
  Silent silent;
  return run_game(rng, silent);
}

}  // namespace puzzlesat::set
