// `puzzlesat serve` over HTTP: bad uploads get a 4xx status and a message, and the server
// stays up and keeps answering.
#include <catch2/catch.hpp>

#include <httplib.h>

#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "server/serve_process.h"
#include "tests/data_paths.h"
#include "tests/run_cli.h"

using namespace puzzlesat::testing;
using nlohmann::json;

namespace {

httplib::Client client_for(const ServeProcess& serve) {
  httplib::Client c("127.0.0.1", serve.port());
  c.set_read_timeout(std::chrono::seconds(60));
  c.set_write_timeout(std::chrono::seconds(60));
  return c;
}

// The server answers its health check and a good request after whatever came before.
void check_still_serving(ServeProcess& serve) {
  REQUIRE(serve.alive());
  auto c = client_for(serve);
  auto health = c.Get("/api/health");
  REQUIRE(health);
  CHECK(health->status == 200);
  httplib::MultipartFormDataItems form{{"cards", "2rtd\n1pso\n3gos\n", "", ""}};
  auto good = c.Post("/api/set/cards", form);
  REQUIRE(good);
  CHECK(good->status == 200);
}

// A 4xx status with a JSON message containing `words`.
void check_refused(const httplib::Result& r, int status, const std::string& words) {
  REQUIRE(r);
  INFO(r->body);
  CHECK(r->status == status);
  const json body = json::parse(r->body, nullptr, false);
  REQUIRE(body.is_object());
  CHECK(body.value("error", "").find(words) != std::string::npos);
}

}  // namespace

TEST_CASE("serve: an upload that is not an image gets 415 and the server stays up", "[server]") {
  ServeProcess serve;
  auto c = client_for(serve);
  httplib::MultipartFormDataItems form{{"photo", "this is a text file, not a photo", "notes.jpg", "image/jpeg"}};
  check_refused(c.Post("/api/set/photo", form), 415, "not a JPEG or PNG image");
  httplib::MultipartFormDataItems shot{{"screenshot", "%PDF-1.4 ...", "level.pdf", "application/pdf"}};
  check_refused(c.Post("/api/hexcells/screenshot", shot), 415, "PDF");
  httplib::MultipartFormDataItems broken{{"photo", "\xFF\xD8\xFF\xE0 truncated", "broken.jpg", "image/jpeg"}};
  check_refused(c.Post("/api/yahtzee", broken), 400, "broken.jpg");
  check_still_serving(serve);
}

TEST_CASE("serve: a 50 MB upload gets 413 before it is read, and the server stays up", "[server]") {
  ServeProcess serve;
  auto c = client_for(serve);
  httplib::MultipartFormDataItems form{{"photo", std::string(50 << 20, '\xFF'), "huge.jpg", "image/jpeg"}};
  auto r = c.Post("/api/set/photo", form);
  // The server answers 413 from the Content-Length; a client still sending may see the
  // connection closed instead, which is a refusal too.
  if (r) {
    check_refused(r, 413, "over the limit");
  } else {
    WARN("the client saw the connection closed before the 413: " << httplib::to_string(r.error()));
  }
  check_still_serving(serve);
}

TEST_CASE("serve: zero-byte uploads and missing files get 400", "[server]") {
  ServeProcess serve;
  auto c = client_for(serve);
  check_refused(c.Post("/api/set/photo", httplib::MultipartFormDataItems{{"photo", "", "empty.jpg", "image/jpeg"}}), 400,
                "empty");
  check_refused(c.Post("/api/dimacs", httplib::MultipartFormDataItems{{"cnf", "", "empty.cnf", "text/plain"}}), 400,
                "empty");
  check_refused(c.Post("/api/set/photo", httplib::MultipartFormDataItems{{"all", "1", "", ""}}), 400, "no photo");
  check_refused(c.Post("/api/hexcells/level", httplib::MultipartFormDataItems{{"level", "", "", ""}}), 400, "no level");
  check_still_serving(serve);
}

TEST_CASE("serve: a request body of the wrong content type gets 415", "[server]") {
  ServeProcess serve;
  auto c = client_for(serve);
  check_refused(c.Post("/api/set/photo", slurp(demo_file("set-table.jpg")), "image/jpeg"), 415, "multipart/form-data");
  check_refused(c.Post("/api/dimacs", "{\"cnf\": \"p cnf 1 1\"}", "application/json"), 415, "multipart/form-data");
  check_refused(c.Post("/api/yahtzee", "roll=1,2,3,4,5", "text/plain"), 415, "multipart/form-data");
  check_still_serving(serve);
}

