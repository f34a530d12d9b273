#include <puzzlesat/drat_checker.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <puzzlesat/input_error.h>
#include "sat/brute_force.h"
#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_proof.h>
#include "sat/generators.h"
#include "tests/cadical_proof.h"

using namespace puzzlesat::sat;
using puzzlesat::testing::cadical_proof;

namespace {

Cnf formula(const std::string& dimacs) { return read_dimacs(dimacs, "formula"); }

// The text proof's steps as lines (CaDiCaL writes one step per line).
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The 2-variable formula with all four clauses: UNSAT, and its textbook proof.
const char* kAllFour = "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n";

// All eight 3-clauses over 1, 2, 3 (UNSAT, yet no single literal propagates to a
// conflict) and (1 ∨ 6 ∨ 7), whose resolvents on 1 are not RUP.
const char* kEight = "p cnf 7 9\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n"
                     "-1 -2 -3 0\n1 6 7 0\n";
// Variable 5 (unused by the formula) defined as a copy of 1 by two RAT steps that are
// not RUP, then the refutation through 5.
const char* kExtension = "-5 1 0\n5 -1 0\n5 2 0\n5 -2 0\n5 0\n-5 2 0\n0\n";

}  // namespace

TEST_CASE("check_drat verifies a hand-written RUP proof and counts its steps", "[sat][drat]") {
  // Unit propagation refutes the clauses once `2` is added: the final `0` is not needed.
  DratVerdict v = check_drat(formula(kEight), "1 2 0\nd 1 2 3 0\n1 0\n2 0\n0\n");
  INFO(v.message);
  CHECK(v.verified);
  CHECK(v.message.empty());
  CHECK(v.failed_line == 0);
  CHECK(v.lemmas == 4);
  CHECK(v.deletions == 1);
  CHECK(v.ignored_deletions == 0);
  CHECK(v.core_lemmas == 3);
  CHECK_FALSE(v.binary);

  // Deleting the clause `1 0` needs (1 ∨ 2 ∨ 3 is gone too) breaks the proof.
  v = check_drat(formula(kEight), "1 2 0\nd 1 2 3 0\nd 2 1 0\n1 0\n2 0\n0\n");
  CHECK_FALSE(v.verified);
  CHECK(v.message == "step 4 (line 4): lemma 1 is neither RUP nor RAT on its first literal");
}

TEST_CASE("check_drat rejects a proof without the empty clause or with a wrong lemma", "[sat][drat]") {
  Cnf f = formula(kAllFour);
  DratVerdict v = check_drat(f, "1 0\n");
  CHECK_FALSE(v.verified);
  CHECK_THAT(v.message, Catch::Contains("does not add the empty clause"));
  CHECK(v.failed_line == 0);

  v = check_drat(f, "");
  CHECK_FALSE(v.verified);
  // A formula with the empty clause needs no step (CaDiCaL's proof of it is empty).
  v = check_drat(formula("p cnf 2 2\n1 2 0\n0\n"), "");
  CHECK(v.verified);
  CHECK(v.lemmas == 0);

  // The empty clause alone does not follow by unit propagation here.
  v = check_drat(f, "c nothing learnt\n0\n");
  CHECK_FALSE(v.verified);
  CHECK(v.message == "step 1 (line 2): the empty clause does not follow by unit propagation");
  CHECK(v.failed_line == 2);

  // A lemma that is neither RUP nor RAT: (1 ∨ 2) ∧ (¬1 ∨ ¬2) does not imply 1.
  Cnf g = formula("p cnf 2 2\n1 2 0\n-1 -2 0\n");
  v = check_drat(g, "\n1 0\n-1 0\n0\n");
  CHECK_FALSE(v.verified);
  CHECK(v.message.find("is neither RUP nor RAT") != std::string::npos);
}

TEST_CASE("check_drat accepts RAT lemmas, on their first literal only", "[sat][drat]") {
  Cnf f = formula(kEight);
  DratVerdict v = check_drat(f, kExtension);
  INFO(v.message);
  CHECK(v.verified);
  CHECK(v.core_lemmas == 6);

  // The same clause 5 ∨ ¬1 written with ¬1 first: not RUP, and not RAT on ¬1 (its
  // resolvent with 1 ∨ 6 ∨ 7 is not RUP), though it is RAT on 5.
  std::string swapped = kExtension;
  swapped.replace(swapped.find("5 -1 0"), 6, "-1 5 0");
  v = check_drat(f, swapped);
  CHECK_FALSE(v.verified);
  CHECK(v.message == "step 2 (line 2): lemma -1 5 is neither RUP nor RAT on its first literal");
  CHECK(v.failed_line == 2);

  // Without the definition of 5 as 1, 5 is not known to imply 1.
  std::string undefined = kExtension;
  undefined.erase(0, undefined.find('\n') + 1);
  v = check_drat(f, undefined);
  CHECK_FALSE(v.verified);
}

