// Models of the groups, combined, in place of REMAINING's joint solve.
//
// deduce.cpp solves each group of hidden cells (cells tied by hints) alone, and solves
// the groups whose blue count can vary together with REMAINING only when outer bounds on
// those counts cannot show that REMAINING is irrelevant. More than half of those joint
// solves force nothing, yet cost most of their calls. The groups' own solver calls have
// left models, though: a model of each varying group, plus any f of the cells in no hint
// ("free") blue, is a model of the whole board when the counted blues add up to REMAINING
// (f between 0 and the number of free cells). If such combinations colour every open
// class of interchangeable cells both ways, and leave some free cell blue and some black,
// then REMAINING forces nothing the groups do not force alone, which is exactly what the
// joint solve would have found. When the models are too few to show it, the joint solve
// still decides; so this never loses a forced cell.
#pragma once

#include <span>
#include <vector>

#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

// What a group's models say about REMAINING: per model, how many of the cells REMAINING
// counts it colours blue, and for each open class (interchangeable cells none of which
// is forced) whether it has a blue cell there and a black one. Swapping cells of a class
// maps models to models (they are in the same hints and all counted or all not), so a
// class with a blue cell in some model has every cell blue in one.
class GroupModels {
 public:
  GroupModels() = default;
  // cells: the group's hidden cells; colourings: models over them, in that order;
  // counted: the cells REMAINING counts; open_classes: the group's classes of
  // interchangeable cells that are not forced.
  GroupModels(const std::vector<Pos>& cells, std::span<const std::vector<bool>> colourings,
              const std::vector<Pos>& counted, std::span<const std::vector<Pos>* const> open_classes);

  bool empty() const { return counts_.empty(); }

 private:
  friend bool forces_nothing(std::span<const GroupModels* const> varying, int remaining, int free_cells);
  static constexpr unsigned char kBlue = 1, kBlack = 2;
  std::vector<int> counts_;           // per model
  std::vector<unsigned char> marks_;  // per model and open class: kBlue | kBlack present
  std::size_t classes_ = 0;
};

// True when the varying groups' models, with free_cells cells in no hint, combine into
// models of the board (counted blues plus free blues equal to `remaining`) that colour
// every open class of every group both ways and, if there are free cells, leave some of
// them blue and some black: REMAINING then forces no cell. False means "not shown".
bool forces_nothing(std::span<const GroupModels* const> varying, int remaining, int free_cells);

}  // namespace puzzlesat::hexcells
