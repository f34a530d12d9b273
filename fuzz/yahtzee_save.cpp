// Yahtzee saved games (problems/yahtzee/game.h, read as `yahtzee play --continue` does):
// any JSON either loads or is an InputError; a loaded game saved again loads to the same.
#include <nlohmann/json.hpp>

#include "fuzz/fuzz_support.h"
#include "problems/yahtzee/game.h"

using namespace puzzlesat;
using namespace puzzlesat::yahtzee;

namespace {
constexpr std::size_t kMaxInput = 16384;  // a save is ~6.5 KB, most of it the dice generator
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return -1;
  const nlohmann::json j = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return 0;  // the CLI reports a parse error; nlohmann's parser is not ours to fuzz
  return fuzz::expect_input_error([&] {
    const Game game = Game::from_json(j, "fuzz.json");
    const nlohmann::json saved = game.to_json();
    const Game again = Game::from_json(nlohmann::json::parse(saved.dump()), "saved.json");
    FUZZ_CHECK(again.to_json() == saved);
    FUZZ_CHECK(again.rng == game.rng);
  });
}
