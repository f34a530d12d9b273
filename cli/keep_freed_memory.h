// Lets a puzzlesat program reuse the memory it frees instead of returning it to the system.
//
// glibc serves a block over 128 KB with its own mmap and unmaps it on free (its threshold
// rises only to the largest block freed so far), and trims the heap's top once 128 KB of it
// are free. An image pipeline allocates and frees full-frame buffers stage after stage, so
// every stage paid a page fault per 4 KB it wrote: `set photo` on a 12.8-MP photo took
// 39,900 faults and 0.62 s; with blocks up to 32 MB kept in the heap and its top trimmed only
// past 256 MB, 15,600 faults and 0.32 s, at the same peak memory (docs/performance.md).
//
//   int main(int argc, char** argv) {
//     puzzlesat::cli::keep_freed_memory();
//     return puzzlesat::cli::run(argc, argv);
//   }
#pragma once

#include <malloc.h>

namespace puzzlesat::cli {

inline void keep_freed_memory() {
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest allowed on 64-bit
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
}

}  // namespace puzzlesat::cli