TEST_CASE("serve: malformed input in a good form gets 400 naming the problem", "[server]") {
  ServeProcess serve;
  auto c = client_for(serve);
  check_refused(c.Post("/api/dimacs", httplib::MultipartFormDataItems{{"cnf", "p cnf 2 1\n1 -3 0\n", "f.cnf", "text/plain"}}),
                400, "f.cnf:2");
  check_refused(c.Post("/api/yahtzee", httplib::MultipartFormDataItems{{"roll", "1,2,3,4,7", "", ""}}), 400, "7");
  check_refused(c.Post("/api/yahtzee", httplib::MultipartFormDataItems{{"roll", "1,2,3,4,5", "", ""}, {"rerolls", "9", "", ""}}),
                400, "rerolls");
  check_refused(c.Post("/api/hexcells/level", httplib::MultipartFormDataItems{{"level", "Hexcells level v1\nno\n", "", ""}}),
                400, "level");
  // A PNG header declaring 100,000 x 100,000 pixels: refused by the pixel limit, not decoded.
  std::string bomb = "\x89PNG\r\n\x1A\n";
  bomb += std::string("\0\0\0\x0D" "IHDR" "\0\x01\x86\xA0" "\0\x01\x86\xA0" "\x08\x02\0\0\0" "\0\0\0\0", 25);
  check_refused(c.Post("/api/set/photo", httplib::MultipartFormDataItems{{"photo", bomb, "bomb.png", "image/png"}}), 400,
                "bomb.png");
  check_refused(c.Get("/no/such/page"), 404, "no such page");
  check_still_serving(serve);
}

TEST_CASE("serve: pages come from the binary with a content security policy, and the demo inputs are answered", "[server]") {
  ServeProcess serve;
  auto c = client_for(serve);
  for (const char* page : {"/", "/set", "/hexcells", "/yahtzee", "/dimacs", "/static/app.js", "/static/style.css"}) {
    auto r = c.Get(page);
    REQUIRE(r);
    CHECK(r->status == 200);
    CHECK(r->get_header_value("Content-Security-Policy").find("default-src 'self'") != std::string::npos);
  }
  auto set = c.Post("/api/set/photo", httplib::MultipartFormDataItems{{"photo", slurp(demo_file("set-table.jpg")), "set-table.jpg", "image/jpeg"}});
  REQUIRE(set);
  CHECK(set->status == 200);
  CHECK(json::parse(set->body)["cards"].size() == 12);
  auto cnf = c.Post("/api/dimacs", httplib::MultipartFormDataItems{{"cnf", slurp(demo_file("pigeonhole-5-4.cnf")), "php.cnf", ""}});
  REQUIRE(cnf);
  CHECK(json::parse(cnf->body)["status"] == "unsat");
  CHECK(json::parse(cnf->body)["verified"] == true);
}

TEST_CASE("serve: a port in use, a bad port or a bad address is bad input (exit 2), and SIGTERM stops it cleanly", "[server]") {
  CliLimits limits;
  limits.wall_seconds = 30;  // a server that wrongly starts is stopped here, and fails the test
  {
    // The port is held by a socket that offers to share it (SO_REUSEPORT): a server that
    // also asked to share it would bind and silently split the connections.
    const ListeningSocket held;
    const LimitedResult twice = run_cli_limited({"serve", "--port", std::to_string(held.port())}, "", limits);
    INFO("stdout: " << twice.out << "\nstderr: " << twice.err);
    CHECK_FALSE(twice.timed_out);
    CHECK(twice.exit_code == 2);
    CHECK(twice.err.find("cannot listen on 127.0.0.1:" + std::to_string(held.port())) != std::string::npos);
  }
  for (const std::vector<std::string>& args : {std::vector<std::string>{"serve", "--port", "70000"},
                                                std::vector<std::string>{"serve", "--port", "0", "--host", "999.1.1.1"}}) {
    const LimitedResult bad = run_cli_limited(args, "", limits);
    INFO(args.back() << " stderr: " << bad.err);
    CHECK(bad.exit_code == 2);
  }
  // SIGTERM at once after the URL: it may come before the server listens (web_server.cpp).
  // A clean stop is not a fast one on a loaded machine: SIGKILL only after 30 s.
  ServeProcess serve;
  const auto signalled = std::chrono::steady_clock::now();
  const int status = serve.stop(std::chrono::seconds(30));
  INFO("serve's stderr: " << serve.log() << "\nended "
                          << std::chrono::duration<double>(std::chrono::steady_clock::now() - signalled).count()
                          << " s after SIGTERM (SIGKILL at 30 s); status " << status);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
