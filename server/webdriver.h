// Test support: headless Chromium driven through chromedriver's W3C WebDriver API (plain
// HTTP + JSON, here with cpp-httplib's client), for the browser tests of `puzzlesat serve`.
// Chromium runs with the flags this machine needs (no sandbox as root, no GPU, no
// background networking on a closed network) and a fresh profile folder.
//
//   if (!Browser::available()) { SKIP... }
//   Browser b;
//   b.open(url + "set");
//   b.send_keys("#photo", "/abs/demo/set-table.jpg");   // a file input takes a path
//   b.click("#solve");
//   std::string text = b.wait_for_text("#summary", 20s);
//   std::string png = b.screenshot();
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace puzzlesat::testing {

class Browser {
 public:
  // Whether /usr/bin/chromium and /usr/bin/chromedriver are installed.
  static bool available();

  Browser(int width = 1280, int height = 1000);
  ~Browser();
  Browser(const Browser&) = delete;
  Browser& operator=(const Browser&) = delete;

  void open(const std::string& url);
  void send_keys(const std::string& css, const std::string& text);
  void click(const std::string& css);
  bool exists(const std::string& css);
  std::string text(const std::string& css);
  std::string attribute(const std::string& css, const std::string& name);
  // The text of css once it is non-empty and contains `expect` (when given), or throws
  // after `timeout` saying what the page showed in #status.
  std::string wait_for_text(const std::string& css, std::chrono::milliseconds timeout, const std::string& expect = "");
  nlohmann::json execute(const std::string& script, const nlohmann::json& args = nlohmann::json::array());
  // A PNG of the viewport.
  std::string screenshot();

 private:
  nlohmann::json call(const std::string& method, const std::string& path, const nlohmann::json& body = nullptr);
  std::string element(const std::string& css);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace puzzlesat::testing