TEST_CASE("check_drat verifies CaDiCaL's text and binary proofs of pigeonhole formulas", "[sat][drat]") {
  for (int holes = 2; holes <= 7; ++holes) {
    Cnf php = pigeonhole(holes + 1, holes);
    for (bool binary : {false, true}) {
      INFO("php " << holes + 1 << "-" << holes << (binary ? " binary" : " text"));
      auto run = cadical_proof(php, binary);
      REQUIRE(run.status == 20);
      CHECK(is_binary_drat(run.proof) == binary);
      DratVerdict v = check_drat(php, run.proof);
      INFO(v.message);
      CHECK(v.verified);
      CHECK(v.binary == binary);
      CHECK(v.core_lemmas <= v.lemmas);
    }
  }
}

TEST_CASE("check_drat verifies CaDiCaL's proofs of random UNSAT 3-SAT, and they agree with brute force",
          "[sat][drat]") {
  std::mt19937_64 rng(17);
  int unsat = 0;
  for (int i = 0; i < 60; ++i) {
    int n = 10 + i % 8;
    Cnf cnf = random_ksat(rng, n, 5 * n);
    auto run = cadical_proof(cnf, i % 2 == 1);
    bool really_unsat = all_models(cnf).empty();
    REQUIRE(run.status == (really_unsat ? 20 : 10));
    DratVerdict v = check_drat(cnf, run.proof);
    INFO("formula " << i << ": " << v.message);
    // Verified exactly when the formula is UNSAT: a SAT run's proof has no empty clause.
    CHECK(v.verified == really_unsat);
    unsat += really_unsat;
  }
  CHECK(unsat > 20);
}

TEST_CASE("check_drat rejects CaDiCaL proofs with the empty clause removed, moved or needed steps broken",
          "[sat][drat]") {
  for (int holes = 3; holes <= 6; ++holes) {
    Cnf php = pigeonhole(holes + 1, holes);
    auto run = cadical_proof(php, false);
    REQUIRE(run.status == 20);
    std::vector<std::string> lines = lines_of(run.proof);
    REQUIRE(lines.back() == "0");
    REQUIRE(check_drat(php, run.proof).verified);
    INFO("php " << holes + 1 << "-" << holes << ", " << lines.size() << " proof lines");

    // Without the empty clause the proof claims nothing.
    auto tampered = lines;
    tampered.pop_back();
    DratVerdict v = check_drat(php, join(tampered));
    CHECK_FALSE(v.verified);
    CHECK_THAT(v.message, Catch::Contains("does not add the empty clause"));

    // The empty clause first: unit propagation on the pigeonhole clauses (no units) finds
    // no conflict, so it does not follow.
    tampered = lines;
    tampered.pop_back();
    tampered.insert(tampered.begin(), "0");
    v = check_drat(php, join(tampered));
    CHECK_FALSE(v.verified);
    CHECK(v.message == "step 1 (line 1): the empty clause does not follow by unit propagation");

    // Every formula clause deleted before the first lemma: what remains is satisfiable,
    // so no proof can be valid (deleting a unit would be ignored; php has none).
    std::vector<std::string> deletions;
    for (auto clause : php.clauses()) {
      std::string d = "d";
      for (Lit l : clause) d += " " + std::to_string(l.to_dimacs());
      deletions.push_back(d + " 0");
    }
    tampered = lines;
    tampered.insert(tampered.begin(), deletions.begin(), deletions.end());
    v = check_drat(php, join(tampered));
    CHECK_FALSE(v.verified);

  }
}


// A deliberately plain forward checker, the oracle for tampered proofs: it checks EVERY
// lemma up to the first top-level conflict (RUP, else RAT on the first literal) with
// naive unit propagation over a list of clauses, and applies every deletion. What it
// accepts, check_drat must accept (check_drat checks fewer lemmas, keeps more clauses).
class NaiveChecker {
 public:
  explicit NaiveChecker(const Cnf& f) : value_(static_cast<std::size_t>(f.num_vars()) + 1, 0) {
    for (auto c : f.clauses()) {
      std::vector<int> clause;
      for (Lit l : c) clause.push_back(l.to_dimacs());
      clauses_.push_back(clause);
    }
  }

