// Why a cell is forced: a small set of visible hints (and possibly REMAINING) that
// already forces it, found as an unsat core over one selector literal per hint and then
// minimised by deletion, so no hint in the set can be dropped.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/solver.h>
#include "problems/hexcells/encode.h"

#include "problems/hexcells/constraints.h"
#include "problems/hexcells/deduce.h"

namespace puzzlesat::hexcells {

struct Reason {
  Pos cell;
  Color colour = Color::unknown;
  // Visible hints (and REMAINING, as a constraint with is_remaining) that force it.
  std::vector<Constraint> because;
  // False when removing some hint could not be decided within the deletion budget: the
  // hints still force the cell (that was proved), but one of them might be spare.
  bool minimal = true;
  // No set forcing the cell was found within the search budget: `because` is then every
  // visible constraint (the whole state, which deduce proved forces it), and not minimal.
  bool whole_state = false;
};

// Conflicts allowed to the call that looks for a set of constraints forcing the cell (a
// few seconds of MiniSat at most). Some states force a cell through overlapping counts
// that deduce's packing and splitting settle at once but a CDCL query over the plain
// constraints does not (missing-some-information: over two minutes); past the budget the
// reason is the whole state (Reason::whole_state) rather than a hang.
inline constexpr std::int64_t kSearchConflicts = 100000;

// Conflicts allowed to each deletion call of explain() (about 0.1-0.5 s of MiniSat). With
// REMAINING, dropping a hint can leave a refutation that is a pigeonhole argument over
// separate counters, which CDCL may take minutes to find (crazy-eights: one call over
// 100 s); such a hint is kept and the reason marked not minimal instead.
inline constexpr std::int64_t kDeletionConflicts = 20000;

// The explanations of one state, from one incremental solver: one selector literal per
// visible hint with hidden cells, and one for REMAINING.
class Explainer {
 public:
  explicit Explainer(const Board& board, const std::string& solver = "minisat");
  // A subset-minimal set of constraints forcing `cell` to `colour` (which must be forced):
  // hints alone when they suffice, else with REMAINING. With good_enough > 0 the search
  // stops as soon as the set has at most that many constraints (then it need not be
  // minimal); a larger answer is always minimal.
  Reason reason(Pos cell, Color colour, std::size_t good_enough = 0);
  // Bounds each solver call (try_reason then answers nullopt where a call ran out, and
  // keeps constraints whose removal it could not decide).
  void set_conflict_budget(std::int64_t conflicts) { budget_ = {conflicts, {}}; }
  // Bounds only the first call of try_reason (finding a set that forces the cell): past it
  // try_reason answers nullopt and reason() falls back to the whole state.
  void set_search_budget(std::int64_t conflicts) { search_budget_ = conflicts; }
  // Bounds only the deletion calls (after a set forcing the cell was found): a hint whose
  // removal is undecided stays, and last_minimal() turns false.
  void set_deletion_budget(std::int64_t conflicts) { deletion_budget_ = conflicts; }
  // Whether the last answer of try_reason() is known minimal (see Reason::minimal).
  bool last_minimal() const { return last_minimal_; }
  // The same, or nullopt when the cell is not forced by these constraints: with
  // use_remaining false, by the hints alone (REMAINING is what makes solving slow on big
  // boards, so a caller can ask the cheap question first). With use_remaining, the hints
  // alone are taken not to force the cell: REMAINING stays in the answer.
  // With hops >= 0 only hints near the cell are used: those counting it (hops 0), those
  // sharing a hidden cell with one of them (1), and so on. An explanation of k hints is
  // connected through shared cells (a hint apart from the rest could be dropped), so it
  // lies within k - 1 hops: a small formula answers "is there one of at most k?".
  std::optional<std::vector<Constraint>> try_reason(Pos cell, Color colour, std::size_t good_enough, bool use_remaining,
                                                    int hops = -1);

 private:
  // forces() under `conflicts` when set (a search or deletion bound), else budget_.
  sat::Status solve_with(std::optional<std::int64_t> conflicts, std::vector<sat::Lit>& on, sat::Lit forced);

  std::vector<Constraint> constraints_;
  std::vector<sat::Lit> hint_selectors_;
  std::vector<std::vector<Pos>> hint_cells_;    // per hint selector: its hidden cells
  std::map<Pos, std::vector<std::size_t>> hints_of_;  // hidden cell -> hint selector indices
  sat::Lit remaining_selector_;
  std::map<int, std::size_t> constraint_of_;  // selector variable -> constraint index
  sat::Cnf cnf_;
  CellVars vars_{cnf_};
  std::unique_ptr<sat::Solver> solver_;
  sat::Budget budget_;
  std::optional<std::int64_t> search_budget_, deletion_budget_;
  bool search_ran_out_ = false;  // the last try_reason's first call answered unknown
  bool last_minimal_ = true;
};

// One reason per forced cell of d (which deduce(board) returned), blue cells first.
// `solver` is a sat::make_solver spec.
// The search for each cell's set is bounded by search_conflicts and each deletion call by
// deletion_conflicts (0: unbounded).
std::vector<Reason> explain(const Board& board, const Deduction& d, const std::string& solver = "minisat",
                            std::int64_t deletion_conflicts = kDeletionConflicts,
                            std::int64_t search_conflicts = kSearchConflicts);

}  // namespace puzzlesat::hexcells
