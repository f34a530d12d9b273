#include "frontends/image/image_file.h"

#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

#include <opencv2/imgproc.hpp>

#include <puzzlesat/file_io.h>
#include <puzzlesat/input_error.h>
#include "frontends/image/exif_orientation.h"

namespace puzzlesat::image {

namespace {

// libjpeg reports fatal errors through error_exit, which must not return: jump back to
// the decoder's setjmp instead of letting the library call exit().
struct JpegError {
  jpeg_error_mgr mgr;
  std::jmp_buf jump;
  const char* why = "corrupt JPEG";  // what made decoding fail
  bool short_of_data = false;        // a warning that the data ran out
};

void jpeg_fail(j_common_ptr cinfo) {
  auto* err = reinterpret_cast<JpegError*>(cinfo->err);
  if (err->short_of_data) err->why = "truncated or missing image data";
  std::longjmp(err->jump, 1);
}

void jpeg_quiet(j_common_ptr, int) {}

// libjpeg only warns when the file ends early (JWRN_JPEG_EOF) or a scan's data stops at a
// marker (JWRN_HIT_MARKER), and pads the rest with grey: a photo cut to 30 % read as a
// confident wrong answer. Those warnings are remembered and the image refused.
void jpeg_note_warning(j_common_ptr cinfo, int level) {
  auto* err = reinterpret_cast<JpegError*>(cinfo->err);
  if (level < 0 && (err->mgr.msg_code == JWRN_JPEG_EOF || err->mgr.msg_code == JWRN_HIT_MARKER))
    err->short_of_data = true;
}

// Called by libjpeg as it reads; stops a file with more than kMaxJpegScans scans.
void jpeg_scan_limit(j_common_ptr cinfo) {
  auto* d = reinterpret_cast<j_decompress_ptr>(cinfo);
  if (d->input_scan_number > kMaxJpegScans) {
    reinterpret_cast<JpegError*>(cinfo->err)->why = "too many scans";
    std::longjmp(reinterpret_cast<JpegError*>(cinfo->err)->jump, 1);
  }
}

bool is_jpeg(std::span<const std::uint8_t> b) { return b.size() > 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF; }
bool is_png(std::span<const std::uint8_t> b) { return b.size() > 8 && png_sig_cmp(b.data(), 0, 8) == 0; }

// Everything the longjmp may cross lives in this frame or is plain data, so no
// destructor is skipped.
cv::Mat decode_jpeg(std::span<const std::uint8_t> bytes, int reduction, const char*& why) {
  jpeg_decompress_struct cinfo{};
  JpegError err{};
  cinfo.err = jpeg_std_error(&err.mgr);
  err.mgr.error_exit = jpeg_fail;
  err.mgr.emit_message = jpeg_note_warning;
  jpeg_progress_mgr progress{};
  progress.progress_monitor = jpeg_scan_limit;
  cv::Mat out;
  int orientation = 1;
  if (setjmp(err.jump)) {
    jpeg_destroy_decompress(&cinfo);
    why = err.why;
    return cv::Mat();
  }
  jpeg_create_decompress(&cinfo);
  cinfo.progress = &progress;
  jpeg_mem_src(&cinfo, bytes.data(), static_cast<unsigned long>(bytes.size()));
  jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_read_header(&cinfo, TRUE);
  for (jpeg_saved_marker_ptr m = cinfo.marker_list; m; m = m->next) {
    if (m->marker == JPEG_APP0 + 1) orientation = exif_orientation({m->data, m->data_length});
  }
  if (over_pixel_limit(cinfo.image_width, cinfo.image_height)) {
    jpeg_destroy_decompress(&cinfo);
    why = "over the megapixel limit";
    return cv::Mat();
  }
  if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
    jpeg_destroy_decompress(&cinfo);
    why = "CMYK JPEG";
    return cv::Mat();  // print-shop JPEGs; no photo or screenshot here uses them
  }
  cinfo.scale_num = 1;
  cinfo.scale_denom = static_cast<unsigned>(reduction);
  cinfo.out_color_space = JCS_EXT_BGR;
  jpeg_start_decompress(&cinfo);
  out.create(static_cast<int>(cinfo.output_height), static_cast<int>(cinfo.output_width), CV_8UC3);
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = out.ptr<JSAMPLE>(static_cast<int>(cinfo.output_scanline));
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  if (err.short_of_data) {
    why = "truncated or missing image data";
    return cv::Mat();
  }
  apply_orientation(out, orientation);
  return out;
}

struct PngReader {
  std::span<const std::uint8_t> bytes;
  std::size_t pos = 0;
};

void png_read_bytes(png_structp png, png_bytep data, png_size_t n) {
  auto* r = static_cast<PngReader*>(png_get_io_ptr(png));
  if (r->pos + n > r->bytes.size()) png_error(png, "truncated");
  std::memcpy(data, r->bytes.data() + r->pos, n);
  r->pos += n;
}

void png_quiet(png_structp, png_const_charp) {}
[[noreturn]] void png_fail(png_structp png, png_const_charp) { png_longjmp(png, 1); }

// libpng also longjmps on errors (to png_jmpbuf); the same care as for JPEG applies.
cv::Mat decode_png(std::span<const std::uint8_t> bytes) {
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, png_fail, png_quiet);
  if (!png) return cv::Mat();
  png_infop info = png_create_info_struct(png);
  PngReader reader{bytes};
  cv::Mat out;
  std::vector<png_bytep> rows;
  if (!info || setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, info ? &info : nullptr, nullptr);
    return cv::Mat();
  }
  png_set_read_fn(png, &reader, png_read_bytes);
  png_read_info(png, info);
  if (over_pixel_limit(png_get_image_width(png, info), png_get_image_height(png, info))) png_error(png, "too large");
  // As imread(IMREAD_COLOR): 8 bits per channel, palette and grey expanded, alpha dropped.
  png_set_strip_16(png);
  png_set_packing(png);
  png_set_palette_to_rgb(png);
  png_set_expand_gray_1_2_4_to_8(png);
  png_set_tRNS_to_alpha(png);
  png_set_gray_to_rgb(png);
  png_set_strip_alpha(png);
  png_set_bgr(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  const int w = static_cast<int>(png_get_image_width(png, info));
  const int h = static_cast<int>(png_get_image_height(png, info));
  if (png_get_rowbytes(png, info) != static_cast<png_size_t>(w) * 3) png_error(png, "unexpected layout");
  out.create(h, w, CV_8UC3);
  rows.resize(static_cast<std::size_t>(h));
  for (int y = 0; y < h; ++y) rows[static_cast<std::size_t>(y)] = out.ptr<png_byte>(y);
  png_read_image(png, rows.data());
  png_read_end(png, nullptr);
  png_destroy_read_struct(&png, &info, nullptr);
  return out;
}

