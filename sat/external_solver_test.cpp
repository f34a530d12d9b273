#include "sat/external_solver.h"

#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include "tests/temp_file.h"

using namespace puzzlesat::sat;
using puzzlesat::testing::TempDir;

namespace {

// Whether the process is gone (or a zombie no one reaped yet, which holds nothing).
bool gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  if (!stat) return true;
  std::string line;
  std::getline(stat, line);
  std::size_t paren = line.rfind(')');
  return paren != std::string::npos && line.size() > paren + 2 && line[paren + 2] == 'Z';
}

bool gone_within(pid_t pid, std::chrono::milliseconds limit) {
  auto until = std::chrono::steady_clock::now() + limit;
  while (!gone(pid)) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

pid_t read_pid(const std::filesystem::path& file) {
  pid_t pid = 0;
  std::ifstream(file) >> pid;
  return pid;
}

}  // namespace

// The CLI blocks SIGINT/SIGTERM in every thread (InterruptGuard); a solver started from
// there must not inherit that mask, or it could never be stopped by TERM or Ctrl-C.
TEST_CASE("External solver: started with SIGINT and SIGTERM unblocked whatever the caller blocks",
          "[sat][external]") {
  TempDir dir;
  // Unblocked, the TERM ends the script before it can answer.
  auto solver = make_solver("external:" + dir.script("solver.sh", "kill -TERM $$\necho 's UNSATISFIABLE'\nexit 20\n"));
  solver->add_clause({Lit(Var(1))});
  sigset_t set, old;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, &old);
  CHECK_THROWS_WITH(solver->solve(), Catch::Contains("failed"));
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

TEST_CASE("External solver: a timeout kills the whole process group, not only the direct child",
          "[sat][external]") {
  TempDir dir;
  auto pid_file = dir.path() / "child.pid";
  auto solver = make_solver("external:" + dir.script("solver.sh", "sleep 300 &\necho $! > " + pid_file.string() + "\nwait\n"));
  solver->add_clause({Lit(Var(1))});
  solver->set_budget({.conflicts = {}, .seconds = 0.3});
  CHECK(solver->solve() == Status::unknown);
  pid_t child = read_pid(pid_file);
  REQUIRE(child > 0);
  CHECK(gone_within(child, std::chrono::seconds(2)));
  if (!gone(child)) kill(child, SIGKILL);
}

TEST_CASE("External solver: no process it started outlives an answered solve", "[sat][external]") {
  TempDir dir;
  auto pid_file = dir.path() / "child.pid";
  auto solver = make_solver("external:" + 
      dir.script("solver.sh", "sleep 300 &\necho $! > " + pid_file.string() + "\necho 's UNSATISFIABLE'\nexit 20\n"));
  solver->add_clause({Lit(Var(1))});
  CHECK(solver->solve() == Status::unknown);  // answered, though an UNSAT without proof is not believed
  pid_t child = read_pid(pid_file);
  REQUIRE(child > 0);
  CHECK(gone_within(child, std::chrono::seconds(2)));
  if (!gone(child)) kill(child, SIGKILL);
}

TEST_CASE("External solver: two conflicting s lines are an error whatever the exit code", "[sat][external]") {
  TempDir dir;
  for (int code : {0, 10, 20}) {
    INFO("exit code " << code);
    auto solver = make_solver("external:" + 
        dir.script("solver.sh", "echo 's SATISFIABLE'\necho 'v 1 0'\necho 's UNSATISFIABLE'\nexit " + std::to_string(code) + "\n"));
    solver->add_clause({Lit(Var(1))});
    CHECK_THROWS_WITH(solver->solve(), Catch::Contains("conflicting"));
  }
  // A malformed model is not read as "no answer" and so as UNSAT by exit code 20.
  auto malformed = make_solver("external:" + dir.script("solver.sh", "echo 's SATISFIABLE'\necho 'v 1 x 0'\nexit 20\n"));
  malformed->add_clause({Lit(Var(1))});
  CHECK_THROWS_WITH(malformed->solve(), Catch::Contains("malformed"));
  // The same answer twice is still that answer (and, without a proof, an unverified one).
  auto twice = make_solver("external:" + dir.script("solver.sh", "echo 's UNSATISFIABLE'\necho 's UNSATISFIABLE'\nexit 20\n"));
  twice->add_clause({Lit(Var(1))});
  CHECK(twice->solve() == Status::unknown);
}

