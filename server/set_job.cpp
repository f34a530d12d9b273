// The SET page's jobs: `set photo` and `set solve`, with the proof when no set remains.
#include <array>
#include <cmath>
#include <stdexcept>

#include <puzzlesat/input_error.h>
#include <puzzlesat/proof.h>

#include "frontends/image/image_file.h"
#include "frontends/set/annotate.h"
#include "frontends/set/photo.h"
#include "frontends/set/table_reader.h"
#include "frontends/set/table_sets.h"
#include "problems/set/board.h"
#include "problems/set/card_text.h"
#include "problems/set/finder.h"
#include "problems/set/sat_finder.h"
#include "server/data_url.h"
#include "server/jobs.h"
#include "server/proof_files.h"
#include "server/upload.h"

namespace puzzlesat::server {

using nlohmann::json;
namespace sv = puzzlesat::set_vision;

namespace {

// The SAT answer checked against the direct finder: a disagreement is a bug, never shown.
void check_answer(std::span<const set::Card> board, std::size_t sets_found, bool all) {
  const auto direct = set::find_all_sets(board);
  if (all ? direct.size() != sets_found : direct.empty() != (sets_found == 0))
    throw std::logic_error("SAT and the direct finder disagree on this board");
}

// When no set remains: the DRAT proof of it and its formula, as `set solve --proof` writes.
json no_set_proof(std::span<const set::Card> board, const JobContext& ctx) {
  const sat::ProofOptions proof{ctx.work_dir + "/no-set.drat", sat::ProofFormat::text};
  if (!set::prove_no_set(board, "cadical", proof)) throw std::logic_error("no set was found, but the proof run found one");
  return proof_files_json(proof.path, "no-set", ctx);
}

json card_json(set::Card c) { return {{"card", set::to_string(c)}, {"code", set::to_code(c)}}; }

// Sets as card numbers from 1, as `set photo` and `set solve` print them in text and JSON.
json numbered(const std::vector<std::array<int, 3>>& sets) {
  json out = json::array();
  for (const auto& t : sets) out.push_back({t[0] + 1, t[1] + 1, t[2] + 1});
  return out;
}

}  // namespace

json set_photo_job(const Upload& photo, const std::vector<std::string>& cards, bool all, const JobContext& ctx) {
  const std::string path = save_image(photo, ctx, "photo");
  sv::Photo p = as_upload(photo, path, [&] { return sv::load_photo(path); });
  sv::TableReading table = sv::read_table(p.image, p.scale);
  if (table.cards.empty()) {  // an answer, as `set photo` gives it, not a bad upload
    const auto jpeg = image::encode_jpeg(p.image, 85);
    return {{"cards", json::array()},
            {"sets", json::array()},
            {"no_set", false},
            {"width", p.original.width},
            {"height", p.original.height},
            {"image", data_url("image/jpeg", {reinterpret_cast<const char*>(jpeg.data()), jpeg.size()})}};
  }

  // The user's corrections: card i of the list replaces reading i, with full confidence.
  std::vector<bool> corrected(table.cards.size(), false);
  if (!cards.empty()) {
    if (cards.size() != table.cards.size())
      throw InputError("the card list has " + std::to_string(cards.size()) + " cards, the photo " +
                       std::to_string(table.cards.size()));
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (cards[i].empty()) continue;
      const set::Card c = set::parse_card(cards[i], {"card " + std::to_string(i + 1), 0, 0});
      if (c == table.cards[i].reading.card()) continue;
      for (int a = 0; a < set::kAttributes; ++a) table.cards[i].reading.attributes[a] = {c.get(a), 1.0};
      corrected[i] = true;
    }
  }

  const sv::TableSets found = sv::find_table_sets(table, all);
  check_answer(found.board, found.sets.size(), all);
  sv::Annotation annotation;
  annotation.sets = found.sets;
  const bool no_set = found.sets.empty();
  if (no_set) annotation.banner = "NO SET REMAINS - proved by SAT";
  const auto jpeg = image::encode_jpeg(sv::annotate(p.image, p.scale, table, annotation), 85);

  json card_list = json::array();
  for (std::size_t i = 0; i < table.cards.size(); ++i) {
    const auto& c = table.cards[i];
    json j = card_json(c.reading.card());
    j["confidence"] = std::round(c.reading.confidence() * 1000) / 1000;
    j["flagged"] = c.reading.confidence() < sv::low_confidence();
    j["corrected"] = bool(corrected[i]);
    card_list.push_back(j);
  }
  json out = {{"cards", card_list},
              {"sets", numbered(found.sets)},
              {"no_set", no_set},
              {"width", p.original.width},
              {"height", p.original.height},
              {"image", data_url("image/jpeg", {reinterpret_cast<const char*>(jpeg.data()), jpeg.size()})}};
  if (no_set) out["proof"] = no_set_proof(found.board, ctx);
  return out;
}

json set_cards_job(const std::string& cards_text, bool all, const JobContext& ctx) {
  const std::vector<set::Card> board = set::parse_board(cards_text, "cards");
  if (board.empty()) throw InputError("no cards: type one card per line, e.g. 'two red striped diamonds' or 2rtd");
  const set::SatSearch search = all ? set::sat_find_all_sets(board) : set::sat_find_one_set(board);
  check_answer(board, search.sets.size(), all);
  json card_list = json::array();
  for (set::Card c : board) card_list.push_back(card_json(c));
  json out = {{"cards", card_list}, {"sets", numbered(search.sets)}, {"no_set", search.sets.empty()}};
  if (search.sets.empty()) out["proof"] = no_set_proof(board, ctx);
  return out;
}

}  // namespace puzzlesat::server
