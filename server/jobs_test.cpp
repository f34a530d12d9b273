// The page jobs without HTTP: what they answer for the demo inputs and for bad ones.
#include <catch2/catch.hpp>


#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>
#include <puzzlesat/input_error.h>

#include "frontends/hexcells/board_convert.h"
#include "frontends/hexcells/renderer.h"
#include "frontends/image/image_file.h"
#include "problems/hexcells/format.h"
#include "server/data_url.h"
#include "server/jobs.h"
#include "server/upload.h"
#include "tests/data_paths.h"
#include "tests/temp_file.h"

using namespace puzzlesat;
using namespace puzzlesat::server;
using nlohmann::json;
using puzzlesat::testing::demo_file;
using puzzlesat::testing::slurp;

namespace {

std::string from_data_url(const json& url) {
  const std::string s = url.get<std::string>();
  auto bytes = base64_decode(s.substr(s.find(',') + 1));
  REQUIRE(bytes);
  return *bytes;
}

struct Fixture {
  ServerLimits limits;
  testing::TempDir dir;
  JobContext ctx{limits, dir.path()};
};

}  // namespace

// Not run by ctest (hidden): writes the demo screenshot the Hexcells page and its tests use.
TEST_CASE("write demo/hexcells-honeycomb-round4.png", "[.generate]") {
  const auto board = hexcells::read_board(slurp(demo_file("hexcells-honeycomb-round4.hexcells")));
  const cv::Mat image = hexcells_vision::render_scene(hexcells_vision::board_to_scene(board), {1280, 800, 0.8});
  REQUIRE(image::write_image(demo_file("hexcells-honeycomb-round4.png"), image));
}

TEST_CASE("the Hexcells jobs agree on the demo level and its screenshot", "[server]") {
  Fixture f;
  const json level = hexcells_level_job(slurp(demo_file("hexcells-honeycomb-round4.hexcells")), f.ctx);
  const json shot = hexcells_screenshot_job({"round4.png", slurp(demo_file("hexcells-honeycomb-round4.png"))}, f.ctx);
  CHECK(level["blue"] == shot["blue"]);
  CHECK(level["black"] == shot["black"]);
  CHECK(level["blue"].size() + level["black"].size() > 0);
  CHECK(shot["image"].get<std::string>().rfind("data:image/jpeg;base64,", 0) == 0);
  // Every forced tile carries its reason, and the hints of a reason are tiles of the board.
  int forced = 0;
  for (const auto& t : level["tiles"]) {
    if (!t.contains("forced")) continue;
    ++forced;
    CHECK(t["state"] == "hidden");
    CHECK_FALSE(t["because"].empty());
    for (const auto& h : t["hints"]) {
      const bool found = std::any_of(level["tiles"].begin(), level["tiles"].end(),
                                     [&](const json& u) { return u["x"] == h[0] && u["y"] == h[1]; });
      CHECK(found);
    }
  }
  CHECK(std::size_t(forced) == level["blue"].size() + level["black"].size());
  // A level's hidden colours are not given away.
  for (const auto& t : level["tiles"])
    if (t.value("state", "") == "hidden") CHECK(t["label"] == "");
}

TEST_CASE("the SET job proves typed cards without a set, and the proof checks", "[server]") {
  Fixture f;
  const json out = set_cards_job(slurp(demo_file("set-no-set.txt")), false, f.ctx);
  REQUIRE(out["no_set"] == true);
  const sat::DratVerdict v = sat::check_drat(sat::read_dimacs(from_data_url(out["proof"]["cnf"]), "no-set.cnf"),
                                             from_data_url(out["proof"]["drat"]));
  CHECK(v.verified);
  CHECK_THROWS_AS(set_cards_job("", false, f.ctx), InputError);
  CHECK_THROWS_AS(set_cards_job("2rtd\n2rtd\n", false, f.ctx), InputError);
  CHECK_THROWS_AS(set_cards_job("four red striped diamonds\n", false, f.ctx), InputError);
}