// Attacks on the answer: an external program can lie. Its models go through CheckedSolver
// (make_solver wraps every backend); its UNSAT counts only with a proof check_drat
// verifies.
TEST_CASE("External solver: a wrong model is an error, never an answer", "[sat][external][verify]") {
  TempDir dir;
  auto liar = make_solver("external:" + dir.script("solver.sh", "echo 's SATISFIABLE'\necho 'v 1 2 0'\nexit 10\n"));
  liar->add_clause({~Lit(Var(1)), ~Lit(Var(2))});
  CHECK_THROWS_WITH(liar->solve(), Catch::Contains("violates clause 1"));
  // A model that satisfies the clauses but not an assumption is wrong too.
  auto ignores = make_solver("external:" + dir.script("solver.sh", "echo 's SATISFIABLE'\necho 'v 1 -2 0'\nexit 10\n"));
  ignores->add_clause({Lit(Var(1)), Lit(Var(2))});
  CHECK_THROWS_WITH(ignores->solve({Lit(Var(2))}), Catch::Contains("violates assumption 2"));
}

TEST_CASE("External solver: UNSAT counts only with a DRAT proof that verifies", "[sat][external][verify]") {
  TempDir dir;
  // x1 or x2: satisfiable, so any UNSAT is a lie.
  auto satisfiable = [](Solver& s) { s.add_clause({Lit(Var(1)), Lit(Var(2))}); };
  auto no_proof = make_solver("external:" + dir.script("solver.sh", "echo 's UNSATISFIABLE'\nexit 20\n"));
  satisfiable(*no_proof);
  CHECK(no_proof->solve() == Status::unknown);
  // A "proof" that only claims the empty clause is not RUP, so it is refused.
  auto bogus = make_solver("external:" + dir.script("solver.sh", "printf '0\\n' > \"$1\"\necho 's UNSATISFIABLE'\nexit 20\n") +
                           " {proof}");
  satisfiable(*bogus);
  CHECK(bogus->solve() == Status::unknown);
  // No proof file at all, although one was asked for.
  auto silent = make_solver("external:" + dir.script("solver.sh", "echo 's UNSATISFIABLE'\nexit 20\n") + " {proof}");
  satisfiable(*silent);
  CHECK(silent->solve() == Status::unknown);
}

TEST_CASE("External solver: a real solver's UNSAT with a proof is believed and can be kept",
          "[sat][external][verify]") {
  if (!std::filesystem::exists("/usr/bin/cadical")) {
    WARN("SKIPPED: no cadical binary");
    return;
  }
  TempDir dir;
  auto solver = make_solver("external:cadical -q {formula} {proof}");
  std::string kept = (dir.path() / "kept.drat").string();
  solver->trace_proof({kept});
  // Pigeonhole 3 into 2 as clauses: UNSAT, with the proof checked each time.
  auto p = [](int pigeon, int hole) { return Lit(Var(pigeon * 2 + hole + 1)); };
  for (int i = 0; i < 3; ++i) solver->add_clause({p(i, 0), p(i, 1)});
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < 3; ++i)
      for (int j = i + 1; j < 3; ++j) solver->add_clause({~p(i, h), ~p(j, h)});
  // Under an assumption the proof refers to another formula, so nothing is kept yet.
  CHECK(solver->solve({p(0, 0)}) == Status::unsat);
  CHECK_FALSE(std::filesystem::exists(kept));
  CHECK(solver->solve() == Status::unsat);
  CHECK(std::filesystem::exists(kept));
}
