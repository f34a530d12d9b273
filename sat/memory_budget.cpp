#include <puzzlesat/memory_budget.h>

#include <cerrno>
#include <cstdlib>

#include <fmt/format.h>

namespace puzzlesat::sat {

std::string megabytes(std::uint64_t bytes) { return fmt::format("{} MB", (bytes + (1 << 20) - 1) >> 20); }

std::uint64_t parse_byte_size(const std::string& text) {
  if (text.empty() || text[0] < '0' || text[0] > '9') return 0;
  char* end = nullptr;
  errno = 0;
  const unsigned long long number = std::strtoull(text.c_str(), &end, 10);
  if (errno == ERANGE) return 0;
  const std::string unit(end);
  int shift = 0;
  if (unit == "K" || unit == "KB") shift = 10;
  else if (unit == "M" || unit == "MB") shift = 20;
  else if (unit == "G" || unit == "GB") shift = 30;
  else if (unit == "T" || unit == "TB") shift = 40;
  else if (!unit.empty()) return 0;
  if (number > (UINT64_MAX >> shift)) return 0;
  return std::uint64_t{number} << shift;
}

}  // namespace puzzlesat::sat