// The file's bytes, or "" with *why set; never blocks on a FIFO or reads a device.
std::string read_file(const std::string& path, std::string* why = nullptr) {
  try {
    return read_regular_file(path, kMaxImageFileBytes);
  } catch (const InputError& e) {
    if (why) *why = e.message();
    return {};
  }
}

std::span<const std::uint8_t> as_bytes(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

cv::Mat as_bgr(const cv::Mat& image) {
  if (image.type() == CV_8UC3) return image;
  cv::Mat bgr;
  if (image.type() == CV_8UC1) cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR);
  if (image.type() == CV_8UC4) cv::cvtColor(image, bgr, cv::COLOR_BGRA2BGR);
  return bgr;
}

}  // namespace

cv::Mat decode_image(std::span<const std::uint8_t> bytes, int reduction, std::string* why) {
  if (reduction != 1 && reduction != 2 && reduction != 4 && reduction != 8) reduction = 1;
  const char* reason = "not a JPEG or PNG";
  cv::Mat image;
  if (is_jpeg(bytes)) {
    image = decode_jpeg(bytes, reduction, reason);
  } else if (is_png(bytes)) {
    reason = "corrupt or truncated PNG";
    image = decode_png(bytes);
  }
  if (image.empty() && why) *why = reason;
  if (image.empty() || reduction == 1 || !is_png(bytes)) return image;
  // As imread does for formats that cannot shrink while decoding.
  cv::Mat small;
  cv::resize(image, small, cv::Size(std::max(1, image.cols / reduction), std::max(1, image.rows / reduction)), 0, 0,
             cv::INTER_LINEAR_EXACT);
  return small;
}