  bool accepts(const std::vector<std::string>& proof) {
    bool has_empty = false;
    std::vector<std::vector<int>> steps;
    std::vector<bool> deletion;
    for (const std::string& line : proof) {
      std::istringstream in(line);
      std::vector<int> lits;
      std::string token;
      bool d = false;
      while (in >> token) {
        if (token == "d") {
          d = true;
        } else if (token != "0") {
          lits.push_back(std::stoi(token));
        }
      }
      has_empty = has_empty || (!d && lits.empty());
      steps.push_back(lits);
      deletion.push_back(d);
    }
    if (!has_empty) return false;
    if (conflict({})) return true;
    for (std::size_t i = 0; i < steps.size(); ++i) {
      if (deletion[i]) {
        auto same = [&](const std::vector<int>& c) { return sorted(c) == sorted(steps[i]); };
        auto it = std::find_if(clauses_.begin(), clauses_.end(), same);
        if (it != clauses_.end()) clauses_.erase(it);
        continue;
      }
      if (!rup(steps[i]) && (steps[i].empty() || !rat(steps[i]))) return false;
      clauses_.push_back(steps[i]);
      if (conflict({})) return true;
    }
    return false;
  }

 private:
  static std::vector<int> sorted(std::vector<int> c) {
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    return c;
  }

  int value(int lit) const {
    int v = value_[static_cast<std::size_t>(std::abs(lit))];
    return lit > 0 ? v : -v;
  }

  // Whether unit propagation from the assumptions reaches a conflict.
  bool conflict(const std::vector<int>& assumptions) {
    std::fill(value_.begin(), value_.end(), 0);
    for (int a : assumptions) {
      if (value(a) < 0) return true;
      value_[static_cast<std::size_t>(std::abs(a))] = a > 0 ? 1 : -1;
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto& c : clauses_) {
        int open = 0, last = 0;
        bool satisfied = false;
        for (int l : c) {
          if (value(l) > 0) satisfied = true;
          if (value(l) == 0) ++open, last = l;
        }
        if (satisfied) continue;
        if (open == 0) return true;
        if (open == 1) {
          value_[static_cast<std::size_t>(std::abs(last))] = last > 0 ? 1 : -1;
          changed = true;
        }
      }
    }
    return false;
  }

  bool rup(const std::vector<int>& lemma) {
    std::vector<int> negated;
    for (int l : lemma) negated.push_back(-l);
    return conflict(negated);
  }

  bool rat(const std::vector<int>& lemma) {
    int pivot = lemma[0];
    auto clauses = clauses_;
    for (const auto& d : clauses) {
      if (std::find(d.begin(), d.end(), -pivot) == d.end()) continue;
      std::vector<int> resolvent = lemma;
      bool tautology = false;
      for (int l : d) {
        if (l == -pivot) continue;
        tautology = tautology || std::find(lemma.begin(), lemma.end(), -l) != lemma.end();
        resolvent.push_back(l);
      }
      if (!tautology && !rup(resolvent)) return false;
    }
    return true;
  }

  std::vector<std::vector<int>> clauses_;
  std::vector<int> value_;
};

TEST_CASE("check_drat rejects CaDiCaL proofs with a step deleted, altered or moved, and agrees with a plain checker",
          "[sat][drat]") {
  // Every single-step tampering of small proofs: each rejection must be confirmed by the
  // plain forward checker (no false alarms), and each kind must catch real breakage.
  std::mt19937_64 rng(3);
  std::vector<Cnf> formulas = {pigeonhole(4, 3), pigeonhole(5, 4)};
  while (formulas.size() < 6) {
    Cnf cnf = random_ksat(rng, 12, 60);
    if (all_models(cnf).empty()) formulas.push_back(cnf);
  }
  int tampered_proofs = 0, rejected[3] = {0, 0, 0};
  for (const Cnf& cnf : formulas) {
    auto run = cadical_proof(cnf, false);
    REQUIRE(run.status == 20);
    std::vector<std::string> lines = lines_of(run.proof);
    REQUIRE(NaiveChecker(cnf).accepts(lines));
    REQUIRE(check_drat(cnf, run.proof).verified);
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
      if (lines[i].rfind("d ", 0) == 0) continue;
      std::vector<std::string> deleted = lines, altered = lines, moved = lines;
      deleted.erase(deleted.begin() + static_cast<std::ptrdiff_t>(i));
      altered[i] = lines[i][0] == '-' ? lines[i].substr(1) : "-" + lines[i];  // first literal negated
      std::swap(moved[i], moved[i + 1]);
      int kind = 0;
      for (const auto* tampered : {&deleted, &altered, &moved}) {
        DratVerdict v = check_drat(cnf, join(*tampered));
        INFO("step " << i + 1 << " kind " << kind << ": " << v.message);
        if (!v.verified) {
          CHECK_FALSE(NaiveChecker(cnf).accepts(*tampered));
          CHECK(v.message.rfind("step ", 0) == 0);
          CHECK(v.failed_line >= 1);
          CHECK(v.failed_line <= tampered->size());
          ++rejected[kind];
        }
        ++kind;
        ++tampered_proofs;
      }
    }
  }
  INFO(tampered_proofs << " tampered proofs");
  CHECK(rejected[0] > 20);
  CHECK(rejected[1] > 20);
  CHECK(rejected[2] > 20);
}

