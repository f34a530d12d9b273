// Load on `puzzlesat serve` from loopback: N uploads of one 12-MP photo to the SET page's
// API at the same moment, each answered or refused, with the latencies printed. Bounded:
// N is at most 100 and every request gives up after 300 s. Not a test (docs/server.md has
// the figures and the machine).
//
//   build/puzzlesat serve --port 8090 &
//   build/bench/bench_serve_load http://127.0.0.1:8090 [PHOTO] [N=20]
//
// PHOTO defaults to a 4032x3024 phone photo from ../shared/data when present, else to
// demo/set-table.jpg scaled up to 4000x3000.
#include <httplib.h>

#include <algorithm>
#include <barrier>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string twelve_megapixel_photo(std::string& name) {
  const std::string shared = std::string(PUZZLESAT_SHARED_DATA) + "/set/tables/nicolashahn-set-solver__setgame6.jpg";
  if (std::filesystem::exists(shared)) {
    name = shared;
    return read_file(shared);
  }
  name = "demo/set-table.jpg scaled to 4000x3000";
  cv::Mat small = cv::imread(std::string(PUZZLESAT_SOURCE_DIR) + "/demo/set-table.jpg");
  cv::Mat big;
  cv::resize(small, big, {4000, 3000}, 0, 0, cv::INTER_CUBIC);
  std::vector<unsigned char> bytes;
  cv::imencode(".jpg", big, bytes, {cv::IMWRITE_JPEG_QUALITY, 92});
  return {bytes.begin(), bytes.end()};
}

struct Outcome {
  int status = 0;  // 0: no answer
  double seconds = 0;
  double server_seconds = 0;
};

Outcome post(const std::string& url, const std::string& photo) {
  httplib::Client c(url);
  c.set_connection_timeout(std::chrono::seconds(30));
  c.set_read_timeout(std::chrono::seconds(300));
  c.set_write_timeout(std::chrono::seconds(300));
  const auto start = Clock::now();
  auto r = c.Post("/api/set/photo", httplib::MultipartFormDataItems{{"photo", photo, "photo.jpg", "image/jpeg"}});
  Outcome o;
  o.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (r) {
    o.status = r->status;
    auto j = nlohmann::json::parse(r->body, nullptr, false);
    if (j.is_object() && j.contains("server_seconds")) o.server_seconds = j["server_seconds"].get<double>();
  }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s URL [PHOTO] [N]\n", argv[0]);
    return 2;
  }
  const std::string url = argv[1];
  std::string name;
  const std::string photo = argc > 2 && std::string(argv[2]) != "-" ? (name = argv[2], read_file(argv[2]))
                                                                       : twelve_megapixel_photo(name);
  const int n = std::clamp(argc > 3 ? std::atoi(argv[3]) : 20, 1, 100);
  std::printf("photo: %s, %.1f MB\n", name.c_str(), photo.size() / 1e6);

  const Outcome alone = post(url, photo);
  if (alone.status != 200) {
    std::fprintf(stderr, "the photo alone was not answered (status %d)\n", alone.status);
    return 1;
  }
  std::printf("alone: %.3f s round trip, %.3f s in the server (one photo of work)\n", alone.seconds, alone.server_seconds);

  std::vector<Outcome> outcomes(static_cast<std::size_t>(n));
  std::barrier start(n);
  std::vector<std::thread> threads;
  const auto wall_start = Clock::now();
  for (int i = 0; i < n; ++i)
    threads.emplace_back([&, i] {
      start.arrive_and_wait();
      outcomes[std::size_t(i)] = post(url, photo);
    });
  for (auto& t : threads) t.join();
  const double wall = std::chrono::duration<double>(Clock::now() - wall_start).count();

  std::map<int, int> statuses;
  std::vector<double> latency;
  double server_total = 0;
  for (const auto& o : outcomes) {
    ++statuses[o.status];
    latency.push_back(o.seconds);
    server_total += o.server_seconds;
  }
  std::sort(latency.begin(), latency.end());
  std::printf("%d at once: wall %.2f s, %.2f photos/s; latency min %.2f s, median %.2f s, max %.2f s; "
              "server time per photo %.3f s\n",
              n, wall, n / wall, latency.front(), latency[latency.size() / 2], latency.back(), server_total / n);
  std::printf("statuses:");
  for (auto [s, count] : statuses) std::printf(" %d x%d", s, count);
  std::printf("\n");
  std::printf("answers arrived after (s):");
  for (double t : latency) std::printf(" %.2f", t);
  std::printf("\n");
  // The k-th answer to arrive came within 2 s per photo answered so far; and every answer
  // within 2 s per photo of work sent at once.
  bool kth = true;
  for (std::size_t k = 0; k < latency.size(); ++k) kth &= latency[k] <= 2.0 * double(k + 1);
  std::printf("k-th answer within 2k s: %s; every answer within 2 s x %d photos: %s\n", kth ? "yes" : "NO", n,
              latency.back() <= 2.0 * n ? "yes" : "NO");
  const bool answered = statuses[200] == n;

  httplib::Client c(url);
  auto health = c.Get("/api/health");
  std::printf("server afterwards: %s\n", health && health->status == 200 ? health->body.c_str() : "NOT ANSWERING");
  return answered && health && health->status == 200 ? 0 : 1;
}