cv::Size jpeg_size(std::span<const std::uint8_t> bytes) {
  std::size_t at = 0;
  auto byte = [&]() { return at < bytes.size() ? int(bytes[at++]) : -1; };
  if (byte() != 0xFF || byte() != 0xD8) return {};
  while (at < bytes.size()) {
    if (byte() != 0xFF) return {};
    int marker = byte();
    while (marker == 0xFF) marker = byte();
    if (marker == 0xD9 || marker == 0xDA || marker < 0) return {};
    const int len = (byte() << 8) | byte();
    if (len < 2) return {};
    bool frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (frame) {
      byte();  // precision
      int h = (byte() << 8) | byte();
      int w = (byte() << 8) | byte();
      return at <= bytes.size() && w >= 0 && h >= 0 ? cv::Size(w, h) : cv::Size();
    }
    at += std::size_t(len) - 2;
  }
  return {};
}

cv::Size stored_size(std::span<const std::uint8_t> bytes) {
  if (const cv::Size jpeg = jpeg_size(bytes); jpeg.width > 0 && jpeg.height > 0) return jpeg;
  // A PNG starts with its 8-byte signature and then the IHDR chunk: length, "IHDR",
  // big-endian width and height.
  if (bytes.size() < 24 || !is_png(bytes) || std::memcmp(bytes.data() + 12, "IHDR", 4) != 0) return {};
  auto be32 = [&](std::size_t at) {
    return (std::uint32_t(bytes[at]) << 24) | (std::uint32_t(bytes[at + 1]) << 16) |
           (std::uint32_t(bytes[at + 2]) << 8) | std::uint32_t(bytes[at + 3]);
  };
  const std::uint32_t w = be32(16), h = be32(20);
  if (w > 0x7FFFFFFF || h > 0x7FFFFFFF) return {};
  return {int(w), int(h)};
}

cv::Size jpeg_size(const std::string& path) { return jpeg_size(as_bytes(read_file(path))); }

cv::Size stored_size(const std::string& path) { return stored_size(as_bytes(read_file(path))); }

cv::Mat read_image(const std::string& path, int reduction, std::string* why) {
  std::string failure;
  const std::string bytes = read_file(path, &failure);
  if (!failure.empty()) {
    if (why) *why = failure;
    return cv::Mat();
  }
  return decode_image(as_bytes(bytes), reduction, why);
}

std::vector<std::uint8_t> encode_jpeg(const cv::Mat& image, int quality) {
  cv::Mat src = image.type() == CV_8UC1 ? image : as_bgr(image);
  if (src.empty() || src.cols == 0) return {};
  if (!src.isContinuous()) src = src.clone();
  jpeg_compress_struct cinfo{};
  JpegError err{};
  cinfo.err = jpeg_std_error(&err.mgr);
  err.mgr.error_exit = jpeg_fail;
  err.mgr.emit_message = jpeg_quiet;
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  if (setjmp(err.jump)) {
    jpeg_destroy_compress(&cinfo);
    std::free(buffer);
    return {};
  }
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, &buffer, &size);
  cinfo.image_width = static_cast<JDIMENSION>(src.cols);
  cinfo.image_height = static_cast<JDIMENSION>(src.rows);
  cinfo.input_components = src.channels();
  cinfo.in_color_space = src.channels() == 1 ? JCS_GRAYSCALE : JCS_EXT_BGR;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, std::clamp(quality, 1, 100), TRUE);
  jpeg_start_compress(&cinfo, TRUE);
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = const_cast<JSAMPROW>(src.ptr<JSAMPLE>(static_cast<int>(cinfo.next_scanline)));
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  std::vector<std::uint8_t> out(buffer, buffer + size);
  std::free(buffer);
  return out;
}

bool write_image(const std::string& path, const cv::Mat& image, int jpeg_quality) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".jpg" || ext == ".jpeg") {
    std::vector<std::uint8_t> bytes = encode_jpeg(image, jpeg_quality);
    if (bytes.empty()) return false;
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out.flush());
  }
  if (ext != ".png") return false;
  cv::Mat src = image.type() == CV_8UC1 ? image : as_bgr(image);
  if (src.empty()) return false;
  if (!src.isContinuous()) src = src.clone();
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  png.width = static_cast<png_uint_32>(src.cols);
  png.height = static_cast<png_uint_32>(src.rows);
  png.format = src.channels() == 1 ? PNG_FORMAT_GRAY : PNG_FORMAT_BGR;
  bool ok = png_image_write_to_file(&png, path.c_str(), 0, src.data, 0, nullptr) != 0;
  png_image_free(&png);
  return ok;
}

}  // namespace puzzlesat::image
