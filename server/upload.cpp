#include "server/upload.h"

#include <fstream>
#include <iterator>
#include <string_view>

namespace puzzlesat::server {

namespace {

bool starts_with(std::string_view bytes, std::string_view magic) { return bytes.substr(0, magic.size()) == magic; }

// What a non-JPEG, non-PNG upload most likely is, for the message.
std::string looks_like(std::string_view b) {
  if (b.size() >= 12 && b.substr(4, 4) == "ftyp") {
    const std::string_view brand = b.substr(8, 4);
    if (brand == "heic" || brand == "heix" || brand == "mif1" || brand == "hevc")
      return "a HEIC photo (set the camera to 'Most Compatible', or export it as JPEG)";
    return "a video or MP4-family file";
  }
  if (starts_with(b, "GIF8")) return "a GIF image";
  if (starts_with(b, "RIFF") && b.size() >= 12 && b.substr(8, 4) == "WEBP") return "a WebP image";
  if (starts_with(b, "%PDF")) return "a PDF document";
  if (starts_with(b, "BM")) return "a BMP image";
  return "not an image";
}

}  // namespace

std::string save_image(const Upload& upload, const JobContext& ctx, const std::string& stem) {
  const std::string_view b = upload.bytes;
  if (b.empty()) throw InputError("the upload is empty (0 bytes)", {upload.name});
  const bool jpeg = starts_with(b, "\xFF\xD8\xFF");
  const bool png = starts_with(b, "\x89PNG\r\n\x1A\n");
  if (!jpeg && !png) throw UnsupportedMedia("not a JPEG or PNG image: " + looks_like(b), {upload.name});
  const std::string path = ctx.work_dir + "/" + stem + (jpeg ? ".jpg" : ".png");
  std::ofstream out(path, std::ios::binary);
  out.write(upload.bytes.data(), std::streamsize(upload.bytes.size()));
  if (!out.flush()) throw std::runtime_error("cannot write the upload to the server's temporary folder");
  return path;
}

std::string read_back(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read back " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace puzzlesat::server
