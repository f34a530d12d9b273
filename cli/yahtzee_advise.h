// How another command group feeds `puzzlesat yahtzee advise` its dice, e.g. the dice
// frontend's `--photo IMAGE`: it adds its option to the advise subcommand and registers a
// source that returns the roll when its option was given.
#pragma once

#include <functional>
#include <optional>

#include "problems/yahtzee/dice.h"

namespace puzzlesat::cli {

// Called after parsing; returns the five dice, or nullopt when its option was not used.
// It may throw InputError for an unreadable image. Exactly one of --roll and the
// registered sources must supply the dice.
using AdviseRollSource = std::function<std::optional<yahtzee::Roll>()>;
void add_advise_roll_source(AdviseRollSource source);

}  // namespace puzzlesat::cli
