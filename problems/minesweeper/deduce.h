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
// it (clue names "2 at (r,c)", "mine at (r,c)", "10 mines"): subset-minimal
// (Model::explain), and the smallest there is whenever one of at most 3 clues exists
// (smaller_explanation).
// `frontier_only`: ask only about covered cells next to a number (the others can be forced
// only by the mine count).
std::optional<std::vector<puzzlesat::ForcedCell>> forced_cells(const Board& board, const std::string& solver,
                                                               bool explain = false, bool frontier_only = false);

// A smallest set of clues among those of one or two that forces `fact` (cell `cell` is a
// mine when `mine`), if there is one; else `known` (a subset-minimal set, from
// Model::explain). A forcing set can be cut to the clues linked to the cell through shared
// covered cells (the others constrain other variables), so only linked sets are tried.
std::vector<std::string> smaller_explanation(const Board& board, puzzlesat::Cell cell, bool mine,
                                             std::vector<std::string> known, const std::string& solver);

// For every cell in reading order, the probability that it is a mine when every solution
// is equally likely (what a uniformly random layout with this many mines gives): exact
// model counts per independent part of the frontier, combined with the binomial number of
// ways to place the remaining mines in the cells no number touches. Needs board.mines;
// nullopt when no solution exists. Throws std::runtime_error when a part of the frontier
// has more than `max_nodes` search nodes to count.
std::optional<std::vector<double>> mine_probabilities(const Board& board, long long max_nodes = 200'000'000);

}  // namespace minesweeper
