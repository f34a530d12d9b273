#include <puzzlesat/drat_checker.h>

#include <cassert>
#include <cstdint>
#include <limits>
#include <span>
#include <unordered_map>
#include <vector>

#include <puzzlesat/input_error.h>
#include <puzzlesat/drat_proof.h>

namespace puzzlesat::sat {

namespace {

constexpr std::uint32_t kNoClause = std::numeric_limits<std::uint32_t>::max();
constexpr std::size_t kNoStep = std::numeric_limits<std::size_t>::max();

// Clause flags.
constexpr std::uint8_t kActive = 1;     // in the current clause set
constexpr std::uint8_t kCore = 2;       // used in a conflict: needed by the refutation
constexpr std::uint8_t kAttached = 4;   // watched (size >= 2, not a tautology, active)
constexpr std::uint8_t kTautology = 8;  // contains l and ~l: always true, never stored in watches

// A clause watching literal x sits in watches_[core][x] (core clauses and the others are
// kept apart so that core-first propagation never walks past the clauses it skips). The
// blocker is another literal of the clause whose truth lets propagation skip the clause
// without reading it. For a binary clause it is the other literal, the clause is never
// read, and `clause` is its id with kBinary set; for a longer one `clause` is where its
// header (size, id) sits in the arena, just before its literals, so that propagation
// reads one place in memory.
constexpr std::uint32_t kBinary = 1U << 31;
struct Watch {
  std::uint32_t clause;
  Lit blocker;
};
constexpr std::size_t kHeader = 2;

// What the forward pass did at a step, replayed in reverse by the backward pass.
struct StepRecord {
  enum Kind : std::uint8_t { kAdd, kDelete, kIgnored } kind;
  std::uint32_t clause = kNoClause;
  std::size_t trail_before = 0;  // additions: trail length before the lemma was added
};

class Checker {
 public:
  Checker(const Cnf& formula, const DratProof& proof) : formula_(formula), proof_(proof) {}

  DratVerdict run() {
    verdict_.binary = proof_.binary;
    bool has_empty = false;
    for (const DratStep& s : proof_.steps) {
      (s.deletion ? verdict_.deletions : verdict_.lemmas)++;
      if (!s.deletion && s.size == 0) has_empty = true;
    }
    // A formula holding the empty clause is refuted as it stands (CaDiCaL then writes an
    // empty proof); any other needs the proof to add it.
    for (std::size_t c = 0; c < formula_.num_clauses() && !has_empty; ++c) has_empty = formula_.clause(c).empty();
    if (!has_empty) return fail("the proof does not add the empty clause", 0);
    number_variables();
    load_formula();
    std::uint32_t conflict = propagate_all();
    std::size_t conflict_step = kNoStep;
    for (std::size_t s = 0; conflict == kNoClause && s < proof_.steps.size(); ++s) {
      conflict = forward(s);
      if (conflict != kNoClause) conflict_step = s;
    }
    if (conflict == kNoClause) {
      return fail("unit propagation over the formula and all lemmas finds no conflict: the proof does not refute "
                  "the formula",
                  0);
    }
    top_ = trail_.size();
    analyze(conflict, Lit());
    if (conflict_step != kNoStep) {
      for (std::size_t s = conflict_step + 1; s-- > 0;) {
        if (!backward(s)) break;
      }
    }
    if (verdict_.message.empty()) verdict_.verified = true;
    return verdict_;
  }

 private:
  // --- variables and literals -------------------------------------------------------

  // Variables of the formula keep their numbers; variables that only the proof uses (RAT
  // steps may introduce them) are numbered densely after them, so memory follows the
  // proof's size and not the largest number written in it.
  void number_variables() {
    num_vars_ = formula_.num_vars();
    std::unordered_map<std::int32_t, std::int32_t> extra;
    proof_lits_.reserve(proof_.literals.size());
    for (std::int32_t d : proof_.literals) {
      std::int32_t v = d < 0 ? -d : d;
      if (v > formula_.num_vars()) {
        auto [it, inserted] = extra.try_emplace(v, num_vars_ + 1);
        if (inserted) ++num_vars_;
        v = it->second;
      }
      proof_lits_.push_back(Lit(Var(v), d < 0));
    }
    auto n = static_cast<std::size_t>(num_vars_) + 1;
    value_.assign(2 * n, 0);
    watches_[0].resize(2 * n);
    watches_[1].resize(2 * n);
    stamp_.assign(2 * n, 0);
    reason_.assign(n, kNoClause);
    position_.assign(n, 0);
    cone_done_.assign(n, 0);
    seen_.assign(n, 0);
  }

