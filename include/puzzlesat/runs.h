// Runs: the filled cells of a line form runs of given lengths, in order, each run separated
// from the next by at least one empty cell (a nonogram's line clue; the same constraint
// describes any row of cells read as blocks).
//
//   enc::ClauseWriter out(cnf);
//   const int clue[] = {3, 1};
//   enc::encode_runs(out, row, clue);                          // ###.#....., .###..#...
//   enc::encode_runs(out, row, clue, enc::RunsEncoding::both);  // see below
//
// Two encodings, because they are good at different things:
//   automaton  the pattern 0* 1^a 0+ 1^b ... 0* as an automaton over the cells
//              (<puzzlesat/regular.h>): unit propagation is arc-consistent, it finds every
//              cell that line solving finds. Best when the lines are tight, as in most
//              puzzles: propagation then does nearly all the work.
//   starts     where each run starts: order variables "run j starts at or before p" and
//              cover variables "run j covers cell i" (a cell is filled iff some run
//              covers it). Propagation is weaker, but conflict clauses can speak of where
//              a run lies, not only of cells. On nonograms whose lines are loose, CDCL
//              finds a solution in minutes where in 40 minutes it found none over the
//              automaton (Knotty, docs/nonogram.md).
//   both       both over the same cells: the automaton's propagation, the starts' words.
// A clue that does not fit the line gives the empty clause; a run of length 0 or less
// throws std::invalid_argument (an empty line is the empty list of runs).
#pragma once

#include <span>

#include <puzzlesat/clause_writer.h>
#include <puzzlesat/lit.h>

namespace puzzlesat::enc {

enum class RunsEncoding { automaton, starts, both };

void encode_runs(ClauseWriter& out, std::span<const sat::Lit> cells, std::span<const int> runs,
                 RunsEncoding encoding = RunsEncoding::automaton);

}  // namespace puzzlesat::enc
