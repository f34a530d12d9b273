#include "problems/yahtzee/play_session.h"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <istream>
#include <ostream>
#include <sstream>
#include <tuple>

#include <puzzlesat/input_error.h>
#include "problems/yahtzee/advisor.h"
#include "problems/yahtzee/turn.h"

namespace puzzlesat::yahtzee {

namespace {

const char* const kHelp =
    "Commands:\n"
    "  keep 1 1 5    keep these dice and roll the others ('11 5' and '115' work too;\n"
    "                keeping all five ends the rolling)\n"
    "  roll          roll all five again\n"
    "  score BOX     put the dice in a box (or just type the box: threes, fh, 3k, chance ...)\n"
    "  sheet         show everybody's score sheet\n"
    "  hint          show the best keeps or boxes\n"
    "  quit          save and stop; continue later with --continue\n";

std::string lower_trim(const std::string& s) {
  std::string out;
  for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto a = out.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  return out.substr(a, out.find_last_not_of(" \t\r") - a + 1);
}

std::string spaced(const std::vector<int>& dice) {
  std::string s;
  for (int d : dice) s += (s.empty() ? "" : " ") + std::to_string(d);
  return s;
}

class Session {
 public:
  Session(Game& g, const Table* t, std::istream& in, std::ostream& out, const std::function<void(const Game&)>& save)
      : game_(g), table_(t), in_(in), out_(out), save_(save) {}

  PlayEnd run() {
    while (!game_.over()) {
      if (game_.rolls == 0) {
        out_ << fmt::format("\n--- Round {}/{}: {}'s turn ---\n", game_.round(), kBoxes, game_.names[game_.current]);
        if (!roll({})) return PlayEnd::stopped;
      }
      // The dice (and hints) again only when they changed, not after "sheet" or a typo.
      if (shown_ != std::make_tuple(game_.current, game_.round(), game_.rolls)) {
        shown_ = {game_.current, game_.round(), game_.rolls};
        out_ << fmt::format("{}: dice {}   (roll {} of {})\n", game_.names[game_.current], spaced(game_.dice),
                            game_.rolls, kRollsPerTurn);
        if (game_.hints) show_hints();
      }
      out_ << (rerolls() > 0 ? "keep, roll, score BOX, sheet, hint, quit, help > " : "score which box? > ")
           << std::flush;
      std::string line;
      if (!std::getline(in_, line)) {
        out_ << "\n";
        return PlayEnd::stopped;
      }
      if (!handle(lower_trim(line))) return PlayEnd::stopped;
    }
    out_ << "\n" << format_scoreboard(game_);
    return PlayEnd::finished;
  }

 private:
  int rerolls() const { return kRollsPerTurn - game_.rolls; }

  // Rolls (or asks for) the dice not kept; false when input ends.
  bool roll(const std::vector<int>& kept) {
    std::vector<int> dice = kept;
    const int fresh = kDice - static_cast<int>(kept.size());
    if (game_.typed_dice) {
      while (true) {
        out_ << fmt::format("Type the {} dice you rolled > ", fresh) << std::flush;
        std::string line;
        if (!std::getline(in_, line)) {
          out_ << "\n";
          return false;
        }
        try {
          auto typed = parse_dice(line, fresh);
          dice.insert(dice.end(), typed.begin(), typed.end());
          break;
        } catch (const InputError& e) {
          out_ << e.what() << "\n";
        }
      }
    } else {
      for (int i = 0; i < fresh; ++i) dice.push_back(roll_die(game_.rng));
    }
    game_.dice = dice;
    ++game_.rolls;
    save_(game_);
    return true;
  }

  void show_hints() {
    if (!table_) return;
    const ScoreSheet& sheet = game_.sheets[game_.current];
    AdviceQuery q;
    q.state = sheet.state(game_.rules);
    std::copy(game_.dice.begin(), game_.dice.end(), q.roll.begin());
    q.rerolls = rerolls();
    const Advice a = advise(*table_, q);
    std::string line = "  hint:";
    if (!a.keeps.empty()) {
      for (const auto& k : a.keeps)
        line += fmt::format("  keep {} ({:.2f})", k.keep.empty() ? "nothing" : format_dice(k.keep), k.expected);
    } else {
      for (size_t i = 0; i < a.boxes.size() && i < 3; ++i)
        line += fmt::format("  {} {} ({:.2f})", box_name(a.boxes[i].box), a.boxes[i].score, a.boxes[i].expected);
    }
    out_ << line << "\n";
  }

