#include "problems/hexcells/play.h"

#include <chrono>

#include "problems/hexcells/format.h"

namespace puzzlesat::hexcells {

const char* to_string(Verdict v) { return v == Verdict::solved ? "solved" : "stuck"; }

PlayResult play(Board level, const std::function<void(const Round&, const Board&)>& on_round,
                PlayOptions options) {
  using Clock = std::chrono::steady_clock;
  if (!level.colours_known()) throw std::invalid_argument("play: the level's solution is not known");
  auto start = Clock::now();
  PlayResult result;
  DeduceOptions deduce_options = options.deduce;
  deduce_options.hints_first = options.hints_first;
  Deducer deducer(deduce_options);
  level.remaining = level.count_hidden_blue();
  // Only what a player sees goes in, so the solution cannot leak into the deduction: the
  // visible state, in which each round's cells are revealed as in the level.
  Board seen = visible_state(level);
  std::size_t hidden = level.hidden_cells().size();
  while (hidden > 0) {
    auto round_start = Clock::now();
    Deduction d = deducer.deduce(seen);
    if (!d.consistent)
      throw SolutionMismatch("the visible state of '" + level.title + "' was found impossible, but the level has a solution");
    result.solver_calls += d.stats.solver_calls;
    if (d.blue.empty() && d.black.empty()) break;
    Round round;
    round.number = result.rounds + 1;
    round.stats = d.stats;
    round.complete = d.complete;
    for (auto [cells, colour] : {std::pair{&d.blue, Color::blue}, std::pair{&d.black, Color::black}}) {
      for (Pos p : *cells) {
        Tile& t = level.at(p);
        if (t.color != colour)
          throw SolutionMismatch("deduced " + std::string(colour == Color::blue ? "blue" : "black") + " for cell " +
                                 to_string(p) + " of '" + level.title + "', but the solution says otherwise");
        if (t.revealed) continue;
        t.revealed = true;
        seen.at(p) = t;
        --hidden;
        *level.remaining -= colour == Color::blue;
      }
    }
    seen.remaining = level.remaining;
    round.blue = std::move(d.blue);
    round.black = std::move(d.black);
    round.seconds = std::chrono::duration<double>(Clock::now() - round_start).count();
    result.rounds++;
    result.revealed += static_cast<int>(round.blue.size() + round.black.size());
    if (on_round) on_round(round, level);
    result.steps.push_back(std::move(round));
  }
  result.hidden_left = static_cast<int>(level.hidden_cells().size());
  result.verdict = result.hidden_left == 0 ? Verdict::solved : Verdict::stuck;
  result.final_board = std::move(level);
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace puzzlesat::hexcells
