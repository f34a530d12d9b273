// The picture of `hexcells deduce -o` (cli/hexcells_commands.cpp): drawn with OpenCV, so
// it is part of the vision module, which hands it to the program when it loads (cli/vision.h).
#include <opencv2/core.hpp>

#include <puzzlesat/input_error.h>

#include "cli/vision.h"
#include "frontends/hexcells/explain_picture.h"
#include "frontends/image/image_file.h"

namespace puzzlesat::cli {
namespace {

void write_picture(const std::string& path, const hexcells::Board& board, const hexcells::Reason& reason) {
  cv::Mat img = hexcells_vision::draw_explanation(board, reason);
  bool written = false;
  try {
    written = image::write_image(path, img);
  } catch (const cv::Exception&) {
  }
  if (!written) throw InputError("cannot write the picture (use a .png or .jpg name)", {path});
}

[[maybe_unused]] const bool registered = [] {
  hexcells_picture_writer = write_picture;
  return true;
}();

}  // namespace
}  // namespace puzzlesat::cli
