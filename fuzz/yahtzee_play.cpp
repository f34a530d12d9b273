// The Yahtzee game loop (problems/yahtzee/play_session.h): whatever the players type,
// the session never crashes, and every game it hands to `save` saves and loads back to
// the same game (so a game interrupted at any moment can continue); the session ends
// `finished` exactly when the game is over.
//
// Input: byte 0 chooses rules, players, typed dice; bytes 1..8 seed the dice; the rest
// is what the players type. Hints are off (no strategy table).
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "fuzz/fuzz_support.h"
#include "problems/yahtzee/play_session.h"

using namespace puzzlesat;
using namespace puzzlesat::yahtzee;

namespace {
constexpr std::size_t kMaxInput = 4096;

// Takes what the session prints and keeps none of it: the text is formatted as for a
// player, but a long session's transcript is not grown (and copied) in memory.
struct Discard : std::streambuf {
  int overflow(int c) override { return c == traits_type::eof() ? 0 : c; }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 9 || size > kMaxInput) return -1;
  const RuleSet rules = static_cast<RuleSet>(data[0] % 3);
  const int players = 1 + (data[0] >> 2) % 3;
  std::uint64_t seed = 0;
  for (int i = 1; i <= 8; ++i) seed = seed << 8 | data[i];
  std::vector<std::string> names;
  for (int p = 1; p <= players; ++p) names.push_back("p" + std::to_string(p));
  Game game = Game::start(rules, names, seed);
  game.typed_dice = (data[0] & 0x80) != 0;
  game.hints = false;
  std::istringstream in(std::string(fuzz::as_text(data + 9, size - 9)));
  Discard discard;
  std::ostream out(&discard);
  // Saving each game handed over would cost a 6 KB generator state per move; the last one
  // is checked, and the fuzzer cuts the input at every point anyway. The round trip is
  // game -> JSON value -> game: the text layer in between is the JSON library's, and the
  // yahtzee_save harness reads saves from text. Dumping and parsing that text here took
  // over half the run time.
  std::optional<Game> last_saved;
  const PlayEnd end = run_play(game, nullptr, in, out, [&](const Game& g) { last_saved = g; });
  FUZZ_CHECK((end == PlayEnd::finished) == game.over());
  if (last_saved) {
    const nlohmann::json saved = last_saved->to_json();
    const Game loaded = Game::from_json(saved, "saved.json");
    FUZZ_CHECK(loaded.to_json() == saved);
  }
  return 0;
}
