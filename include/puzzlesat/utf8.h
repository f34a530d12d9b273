// Text from outside (player names, file names, card text) may hold any bytes, but JSON
// and the saves built on it are UTF-8. The policy everywhere: bytes that are not valid
// UTF-8 become U+FFFD (the replacement character), each invalid byte one U+FFFD, when
// the text enters a game and whenever JSON is written; nothing aborts on them.
//
//   valid_utf8("caf\xe9") == "caf\xef\xbf\xbd"   // "caf\u{FFFD}"
#pragma once

#include <string>
#include <string_view>

namespace puzzlesat {

// text with every byte that is not part of a valid UTF-8 sequence (RFC 3629: no overlong
// forms, no surrogates, nothing above U+10FFFF) replaced by U+FFFD.
std::string valid_utf8(std::string_view text);

}  // namespace puzzlesat
