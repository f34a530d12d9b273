// What a Minesweeper position forces: the covered cells that are a mine in every solution
// or safe in every solution, and for a guess, each covered cell's exact chance of a mine.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <puzzlesat/grid_io.h>

#include "minesweeper.h"

namespace minesweeper {

// The covered cells ('.') every solution agrees on, in reading order, value '#' (mine) or
// '.' (safe); nullopt when no solution exists. `explain`: each with a set of clues forcing
// it (clue names "2 at (r,c)", "mine at (r,c)", "10 mines"): the fewest clues there are
// (Model::explanations), or subset-minimal where proving that is past its budget.
// `frontier_only`: ask only about covered cells next to a number (the others can be forced
// only by the mine count).
std::optional<std::vector<puzzlesat::ForcedCell>> forced_cells(const Board& board, const std::string& solver,
                                                               bool explain = false, bool frontier_only = false);

// For every cell in reading order, the probability that it is a mine when every solution
// is equally likely (what a uniformly random layout with this many mines gives): exact
// model counts per independent part of the frontier, combined with the binomial number of
// ways to place the remaining mines in the cells no number touches. Needs board.mines;
// nullopt when no solution exists. Throws std::runtime_error when a part of the frontier
// has more than `max_nodes` search nodes to count.
std::optional<std::vector<double>> mine_probabilities(const Board& board, long long max_nodes = 200'000'000);

}  // namespace minesweeper
