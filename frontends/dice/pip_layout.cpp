#include "frontends/dice/pip_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace puzzlesat::dice_vision {

std::vector<cv::Point2f> pip_layout(int pips) {
  constexpr float d = 0.5f;  // offset of the off-centre pips from the centre
  switch (pips) {
    case 1: return {{0, 0}};
    case 2: return {{-d, -d}, {d, d}};
    case 3: return {{-d, -d}, {0, 0}, {d, d}};
    case 4: return {{-d, -d}, {d, -d}, {-d, d}, {d, d}};
    case 5: return {{-d, -d}, {d, -d}, {0, 0}, {-d, d}, {d, d}};
    case 6: return {{-d, -d}, {d, -d}, {-d, 0}, {d, 0}, {-d, d}, {d, d}};
    default: throw std::invalid_argument("a die face has 1 to 6 pips");
  }
}

double layout_misfit(const std::vector<cv::Point2f>& points, int pips, float half_side, const DiceSettings& settings) {
  const auto layout = pip_layout(pips);
  if (points.size() != layout.size() || half_side <= 0) return std::numeric_limits<double>::infinity();
  const std::size_t n = points.size();
  if (n == 1) return 0.0;

  cv::Point2d pc(0, 0), qc(0, 0);
  for (std::size_t i = 0; i < n; ++i) {
    pc += cv::Point2d(points[i]);
    qc += cv::Point2d(layout[i]);
  }
  pc *= 1.0 / n;
  qc *= 1.0 / n;

  // Unknown correspondence: try every assignment (at most 720) with a 2-D Procrustes fit.
  std::vector<int> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  double best = std::numeric_limits<double>::infinity();
  do {
    double dot = 0, cross = 0, qq = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const cv::Point2d p = cv::Point2d(points[i]) - pc;
      const cv::Point2d q = cv::Point2d(layout[perm[i]]) - qc;
      dot += q.x * p.x + q.y * p.y;
      cross += q.x * p.y - q.y * p.x;
      qq += q.dot(q);
    }
    const double theta = std::atan2(cross, dot);
    const double c = std::cos(theta), s = std::sin(theta);
    const double scale = std::max(1e-9, (dot * c + cross * s) / qq);
    double err = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const cv::Point2d p = cv::Point2d(points[i]) - pc;
      const cv::Point2d q = cv::Point2d(layout[perm[i]]) - qc;
      const cv::Point2d fitted(scale * (c * q.x - s * q.y), scale * (s * q.x + c * q.y));
      const cv::Point2d r = p - fitted;
      err += r.dot(r);
    }
    // Residual in face units, plus how far the fitted face size is outside the range the
    // die allows: a pair of blobs always fits "two" exactly, but only at about the right
    // spacing is it a two. The range is wide because the die's outline also holds side
    // faces and shadow when seen at an angle.
    const double rms = std::sqrt(err / n) / half_side;
    const double size_error =
        std::max({0.0, std::log(settings.layout_min_scale * half_side / scale),
                  std::log(scale / (settings.layout_max_scale * half_side))});
    best = std::min(best, rms + settings.layout_size_weight * size_error);
  } while (std::next_permutation(perm.begin(), perm.end()));
  return best;
}

}  // namespace puzzlesat::dice_vision
