// Minesweeper inputs (problems/minesweeper/format.h, play.h): a board file, a puzz.link
// URL (input starting with "p?" or "http") or a world file (starting with '{'). What is
// read is written back and reads the same; a small board's solutions agree with it.
#include "fuzz/fuzz_support.h"
#include "problems/minesweeper/format.h"
#include "problems/minesweeper/minesweeper.h"
#include "problems/minesweeper/play.h"

using namespace minesweeper;

namespace {
constexpr std::size_t kMaxInput = 8192;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  const std::string_view text = puzzlesat::fuzz::as_text(data, size);
  return puzzlesat::fuzz::expect_input_error([&] {
    if (text.starts_with("{")) {
      for (const World& w : read_worlds(text, "fuzz.jsonl")) {
        FUZZ_CHECK(w.mines[w.start.row][w.start.col] == '.');
        FUZZ_CHECK(agrees(Board{numbers_of(w.mines), w.mine_count}, w.mines));
      }
      return;
    }
    const bool url = text.starts_with("p?") || text.starts_with("http");
    const Board b = url ? read_url(text) : read_board(text, "fuzz.board");
    FUZZ_CHECK(read_board(write_board(b), "written").rows == b.rows);
    if (url) FUZZ_CHECK(read_url(write_url(b)).rows == b.rows);
    if (b.height() * b.width() <= 12) {
      for (const Layout& l : solve(b, "minisat", 64).layouts) FUZZ_CHECK(agrees(b, l));
    }
  });
}
