#include "problems/yahtzee/table_file.h"

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <system_error>

#include <puzzlesat/file_io.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/progress.h>

namespace puzzlesat::yahtzee {

namespace {

constexpr char kMagic[8] = {'P', 'Z', 'Y', 'A', 'H', 'T', 'Z', '\0'};
constexpr size_t kHeaderBytes = 32;
// The best official game: upper boxes 105 + bonus 35, lower boxes 235, 12 Yahtzee bonuses.
constexpr double kMaxGameScore = 105 + kUpperBonus + 235 + 12 * kYahtzeeBonus;
// Tables are 10-20 MB; a file far larger is not one.
constexpr std::uint64_t kMaxTableFileBytes = std::uint64_t{1} << 30;

void put_u32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}
void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}
std::uint64_t get_le(const char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

std::uint64_t fnv1a(const char* data, size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<unsigned char>(data[i])) * 0x100000001b3ull;
  return h;
}

std::string encode_values(const std::vector<double>& values) {
  std::string out;
  out.reserve(values.size() * 8);
  for (double v : values) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    put_u64(out, bits);
  }
  return out;
}

}  // namespace

void save_table(const Table& table, const std::string& path) {
  const std::string payload = encode_values(table.data());
  std::string header(kMagic, sizeof kMagic);
  put_u32(header, kTableFormatVersion);
  put_u32(header, static_cast<std::uint32_t>(table.rules()));
  put_u64(header, table.data().size());
  put_u64(header, fnv1a(payload.data(), payload.size()));

  write_file_atomically(path, header + payload);
}

Table load_table(const std::string& path, RuleSet rules) {
  const SourceLocation where{path, 0, 0};
  const std::string bytes = read_regular_file(path, kMaxTableFileBytes);
  if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    throw InputError("not a yahtzee strategy table", where);
  const auto version = get_le(bytes.data() + 8, 4);
  const auto stored_rules = get_le(bytes.data() + 12, 4);
  const auto count = get_le(bytes.data() + 16, 8);
  const auto checksum = get_le(bytes.data() + 24, 8);
  if (version != kTableFormatVersion)
    throw InputError("strategy table format version " + std::to_string(version) + ", expected " +
                         std::to_string(kTableFormatVersion),
                     where);
  if (stored_rules > static_cast<std::uint64_t>(RuleSet::official_forced))
    throw InputError("strategy table has unknown rules", where);
  if (stored_rules != static_cast<std::uint64_t>(rules))
    throw TableRulesMismatch(std::string("strategy table is for ") + rules_name(static_cast<RuleSet>(stored_rules)) +
                                 " rules, not " + rules_name(rules),
                             where);
  // Sizes and checksum first: a short file must not cost a table's 4-8 MB.
  if (count != Table::value_count(rules) || bytes.size() != kHeaderBytes + count * 8)
    throw InputError("strategy table is truncated or of the wrong size", where);
  if (fnv1a(bytes.data() + kHeaderBytes, count * 8) != checksum)
    throw InputError("strategy table fails its checksum", where);
  Table table(rules);
  // A checksum proves the bytes are as written, not that a writer was honest: every value
  // is an expected remaining score, so a finite number from 0 to the best possible game.
  for (size_t i = 0; i < count; ++i) {
    const std::uint64_t bits = get_le(bytes.data() + kHeaderBytes + i * 8, 8);
    double value = 0;
    std::memcpy(&value, &bits, sizeof bits);
    if (!std::isfinite(value) || value < 0 || value > kMaxGameScore)
      throw InputError("strategy table holds an impossible value at entry " + std::to_string(i), where);
    table.data()[i] = value;
  }
  return table;
}

std::string default_table_path(RuleSet rules) {
  std::filesystem::path dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    dir = std::filesystem::path(xdg) / "puzzlesat";
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    dir = std::filesystem::path(home) / ".cache" / "puzzlesat";
  } else {
    dir = std::filesystem::temp_directory_path() / "puzzlesat";
  }
  return (dir / (std::string("yahtzee-") + rules_name(rules) + "-v" + std::to_string(kTableFormatVersion) + ".bin"))
      .string();
}

Table load_or_compute_table(RuleSet rules, const std::string& path) {
  std::error_code ec;
  // A folder or a FIFO at the path is the user's mistake, not a damaged table to replace.
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    throw InputError("not a strategy table file (a directory, FIFO or device)", {path, 0, 0});
  if (std::filesystem::exists(path, ec)) {
    try {
      return load_table(path, rules);
    } catch (const TableRulesMismatch&) {
      throw;  // the user's mistake, not damage: do not overwrite their file
    } catch (const InputError& e) {
      std::cerr << "puzzlesat: note: " << e.what() << "; computing it again\n";
    }
  }
  Table table = [&] {
    std::optional<Progress> progress;
    return Table::compute(rules, 0, [&](std::int64_t done, std::int64_t total) {
      if (!progress) progress.emplace(std::string("yahtzee table (") + rules_name(rules) + ")", total);
      progress->update(done);
    });
  }();
  try {
    save_table(table, path);
  } catch (const std::exception& e) {
    std::cerr << "puzzlesat: note: could not save the strategy table to " << path << ": " << e.what() << "\n";
  }
  return table;
}

}  // namespace puzzlesat::yahtzee