  std::int8_t value(Lit l) const { return value_[l.code()]; }

  void assign(Lit l, std::uint32_t reason) {
    value_[l.code()] = 1;
    value_[(~l).code()] = -1;
    auto v = static_cast<std::size_t>(l.var().id());
    reason_[v] = reason;
    position_[v] = trail_.size();
    trail_.push_back(l);
  }

  // Unassigns everything past the first `size` trail literals.
  void backtrack(std::size_t size) {
    while (trail_.size() > size) {
      Lit l = trail_.back();
      trail_.pop_back();
      value_[l.code()] = value_[(~l).code()] = 0;
      auto v = static_cast<std::size_t>(l.var().id());
      reason_[v] = kNoClause;
      cone_done_[v] = 0;
    }
    if (head_ > size) head_ = size;
  }

  // --- clauses ----------------------------------------------------------------------

  std::span<Lit> lits(std::uint32_t c) { return {arena_.data() + begin_[c], size_[c]}; }

  // Stores a clause without its repeated literals; flags tautologies.
  std::uint32_t store(std::span<const Lit> clause, bool lemma) {
    auto id = static_cast<std::uint32_t>(begin_.size());
    if (arena_.size() + clause.size() + kHeader >= kBinary || id >= kBinary) {
      throw InputError("the formula and proof are too large for the checker (over 2^31 literals or clauses)");
    }
    ++stamp_round_;
    std::uint8_t flags = 0;
    arena_.push_back(Lit());
    arena_.push_back(Lit::from_code(id));
    std::size_t begin = arena_.size();
    for (Lit l : clause) {
      if (stamp_[l.code()] == stamp_round_) continue;
      if (stamp_[(~l).code()] == stamp_round_) flags |= kTautology;
      stamp_[l.code()] = stamp_round_;
      arena_.push_back(l);
    }
    begin_.push_back(begin);
    size_.push_back(static_cast<std::uint32_t>(arena_.size() - begin));
    arena_[begin - kHeader] = Lit::from_code(size_.back());
    flags_.push_back(flags);
    lemma_.push_back(lemma);
    return id;
  }

  // Order-independent, so that `d 2 1 0` finds the clause added as `1 2 0`.
  std::uint64_t hash(std::span<const Lit> clause) const {
    std::uint64_t sum = 0, x = 0;
    for (Lit l : clause) {
      std::uint64_t h = (l.code() + 0x9e3779b97f4a7c15ULL) * 0xbf58476d1ce4e5b9ULL;
      h ^= h >> 31;
      sum += h;
      x ^= h * 0x94d049bb133111ebULL;
    }
    return sum ^ (x << 1) ^ clause.size();
  }

  void index(std::uint32_t c) {
    std::uint64_t h = hash(lits(c));
    auto [it, inserted] = buckets_.try_emplace(h, c);
    if (next_.size() <= c) next_.resize(c + 1, kNoClause);
    next_[c] = inserted ? kNoClause : it->second;
    it->second = c;
  }

  // The active stored clause with exactly the literals of `clause` (as a set), preferring
  // one that is not the reason of an assigned literal; removed from the index.
  std::uint32_t find_and_unindex(std::span<const Lit> clause) {
    std::span<const Lit> distinct = dedup(clause);  // leaves exactly these literals stamped
    auto it = buckets_.find(hash(distinct));
    if (it == buckets_.end()) return kNoClause;
    std::uint32_t found = kNoClause, found_prev = kNoClause;
    for (std::uint32_t prev = kNoClause, c = it->second; c != kNoClause; prev = c, c = next_[c]) {
      if (size_[c] != distinct.size()) continue;
      bool same = true;
      for (Lit l : lits(c)) same = same && stamp_[l.code()] == stamp_round_;
      if (!same) continue;
      if (found == kNoClause || is_reason(found)) {
        found = c;
        found_prev = prev;
      }
      if (!is_reason(found)) break;
    }
    if (found == kNoClause) return kNoClause;
    if (found_prev == kNoClause) {
      if (next_[found] == kNoClause) {
        buckets_.erase(it);
      } else {
        it->second = next_[found];
      }
    } else {
      next_[found_prev] = next_[found];
    }
    return found;
  }

