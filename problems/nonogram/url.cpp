// puzz.link nonogram URLs: p?nonogram/<cols>/<rows>/<body>. The body is pzprjs number16 over
// the clue cells outside the grid: first ceil(rows/2) above each column, column by column,
// then ceil(cols/2) left of each row, row by row; each list starts next to the grid, so a
// clue is read backwards, and -1 pads the rest.
#include <puzzlesat/input_error.h>
#include <puzzlesat/puzzlink.h>

#include "nonogram.h"

namespace puzzlesat::nonogram {

namespace {
int half(int n) { return (n + 1) / 2; }  // the most runs a line of n cells can have
}  // namespace

Puzzle parse_url(const std::string& text) {
  const puzzlink::Url url = puzzlink::parse_url(text);
  const SourceLocation at{"URL", 1, static_cast<int>(url.body_column) + 1};
  if (url.genre != "nonogram") throw InputError("a " + quote_token(url.genre) + " URL is no nonogram", {"URL", 1, 1});
  if (url.cols > kMaxSide || url.rows > kMaxSide)
    throw InputError("a nonogram of at most " + std::to_string(kMaxSide) + " x " + std::to_string(kMaxSide), at);
  Puzzle p;
  p.rows = url.rows;
  p.cols = url.cols;
  const std::size_t top = static_cast<std::size_t>(half(p.rows)), left = static_cast<std::size_t>(half(p.cols));
  std::size_t pos = 0;
  const std::vector<int> v = puzzlink::decode_number16(
      url.body, pos, static_cast<std::size_t>(p.cols) * top + static_cast<std::size_t>(p.rows) * left, url.body_column);
  auto clue = [&](std::size_t first, std::size_t count, int length, const std::string& name) {
    Clue c;
    for (std::size_t k = count; k-- > 0;) {
      const int run = v[first + k];
      if (run == -1) continue;
      if (run < 1)
        throw InputError(name + " has a clue " + (run == -2 ? std::string("'?'") : std::to_string(run)) +
                             "; runs are 1 or more",
                         at);
      c.push_back(run);
    }
    int need = -1;
    for (int run : c) need += run + 1;
    if (need > length) throw InputError(name + "'s clue needs " + std::to_string(need) + " cells", at);
    return c;
  };
  for (int c = 0; c < p.cols; ++c)
    p.col_clues.push_back(clue(static_cast<std::size_t>(c) * top, top, p.rows, "column " + std::to_string(c)));
  const std::size_t rows_at = static_cast<std::size_t>(p.cols) * top;
  for (int r = 0; r < p.rows; ++r)
    p.row_clues.push_back(clue(rows_at + static_cast<std::size_t>(r) * left, left, p.cols, "row " + std::to_string(r)));
  return p;
}

std::string to_url(const Puzzle& p) {
  const std::size_t top = static_cast<std::size_t>(half(p.rows)), left = static_cast<std::size_t>(half(p.cols));
  std::vector<int> v(static_cast<std::size_t>(p.cols) * top + static_cast<std::size_t>(p.rows) * left, -1);
  auto put = [&](std::size_t first, const Clue& c) {
    for (std::size_t k = 0; k < c.size(); ++k) v[first + k] = c[c.size() - 1 - k];
  };
  for (std::size_t c = 0; c < p.col_clues.size(); ++c) put(c * top, p.col_clues[c]);
  for (std::size_t r = 0; r < p.row_clues.size(); ++r) put(static_cast<std::size_t>(p.cols) * top + r * left, p.row_clues[r]);
  return puzzlink::to_string({"nonogram", {}, p.cols, p.rows, puzzlink::encode_number16(v), 0});
}

}  // namespace puzzlesat::nonogram
