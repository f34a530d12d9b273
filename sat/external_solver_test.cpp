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

using namespace puzzlesat::sat;

namespace {

// A directory holding a fake solver: a shell script that gets the formula as $1.
class ScriptDir {
 public:
  ScriptDir() {
    std::string templ = (std::filesystem::temp_directory_path() / "puzzlesat-ext-XXXXXX").string();
    REQUIRE(mkdtemp(templ.data()));
    path_ = templ;
  }
  ~ScriptDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  // Writes the script and returns the solver spec that runs it.
  std::string solver(const std::string& body) const {
    auto script = path_ / "solver.sh";
    std::ofstream(script) << "#!/bin/sh\n" << body;
    chmod(script.c_str(), 0700);
    return script.string();
  }
  std::filesystem::path path() const { return path_; }

 private:
  std::filesystem::path path_;
};

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
  ScriptDir dir;
  // Unblocked, the TERM ends the script before it can answer.
  auto solver = make_solver("external:" + dir.solver("kill -TERM $$\necho 's UNSATISFIABLE'\nexit 20\n"));
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
  ScriptDir dir;
  auto pid_file = dir.path() / "child.pid";
  auto solver = make_solver("external:" + dir.solver("sleep 300 &\necho $! > " + pid_file.string() + "\nwait\n"));
  solver->add_clause({Lit(Var(1))});
  solver->set_budget({.conflicts = {}, .seconds = 0.3});
  CHECK(solver->solve() == Status::unknown);
  pid_t child = read_pid(pid_file);
  REQUIRE(child > 0);
  CHECK(gone_within(child, std::chrono::seconds(2)));
  if (!gone(child)) kill(child, SIGKILL);
}

TEST_CASE("External solver: no process it started outlives an answered solve", "[sat][external]") {
  ScriptDir dir;
  auto pid_file = dir.path() / "child.pid";
  auto solver = make_solver("external:" + 
      dir.solver("sleep 300 &\necho $! > " + pid_file.string() + "\necho 's UNSATISFIABLE'\nexit 20\n"));
  solver->add_clause({Lit(Var(1))});
  CHECK(solver->solve() == Status::unsat);
  pid_t child = read_pid(pid_file);
  REQUIRE(child > 0);
  CHECK(gone_within(child, std::chrono::seconds(2)));
  if (!gone(child)) kill(child, SIGKILL);
}

TEST_CASE("External solver: two conflicting s lines are an error whatever the exit code", "[sat][external]") {
  ScriptDir dir;
  for (int code : {0, 10, 20}) {
    INFO("exit code " << code);
    auto solver = make_solver("external:" + 
        dir.solver("echo 's SATISFIABLE'\necho 'v 1 0'\necho 's UNSATISFIABLE'\nexit " + std::to_string(code) + "\n"));
    solver->add_clause({Lit(Var(1))});
    CHECK_THROWS_WITH(solver->solve(), Catch::Contains("conflicting"));
  }
  // A malformed model is not read as "no answer" and so as UNSAT by exit code 20.
  auto malformed = make_solver("external:" + dir.solver("echo 's SATISFIABLE'\necho 'v 1 x 0'\nexit 20\n"));
  malformed->add_clause({Lit(Var(1))});
  CHECK_THROWS_WITH(malformed->solve(), Catch::Contains("malformed"));
  // The same answer twice is still that answer.
  auto twice = make_solver("external:" + dir.solver("echo 's UNSATISFIABLE'\necho 's UNSATISFIABLE'\nexit 20\n"));
  twice->add_clause({Lit(Var(1))});
  CHECK(twice->solve() == Status::unsat);
}