  std::span<const Lit> dedup(std::span<const Lit> clause) {
    dedup_.clear();
    ++stamp_round_;
    for (Lit l : clause) {
      if (stamp_[l.code()] != stamp_round_) dedup_.push_back(l);
      stamp_[l.code()] = stamp_round_;
    }
    return dedup_;
  }

  bool is_reason(std::uint32_t c) {
    for (Lit l : lits(c)) {
      if (value(l) > 0 && reason_[static_cast<std::size_t>(l.var().id())] == c) return true;
    }
    return false;
  }

  // Puts the two best literals to watch first: true, then unassigned, then false ones
  // assigned last (so that undoing the trail never leaves a false watch with its partner
  // unassigned).
  void order_watches(std::span<Lit> c) {
    auto rank = [this](Lit l) -> std::uint64_t {
      std::int8_t v = value(l);
      if (v > 0) return std::numeric_limits<std::uint64_t>::max();
      if (v == 0) return std::numeric_limits<std::uint64_t>::max() - 1;
      return position_[static_cast<std::size_t>(l.var().id())];
    };
    for (std::size_t w = 0; w < 2; ++w) {
      std::size_t best = w;
      for (std::size_t k = w + 1; k < c.size(); ++k) {
        if (rank(c[k]) > rank(c[best])) best = k;
      }
      std::swap(c[w], c[best]);
    }
  }

  std::vector<std::vector<Watch>>& watch_lists(std::uint32_t c) { return watches_[(flags_[c] & kCore) ? 1 : 0]; }

  std::uint32_t watch_tag(std::uint32_t c) const {
    return size_[c] == 2 ? c | kBinary : static_cast<std::uint32_t>(begin_[c] - kHeader);
  }

  void attach(std::uint32_t c) {
    std::span<Lit> l = lits(c);
    std::uint32_t tag = watch_tag(c);
    auto& lists = watch_lists(c);
    lists[l[0].code()].push_back({tag, l[1]});
    lists[l[1].code()].push_back({tag, l[0]});
    flags_[c] |= kAttached;
  }

  void detach(std::uint32_t c) {
    std::span<Lit> l = lits(c);
    auto& lists = watch_lists(c);
    std::uint32_t tag = watch_tag(c);
    for (Lit w : {l[0], l[1]}) {
      auto& ws = lists[w.code()];
      for (std::size_t i = 0; i < ws.size(); ++i) {
        if (ws[i].clause == tag) {
          ws[i] = ws.back();
          ws.pop_back();
          break;
        }
      }
    }
    flags_[c] &= static_cast<std::uint8_t>(~kAttached);
  }

  // Makes clause c part of the clause set at the top level: watched, and its unit
  // literal assigned. Returns c when the assignment falsifies it.
  std::uint32_t activate(std::uint32_t c) {
    flags_[c] |= kActive;
    if (flags_[c] & kTautology) return kNoClause;
    std::span<Lit> l = lits(c);
    if (l.empty()) return c;
    if (l.size() >= 2) {
      order_watches(l);
      attach(c);
      if (value(l[1]) >= 0) return kNoClause;
    }
    if (value(l[0]) > 0) return kNoClause;
    if (value(l[0]) < 0) return c;
    assign(l[0], c);
    return kNoClause;
  }

  void deactivate(std::uint32_t c) {
    if (flags_[c] & kAttached) detach(c);
    flags_[c] &= static_cast<std::uint8_t>(~kActive);
  }

  void load_formula() {
    std::uint32_t conflict = kNoClause;
    for (std::span<const Lit> clause : formula_.clauses()) {
      std::uint32_t c = store(clause, false);
      if (!(flags_[c] & kTautology)) index(c);
      std::uint32_t falsified = activate(c);
      if (conflict == kNoClause) conflict = falsified;
    }
    formula_conflict_ = conflict;
  }

  // --- unit propagation -------------------------------------------------------------

