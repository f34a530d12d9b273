// `puzzlesat serve` in a real browser: headless Chromium (through chromedriver) goes
// through each page with a shipped demo input, and the answer in the page is checked
// against the CLI's answer for the same input (and proofs against the DRAT checker).
// Each test takes a screenshot and checks it is not blank; with PUZZLESAT_SCREENSHOT_DIR
// set, the screenshots are written there (scripts/page-screenshots makes README's).
// Skipped, with a message, when chromium or chromedriver is not installed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>

#include <puzzlesat/dimacs.h>
#include <puzzlesat/drat_checker.h>

#include "problems/set/card.h"
#include "problems/set/card_text.h"
#include "frontends/image/image_file.h"
#include "server/data_url.h"
#include "server/serve_process.h"
#include "server/webdriver.h"
#include "tests/data_paths.h"
#include "tests/run_cli.h"

using namespace puzzlesat;
using namespace puzzlesat::testing;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

json cli_json(const std::vector<std::string>& args) {
  const CliResult r = run_cli(args);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return json::parse(r.out);
}

// The screenshot decodes to an image of the window's size that is not one flat colour,
// and is written to PUZZLESAT_SCREENSHOT_DIR/<name>.png when that is set.
void check_screenshot(Browser& browser, const std::string& name) {
  browser.execute("const s = document.getElementById('status'); if (s) s.scrollIntoView()");
  const std::string png = browser.screenshot();
  const cv::Mat image = image::decode_image({reinterpret_cast<const std::uint8_t*>(png.data()), png.size()});
  REQUIRE_FALSE(image.empty());
  CHECK(image.cols >= 800);
  cv::Scalar mean, stddev;
  cv::meanStdDev(image, mean, stddev);
  CHECK(stddev[0] + stddev[1] + stddev[2] > 20);  // a blank page is one colour
  if (const char* dir = std::getenv("PUZZLESAT_SCREENSHOT_DIR"); dir && *dir)
    std::ofstream(std::string(dir) + "/" + name + ".png", std::ios::binary) << png;
}

// The round trip the page measured (fetch to JSON), printed as a figure, not asserted.
void report_time(Browser& browser, const std::string& what) {
  std::cout << "page " << what << ": answered in " << browser.attribute("#status", "data-ms") << " ms\n";
}

// Both links of a proof offered by the page, and the proof checks against the formula.
void check_proof_links(Browser& browser) {
  const auto drat = server::base64_decode(browser.attribute("#proof-drat", "href").substr(std::string("data:text/plain;base64,").size()));
  const auto cnf = server::base64_decode(browser.attribute("#proof-cnf", "href").substr(std::string("data:text/plain;base64,").size()));
  REQUIRE(drat);
  REQUIRE(cnf);
  const sat::DratVerdict v = sat::check_drat(sat::read_dimacs(*cnf, "formula"), *drat);
  INFO(v.message);
  CHECK(v.verified);
}

#define REQUIRE_BROWSER()                                                                  \
  if (!Browser::available()) {                                                             \
    std::cout << "SKIPPED: chromium and chromedriver are not installed (scripts/install-deps)\n"; \
    return;                                                                                \
  }

}  // namespace

