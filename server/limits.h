// The limits of `puzzlesat serve`, in one table, so that docs/limits.md and the code say
// the same thing. The per-input limits are the CLI's own (the decoders' pixel limit, the
// formula memory budget); what the server adds bounds what many requests at once can take:
// an upload size, a pool of workers, a queue in front of it, and a time budget for solving.
#pragma once

#include <cstdint>
#include <thread>

#include <puzzlesat/memory_budget.h>

#include "frontends/image/image_file.h"

namespace puzzlesat::server {

struct ServerLimits {
  // A request body larger than this is refused with 413 before it is read. A 12-MP phone
  // JPEG is 3-8 MB; 108-MP photos are about 20 MB.
  std::uint64_t max_upload_bytes = std::uint64_t{32} << 20;
  // Jobs (decode, read, solve) running at once; the rest wait in the queue.
  int workers = default_workers();
  // Jobs waiting for a worker; one more is refused with 503.
  int max_queued = 32;
  // How long a job may wait for a worker before it is refused with 503.
  double max_wait_seconds = 60;
  // Threads that read requests and write answers (each holds at most one body in memory,
  // so bodies in memory are bounded by connection_threads x max_upload_bytes).
  int connection_threads = 8;
  // SAT time budget of one request (DIMACS solving and its proof, the SET proof):
  // past it the answer is UNKNOWN, not a hang.
  double solve_seconds = 10;
  // Memory budget of a DIMACS formula (the CLI's --max-memory, smaller by default here:
  // `workers` formulas may be in memory at once).
  std::uint64_t formula_memory_bytes = std::uint64_t{512} << 20;
  // Proofs larger than this are not sent to the page (the CLI writes them to a file).
  std::uint64_t max_proof_bytes = std::uint64_t{16} << 20;
  // Pixels: image::kMaxMegapixels, enforced by the decoders for the CLI and the server alike.
  static constexpr double max_megapixels = image::kMaxMegapixels;

  static int default_workers() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : n > 4 ? 4 : int(n);
  }
};

}  // namespace puzzlesat::server
