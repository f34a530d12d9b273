#include "frontends/set/local_white.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <utility>
#include <vector>

namespace puzzlesat::set_vision {
namespace {

float luma_of(const cv::Vec3f& p) { return 0.114f * p[0] + 0.587f * p[1] + 0.299f * p[2]; }

// `white` where it is not paper-coloured, elsewhere the darkest paper-coloured white
// within `edges.erode` when that is at least `edges.min_step` darker: a shadowed paper's
// white spreads that far into the lit paper; a symbol's ink (where the window was too
// narrow to close it) spreads nowhere, nor do the shallow steps of a textured table or
// the paper's own shading.
cv::Mat eroded_by_paper(const cv::Mat& white, const ShadowEdges& edges) {
  cv::Mat luma;
  cv::transform(white, luma, cv::Matx13f(0.114f, 0.587f, 0.299f));
  std::vector<float> v(luma.begin<float>(), luma.end<float>());
  std::nth_element(v.begin(), v.begin() + v.size() * 95 / 100, v.end());
  const cv::Scalar paper = cv::mean(white, luma >= v[v.size() * 95 / 100]);
  cv::Mat paper_only = white.clone();
  paper_only.forEach<cv::Vec3f>([&](cv::Vec3f& p, const int*) {
    float r[3];
    for (int c = 0; c < 3; ++c) r[c] = p[c] / float(std::max(paper[c], 1e-3));
    const float hi = std::max({r[0], r[1], r[2]}), lo = std::min({r[0], r[1], r[2]});
    if (hi - lo > float(edges.paper_chroma) * hi) p = cv::Vec3f(1, 1, 1);  // ink: spreads nowhere
  });
  cv::erode(paper_only, paper_only, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(edges.erode, edges.erode)));
  cv::Mat out = white.clone();
  out.forEach<cv::Vec3f>([&](cv::Vec3f& p, const int* at) {
    const cv::Vec3f& e = paper_only.at<cv::Vec3f>(at[0], at[1]);
    if (luma_of(e) < float(1 - edges.min_step) * luma_of(p)) p = e;
  });
  return out;
}

}  // namespace

cv::Mat local_white(const cv::Mat& image, cv::Size window, const ShadowEdges& edges) {
  cv::Mat small, white;
  cv::resize(image, small, cv::Size(std::max(1, image.cols / 4), std::max(1, image.rows / 4)), 0, 0, cv::INTER_AREA);
  cv::morphologyEx(small, white, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, window));
  if (edges.erode > 1) white = eroded_by_paper(white, edges);
  cv::blur(white, white, cv::Size(5, 5));
  cv::resize(white, white, image.size(), 0, 0, cv::INTER_LINEAR);
  return white;
}

cv::Mat divided_by_white(const cv::Mat& image, cv::Mat&& white) {
  cv::Mat out = std::move(white);
  cv::max(out, 0.05, out);
  cv::divide(image, out, out);
  cv::min(out, 1.0, out);
  return out;
}

}  // namespace puzzlesat::set_vision
