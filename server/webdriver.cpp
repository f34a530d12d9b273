#include "server/webdriver.h"

#include <httplib.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "server/data_url.h"
#include "server/serve_process.h"

namespace puzzlesat::testing {

using nlohmann::json;

namespace {

constexpr const char* kChromium = "/usr/bin/chromium";
constexpr const char* kChromedriver = "/usr/bin/chromedriver";
constexpr const char* kElementKey = "element-6066-11e4-a52e-4f735466cecf";

}  // namespace

struct Browser::Impl {
  int port = free_port();
  std::filesystem::path profile;
  std::unique_ptr<ChildProcess> driver;
  std::unique_ptr<httplib::Client> client;
  std::string session;
};

bool Browser::available() { return access(kChromium, X_OK) == 0 && access(kChromedriver, X_OK) == 0; }

Browser::Browser(int width, int height) : impl_(std::make_unique<Impl>()) {
  std::string templ = (std::filesystem::temp_directory_path() / "puzzlesat-chromium-XXXXXX").string();
  if (!mkdtemp(templ.data())) throw std::runtime_error("cannot make a profile folder");
  impl_->profile = templ;
  impl_->driver = std::make_unique<ChildProcess>(
      std::vector<std::string>{kChromedriver, "--port=" + std::to_string(impl_->port)});
  impl_->client = std::make_unique<httplib::Client>("127.0.0.1", impl_->port);
  impl_->client->set_read_timeout(std::chrono::seconds(60));
  for (int i = 0; i < 200; ++i) {
    if (auto r = impl_->client->Get("/status"); r && r->status == 200) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const json args = {"--headless",
                     "--no-sandbox",
                     "--disable-gpu",
                     "--disable-quic",
                     "--no-first-run",
                     "--disable-background-networking",
                     "--disable-component-update",
                     "--disable-sync",
                     "--disable-dev-shm-usage",
                     "--hide-scrollbars",
                     "--user-data-dir=" + impl_->profile.string(),
                     "--window-size=" + std::to_string(width) + "," + std::to_string(height)};
  const json caps = {{"capabilities",
                      {{"alwaysMatch",
                        {{"browserName", "chrome"}, {"goog:chromeOptions", {{"binary", kChromium}, {"args", args}}}}}}}};
  const json answer = call("POST", "/session", caps);
  impl_->session = answer.at("sessionId").get<std::string>();
}

Browser::~Browser() {
  try {
    if (!impl_->session.empty()) call("DELETE", "/session/" + impl_->session);
  } catch (const std::exception&) {
  }
  impl_->driver.reset();
  std::error_code ec;
  std::filesystem::remove_all(impl_->profile, ec);
}

json Browser::call(const std::string& method, const std::string& path, const json& body) {
  const std::string full = path.rfind("/session/", 0) == 0 || path == "/session" ? path : "/session/" + impl_->session + path;
  httplib::Result r = method == "GET"      ? impl_->client->Get(full.c_str())
                      : method == "DELETE" ? impl_->client->Delete(full.c_str())
                                           : impl_->client->Post(full.c_str(), (body.is_null() ? json::object() : body).dump(),
                                                                 "application/json");
  if (!r) throw std::runtime_error("chromedriver did not answer " + method + " " + full);
  json j = json::parse(r->body, nullptr, false);
  if (j.is_discarded()) throw std::runtime_error("chromedriver sent no JSON for " + full + ": " + r->body.substr(0, 200));
  if (r->status != 200)
    throw std::runtime_error("WebDriver " + method + " " + full + ": " + j["value"].value("message", r->body.substr(0, 300)));
  return j["value"];
}

void Browser::open(const std::string& url) { call("POST", "/url", {{"url", url}}); }

std::string Browser::element(const std::string& css) {
  return call("POST", "/element", {{"using", "css selector"}, {"value", css}}).at(kElementKey).get<std::string>();
}

bool Browser::exists(const std::string& css) {
  return !call("POST", "/elements", {{"using", "css selector"}, {"value", css}}).empty();
}

void Browser::send_keys(const std::string& css, const std::string& text) {
  call("POST", "/element/" + element(css) + "/value", {{"text", text}});
}

void Browser::click(const std::string& css) { call("POST", "/element/" + element(css) + "/click", json::object()); }

std::string Browser::text(const std::string& css) {
  return call("GET", "/element/" + element(css) + "/text").get<std::string>();
}

std::string Browser::attribute(const std::string& css, const std::string& name) {
  const json v = call("GET", "/element/" + element(css) + "/attribute/" + name);
  return v.is_string() ? v.get<std::string>() : "";
}

std::string Browser::wait_for_text(const std::string& css, std::chrono::milliseconds timeout, const std::string& expect) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    try {
      if (exists(css)) {
        const std::string t = text(css);
        if (!t.empty() && (expect.empty() || t.find(expect) != std::string::npos)) return t;
      }
    } catch (const std::runtime_error&) {
      // The page replaced the element between finding it and reading it (a stale element): look again.
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::string status = exists("#status") ? text("#status") : "(no #status)";
  throw std::runtime_error("the page showed no " + css + (expect.empty() ? "" : " with '" + expect + "'") +
                           "; its status: " + status);
}

json Browser::execute(const std::string& script, const json& args) {
  return call("POST", "/execute/sync", {{"script", script}, {"args", args}});
}

std::string Browser::screenshot() {
  const auto png = server::base64_decode(call("GET", "/screenshot").get<std::string>());
  if (!png) throw std::runtime_error("the screenshot is not base64");
  return *png;
}

}  // namespace puzzlesat::testing
