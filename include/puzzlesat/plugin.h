// plugin.h: how a puzzle adds its commands to a puzzlesat program.
//
// A command group (`puzzlesat queens …`) is one object at namespace scope in the file
// that defines its commands. It registers itself when the program starts, and
// puzzlesat::cli::run() builds the command tree from every registered group: top-level
// groups sorted by name, and each group that extends another after its parent, on the
// parent's subcommand. There is no list of puzzles to edit and no lookup by name.
//
//   #include <puzzlesat/plugin.h>
//
//   void add_queens_commands(puzzlesat::cli::Commands& commands) {
//     auto* solve = commands.app.add_subcommand("solve", "Place n queens");
//     auto opt = std::make_shared<Options>();          // options live as long as the tree
//     solve->add_option("--n", opt->n, "Board size");
//     puzzlesat::cli::add_solver_option(*solve, opt->solver);
//     solve->callback([opt] { ... });
//   }
//   const puzzlesat::cli::CommandGroup queens_group{"queens", "The n-queens puzzle", add_queens_commands};
//
//   // A group that extends another (the vision commands do) names its parent object:
//   extern const puzzlesat::cli::CommandGroup hexcells_group;
//   const puzzlesat::cli::CommandGroup hexcells_vision_group{hexcells_group, add_screenshot_command};
//
// Registration objects must be linked into the program: put them in the executable's own
// sources (or an OBJECT library). A static library drops object files nothing refers to.
//
// A program is `int main(int argc, char** argv) { return puzzlesat::cli::run(argc, argv); }`;
// link puzzlesat::main to get exactly that main (docs/plugins.md).
#pragma once

#include <CLI/CLI.hpp>

#include <any>
#include <map>
#include <string>
#include <string_view>
#include <typeindex>
#include <vector>

namespace puzzlesat::cli {

// What a group's function receives: its subcommand, and objects it shares with the groups
// that extend it (one per type, made on first use, living as long as the command tree).
// Yahtzee's `advise` takes its dice from the sources its extensions add this way.
struct Commands {
  CLI::App& app;

  template <class T>
  T& shared() {
    std::any& slot = shared_[std::type_index(typeid(T))];
    if (!slot.has_value()) slot.emplace<T>();
    return std::any_cast<T&>(slot);
  }

  explicit Commands(CLI::App& group, std::map<std::type_index, std::any>& shared) : app(group), shared_(shared) {}

 private:
  std::map<std::type_index, std::any>& shared_;
};

class CommandGroup {
 public:
  using AddCommands = void (*)(Commands& commands);

  // A top-level group `name`; add() fills its subcommand (which requires a subcommand).
  CommandGroup(const char* name, const char* description, AddCommands add);
  // A group that adds commands to `parent`'s subcommand.
  CommandGroup(const CommandGroup& parent, AddCommands add);

  CommandGroup(const CommandGroup&) = delete;
  CommandGroup& operator=(const CommandGroup&) = delete;

  const char* name() const { return name_; }
  const CommandGroup* parent() const { return parent_; }
  const char* description() const { return description_; }
  AddCommands add() const { return add_; }

 private:
  const char* name_;
  const char* description_;
  const CommandGroup* parent_;
  AddCommands add_;
};

// Every registered group, in registration order (the order of static initialisation).
const std::vector<const CommandGroup*>& registered_groups();

// How the program introduces itself in --help and --version.
struct ProgramInfo {
  std::string name = "puzzlesat";
  std::string description = "puzzlesat: solve puzzles with SAT, from text files, photos and screenshots.";
  std::string version;  // empty: puzzlesat's own version
};

// Parses the command line over the registered groups and runs the chosen command. Errors
// become one line `NAME: error: …` with exit code 2 for bad input (InputError, bad
// options), 1 otherwise; otherwise returns the code the command set (set_exit_code).
int run(int argc, char** argv, const ProgramInfo& info = {});

// The version of the installed library, e.g. "0.1.0".
std::string_view library_version();

// The one `--solver SPEC` option of every command that solves: "minisat" (default),
// "cadical" or "external:CMD". The spec is checked when parsed, so a bad one is a usage
// error before any work starts.
CLI::Option* add_solver_option(CLI::App& command, std::string& spec);

}  // namespace puzzlesat::cli
