// How a group that extends `yahtzee` feeds `puzzlesat yahtzee advise` its dice, e.g. the
// dice frontend's `--photo IMAGE`: it adds its option to the advise subcommand and a
// source that returns the roll when its option was given. The yahtzee group shares an
// AdviseExtension with its extensions (Commands::shared), which lives as long as the tree.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <optional>
#include <vector>

#include "problems/yahtzee/dice.h"

namespace puzzlesat::cli {

// Called after parsing; returns the five dice, or nullopt when its option was not used.
// It may throw InputError for an unreadable image. Exactly one of --roll and the
// registered sources must supply the dice.
using AdviseRollSource = std::function<std::optional<yahtzee::Roll>()>;

struct AdviseExtension {
  CLI::App* advise = nullptr;  // `yahtzee advise`, made by the yahtzee group
  std::vector<AdviseRollSource> roll_sources;
};

}  // namespace puzzlesat::cli
