// data: URLs, how the pages receive pictures and proofs without the server keeping
// files between requests: <img src="data:image/jpeg;base64,..."> and
// <a download="no-set.drat" href="data:text/plain;base64,...">.
#pragma once

#include <string>
#include <optional>
#include <string_view>

namespace puzzlesat::server {

std::string base64(std::string_view bytes);
std::string data_url(std::string_view mime, std::string_view bytes);

}  // namespace puzzlesat::server

namespace puzzlesat::server {

// The bytes of base64 text (whitespace skipped); nullopt when it is not base64.
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace puzzlesat::server
