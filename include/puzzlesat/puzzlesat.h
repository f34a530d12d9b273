// puzzlesat.h: the whole public API in one include, for plugins and quick programs.
//
//   #include <puzzlesat/puzzlesat.h>
//   puzzlesat::Model m;                         // model.h, grid.h: rules at puzzle level
//   auto solver = puzzlesat::sat::make_solver("cadical");   // solver.h and the SAT layer
//   const puzzlesat::cli::CommandGroup group{...};           // plugin.h: commands
//
// Link puzzlesat::puzzlesat (CMake: find_package(puzzlesat CONFIG)) or `pkg-config puzzlesat`.
#pragma once

#include <puzzlesat/backbone.h>
#include <puzzlesat/cardinality.h>
#include <puzzlesat/chunked_backbone.h>
#include <puzzlesat/clause_writer.h>
#include <puzzlesat/cnf.h>
#include <puzzlesat/command.h>
#include <puzzlesat/contiguity.h>
#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include <puzzlesat/enumerate.h>
#include <puzzlesat/grid.h>
#include <puzzlesat/grid_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/lazy_cuts.h>
#include <puzzlesat/lit.h>
#include <puzzlesat/model.h>
#include <puzzlesat/plugin.h>
#include <puzzlesat/probe.h>
#include <puzzlesat/progress.h>
#include <puzzlesat/proof.h>
#include <puzzlesat/puzzlink.h>
#include <puzzlesat/regular.h>
#include <puzzlesat/runs.h>
#include <puzzlesat/set_rule.h>
#include <puzzlesat/smallest_set.h>
#include <puzzlesat/solution.h>
#include <puzzlesat/solver.h>