TEST_CASE("browser: the SET page reads the demo photo, takes a correction, and proves typed cards have no set", "[server][browser]") {
  REQUIRE_BROWSER();
  ServeProcess serve;
  Browser browser;
  browser.open(serve.url() + "set");
  browser.send_keys("#photo", demo_file("set-table.jpg"));
  browser.click("#solve");
  browser.wait_for_text("#summary", 60s, "A set:");
  report_time(browser, "set (demo/set-table.jpg)");

  // The set shown is the one `puzzlesat set photo --json` finds (both number cards from 1).
  const json cli = cli_json({"set", "photo", demo_file("set-table.jpg"), "--json"});
  std::string expected;
  for (int n : cli["sets"][0]) expected += (expected.empty() ? "" : ", ") + ("#" + std::to_string(n) + " ") + cli["cards"][n - 1]["card"].get<std::string>();
  CHECK(browser.text("#sets li") == expected);
  CHECK(browser.execute("return document.getElementById('annotated').naturalWidth").get<int>() > 0);
  CHECK(browser.execute("return document.querySelectorAll('#card-list input').length").get<std::size_t>() == cli["cards"].size());

  // Correct the first card of that set by hand: the row is marked corrected, and every set then
  // listed is a set of the corrected cards.
  const int in_set = cli["sets"][0][0].get<int>() - 1;  // the input's index, from 0
  const std::string css = "#card-list input[data-index=\"" + std::to_string(in_set) + "\"]";
  browser.execute("document.querySelector(arguments[0]).value = 'three purple open ovals'", {css});
  browser.click("#resolve");
  browser.wait_for_text("#card-list tr.corrected td", 60s);
  const json sets = browser.execute(
      "return [...document.querySelectorAll('#sets li')].map(li => li.textContent.split(', ').map(s => s.replace(/^#\\d+ /, '')))");
  for (const auto& s : sets) {
    REQUIRE(s.size() == 3);
    CHECK(set::is_set(set::parse_card(s[0].get<std::string>()), set::parse_card(s[1].get<std::string>()),
                      set::parse_card(s[2].get<std::string>())));
  }
  CHECK(browser.text("#card-list").find("three purple open ovals") == std::string::npos);  // inputs keep values, not text
  CHECK(browser.execute("return document.querySelector(arguments[0]).value", {css}) == "three purple open ovals");
  check_screenshot(browser, "set");

  // Typed cards without a set: the banner and a proof that checks.
  browser.execute("document.getElementById('cards-text').value = arguments[0]", {slurp(demo_file("set-no-set.txt"))});
  browser.click("#solve-typed");
  browser.wait_for_text("#summary", 60s, "No set");
  report_time(browser, "set (typed demo/set-no-set.txt)");
  check_proof_links(browser);
  check_screenshot(browser, "set-no-set");
}

TEST_CASE("browser: the Hexcells page marks the forced cells of a pasted level and a screenshot and explains a click", "[server][browser]") {
  REQUIRE_BROWSER();
  const std::string level = demo_file("hexcells-honeycomb-round4.hexcells");
  const json cli = cli_json({"hexcells", "deduce", level, "--explain", "--json"});
  json names = cli["blue_names"];
  names.insert(names.end(), cli["black_names"].begin(), cli["black_names"].end());
  REQUIRE(names.size() > 0);

  ServeProcess serve;
  Browser browser;
  browser.open(serve.url() + "hexcells");
  browser.execute("document.getElementById('level').value = arguments[0]", {slurp(level)});
  browser.click("#solve-level");
  browser.wait_for_text("#summary", 60s, "forced");
  report_time(browser, "hexcells (pasted demo level)");
  const json marked = browser.execute("return [...document.querySelectorAll('#board g.forced')].map(g => g.dataset.name)");
  CHECK(std::multiset<std::string>(marked.begin(), marked.end()) == std::multiset<std::string>(names.begin(), names.end()));

  // Clicking the first forced cell names the hints the CLI's --explain gives for it.
  const json& first = cli["explanations"][0];
  browser.execute("document.querySelector('#board g[data-name=\"' + arguments[0] + '\"]').dispatchEvent(new MouseEvent('click'))",
                  json::array({first["name"]}));
  const std::string why = browser.wait_for_text("#why", 10s, "because");
  CHECK(why.rfind(first["name"].get<std::string>() + " is " + first["colour"].get<std::string>(), 0) == 0);
  for (const auto& hint : first["hint_names"]) CHECK(why.find(hint.get<std::string>()) != std::string::npos);
  CHECK(browser.execute("return document.querySelectorAll('#board .reason').length").get<std::size_t>() == first["hints"].size());
  check_screenshot(browser, "hexcells");

  // The demo screenshot (drawn from that level by frontends/hexcells' renderer) gives
  // the same forced cells, and the screenshot comes back with them marked.
  browser.execute("document.getElementById('result').replaceChildren()");
  browser.send_keys("#screenshot", demo_file("hexcells-honeycomb-round4.png"));
  browser.click("#solve");
  browser.wait_for_text("#summary", 60s, "forced");
  report_time(browser, "hexcells (demo screenshot)");
  const json read = browser.execute("return [...document.querySelectorAll('#board g.forced')].map(g => g.dataset.name)");
  CHECK(std::multiset<std::string>(read.begin(), read.end()) == std::multiset<std::string>(names.begin(), names.end()));
  CHECK(browser.execute("return document.getElementById('annotated').naturalWidth").get<int>() > 0);
}