  // Visits the clauses of one watch list (core or not) watching `false_lit`, which has
  // just become false. With stop_at_assignment, returns after the first assignment so
  // that core-first propagation goes back to core clauses at once.
  std::uint32_t propagate_literal(Lit false_lit, bool core, bool stop_at_assignment) {
    auto& ws = watches_[core ? 1 : 0][false_lit.code()];
    std::size_t i = 0, j = 0, n = ws.size();
    std::uint32_t conflict = kNoClause;
    while (i < n) {
      Watch w = ws[i];
      std::int8_t blocker = value(w.blocker);
      if (blocker > 0) {
        ws[j++] = ws[i++];
        continue;
      }
      if (w.clause & kBinary) {
        ws[j++] = ws[i++];
        if (blocker < 0) {
          conflict = w.clause & ~kBinary;
          break;
        }
        assign(w.blocker, w.clause & ~kBinary);
        if (stop_at_assignment) break;
        continue;
      }
      Lit* header = arena_.data() + w.clause;
      Lit* c = header + kHeader;
      if (c[0] == false_lit) std::swap(c[0], c[1]);
      Lit first = c[0];
      if (first != w.blocker && value(first) > 0) {
        ws[j++] = {w.clause, first};
        ++i;
        continue;
      }
      std::uint32_t size = header[0].code();
      bool moved = false;
      for (std::uint32_t k = 2; k < size; ++k) {
        if (value(c[k]) >= 0) {
          c[1] = c[k];
          c[k] = false_lit;
          watches_[core ? 1 : 0][c[1].code()].push_back({w.clause, first});
          moved = true;
          break;
        }
      }
      ++i;
      if (moved) continue;
      ws[j++] = w;
      std::uint32_t id = header[1].code();
      if (value(first) < 0) {
        conflict = id;
        break;
      }
      assign(first, id);
      if (stop_at_assignment) break;
    }
    if (j < i) {
      while (i < n) ws[j++] = ws[i++];
      ws.resize(j);
    }
    return conflict;
  }

  // Top-level propagation over every clause, from head_ on.
  std::uint32_t propagate_all() {
    if (formula_conflict_ != kNoClause) return formula_conflict_;
    while (head_ < trail_.size()) {
      Lit false_lit = ~trail_[head_++];
      std::uint32_t conflict = propagate_literal(false_lit, true, false);
      if (conflict == kNoClause) conflict = propagate_literal(false_lit, false, false);
      if (conflict != kNoClause) return conflict;
    }
    return kNoClause;
  }

  // Propagation of the assumptions above the top level, core clauses first: a non-core
  // clause is used only when the core ones have nothing more to say.
  std::uint32_t propagate_core_first() {
    std::size_t core_head = head_, other_head = head_;
    while (true) {
      while (core_head < trail_.size()) {
        std::uint32_t conflict = propagate_literal(~trail_[core_head++], true, false);
        if (conflict != kNoClause) return conflict;
      }
      if (other_head == trail_.size()) return kNoClause;
      std::size_t before = trail_.size();
      std::uint32_t conflict = propagate_literal(~trail_[other_head], false, true);
      if (conflict != kNoClause) return conflict;
      if (trail_.size() == before) ++other_head;
    }
  }

  void mark_core(std::uint32_t c) {
    if (flags_[c] & kCore) return;
    bool attached = (flags_[c] & kAttached) != 0;
    if (attached) detach(c);
    flags_[c] |= kCore;
    if (attached) attach(c);
    if (lemma_[c]) ++verdict_.core_lemmas;
  }

  // Marks as core every clause in the implication graph behind the conflict clause (or,
  // with conflict == kNoClause, behind the literal `implied`). Top-level literals whose
  // cone is already marked are not walked again.
  void analyze(std::uint32_t conflict, Lit implied) {
    stack_.clear();
    if (conflict != kNoClause) {
      mark_core(conflict);
      for (Lit l : lits(conflict)) stack_.push_back(l.var().id());
    } else {
      stack_.push_back(implied.var().id());
    }
    seen_list_.clear();
    while (!stack_.empty()) {
      auto v = static_cast<std::size_t>(stack_.back());
      stack_.pop_back();
      if (seen_[v]) continue;
      seen_[v] = 1;
      seen_list_.push_back(v);
      std::uint32_t r = reason_[v];
      if (r == kNoClause) continue;
      if (position_[v] < top_) {
        if (cone_done_[v]) continue;
        cone_done_[v] = 1;
      }
      mark_core(r);
      for (Lit l : lits(r)) {
        if (static_cast<std::size_t>(l.var().id()) != v) stack_.push_back(l.var().id());
      }
    }
    for (std::size_t v : seen_list_) seen_[v] = 0;
  }

