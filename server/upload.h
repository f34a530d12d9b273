// Uploaded files on their way into the library calls, which read files as the CLI does:
// the bytes are checked for what they claim to be (a JPEG or PNG, by their first bytes),
// written into the request's own folder, and errors that name that temporary path are
// told in terms of the name the user uploaded.
#pragma once

#include <puzzlesat/input_error.h>

#include <string>
#include <utility>

#include "server/jobs.h"

namespace puzzlesat::server {

// Bad input of the wrong kind: a file that is not an image where one is expected (415).
class UnsupportedMedia : public InputError {
 public:
  using InputError::InputError;
};

// The upload as a file in ctx.work_dir, after checking that it is not empty and that it
// is a JPEG or PNG (UnsupportedMedia naming what it looks like otherwise, e.g. HEIC).
std::string save_image(const Upload& upload, const JobContext& ctx, const std::string& stem);

// Runs f(); an InputError naming `path` is rethrown naming upload.name instead.
template <class F>
auto as_upload(const Upload& upload, const std::string& path, F&& f) -> decltype(f()) {
  try {
    return std::forward<F>(f)();
  } catch (const InputError& e) {
    if (e.where().file != path) throw;
    SourceLocation where = e.where();
    where.file = upload.name;
    throw InputError(e.message(), where);
  }
}

// The bytes of a file the library wrote into the work folder.
std::string read_back(const std::string& path);

}  // namespace puzzlesat::server
