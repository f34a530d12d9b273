// The jobs behind the pages of `puzzlesat serve`, one per page, free of HTTP: each takes
// what the form sent and returns the JSON the page shows, by the same library calls as
// the CLI command it mirrors (named below). Bad input throws InputError (the server's
// 400); anything else that throws is a bug (500).
//
//   JobContext ctx{limits, "/tmp/puzzlesat-serve-XXXX"};   // a fresh folder per request
//   nlohmann::json answer = set_photo_job({"table.jpg", bytes}, {}, ctx);
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "server/limits.h"

namespace puzzlesat::server {

// One uploaded file: the name the browser gave and its bytes.
struct Upload {
  std::string name;
  std::string bytes;
};

struct JobContext {
  const ServerLimits& limits;
  std::string work_dir;  // an empty folder of this request's own, removed after it
};

// `set photo` (+ --proof when no set remains): the cards read, one set or all (cards
// numbered from 1, as the CLI numbers them), the
// annotated photo as a JPEG data URL, and when no set remains a DRAT proof and its formula
// as data URLs. `cards` (optional, one per card read, in reading order; empty strings keep
// the reading) replaces misread cards before solving; the photo is read again, so the
// outlines stay where the cards are.
nlohmann::json set_photo_job(const Upload& photo, const std::vector<std::string>& cards, bool all,
                             const JobContext& ctx);

// `set solve`: the sets among typed cards (one per line, words or codes), or the proof
// that there is none.
nlohmann::json set_cards_job(const std::string& cards_text, bool all, const JobContext& ctx);

// `hexcells deduce --explain` on a pasted level or state, or `hexcells screenshot
// --deduce -o` on an uploaded screenshot: the board (every tile, for drawing), the forced
// cells and, for each, the hints that force it.
nlohmann::json hexcells_level_job(const std::string& level_text, const JobContext& ctx);
nlohmann::json hexcells_screenshot_job(const Upload& screenshot, const JobContext& ctx);

// `yahtzee advise` with --roll or --photo: the ranked keeps (rerolls left) or boxes.
struct YahtzeeQuery {
  std::string rules = "official";
  std::string roll;                 // "1,1,3,5,6", or empty when a photo is given
  std::optional<Upload> photo;
  int rerolls = 2;
  std::string used;                 // "aces,full_house"
  int upper = 0;
  bool yahtzee50 = false;
  int top = 5;
};
nlohmann::json yahtzee_job(const YahtzeeQuery& query, const JobContext& ctx);

// `cnf solve --proof` within limits.solve_seconds: SAT with the model, UNSAT with the
// DRAT proof (checked by puzzlesat's own checker when it fits the memory budget) and its
// formula as data URLs, or UNKNOWN when the time budget ran out.
nlohmann::json dimacs_job(const Upload& cnf, const JobContext& ctx);

// The Yahtzee strategy tables are loaded (or computed and cached) once per rule set;
// the server warms the default one before it listens.
void warm_yahtzee_table(const std::string& rules);

}  // namespace puzzlesat::server
