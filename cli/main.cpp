// The main() of a puzzlesat program (library puzzlesat::main): the registered command
// groups, parsed and run. Link it into an executable with the sources of its groups.
#include <puzzlesat/plugin.h>

#include "cli/keep_freed_memory.h"

int main(int argc, char** argv) {
  puzzlesat::cli::keep_freed_memory();
  return puzzlesat::cli::run(argc, argv);
}
