// Hexcells level and state files (problems/hexcells/format.h): read_board either
// format; the state written from what was read reads back to the same board, and so
// does the level text when every colour is known.
#include "fuzz/fuzz_support.h"
#include "problems/hexcells/format.h"

using namespace puzzlesat;
using namespace puzzlesat::hexcells;

namespace {
constexpr std::size_t kMaxInput = 8192;  // a full 33x33 level is about 2.3 KB
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  return fuzz::expect_input_error([&] {
    const Board board = read_board(fuzz::as_text(data, size), "fuzz.hexcells");
    const std::string state = write_state(board);
    const Board from_state = read_board(state, "written-state");
    FUZZ_CHECK(write_state(from_state) == state);
    if (board.colours_known()) {
      const std::string level = write_level(board);
      const Board from_level = read_board(level, "written-level");
      FUZZ_CHECK(write_level(from_level) == level);
      FUZZ_CHECK(from_level == board);
    }
    const Board seen = visible_state(board);
    FUZZ_CHECK(read_board(write_state(seen), "written-visible") == seen);
  });
}
