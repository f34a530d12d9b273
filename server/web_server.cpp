#include "server/web_server.h"

#include <httplib.h>
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <filesystem>
#include <iostream>
#include <mutex>

#include <puzzlesat/input_error.h>

#include "problems/yahtzee/rules.h"
#include "server/assets.h"
#include "server/job_gate.h"
#include "server/jobs.h"
#include "server/upload.h"

namespace puzzlesat::server {

using nlohmann::json;

namespace {

// A folder of the request's own for the files the library reads and writes, removed
// with everything in it when the request is answered.
class WorkDir {
 public:
  WorkDir() {
    std::string templ = (std::filesystem::temp_directory_path() / "puzzlesat-serve-XXXXXX").string();
    if (!mkdtemp(templ.data())) throw std::runtime_error("cannot make a temporary folder");
    path_ = templ;
  }
  ~WorkDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, status, {{"error", message}});
}

// A form field: a multipart part (file or not) or an urlencoded/query parameter.
std::string field(const httplib::Request& req, const std::string& name) {
  if (req.has_file(name)) return req.get_file_value(name).content;
  return req.has_param(name) ? req.get_param_value(name) : std::string();
}

std::optional<Upload> upload(const httplib::Request& req, const std::string& name) {
  if (!req.has_file(name)) return std::nullopt;
  const auto& f = req.get_file_value(name);
  if (f.filename.empty() && f.content.empty()) return std::nullopt;  // the form's empty file input
  return Upload{f.filename.empty() ? name : f.filename, f.content};
}

int int_field(const httplib::Request& req, const std::string& name, int fallback, int lo, int hi) {
  const std::string text = field(req, name);
  if (text.empty()) return fallback;
  std::size_t used = 0;
  int value = 0;
  try {
    value = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || value < lo || value > hi)
    throw InputError(name + ": '" + quote_token(text) + "' is not a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi));
  return value;
}

bool flag_field(const httplib::Request& req, const std::string& name) {
  const std::string v = field(req, name);
  return v == "1" || v == "on" || v == "true";
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    out.push_back(line);
    start = end + 1;
  }
  return out;
}

}  // namespace

struct WebServer::Impl {
  explicit Impl(ServeOptions o)
      : options(std::move(o)), gate(options.limits.workers, options.limits.max_queued, options.limits.max_wait_seconds) {}

  ServeOptions options;
  httplib::Server http;
  // stop() may come (from a signal) before listen() has started, when httplib's own stop()
  // does nothing: the two flags make one of them see the other (both seq_cst).
  std::atomic<bool> stop_requested{false}, listen_started{false}, listen_returned{false};
  JobGate gate;
  int port = 0;
  std::mutex log_mutex;

  using Job = std::function<json(const httplib::Request&, const JobContext&)>;

