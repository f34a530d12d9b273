// The strategy table on disk: a 32-byte header (magic "PZYAHTZ\0", format version, rule
// set, value count, FNV-1a checksum of the values) and the values as little-endian
// doubles; and where the table is cached when the user names no file.
#pragma once

#include <string>

#include <puzzlesat/input_error.h>
#include "problems/yahtzee/table.h"

namespace puzzlesat::yahtzee {

constexpr int kTableFormatVersion = 1;

// Writes to a temporary file beside `path`, then renames, so readers never see half a table.
// Throws std::runtime_error when the file cannot be written.
void save_table(const Table& table, const std::string& path);

// A table file that holds another rule set than the one asked for.
struct TableRulesMismatch : InputError {
  using InputError::InputError;
};

// Throws InputError (naming the file) when it is missing, truncated, of another format
// version or rule set, or fails its checksum.
Table load_table(const std::string& path, RuleSet rules);

// $XDG_CACHE_HOME/puzzlesat/yahtzee-<rules>-v<version>.bin, else ~/.cache/puzzlesat/…,
// else the system temporary directory.
std::string default_table_path(RuleSet rules);

// The table at `path` if it is there and sound; otherwise it is computed (progress on a
// terminal) and saved there, with a note on stderr when the file was unusable or cannot
// be written. A file holding another rule set is an error rather than overwritten.
Table load_or_compute_table(RuleSet rules, const std::string& path);

}  // namespace puzzlesat::yahtzee
