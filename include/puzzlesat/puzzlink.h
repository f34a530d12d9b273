// puzzlink.h: puzz.link / pzprjs puzzle URLs, the form in which puzzle players share
// Nikoli-style puzzles, e.g. https://puzz.link/p?mines/5/5/g1h2i3j.
//
// A URL is `<site>?<genre>/[<flags>/]<cols>/<rows>/<body>`; how the body encodes clues is
// up to each genre, but most number genres (mines, sudoku, nurikabe, …) use pzprjs's
// "number16" code, read and written here so every puzzle decodes it the same way.
//
//   auto url = puzzlesat::puzzlink::parse_url("https://puzz.link/p?mines/3/2/1g2h");
//   std::size_t pos = 0;   // url.genre == "mines", url.cols == 3, url.rows == 2
//   std::vector<int> clue = puzzlesat::puzzlink::decode_number16(url.body, pos, 6);
//   // clue == {1, -1, 2, -1, -1, -1}: -1 is an empty cell, -2 a '?' clue
//   url.body = puzzlesat::puzzlink::encode_number16(clue);   // "1g2i": the three trailing
//                                                            // empties written out
//   std::string text = puzzlesat::puzzlink::to_string(url);
//
// Errors are InputError with the file "URL" and the 1-based column of the bad character
// in the whole URL, so the CLI prints `puzzlesat: error: URL:1:40: …`.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace puzzlesat::puzzlink {

struct Url {
  std::string genre;               // pzprjs puzzle id: "mines", "sudoku", "nurikabe", …
  std::vector<std::string> flags;  // parts between the genre and the size that are not numbers
  int cols = 0;
  int rows = 0;
  std::string body;                // everything after the size
  std::size_t body_column = 0;     // 0-based offset of the body in the URL (for error columns)
};

// The largest side a URL may declare: a bound against "p?mines/99999999/…".
inline constexpr int kMaxSide = 1000;

// True for arguments meant as a URL rather than a file name: "http://", "https://" or "p?".
bool looks_like_url(std::string_view arg);

// Splits a puzz.link / pzv.jp / pzprxs URL. Throws InputError when there is no '?', no
// genre, or the size is missing, not a number or outside 1..kMaxSide.
Url parse_url(std::string_view url);

// "https://puzz.link/p?genre/[flags/]cols/rows/body".
std::string to_string(const Url& url);

// pzprjs number16: reads clues for `cells` cells from body starting at pos, and leaves pos
// after the last character read. One value per cell: a number >= 0, -1 for no clue, -2
// for '?'. A body that ends early leaves the rest empty (as pzprjs does). Throws
// InputError (column = body_column + offset + 1) on a character number16 does not use or
// a multi-digit number cut short.
std::vector<int> decode_number16(std::string_view body, std::size_t& pos, std::size_t cells,
                                 std::size_t body_column = 0);

// The inverse of decode_number16: values >= 0 (below 12288), -1 empty, -2 '?'. Throws
// std::invalid_argument for other values.
std::string encode_number16(std::span<const int> values);

}  // namespace puzzlesat::puzzlink
