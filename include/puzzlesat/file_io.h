// The user's files, read and written safely. Only regular files are read: a FIFO would
// block forever and a device never end, so the type is checked on the opened descriptor
// (no window to swap the file) before a byte is read. Saves are written whole or not at
// all and survive a crash: temporary file, fsync, rename, fsync of the directory.
//
//   std::string text = read_regular_file("level.hexcells", 64 << 20);
//   write_file_atomically("game.json", text);
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace puzzlesat {

// The content of the regular file at path. Throws InputError naming the file when it is
// missing, a directory, a FIFO/device/socket, unreadable, or larger than max_bytes.
std::string read_regular_file(const std::string& path, std::uint64_t max_bytes = UINT64_MAX);

// Replaces the file at path with bytes atomically and durably, creating missing parent
// folders. Throws InputError naming the file when any step fails (a folder in the way,
// no permission, disk full), and leaves no temporary file behind.
void write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace puzzlesat
