// Writes the JPEG seeds of corpus/image_decode/ (run by hand, not by the build:
// `cmake --build build --target fuzz_make_image_seeds && build/fuzz/fuzz_make_image_seeds
// fuzz/corpus/image_decode`). Tiny images in the JPEG variants the decoder must handle:
// baseline, progressive, greyscale, restart markers, own chroma tables, and EXIF orientation.
// The PNG seeds come from make_png_seeds.py.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>

namespace {

cv::Mat gradient(int w, int h) {
  cv::Mat m(h, w, CV_8UC3);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) m.at<cv::Vec3b>(y, x) = cv::Vec3b(uchar(x * 30), uchar(y * 40), uchar(200 - x * y));
  return m;
}

void write(const std::string& path, const std::vector<uchar>& bytes) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

std::vector<uchar> jpeg(const cv::Mat& m, std::vector<int> params) {
  std::vector<uchar> out;
  cv::imencode(".jpg", m, out, params);
  return out;
}

// An APP1 "Exif" segment with one IFD entry, Orientation = `orientation`, after SOI.
std::vector<uchar> with_orientation(std::vector<uchar> jpg, int orientation) {
  const std::vector<uchar> app1 = {0xFF, 0xE1, 0x00, 0x22, 'E', 'x', 'i', 'f', 0, 0, 'I', 'I', 42, 0, 8, 0, 0, 0,
                                   1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, uchar(orientation), 0, 0, 0, 0, 0, 0, 0};
  jpg.insert(jpg.begin() + 2, app1.begin(), app1.end());
  return jpg;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  const std::string dir = std::string(argv[1]) + "/";
  const cv::Mat small = gradient(8, 6);
  write(dir + "baseline.jpg", jpeg(small, {cv::IMWRITE_JPEG_QUALITY, 80}));
  write(dir + "progressive.jpg", jpeg(small, {cv::IMWRITE_JPEG_PROGRESSIVE, 1}));
  cv::Mat grey;
  cv::extractChannel(gradient(5, 7), grey, 1);
  write(dir + "grey.jpg", jpeg(grey, {}));
  write(dir + "restart.jpg", jpeg(gradient(17, 9), {cv::IMWRITE_JPEG_RST_INTERVAL, 1}));
  write(dir + "chroma-quality.jpg", jpeg(gradient(9, 4), {cv::IMWRITE_JPEG_CHROMA_QUALITY, 20}));
  write(dir + "exif-6.jpg", with_orientation(jpeg(small, {cv::IMWRITE_JPEG_QUALITY, 50}), 6));
  write(dir + "exif-3.jpg", with_orientation(jpeg(gradient(3, 5), {}), 3));
  return 0;
}