  // False when the player quits.
  bool handle(const std::string& line) {
    std::istringstream words(line);
    std::string verb, rest;
    words >> verb;
    std::getline(words, rest);
    rest = lower_trim(rest);
    if (verb.empty()) return true;
    if (verb == "quit" || verb == "q" || verb == "exit") return false;
    if (verb == "help" || verb == "?") {
      out_ << kHelp;
    } else if (verb == "sheet") {
      std::vector<const ScoreSheet*> sheets;
      for (const auto& s : game_.sheets) sheets.push_back(&s);
      out_ << format_sheets(game_.names, sheets);
    } else if (verb == "hint") {
      if (game_.hints)
        show_hints();
      else
        out_ << "hints are off for this game\n";
    } else if (verb == "roll" || verb == "reroll") {
      keep("");
    } else if (verb == "keep" || verb == "k") {
      keep(rest);
    } else if (verb == "score" || verb == "s") {
      score(rest);
    } else if (parse_box(verb)) {  // before dice: "3k" is a box
      score(line);
    } else if (std::isdigit(static_cast<unsigned char>(verb[0]))) {
      keep(line);
    } else {
      out_ << "unknown command '" << verb << "' (type help)\n";
    }
    return true;
  }

  void keep(const std::string& text) {
    if (rerolls() == 0) {
      out_ << "no rerolls left: choose a box\n";
      return;
    }
    std::vector<int> kept;
    try {
      kept = parse_dice(text);
    } catch (const InputError& e) {
      out_ << e.what() << "\n";
      return;
    }
    std::vector<int> table = game_.dice, wanted = kept;
    std::sort(table.begin(), table.end());
    std::sort(wanted.begin(), wanted.end());
    if (!std::includes(table.begin(), table.end(), wanted.begin(), wanted.end())) {
      out_ << "you can only keep dice on the table: " << spaced(game_.dice) << "\n";
      return;
    }
    if (kept.size() == kDice) {  // nothing to roll: the turn goes on to scoring
      game_.rolls = kRollsPerTurn;
      save_(game_);
      return;
    }
    roll(kept);
  }

  void score(const std::string& name) {
    const auto box = parse_box(name);
    if (!box) {
      out_ << "unknown box '" << name << "'\n";
      return;
    }
    ScoreSheet& sheet = game_.sheets[game_.current];
    const int bonuses = sheet.yahtzee_bonuses();
    const int upper_bonus = sheet.upper_bonus();
    const std::string who = game_.names[game_.current];
    try {
      const int points = game_.score(*box);
      std::string note;
      if (sheet.upper_bonus() > upper_bonus) note += fmt::format(", upper bonus +{}", kUpperBonus);
      if (sheet.yahtzee_bonuses() > bonuses) note += fmt::format(", Yahtzee bonus +{}", kYahtzeeBonus);
      out_ << fmt::format("{} scores {} in {}{}; total {}\n", who, points, box_name(*box), note, sheet.total());
      save_(game_);
    } catch (const InputError& e) {
      out_ << e.what() << "\n";
    }
  }

  Game& game_;
  const Table* table_;
  std::istream& in_;
  std::ostream& out_;
  const std::function<void(const Game&)>& save_;
  std::tuple<int, int, int> shown_{-1, -1, -1};  // (player, round, rolls) last printed
};

}  // namespace

PlayEnd run_play(Game& game, const Table* table, std::istream& in, std::ostream& out,
                 const std::function<void(const Game&)>& save) {
  return Session(game, table, in, out, save).run();
}

std::string format_scoreboard(const Game& game) {
  std::vector<size_t> order(game.names.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return game.sheets[a].total() > game.sheets[b].total(); });
  std::vector<const ScoreSheet*> sheets;
  for (const auto& s : game.sheets) sheets.push_back(&s);
  std::string out = "Final score sheet:\n" + format_sheets(game.names, sheets) + "\nFinal scoreboard:\n";
  for (size_t rank = 0; rank < order.size(); ++rank)
    out += fmt::format("  {}. {:<12} {:>4}\n", rank + 1, game.names[order[rank]], game.sheets[order[rank]].total());
  const int best = game.sheets[order[0]].total();
  std::vector<std::string> winners;
  for (size_t i : order)
    if (game.sheets[i].total() == best) winners.push_back(game.names[i]);
  if (winners.size() == 1) {
    out += fmt::format("Winner: {} with {}\n", winners[0], best);
  } else {
    std::string list;
    for (size_t i = 0; i < winners.size(); ++i) list += (i ? " and " : "") + winners[i];
    out += fmt::format("Tie: {} with {}\n", list, best);
  }
  return out;
}

}  // namespace puzzlesat::yahtzee
