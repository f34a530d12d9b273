#include "server/proof_files.h"

#include <filesystem>

#include <puzzlesat/proof.h>

#include "server/data_url.h"
#include "server/upload.h"

namespace puzzlesat::server {

nlohmann::json proof_files_json(const std::string& proof_path, const std::string& stem, const JobContext& ctx) {
  const std::string formula_path = sat::proof_formula_path(proof_path);
  const auto bytes = std::filesystem::file_size(proof_path) + std::filesystem::file_size(formula_path);
  if (bytes > ctx.limits.max_proof_bytes) return {{"too_large", true}, {"bytes", bytes}};
  return {{"drat", data_url("text/plain", read_back(proof_path))},
          {"cnf", data_url("text/plain", read_back(formula_path))},
          {"drat_name", stem + ".drat"},
          {"cnf_name", stem + ".cnf"},
          {"bytes", bytes}};
}

}  // namespace puzzlesat::server
