#include <puzzlesat/grid_io.h>
#include <puzzlesat/input_error.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

#include "tests/temp_file.h"

using namespace puzzlesat;
using nlohmann::json;

TEST_CASE("grid answers print as one line of the documented JSON", "[grid_io]") {
  const Rows a{"#.", ".#"}, b{".#", "#."};
  CHECK(json::parse(solve_json(a)) == json{{"status", "sat"}, {"solution", {"#.", ".#"}}});
  CHECK(json::parse(solve_json(std::nullopt)) == json{{"status", "unsat"}});
  CHECK(json::parse(unique_json({a})) == json{{"unique", true}, {"solutions", json::array({json(a)})}});
  CHECK(json::parse(unique_json({a, b})) == json{{"unique", false}, {"solutions", json::array({json(a), json(b)})}});
  CHECK(json::parse(unique_json({})) == json{{"unique", false}, {"solutions", json::array()}});
  const json all = json::parse(solutions_json({a, b}, false));
  CHECK(all["count"] == 2);
  CHECK(all["complete"] == false);
  CHECK(all["solutions"][1] == json(b));
  ForcedCell plain{1, 2, '#', {}};
  ForcedCell why{0, 0, '7', {"row 0", "box 1"}};
  ForcedCell unproven{0, 1, '.', {"row 0"}, false};
  const json forced = json::parse(deduce_json({plain, why, unproven}));
  CHECK(forced["forced"][0] == json{{"row", 1}, {"col", 2}, {"value", "#"}});
  CHECK(forced["forced"][1]["value"] == "7");
  CHECK(forced["forced"][1]["because"] == json{"row 0", "box 1"});
  CHECK(forced["forced"][1]["smallest"] == true);
  CHECK(forced["forced"][2]["smallest"] == false);
  for (const std::string& text : {solve_json(a), unique_json({a, b}), deduce_json({why})})
    CHECK(text.find('\n') == std::string::npos);
  // Bytes that are not UTF-8 do not stop an answer from printing.
  CHECK_NOTHROW(json::parse(solve_json(Rows{"\xff\xfe"})));
}

TEST_CASE("a puzzle argument is a URL or a readable regular file", "[grid_io]") {
  const PuzzleInput url = read_puzzle_input("https://puzz.link/p?mines/2/2/0g");
  CHECK(url.is_url);
  CHECK(url.text == url.name);

  testing::TempDir dir;
  const std::string file = (dir.path() / "board.txt").string();
  std::ofstream(file) << "1.\n..\n";
  const PuzzleInput in = read_puzzle_input(file);
  CHECK_FALSE(in.is_url);
  CHECK(in.text == "1.\n..\n");
  CHECK_THROWS_AS(read_puzzle_input((dir.path() / "missing.txt").string()), InputError);
  CHECK_THROWS_AS(read_puzzle_input(dir.path().string()), InputError);  // a folder
}