  // --- the checks -------------------------------------------------------------------

  // Reverse unit propagation: assigning every literal of `clause` false and propagating
  // reaches a conflict. The clauses used are marked core. Leaves the trail as it found it.
  bool rup(std::span<const Lit> clause) {
    top_ = trail_.size();
    bool ok = false;
    for (Lit l : clause) {
      std::int8_t v = value(l);
      if (v > 0) {
        // True at the top level: the clause is implied by l's reasons. (True above it only
        // for a tautology, which holds without any clause.)
        if (position_[static_cast<std::size_t>(l.var().id())] < top_) analyze(kNoClause, l);
        ok = true;
        break;
      }
      if (v == 0) assign(~l, kNoClause);
    }
    if (!ok) {
      std::uint32_t conflict = propagate_core_first();
      if (conflict != kNoClause) {
        analyze(conflict, Lit());
        ok = true;
      }
    }
    backtrack(top_);
    return ok;
  }

  // Resolution asymmetric tautology on `pivot`: every resolvent of the lemma with an
  // active clause containing ~pivot is RUP (or a tautology).
  bool rat(std::uint32_t lemma, Lit pivot) {
    if (occurrences_.empty()) index_occurrences();
    std::vector<Lit> lemma_lits(lits(lemma).begin(), lits(lemma).end());
    std::vector<Lit> resolvent;
    for (std::uint32_t c : occurrences_[(~pivot).code()]) {
      if (!(flags_[c] & kActive) || (flags_[c] & kTautology)) continue;
      std::span<Lit> d = lits(c);
      ++stamp_round_;
      for (Lit l : lemma_lits) stamp_[l.code()] = stamp_round_;
      resolvent = lemma_lits;
      bool tautology = false;
      for (Lit l : d) {
        if (l == ~pivot) continue;
        if (stamp_[(~l).code()] == stamp_round_) tautology = true;
        resolvent.push_back(l);
      }
      if (!tautology && !rup(resolvent)) return false;
    }
    return true;
  }

  // The clauses holding each literal, built at the first RAT check (most proofs have
  // none). Literal sets never change, so the lists stay true; activity is tested on use.
  void index_occurrences() {
    occurrences_.resize(value_.size());
    for (std::uint32_t c = 0; c < begin_.size(); ++c) {
      for (Lit l : lits(c)) occurrences_[l.code()].push_back(c);
    }
  }

  // Forward pass, step s: adds or deletes at the top level. Returns the conflict clause
  // when unit propagation now refutes the clause set.
  std::uint32_t forward(std::size_t s) {
    const DratStep& step = proof_.steps[s];
    std::span<const Lit> clause(proof_lits_.data() + step.begin, step.size);
    StepRecord record{StepRecord::kIgnored, kNoClause, trail_.size()};
    if (!step.deletion) {
      std::uint32_t c = store(clause, true);
      if (!(flags_[c] & kTautology)) index(c);
      record = {StepRecord::kAdd, c, trail_.size()};
      records_.push_back(record);
      std::uint32_t conflict = activate(c);
      return conflict != kNoClause ? conflict : propagate_all();
    }
    std::uint32_t c = find_and_unindex(clause);
    if (c == kNoClause || is_reason(c)) {
      // Absent, or a unit clause: ignored (see the header). A reason stays indexed.
      if (c != kNoClause) index(c);
      ++verdict_.ignored_deletions;
    } else {
      deactivate(c);
      record = {StepRecord::kDelete, c, trail_.size()};
    }
    records_.push_back(record);
    return kNoClause;
  }

