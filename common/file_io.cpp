#include <puzzlesat/file_io.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include <puzzlesat/input_error.h>

namespace puzzlesat {

namespace {

// Closes a descriptor at the end of a scope.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

std::string reason(int err) {
  switch (err) {
    case ENOENT: return "no such file";
    case EACCES: case EPERM: return "permission denied";
    case ENOTDIR: return "a folder on the path is a file";
    case EISDIR: return "is a directory, not a file";
    default: return std::strerror(err);
  }
}

std::string megabytes(std::uint64_t bytes) { return fmt::format("{:.0f} MB", double(bytes) / (1 << 20)); }

}  // namespace

std::string read_regular_file(const std::string& path, std::uint64_t max_bytes) {
  const SourceLocation where{path, 0, 0};
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (f.fd < 0) throw InputError(reason(errno), where);
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) throw InputError(reason(errno), where);
  if (S_ISDIR(st.st_mode)) throw InputError("is a directory, not a file", where);
  if (!S_ISREG(st.st_mode)) throw InputError("not a regular file (a FIFO, device or socket)", where);
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size > max_bytes)
    throw InputError(fmt::format("file is {}, over the {} limit", megabytes(size), megabytes(max_bytes)), where);
  std::string bytes;
  bytes.resize(size);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::read(f.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw InputError("cannot read the file: " + reason(errno), where);
    if (n == 0) break;  // it shrank while we read
    done += static_cast<std::size_t>(n);
  }
  bytes.resize(done);
  return bytes;
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
  const SourceLocation where{path, 0, 0};
  const std::filesystem::path target(path);
  const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : ".";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError("cannot create the folder " + dir.string() + ": " + reason(ec.value()), where);
  if (std::filesystem::is_directory(target, ec)) throw InputError("is a directory, not a file", where);

  std::string temp = path + ".tmp-XXXXXX";
  Fd f{::mkstemp(temp.data())};
  if (f.fd < 0) throw InputError("cannot write the file: " + reason(errno), where);
  auto fail = [&](const std::string& what) {
    const int err = errno;
    ::unlink(temp.c_str());
    return InputError(what + ": " + reason(err), where);
  };
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(f.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw fail("cannot write the file");
    done += static_cast<std::size_t>(n);
  }
  // The data must be on disk before the rename makes it the file, and the rename must be
  // on disk (the directory synced) before we say it is saved.
  const mode_t umask_now = ::umask(0);  // mkstemp makes 0600; give what open() would
  ::umask(umask_now);
  if (::fchmod(f.fd, 0666 & ~umask_now) != 0 || ::fsync(f.fd) != 0) throw fail("cannot write the file");
  if (::close(f.fd) != 0) {
    f.fd = -1;
    throw fail("cannot write the file");
  }
  f.fd = -1;
  if (::rename(temp.c_str(), path.c_str()) != 0) throw fail("cannot replace the file");
  Fd d{::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
  if (d.fd >= 0) ::fsync(d.fd);
}

}  // namespace puzzlesat
