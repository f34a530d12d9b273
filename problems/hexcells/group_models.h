// Models of the groups, combined, in place of REMAINING's joint solve or some of its calls.
//
// deduce.cpp solves each group of hidden cells (cells tied by hints) alone, and solves
// the groups whose blue count can vary together with REMAINING only when outer bounds on
// those counts cannot show that REMAINING is irrelevant. More than half of those joint
// solves force nothing, yet cost most of their calls. The groups' own solver calls have
// left models, though: a model of each varying group, plus any f of the cells in no hint
// ("free") blue, is a model of the whole board when the counted blues add up to REMAINING
// (f between 0 and the number of free cells). Each class of interchangeable cells such a
// combination colours blue somewhere is not forced black by the joint formula, and one it
// colours black somewhere is not forced blue: those questions need no solver call. When
// every question is answered so, REMAINING forces nothing the groups do not force alone,
// which is exactly what the joint solve would have found, and it is skipped. Otherwise
// the joint solve asks the rest; so this never loses a forced cell.
#pragma once

#include <span>
#include <vector>

#include "problems/hexcells/level.h"

namespace puzzlesat::hexcells {

// Bits of what the models show about a class of interchangeable cells.
constexpr unsigned char kShownBlue = 1, kShownBlack = 2, kShownBoth = kShownBlue | kShownBlack;

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

  // The first cell of each open class, in the order of Shown::classes.
  const std::vector<Pos>& open_classes() const { return open_; }

 private:
  friend struct Shown;
  std::vector<int> counts_;           // per model
  std::vector<unsigned char> marks_;  // per model and open class: kShownBlue | kShownBlack
  std::vector<Pos> open_;
};

// What the board models combined from the varying groups' models (counted blues plus
// free blues equal to `remaining`, 0 <= free blues <= free_cells) show.
struct Shown {
  Shown(std::span<const GroupModels* const> varying, int remaining, int free_cells);
  // Whether they show that REMAINING forces no cell: every open class of every group
  // coloured both ways and, if there are free cells, some free cell blue and some black.
  bool forces_nothing() const;

  bool some = false;  // some board model was combined (so the board has one)
  std::vector<std::vector<unsigned char>> classes;  // per varying group, per open class
  unsigned char free = 0;                           // the free cells' class
  int free_cells = 0;
};

}  // namespace puzzlesat::hexcells
