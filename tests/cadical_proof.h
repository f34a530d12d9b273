// DRAT proofs straight from the CaDiCaL library, for the tests and benchmarks of the proof
// checker (sat/drat_checker.h), which must not depend on our solver backends.
#pragma once

#include <cadical.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <stdexcept>
#include <string>

#include <puzzlesat/cnf.h>

namespace puzzlesat::testing {

struct CadicalProof {
  int status = 0;      // 10 SAT, 20 UNSAT (CaDiCaL's codes)
  std::string proof;   // the DRAT proof as written (text or binary)
  double seconds = 0;      // solving time, proof writing included (wall clock)
  double cpu_seconds = 0;  // the same in CPU time of this process (fairer on a loaded machine)
};

// Solves `cnf` with a fresh CaDiCaL tracing its proof to a temporary file.
inline CadicalProof cadical_proof(const sat::Cnf& cnf, bool binary) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::tmpfile(), &std::fclose);
  if (!file) throw std::runtime_error("cannot create a temporary file for the proof");
  CadicalProof out;
  auto start = std::chrono::steady_clock::now();
  std::clock_t cpu_start = std::clock();
  {
    CaDiCaL::Solver solver;
    solver.set("quiet", 1);
    solver.set("binary", binary ? 1 : 0);
    solver.trace_proof(file.get(), "proof");
    for (auto clause : cnf.clauses()) {
      for (sat::Lit l : clause) solver.add(l.to_dimacs());
      solver.add(0);
    }
    out.status = solver.solve();
    solver.flush_proof_trace();
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  std::fflush(file.get());
  std::rewind(file.get());
  char buffer[1 << 16];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file.get())) > 0;) out.proof.append(buffer, n);
  return out;
}

}  // namespace puzzlesat::testing
