// A DRAT proof the library wrote into the request's folder, with the formula file beside
// it (sat::proof_formula_path), as the JSON the pages turn into two download links.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "server/jobs.h"

namespace puzzlesat::server {

// {"drat": data URL, "cnf": data URL, "drat_name": "<stem>.drat", "cnf_name": "<stem>.cnf",
//  "bytes": n}, or {"too_large": true, "bytes": n} past limits.max_proof_bytes.
nlohmann::json proof_files_json(const std::string& proof_path, const std::string& stem, const JobContext& ctx);

}  // namespace puzzlesat::server