TEST_CASE("browser: the Yahtzee page advises on the demo dice photo and on a typed roll with a score sheet", "[server][browser]") {
  REQUIRE_BROWSER();
  ServeProcess serve;
  Browser browser;
  browser.open(serve.url() + "yahtzee");
  browser.wait_for_text("#boxes", 10s, "full house");
  browser.send_keys("#photo", demo_file("dice-roll.jpg"));
  browser.execute("document.getElementById('rerolls').value = '1'");
  browser.click("#boxes input[data-box=\"aces\"]");
  browser.click("#solve");
  browser.wait_for_text("#summary", 60s, "Roll");
  report_time(browser, "yahtzee (demo/dice-roll.jpg)");
  const json cli = cli_json({"yahtzee", "advise", "--photo", demo_file("dice-roll.jpg"), "--rerolls", "1", "--used", "aces",
                             "--top", "5", "--json"});
  const json rows = browser.execute("return [...document.querySelectorAll('#advice tr')].slice(1).map(r => r.children[1].textContent)");
  REQUIRE(rows.size() == cli["keeps"].size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::string keep;
    for (const auto& p : cli["keeps"][i]["keep"]) keep += (keep.empty() ? "" : " ") + std::to_string(p.get<int>());
    CHECK(rows[i] == (keep.empty() ? "nothing (reroll all)" : keep));
  }
  CHECK(browser.execute("return document.getElementById('annotated').naturalWidth").get<int>() > 0);
  check_screenshot(browser, "yahtzee");

  // A typed roll with no rerolls left ranks the open boxes, as `yahtzee advise` does.
  browser.open(serve.url() + "yahtzee");
  browser.wait_for_text("#boxes", 10s, "full house");
  browser.send_keys("#roll", "2,2,2,5,5");
  browser.execute("document.getElementById('rerolls').value = '0'");
  browser.click("#solve");
  browser.wait_for_text("#summary", 60s, "score");
  const json typed = cli_json({"yahtzee", "advise", "--roll", "2,2,2,5,5", "--rerolls", "0", "--json"});
  const std::string best = typed["categories"][0]["category"].get<std::string>();
  std::string pretty = best;
  std::replace(pretty.begin(), pretty.end(), '_', ' ');
  CHECK(browser.text("#advice tr.best td:nth-child(2)") == pretty);
}

TEST_CASE("browser: the DIMACS page proves the demo pigeonhole formula unsatisfiable and solves the queens formula", "[server][browser]") {
  REQUIRE_BROWSER();
  ServeProcess serve;
  Browser browser;
  browser.open(serve.url() + "dimacs");
  browser.send_keys("#cnf", demo_file("pigeonhole-5-4.cnf"));
  browser.click("#solve");
  browser.wait_for_text("#summary", 60s, "UNSATISFIABLE");
  report_time(browser, "dimacs (demo/pigeonhole-5-4.cnf)");
  CHECK(browser.text("#verified").find("checked by puzzlesat's DRAT checker") != std::string::npos);
  check_proof_links(browser);
  check_screenshot(browser, "dimacs");

  browser.open(serve.url() + "dimacs");
  browser.send_keys("#cnf", demo_file("queens-4.cnf"));
  browser.click("#solve");
  browser.wait_for_text("#summary", 60s, "SATISFIABLE");
  // The model shown satisfies every clause of the file.
  const sat::Cnf cnf = sat::read_dimacs(slurp(demo_file("queens-4.cnf")), "queens-4.cnf");
  std::set<int> model;
  std::istringstream words(browser.text("#model"));
  for (int lit; words >> lit && lit != 0;) model.insert(lit);
  CHECK(model.size() == std::size_t(cnf.num_vars()));
  for (std::span<const sat::Lit> clause : cnf.clauses())
    CHECK(std::any_of(clause.begin(), clause.end(), [&](sat::Lit l) { return model.count(l.to_dimacs()) > 0; }));
}

TEST_CASE("browser: the front page links the four pages", "[server][browser]") {
  REQUIRE_BROWSER();
  ServeProcess serve;
  Browser browser;
  browser.open(serve.url());
  const json links = browser.execute("return [...document.querySelectorAll('a.tile')].map(a => a.getAttribute('href'))");
  CHECK(links == json({"/set", "/hexcells", "/yahtzee", "/dimacs"}));
  CHECK(browser.text("header nav").find("DIMACS") != std::string::npos);
  check_screenshot(browser, "index");
}