  // Backward pass, step s: undoes it, and checks it when it is a core lemma.
  bool backward(std::size_t s) {
    const StepRecord& record = records_[s];
    if (record.kind == StepRecord::kIgnored) return true;
    std::uint32_t c = record.clause;
    if (record.kind == StepRecord::kDelete) {
      // The clause was neither a reason nor unit when deleted, and the trail is as it was
      // then: it gets two non-false watches or is satisfied.
      flags_[c] |= kActive;
      if (size_[c] >= 2) {
        order_watches(lits(c));
        assert(value(lits(c)[0]) > 0 || value(lits(c)[1]) >= 0);
        attach(c);
      }
      return true;
    }
    deactivate(c);
    backtrack(record.trail_before);
    head_ = trail_.size();
    if (!(flags_[c] & kCore)) return true;
    if (rup(lits(c))) return true;
    const DratStep& step = proof_.steps[s];
    if (step.size > 0 && rat(c, proof_lits_[step.begin])) return true;
    std::string where = "step " + std::to_string(s + 1);
    if (!proof_.binary) where += " (line " + std::to_string(step.line) + ")";
    if (step.size == 0) {
      fail(where + ": the empty clause does not follow by unit propagation", step.line);
    } else {
      fail(where + ": lemma " + describe(step) + " is neither RUP nor RAT on its first literal", step.line);
    }
    return false;
  }

  std::string describe(const DratStep& step) const {
    std::string out;
    for (std::uint32_t i = 0; i < step.size; ++i) {
      if (i == 16) return out + " ... (" + std::to_string(step.size) + " literals)";
      if (i) out += ' ';
      out += std::to_string(proof_.literals[step.begin + i]);
    }
    return out;
  }

  DratVerdict fail(std::string message, std::size_t line) {
    verdict_.verified = false;
    verdict_.message = std::move(message);
    verdict_.failed_line = line;
    return verdict_;
  }

  const Cnf& formula_;
  const DratProof& proof_;
  DratVerdict verdict_;

  int num_vars_ = 0;
  std::vector<Lit> proof_lits_;  // proof_.literals renumbered

  // Clauses: formula clauses first, then lemmas in proof order.
  std::vector<Lit> arena_;
  std::vector<std::size_t> begin_;
  std::vector<std::uint32_t> size_;
  std::vector<std::uint8_t> flags_;
  std::vector<bool> lemma_;
  std::uint32_t formula_conflict_ = kNoClause;

  // Deletion lookup: hash of the literal set -> chain of clauses through next_.
  std::unordered_map<std::uint64_t, std::uint32_t> buckets_;
  std::vector<std::uint32_t> next_;

  // Assignment, by literal code / variable.
  std::vector<std::int8_t> value_;
  std::vector<std::vector<Watch>> watches_[2];  // [core][literal]
  std::vector<std::uint32_t> reason_;
  std::vector<std::size_t> position_;
  std::vector<std::uint8_t> cone_done_;
  std::vector<Lit> trail_;
  std::size_t head_ = 0;  // trail literals before head_ have been propagated at the top level
  std::size_t top_ = 0;   // trail length of the top level during a check

  std::vector<StepRecord> records_;
  std::vector<std::vector<std::uint32_t>> occurrences_;  // [literal]: clause ids, for RAT

  // Scratch.
  std::vector<std::uint32_t> stamp_;
  std::uint32_t stamp_round_ = 0;
  std::vector<Lit> dedup_;
  std::vector<std::int32_t> stack_;
  std::vector<std::uint8_t> seen_;
  std::vector<std::size_t> seen_list_;
};

}  // namespace

DratVerdict check_drat(const Cnf& formula, std::string_view proof, const std::string& proof_name) {
  return check_drat(formula, parse_drat(proof, proof_name));
}

DratVerdict check_drat(const Cnf& formula, const DratProof& proof) { return Checker(formula, proof).run(); }

std::uint64_t drat_check_bytes(const Cnf& formula, const DratProof& proof) {
  // Per literal: renumbered copy, arena, watches and occurrence lists; per clause: its
  // header, index, flags, hash entry and step record; per variable: assignment, the four
  // watch lists and the renumbering entry.
  std::uint64_t literals = proof.literals.size() + formula.num_literals();
  std::uint64_t clauses = proof.steps.size() + formula.num_clauses();
  std::uint64_t vars = static_cast<std::uint64_t>(formula.num_vars()) + 1;
  for (std::int32_t d : proof.literals) vars += d > formula.num_vars() || -d > formula.num_vars();  // fresh: at most
  return literals * 20 + clauses * 96 + vars * 192;
}

}  // namespace puzzlesat::sat