  // Every job: a worker from the pool (or 503), a fresh work folder, and the errors
  // turned into statuses: bad input 400, not an image 415, out of memory 503, a bug 500.
  void run(const httplib::Request& req, httplib::Response& res, const Job& job, bool needs_form) {
    if (needs_form && !req.is_multipart_form_data() &&
        req.get_header_value("Content-Type").rfind("application/x-www-form-urlencoded", 0) != 0) {
      send_error(res, 415, "send the form as multipart/form-data (or urlencoded), not '" +
                               quote_token(req.get_header_value("Content-Type")) + "'");
      return;
    }
    JobGate::Slot slot = gate.enter();
    if (!slot) {
      res.set_header("Retry-After", "5");
      send_error(res, 503, slot.refusal);
      return;
    }
    const auto start = std::chrono::steady_clock::now();
    try {
      WorkDir dir;
      JobContext ctx{options.limits, dir.path()};
      json out = job(req, ctx);
      out["server_seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      send_json(res, 200, out);
    } catch (const UnsupportedMedia& e) {
      send_error(res, 415, e.what());
    } catch (const InputError& e) {
      send_error(res, 400, e.what());
    } catch (const std::bad_alloc&) {
      send_error(res, 503, "out of memory on this input");
    } catch (const std::exception& e) {
      log("internal error on " + req.path + ": " + e.what());
      send_error(res, 500, std::string("internal error: ") + e.what());
    }
  }

  void log(const std::string& line) {
    std::lock_guard lock(log_mutex);
    std::cerr << "puzzlesat serve: " << line << "\n";
  }

  void serve_asset(httplib::Response& res, const std::string& name) {
    const Asset* a = find_asset(name);
    if (!a) {
      send_error(res, 404, "no such page");
      return;
    }
    res.set_content(std::string(a->body), std::string(a->content_type));
  }

  void routes() {
    const auto page = [this](const std::string& name) {
      return [this, name](const httplib::Request&, httplib::Response& res) { serve_asset(res, name); };
    };
    http.Get("/", page("index.html"));
    for (const char* p : {"set", "hexcells", "yahtzee", "dimacs"}) http.Get(std::string("/") + p, page(std::string(p) + ".html"));
    http.Get(R"(/static/([a-z_-]+\.(css|js|svg)))",
             [this](const httplib::Request& req, httplib::Response& res) { serve_asset(res, req.matches[1]); });

    http.Get("/api/health", [this](const httplib::Request&, httplib::Response& res) {
      const auto c = gate.counts();
      send_json(res, 200,
                {{"ok", true}, {"workers", options.limits.workers}, {"running", c.running}, {"queued", c.queued},
                 {"served", c.served}, {"refused", c.refused}});
    });
    http.Get("/api/yahtzee/boxes", [](const httplib::Request&, httplib::Response& res) {
      json names = json::array();
      for (int b = 0; b < yahtzee::kBoxes; ++b) names.push_back(yahtzee::box_name(b));
      send_json(res, 200, {{"boxes", names}});
    });

    http.Post("/api/set/photo", [this](const httplib::Request& req, httplib::Response& res) {
      run(req, res, [](const httplib::Request& r, const JobContext& ctx) {
        auto photo = upload(r, "photo");
        if (!photo) throw InputError("no photo: choose a picture of the cards (JPEG or PNG)");
        return set_photo_job(*photo, field(r, "cards").empty() ? std::vector<std::string>{} : lines(field(r, "cards")),
                             flag_field(r, "all"), ctx);
      }, true);
    });
    http.Post("/api/set/cards", [this](const httplib::Request& req, httplib::Response& res) {
      run(req, res, [](const httplib::Request& r, const JobContext& ctx) {
        return set_cards_job(field(r, "cards"), flag_field(r, "all"), ctx);
      }, true);
    });
    http.Post("/api/hexcells/level", [this](const httplib::Request& req, httplib::Response& res) {
      run(req, res, [](const httplib::Request& r, const JobContext& ctx) {
        if (auto file = upload(r, "file")) return hexcells_level_job(file->bytes, ctx);
        return hexcells_level_job(field(r, "level"), ctx);
      }, true);
    });
    http.Post("/api/hexcells/screenshot", [this](const httplib::Request& req, httplib::Response& res) {
      run(req, res, [](const httplib::Request& r, const JobContext& ctx) {
        auto shot = upload(r, "screenshot");
        if (!shot) throw InputError("no screenshot: choose a picture of the game (PNG or JPEG)");
        return hexcells_screenshot_job(*shot, ctx);
      }, true);
    });
    http.Post("/api/yahtzee", [this](const httplib::Request& req, httplib::Response& res) {
      run(req, res, [](const httplib::Request& r, const JobContext& ctx) {
        YahtzeeQuery q;
        if (const std::string rules = field(r, "rules"); !rules.empty()) q.rules = rules;
        q.roll = field(r, "roll");
        q.photo = upload(r, "photo");
        q.rerolls = int_field(r, "rerolls", 2, 0, 2);
        q.used = field(r, "used");
        q.upper = int_field(r, "upper", 0, 0, 1000);
        q.yahtzee50 = flag_field(r, "yahtzee50");
        q.top = int_field(r, "top", 5, 1, 40);
        return yahtzee_job(q, ctx);
      }, true);
    });
    http.Post("/api/dimacs", [this](const httplib::Request& req, httplib::Response& res) {
      run(req, res, [](const httplib::Request& r, const JobContext& ctx) {
        if (auto file = upload(r, "cnf")) return dimacs_job(*file, ctx);
        const std::string text = field(r, "text");
        if (text.empty()) throw InputError("no formula: choose a DIMACS CNF file or paste one");
        return dimacs_job({"pasted formula", text}, ctx);
      }, true);
    });

    // Statuses httplib answers itself (413 over the upload limit, 404, 400 on a malformed
    // request) get a message too.
    http.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
      if (!res.body.empty()) return;
      if (res.status == 413)
        send_error(res, 413, "the upload is over the limit of " + std::to_string(options.limits.max_upload_bytes >> 20) + " MB");
      else if (res.status == 404)
        send_error(res, 404, "no such page: " + quote_token(req.path));
      else
        send_error(res, res.status, "bad request");
    });
    http.set_exception_handler([this](const httplib::Request& req, httplib::Response& res, std::exception_ptr ep) {
      std::string what = "unknown";
      try {
        std::rethrow_exception(ep);
      } catch (const std::exception& e) {
        what = e.what();
      } catch (...) {
      }
      log("internal error on " + req.path + ": " + what);
      send_error(res, 500, "internal error");
    });
    http.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      log(req.method + " " + req.path + " " + std::to_string(res.status) + " " + std::to_string(req.body.size()) + " bytes");
    });
    http.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"Referrer-Policy", "no-referrer"},
                              {"Content-Security-Policy",
                               "default-src 'self'; img-src 'self' data: blob:; script-src 'self'; style-src 'self'; "
                               "connect-src 'self'; form-action 'self'; frame-ancestors 'none'"}});
    // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, which lets a second server bind
    // the same port and silently share its connections instead of failing "in use".
    http.set_socket_options([](socket_t sock) {
      int yes = 1;
      setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    http.set_payload_max_length(options.limits.max_upload_bytes);
    http.set_read_timeout(std::chrono::seconds(20));
    http.set_write_timeout(std::chrono::seconds(20));
    const int threads = options.limits.connection_threads;
    http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<size_t>(threads)); };
  }
};

