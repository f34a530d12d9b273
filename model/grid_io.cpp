#include <puzzlesat/grid_io.h>

#include <puzzlesat/file_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/model.h>
#include <puzzlesat/proof.h>
#include <puzzlesat/puzzlink.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <iterator>

namespace puzzlesat {

PuzzleInput read_puzzle_input(const std::string& arg) {
  if (puzzlink::looks_like_url(arg)) return {arg, arg, true};
  if (arg != "-") return {arg, read_regular_file(arg, kMaxPuzzleFileBytes), false};
  std::string text;
  char buffer[1 << 16];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(std::cin.gcount()));
    if (text.size() > kMaxPuzzleFileBytes)
      throw InputError("standard input is larger than " + std::to_string(kMaxPuzzleFileBytes) + " bytes", {"-"});
  }
  return {"-", std::move(text), false};
}

namespace {
// Rows are puzzle cells, but a plugin might put any byte in them; replace invalid UTF-8
// rather than throw while printing an answer.
std::string dump(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }
}  // namespace

std::string solve_json(const std::optional<Rows>& solution) {
  if (!solution) return dump({{"status", "unsat"}});
  return dump({{"status", "sat"}, {"solution", *solution}});
}

std::string solutions_json(const std::vector<Rows>& solutions, bool complete) {
  return dump({{"status", solutions.empty() ? "unsat" : "sat"},
               {"count", solutions.size()},
               {"complete", complete},
               {"solutions", solutions}});
}

std::string unique_json(const std::vector<Rows>& found) {
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t i = 0; i < found.size() && i < 2; ++i) list.push_back(found[i]);
  return dump({{"unique", found.size() == 1}, {"solutions", list}});
}

std::string deduce_json(const std::vector<ForcedCell>& forced) {
  nlohmann::json list = nlohmann::json::array();
  for (const ForcedCell& f : forced) {
    nlohmann::json cell = {{"row", f.row}, {"col", f.col}, {"value", std::string(1, f.value)}};
    if (!f.because.empty()) {
      cell["because"] = f.because;
      cell["smallest"] = f.smallest;
    }
    list.push_back(std::move(cell));
  }
  return dump({{"forced", list}});
}

std::size_t write_fact_proofs(const Model& model, std::span<const NamedFact> facts, const std::string& dir,
                              const std::string& source) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir)) throw InputError("cannot create the proof folder", {dir});
  for (const NamedFact& f : facts) {
    const std::string path = (std::filesystem::path(dir) / (f.name + ".drat")).string();
    if (model.prove_forced(f.fact, {path, sat::ProofFormat::text}, f.name + " in every solution of " + source) !=
        sat::Status::unsat)
      throw std::runtime_error("the proof run did not confirm " + f.name + " of " + source);
  }
  return facts.size();
}

void write_unique_proof(const Model& model, std::span<const sat::Lit> lits, const std::vector<bool>& values,
                        const std::string& path, const std::string& source) {
  if (model.prove_unique(lits, values, {path, sat::ProofFormat::text}, "the solution of " + source + " is unique") !=
      sat::Status::unsat)
    throw std::runtime_error("the proof run did not confirm that the solution of " + source + " is unique");
}

}  // namespace puzzlesat