TEST_CASE("the SET photo job reads the demo photo and takes corrections only for every card", "[server]") {
  Fixture f;
  const Upload photo{"set-table.jpg", slurp(demo_file("set-table.jpg"))};
  const json out = set_photo_job(photo, {}, true, f.ctx);
  REQUIRE(out["cards"].size() == 12);
  CHECK_FALSE(out["sets"].empty());
  CHECK_THROWS_AS(set_photo_job(photo, {"2rtd"}, false, f.ctx), InputError);  // 1 card for 12
  std::vector<std::string> fixes(12, "");
  fixes[0] = "nonsense";
  CHECK_THROWS_AS(set_photo_job(photo, fixes, false, f.ctx), InputError);
  // Card #1 corrected to card #2's value: the second copy is left out of the search, as
  // `set photo` leaves out a card read twice.
  fixes[0] = out["cards"][1]["card"];
  const json fixed = set_photo_job(photo, fixes, true, f.ctx);
  CHECK(fixed["cards"][0]["corrected"] == true);
  CHECK(fixed["cards"][0]["card"] == out["cards"][1]["card"]);
  for (const auto& s : fixed["sets"]) CHECK((s[0] != 2 && s[1] != 2 && s[2] != 2));  // card #2, numbered from 1
}

TEST_CASE("a readable photo without a card is an answer with no cards, not a refusal", "[server]") {
  Fixture f;
  cv::Mat table(600, 800, CV_8UC3, cv::Scalar(40, 70, 110));  // plain wood brown
  const auto jpeg = image::encode_jpeg(table, 90);
  const json out = set_photo_job({"table.jpg", std::string(jpeg.begin(), jpeg.end())}, {}, false, f.ctx);
  CHECK(out["cards"].empty());
  CHECK(out["sets"].empty());
  CHECK(out["no_set"] == false);  // nothing was proved about an empty table
  CHECK(out["width"] == 800);
}

TEST_CASE("uploads that are not JPEG or PNG are refused as such, naming what they look like", "[server]") {
  Fixture f;
  const std::string heic = std::string("\0\0\0\x18" "ftypheic", 12) + std::string(100, 'x');
  try {
    save_image({"IMG_0001.HEIC", heic}, f.ctx, "photo");
    FAIL("accepted a HEIC file");
  } catch (const UnsupportedMedia& e) {
    CHECK(std::string(e.what()).find("HEIC") != std::string::npos);
    CHECK(std::string(e.what()).find("IMG_0001.HEIC") != std::string::npos);
  }
  CHECK_THROWS_AS(save_image({"a.txt", "hello"}, f.ctx, "photo"), UnsupportedMedia);
  CHECK_THROWS_AS(save_image({"empty.jpg", ""}, f.ctx, "photo"), InputError);
  // A JPEG signature on garbage gets through the sniffing and is refused by the decoder,
  // naming the uploaded file, not the server's temporary path.
  try {
    set_photo_job({"broken.jpg", std::string("\xFF\xD8\xFF\xE0") + std::string(5000, 'z')}, {}, false, f.ctx);
    FAIL("accepted a broken JPEG");
  } catch (const InputError& e) {
    CHECK(e.where().file == "broken.jpg");
  }
}

TEST_CASE("the DIMACS job answers UNKNOWN past its time budget and names bad lines", "[server]") {
  Fixture f;
  f.limits.solve_seconds = 0.2;
  // Pigeonhole 11 into 10: far beyond 0.2 s of CDCL.
  std::string php = "p cnf 110 ";
  std::vector<std::string> clauses;
  auto var = [](int p, int h) { return p * 10 + h + 1; };
  for (int p = 0; p < 11; ++p) {
    std::string c;
    for (int h = 0; h < 10; ++h) c += std::to_string(var(p, h)) + " ";
    clauses.push_back(c + "0");
  }
  for (int h = 0; h < 10; ++h)
    for (int p = 0; p < 11; ++p)
      for (int q = p + 1; q < 11; ++q) clauses.push_back("-" + std::to_string(var(p, h)) + " -" + std::to_string(var(q, h)) + " 0");
  php += std::to_string(clauses.size()) + "\n";
  for (const auto& c : clauses) php += c + "\n";
  const json out = dimacs_job({"php-11-10.cnf", php}, f.ctx);
  CHECK(out["status"] == "unknown");
  CHECK(out["seconds"].get<double>() < 5);
  try {
    dimacs_job({"bad.cnf", "p cnf 2 1\n1 x 0\n"}, f.ctx);
    FAIL("accepted a bad formula");
  } catch (const InputError& e) {
    CHECK(e.where().file == "bad.cnf");
    CHECK(e.where().line == 2);
  }
}