TEST_CASE("check_drat never verifies a proof for a satisfiable formula (brute-force cross-check)",
          "[sat][drat]") {
  // Proofs of UNSAT random formulas, checked against the formula and against the formula
  // with a few clauses dropped. Whatever verifies must be UNSAT by brute force, and the
  // original formula's proof must verify.
  std::mt19937_64 rng(23);
  int verified = 0, rejected_sat = 0;
  for (int i = 0; i < 120; ++i) {
    int n = 8 + i % 7;
    Cnf cnf = random_ksat(rng, n, 6 * n);
    if (!all_models(cnf).empty()) continue;
    auto run = cadical_proof(cnf, i % 3 == 0);
    REQUIRE(run.status == 20);
    REQUIRE(check_drat(cnf, run.proof).verified);
    for (int drop = 1; drop <= 4; ++drop) {
      Cnf weaker;
      weaker.reserve_vars(n);
      std::uniform_int_distribution<std::size_t> pick(0, cnf.num_clauses() - 1);
      std::vector<bool> dropped(cnf.num_clauses(), false);
      for (int k = 0; k < drop; ++k) dropped[pick(rng)] = true;
      for (std::size_t c = 0; c < cnf.num_clauses(); ++c) {
        if (!dropped[c]) weaker.add_clause(cnf.clause(c));
      }
      DratVerdict v = check_drat(weaker, run.proof);
      bool unsat = all_models(weaker).empty();
      INFO("formula " << i << " less " << drop << " clauses: " << v.message);
      if (v.verified) {
        CHECK(unsat);
        ++verified;
      } else if (!unsat) {
        ++rejected_sat;
      }
    }
  }
  CHECK(verified > 10);
  CHECK(rejected_sat > 10);
}

TEST_CASE("check_drat ignores deletions of unit clauses and of absent clauses, as drat-trim does", "[sat][drat]") {
  // With 1 fixed, the four clauses over 2 and 3 are UNSAT.
  Cnf f = formula("p cnf 3 5\n1 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n");
  // `2` needs the unit 1, deleted just before: the deletion is ignored.
  DratVerdict v = check_drat(f, "d 1 0\n2 0\n0\n");
  INFO(v.message);
  CHECK(v.verified);
  CHECK(v.deletions == 1);
  CHECK(v.ignored_deletions == 1);
  // Clauses that are not there are not deleted either.
  v = check_drat(f, "d 2 3 0\nd 5 0\n2 0\n0\n");
  CHECK(v.verified);
  CHECK(v.ignored_deletions == 2);
  // A non-unit clause the lemma needs is really deleted (found whatever the literal order).
  v = check_drat(f, "d 3 -1 2 0\n2 0\n0\n");
  CHECK_FALSE(v.verified);
  CHECK(v.message == "step 2 (line 2): lemma 2 is neither RUP nor RAT on its first literal");
}

TEST_CASE("check_drat takes variables the formula lacks, however large their numbers", "[sat][drat]") {
  // The extension proof with 2,000,000,000 in place of 5: memory follows the proof.
  std::string proof = kExtension;
  for (std::size_t at; (at = proof.find('5')) != std::string::npos;) proof.replace(at, 1, "2000000000");
  DratVerdict v = check_drat(formula(kEight), proof);
  INFO(v.message);
  CHECK(v.verified);
  v = check_drat(formula(kEight), "2147483647 0\n0\n");
  CHECK_FALSE(v.verified);
}
