// `puzzlesat hexcells generate`: a level that can be played to the end without guessing,
// drawn from a seed, at a chosen difficulty (problems/hexcells/generate.h).
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <memory>

#include <puzzlesat/command.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/generate.h"

namespace puzzlesat::cli {
// This file's own names: the command files are compiled several to a unit (cli/CMakeLists.txt).
namespace hexcells_generate_cli {
namespace {

using namespace puzzlesat::hexcells;

struct GenerateArgs {
  GenerateOptions options;
  std::string output;
  bool json = false;
};

void generate_command(const GenerateArgs& a) {
  Generated g = generate(a.options);
  const std::string text = write_level(g.level);
  nlohmann::json summary = {{"size", a.options.size},
                            {"seed", a.options.seed},
                            {"target", a.options.difficulty},
                            {"difficulty", g.rating.difficulty},
                            {"steps", g.rating.steps},
                            {"rounds", g.rounds},
                            {"cells", g.level.cells().size()},
                            {"revealed", g.revealed},
                            {"hints", g.hints},
                            {"remaining", g.level.remaining.value()},
                            {"attempt", g.attempt}};
  if (!a.output.empty()) {
    std::ofstream out(a.output, std::ios::binary);
    out << text;
    out.close();
    if (!out) throw InputError("cannot write the level", {a.output});
    if (a.json) {
      summary["file"] = a.output;
      std::cout << summary.dump(-1, ' ', false, kUtf8Replace) << "\n";
    } else {
      std::cout << a.output << ": " << g.level.cells().size() << " cells, " << g.revealed << " revealed, " << g.hints
                << " hints, difficulty " << g.rating.difficulty << " (target " << a.options.difficulty << "), "
                << g.rounds << " rounds\n";
    }
  } else if (a.json) {
    summary["level"] = text;
    std::cout << summary.dump(-1, ' ', false, kUtf8Replace) << "\n";
  } else {
    std::cout << text;
  }
}

}  // namespace

void add_hexcells_generate_command(Commands& commands) {
  auto a = std::make_shared<GenerateArgs>();
  auto* cmd = commands.app.add_subcommand(
      "generate", "Make a level that `hexcells solve` finishes without guessing, at a chosen difficulty");
  cmd->add_option("--size", a->options.size, "The board fits in SIZE columns of SIZE cells")
      ->check(CLI::Range(kMinSize, kMaxSize))
      ->capture_default_str();
  cmd->add_option("--seed", a->options.seed, "Random seed: the same seed, size and difficulty give the same level")
      ->check(whole_number())
      ->required();
  cmd->add_option("--difficulty", a->options.difficulty,
                  "The most hints (REMAINING counts as one) a player must combine in one deduction")
      ->check(CLI::Range(1, kMaxDifficulty))
      ->capture_default_str();
  cmd->add_option("--attempts", a->options.attempts,
                  "Boards tried until one reaches the difficulty (else the hardest is written)")
      ->check(CLI::Range(1, 100))
      ->capture_default_str();
  cmd->add_option("-o,--output", a->output, "Write the level to this file (default: standard output)");
  cmd->add_flag("--json", a->json,
                R"(One line {"size", "seed", "target", "difficulty", "steps", "rounds", "cells", "revealed", "hints", )"
                R"("remaining", "attempt", "level": TEXT | "file": FILE})");
  cmd->callback([a] { generate_command(*a); });
}

}  // namespace hexcells_generate_cli

const CommandGroup hexcells_generate_group{hexcells_group, hexcells_generate_cli::add_hexcells_generate_command};

}  // namespace puzzlesat::cli
