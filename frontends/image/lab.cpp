#include "frontends/image/lab.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace puzzlesat::image {

namespace {

// The 8-bit conversion in fixed point, the arithmetic of OpenCV's own 8-bit path, so that
// readers tuned on cvtColor's values see the same values: the sRGB curve to 1/2040 steps,
// 12-bit matrix coefficients with the white point folded in, and the cube root to 15 bits.
constexpr int kShift = 12;                   // matrix coefficients
constexpr int kGammaShift = 3;               // linear light in 255 << 3 steps
constexpr int kShift2 = kShift + kGammaShift;  // cube-root table
constexpr int kCubeRootSteps = 256 * 3 / 2 * (1 << kGammaShift);  // X/Xn, Z/Zn reach 1.5 at most

struct LabTables {
  std::array<std::uint16_t, 256> linear{};
  std::array<std::uint16_t, kCubeRootSteps> cube_root{};
  std::array<int, 9> coefficient{};

  LabTables() {
    for (int level = 0; level < 256; ++level) {
      const double c = level / 255.0;
      const double light = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
      linear[static_cast<std::size_t>(level)] = saturate16(255.0 * (1 << kGammaShift) * light);
    }
    for (int i = 0; i < kCubeRootSteps; ++i) {
      const double t = i / (255.0 * (1 << kGammaShift));
      const double f = t < 0.008856 ? t * 7.787 + 16.0 / 116.0 : std::cbrt(t);  // CIE: a line near black
      cube_root[static_cast<std::size_t>(i)] = saturate16((1 << kShift2) * f);
    }
    // sRGB (linear) to XYZ, D65; rows X, Y, Z divided by the white's, columns R, G, B.
    constexpr double kMatrix[9] = {0.412453, 0.357580, 0.180423, 0.212671, 0.715160,
                                   0.072169, 0.019334, 0.119193, 0.950227};
    constexpr double kWhite[3] = {0.950456, 1.0, 1.088754};
    for (int i = 0; i < 9; ++i)
      coefficient[static_cast<std::size_t>(i)] =
          static_cast<int>(std::lround((1 << kShift) * kMatrix[i] / kWhite[i / 3]));
  }

  static std::uint16_t saturate16(double v) {
    const long r = std::lround(v);
    return static_cast<std::uint16_t>(r < 0 ? 0 : r > 65535 ? 65535 : r);
  }
};

const LabTables& tables() {
  static const LabTables t;
  return t;
}

constexpr int descale(int x, int n) { return (x + (1 << (n - 1))) >> n; }

unsigned char to_byte(int v) { return static_cast<unsigned char>(v < 0 ? 0 : v > 255 ? 255 : v); }

}  // namespace

void bgr_to_lab(const cv::Mat& bgr, cv::Mat& lab) {
  if (bgr.type() != CV_8UC3) throw std::invalid_argument("bgr_to_lab needs an 8-bit, 3-channel image");
  const LabTables& t = tables();
  const auto& c = t.coefficient;
  // L = 116 f(Y) - 16 and 255/100 of it; a = 500 (f(X) - f(Y)); b = 200 (f(Y) - f(Z)).
  constexpr int kLScale = (116 * 255 + 50) / 100;
  constexpr int kLShift = -((16 * 255 * (1 << kShift2) + 50) / 100);
  constexpr int kOffset = 128 * (1 << kShift2);
  cv::Mat out(bgr.size(), CV_8UC3);  // a new matrix, so lab may be bgr itself
  for (int row = 0; row < bgr.rows; ++row) {
    const unsigned char* in = bgr.ptr<unsigned char>(row);
    unsigned char* o = out.ptr<unsigned char>(row);
    for (int col = 0; col < bgr.cols; ++col, in += 3, o += 3) {
      const int b = t.linear[in[0]], g = t.linear[in[1]], r = t.linear[in[2]];
      const int fx = t.cube_root[static_cast<std::size_t>(descale(r * c[0] + g * c[1] + b * c[2], kShift))];
      const int fy = t.cube_root[static_cast<std::size_t>(descale(r * c[3] + g * c[4] + b * c[5], kShift))];
      const int fz = t.cube_root[static_cast<std::size_t>(descale(r * c[6] + g * c[7] + b * c[8], kShift))];
      o[0] = to_byte(descale(kLScale * fy + kLShift, kShift2));
      o[1] = to_byte(descale(500 * (fx - fy) + kOffset, kShift2));
      o[2] = to_byte(descale(200 * (fy - fz) + kOffset, kShift2));
    }
  }
  lab = out;
}

}  // namespace puzzlesat::image
