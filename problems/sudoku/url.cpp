// puzz.link Sudoku URLs: p?sudoku/<n>/<n>/<number16, one value per cell in reading order>.
#include <puzzlesat/input_error.h>
#include <puzzlesat/puzzlink.h>

#include "sudoku.h"

namespace puzzlesat::sudoku {

Puzzle parse_url(const std::string& text, const std::optional<Shape>& forced) {
  const puzzlink::Url url = puzzlink::parse_url(text);
  const SourceLocation at{"URL", 1, static_cast<int>(url.body_column) + 1};
  if (url.genre != "sudoku") throw InputError("a " + quote_token(url.genre) + " URL is no sudoku", {"URL", 1, 1});
  if (url.cols != url.rows || url.cols > kMaxSize)
    throw InputError("a sudoku is square and at most " + std::to_string(kMaxSize) + " wide, not " +
                         std::to_string(url.cols) + "x" + std::to_string(url.rows),
                     at);
  const int n = url.cols;
  const std::optional<Shape> shape = forced ? forced : default_shape(n);
  if (!shape || shape->size() != n)
    throw InputError("no box shape of " + std::to_string(n) + " cells for this grid (give --box RxC)", at);
  std::size_t pos = 0;
  const std::vector<int> values =
      puzzlink::decode_number16(url.body, pos, static_cast<std::size_t>(n * n), url.body_column);
  Puzzle p{*shape, {}};
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] == 0 || values[i] > n)
      throw InputError("cell (" + std::to_string(i / n) + "," + std::to_string(i % n) + ") holds " +
                           std::to_string(values[i]) + ", not a digit 1-" + std::to_string(n),
                       at);
    p.cells.push_back(values[i] > 0 ? values[i] : 0);  // -1 empty, -2 '?': a given of unknown value
  }
  return p;
}

std::string to_url(const Puzzle& p) {
  std::vector<int> values;
  for (int v : p.cells) values.push_back(v ? v : -1);
  return puzzlink::to_string({"sudoku", {}, p.size(), p.size(), puzzlink::encode_number16(values), 0});
}

}  // namespace puzzlesat::sudoku
