#include "problems/set/cap_classes.h"

#include <bit>
#include <unordered_set>

#include "problems/set/card.h"

namespace puzzlesat::set {

namespace {

using Vec = std::array<int, 3>;
using Mat = std::array<Vec, 3>;  // rows

Vec coords(int p) { return {p / 9, p / 3 % 3, p % 3}; }
int point(const Vec& v) { return v[0] * 9 + v[1] * 3 + v[2]; }
int mod3(int x) { return ((x % 3) + 3) % 3; }
// Points with number 0 are the first 27 cards, and a set of them stays among them.
int third3(int a, int b) { return third_index(a, b); }

int det(const Mat& m) {
  return mod3(m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
              m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
              m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]));
}

// Inverse mod 3 by the adjugate; 1/d = d for d in {1, 2}.
Mat inverse(const Mat& m, int d) {
  Mat r{};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      int a = (j + 1) % 3, b = (j + 2) % 3, c = (i + 1) % 3, e = (i + 2) % 3;
      r[i][j] = mod3(d * (m[a][c] * m[b][e] - m[a][e] * m[b][c]));
    }
  }
  return r;
}

Vec mul(const Mat& m, const Vec& v) {
  Vec r{};
  for (int i = 0; i < 3; ++i) r[i] = mod3(m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2]);
  return r;
}

// The image of `cap` (a bit mask) under the affine map sending p0 -> 0 and p_i -> e_i,
// or 0 when the four points are not affinely independent.
std::uint32_t normalised(const Points3& cap, int p0, int p1, int p2, int p3) {
  Vec o = coords(p0);
  Mat cols{};
  const int ps[3] = {p1, p2, p3};
  for (int j = 0; j < 3; ++j) {
    Vec v = coords(ps[j]);
    for (int i = 0; i < 3; ++i) cols[i][j] = mod3(v[i] - o[i]);
  }
  int d = det(cols);
  if (d == 0) return 0;
  Mat inv = inverse(cols, d);
  std::uint32_t mask = 0;
  for (int p : cap) {
    Vec v = coords(p);
    for (int i = 0; i < 3; ++i) v[i] = mod3(v[i] - o[i]);
    mask |= 1U << point(mul(inv, v));
  }
  return mask;
}

// e1, e2, e3 in the (color, shading, shape) numbering: (1,0,0) = 9, (0,1,0) = 3, (0,0,1) = 1.
constexpr int kFrame[4] = {0, 9, 3, 1};

// Every cap of m points that contains the frame, as bit masks, in lexicographic order.
void extend(std::uint32_t cap, std::uint32_t blocked, int next, int left,
            std::vector<std::uint32_t>& out) {
  if (left == 0) {
    out.push_back(cap);
    return;
  }
  for (int p = next; p < 27; ++p) {
    if ((cap | blocked) >> p & 1U) continue;
    std::uint32_t more = 0;
    for (std::uint32_t rest = cap; rest != 0; rest &= rest - 1) {
      more |= 1U << third3(std::countr_zero(rest), p);
    }
    extend(cap | 1U << p, blocked | more, p + 1, left - 1, out);
  }
}

}  // namespace

std::vector<Points3> cap_classes(int m) {
  std::vector<Points3> reps;
  if (m < 5 || m > 27) return reps;
  std::uint32_t frame = 0, blocked = 0;
  for (int p : kFrame) frame |= 1U << p;
  for (int a : kFrame)
    for (int b : kFrame)
      if (a != b) blocked |= 1U << third3(a, b);
  std::vector<std::uint32_t> caps;
  extend(frame, blocked, 0, m - 4, caps);

  // A cap equivalent to a representative is the representative's image under the map
  // that sends some ordered frame of its points to the standard frame; marking all those
  // images leaves only new classes unmarked.
  std::unordered_set<std::uint32_t> seen;
  for (std::uint32_t mask : caps) {
    if (seen.contains(mask)) continue;
    Points3 rep;
    for (int p = 0; p < 27; ++p)
      if (mask >> p & 1U) rep.push_back(p);
    for (int a : rep)
      for (int b : rep)
        for (int c : rep)
          for (int d : rep) {
            if (a == b || a == c || a == d || b == c || b == d || c == d) continue;
            if (std::uint32_t image = normalised(rep, a, b, c, d)) seen.insert(image);
          }
    reps.push_back(std::move(rep));
  }
  return reps;
}

std::vector<AffineMap3> all_affine_maps3() {
  std::vector<AffineMap3> maps;
  for (int code = 0; code < 19683; ++code) {
    Mat a{};
    for (int k = 0, c = code; k < 9; ++k, c /= 3) a[k / 3][k % 3] = c % 3;
    if (det(a) == 0) continue;
    for (int t = 0; t < 27; ++t) {
      Vec b = coords(t);
      AffineMap3 map{};
      for (int p = 0; p < 27; ++p) {
        Vec v = mul(a, coords(p));
        for (int i = 0; i < 3; ++i) v[i] = mod3(v[i] + b[i]);
        map[p] = static_cast<std::uint8_t>(point(v));
      }
      maps.push_back(map);
    }
  }
  return maps;
}

}  // namespace puzzlesat::set
