// The `puzzlesat` command: lists the subcommand groups and turns errors into one line
// `puzzlesat: error: …` with exit code 2.
#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>
#include <new>

#include <puzzlesat/command.h>
#include <puzzlesat/input_error.h>

// One line per subcommand group; group G is added by add_G_commands() in cli/G_commands.cpp.
#define PUZZLESAT_COMMAND_GROUPS(X) \
  X(cnf) \
  X(encode) \
  X(set) \
  X(hexcells) \
  X(yahtzee) \
  X(set_vision) \
  X(hexcells_vision) \
  X(dice_vision) \
  X(queens) \
  /* end of list */

namespace puzzlesat::cli {
#define PUZZLESAT_DECLARE(group) void add_##group##_commands(CLI::App& app);
PUZZLESAT_COMMAND_GROUPS(PUZZLESAT_DECLARE)
#undef PUZZLESAT_DECLARE
}  // namespace puzzlesat::cli

int main(int argc, char** argv) {
  using namespace puzzlesat;
  CLI::App app{"puzzlesat: solve puzzles with SAT, from text files, photos and screenshots."};
  app.set_version_flag("--version", std::string("puzzlesat ") + PUZZLESAT_VERSION);
  app.require_subcommand(1);
#define PUZZLESAT_ADD(group) cli::add_##group##_commands(app);
  PUZZLESAT_COMMAND_GROUPS(PUZZLESAT_ADD)
#undef PUZZLESAT_ADD

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    std::cerr << "puzzlesat: error: " << e.what() << " (see --help)\n";
    return cli::kExitBadInput;
  } catch (const InputError& e) {
    std::cerr << "puzzlesat: error: " << e.what() << "\n";
    return cli::kExitBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "puzzlesat: error: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "puzzlesat: error: " << e.what() << "\n";
    return 1;
  }
  return cli::exit_code();
}