WebServer::WebServer(ServeOptions options) : impl_(std::make_unique<Impl>(std::move(options))) { impl_->routes(); }

WebServer::~WebServer() = default;

int WebServer::bind() {
  const auto& o = impl_->options;
  if (o.port < 0 || o.port > 65535) throw InputError("--port: " + std::to_string(o.port) + " is not a port (0..65535)");
  if (o.port == 0) {
    impl_->port = impl_->http.bind_to_any_port(o.host);
    if (impl_->port <= 0) throw InputError("cannot listen on " + o.host + " (not an address of this machine?)");
  } else {
    if (!impl_->http.bind_to_port(o.host, o.port))
      throw InputError("cannot listen on " + o.host + ":" + std::to_string(o.port) +
                       " (in use, or not an address of this machine; --port 0 picks a free port)");
    impl_->port = o.port;
  }
  return impl_->port;
}

std::string WebServer::url() const {
  const std::string& h = impl_->options.host;
  const std::string host = h.find(':') != std::string::npos ? "[" + h + "]" : h;
  return "http://" + host + ":" + std::to_string(impl_->port) + "/";
}

bool WebServer::listen() {
  impl_->listen_started = true;
  if (impl_->stop_requested) return true;
  const bool ok = impl_->http.listen_after_bind();
  impl_->listen_returned = true;
  return ok;
}

void WebServer::stop() {
  impl_->stop_requested = true;
  // Until listen() has returned: httplib ignores stop() in the moment before it runs.
  while (impl_->listen_started && !impl_->listen_returned) {
    impl_->http.stop();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace puzzlesat::server
