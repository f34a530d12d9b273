// The Yahtzee page's job: `yahtzee advise` with the roll typed or read from a photo
// (`--photo`), and the score sheet from the form.
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include <puzzlesat/input_error.h>

#include "frontends/dice/dice_annotate.h"
#include "frontends/dice/dice_reader.h"
#include "frontends/image/image_file.h"
#include "frontends/image/load_image.h"
#include "problems/yahtzee/advisor.h"
#include "problems/yahtzee/rules.h"
#include "problems/yahtzee/table_file.h"
#include "server/data_url.h"
#include "server/jobs.h"
#include "server/upload.h"

namespace puzzlesat::server {

using nlohmann::json;
namespace yz = puzzlesat::yahtzee;
namespace dv = puzzlesat::dice_vision;

namespace {

// One table per rule set for the server's lifetime (a few MB each, computed in under a
// second when the user's cache has none), shared read-only by every request.
const yz::Table& table_for(yz::RuleSet rules) {
  static std::mutex mutex;
  static std::map<yz::RuleSet, std::unique_ptr<const yz::Table>> tables;
  std::lock_guard lock(mutex);
  auto& slot = tables[rules];
  if (!slot) slot = std::make_unique<const yz::Table>(yz::load_or_compute_table(rules, yz::default_table_path(rules)));
  return *slot;
}

}  // namespace

void warm_yahtzee_table(const std::string& rules) { table_for(yz::parse_rules(rules)); }

json yahtzee_job(const YahtzeeQuery& q, const JobContext& ctx) {
  const yz::RuleSet rules = yz::parse_rules(q.rules);
  yz::AdviceQuery query;
  json out;
  if (q.photo && !q.photo->bytes.empty()) {
    if (!q.roll.empty()) throw InputError("the dice were given twice: type them or upload a photo, not both");
    const std::string path = save_image(*q.photo, ctx, "dice");
    const cv::Mat image = as_upload(*q.photo, path, [&] { return image::load_image(path); });
    const std::vector<dv::Die> dice = dv::read_dice(image);
    // As `yahtzee advise --photo`: the photo must show the five dice of a roll.
    if (dice.size() != yz::kDice)
      throw InputError("found " + std::to_string(dice.size()) + (dice.size() == 1 ? " die" : " dice") +
                           " in the photo; advice needs exactly " + std::to_string(yz::kDice),
                       {q.photo->name});
    for (std::size_t i = 0; i < dice.size(); ++i) query.roll[i] = dice[i].pips;
    const auto jpeg = image::encode_jpeg(dv::annotate_dice(image, dice), 85);
    out["image"] = data_url("image/jpeg", {reinterpret_cast<const char*>(jpeg.data()), jpeg.size()});
  } else {
    if (q.roll.empty()) throw InputError("no dice: type the roll (e.g. 1,1,3,5,6) or upload a photo of it");
    const std::vector<int> pips = yz::parse_dice(q.roll, yz::kDice);
    std::copy(pips.begin(), pips.end(), query.roll.begin());
  }
  std::sort(query.roll.begin(), query.roll.end());
  query.rerolls = q.rerolls;
  query.state.used = yz::parse_boxes(q.used);
  query.state.upper = q.upper;
  query.state.yahtzee50 = q.yahtzee50;
  query.top = q.top;
  yz::validate_query(query, rules);
  const yz::Advice advice = yz::advise(table_for(rules), query);
  out.update(yz::advice_json(advice));
  out["roll"] = query.roll;
  out["rerolls"] = query.rerolls;
  out["rules"] = yz::rules_name(rules);
  return out;
}

}  // namespace puzzlesat::server
