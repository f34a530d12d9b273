// Light and shade that scenes lay over cards already on the table: a soft shadow across
// part of a card, a bright specular patch (glare), and dim, tinted light. Shared by
// compose_scene (scene.cpp); the random draws are the scene's own, in a fixed order.
#pragma once

#include <opencv2/core.hpp>

#include <random>
#include <vector>

#include "frontends/set/card_quads.h"

namespace puzzlesat::set_vision::scene_detail {

using Rng = std::mt19937;

// Every draw is its own statement: the order in which a call's arguments are evaluated is
// unspecified (g++ and clang differ), and a seed must draw the same scene whatever the
// compiler.
double uniform(Rng& rng, double lo, double hi);

// A point in a card's own pixels, placed on the table by the card's affine map `m`.
cv::Point2d on_table(const cv::Mat& m, cv::Point2d p);

// A polygon given in a card's own pixels, as integer table pixels for fillConvexPoly,
// counted from `origin` (a window's corner).
std::vector<cv::Point> polygon_on_table(const cv::Mat& m, const std::vector<cv::Point2d>& local, cv::Point origin = {});

// Darkens `img` by `shade` (CV_32F, 0 = untouched .. 1 = black).
void apply_shade(cv::Mat& img, const cv::Mat& shade);

// Drawing on one card works in a window of the image, not in a full-frame layer per card:
// those made a 1600x1200 scene take seconds, most of it allocating and clearing pages.
// The window is the bounding box on the table of `local` (a rectangle in the card's own
// pixels, mapped by the card's affine map `m`), grown by `margin` table pixels and clipped
// to `size`. The margin must hold what spreads beyond `local` (a blur's reach), so that
// the window's edge sees what the full frame has there: nothing.
cv::Rect table_window(const cv::Mat& m, const cv::Rect2d& local, cv::Size size, double margin);

// The pixels of `bounds` (table pixels) grown by `margin`, clipped to `size`.
cv::Rect grown_window(const cv::Rect2d& bounds, cv::Size size, double margin);

// The reach of cv::GaussianBlur with this sigma on a float image, in pixels (its kernel's
// half-width); an 8-bit image's kernel is three quarters of it.
int blur_reach(double sigma);

// A soft-edged shadow (a hand's, a phone's) over one side of a line across the card
// placed by the affine map `m`; the card is `card` pixels in its own frame.
void draw_card_shadow(Rng& rng, cv::Mat& img, const cv::Mat& m, cv::Size card);

// A bright specular patch, an ellipse with a soft edge, centred on the card `q`: the ink
// under its middle is washed out towards white.
void add_glare(Rng& rng, cv::Mat& img, const Quad& q);

// A lamp beside the table (a float image): the light falls with the distance from a
// random point on the picture's edge, to `floor` of its brightest in the farthest corner.
void apply_falloff(Rng& rng, cv::Mat& f32, double floor);

// Pen outlines of 2-3 symbols (ovals or diamonds) in a row at the printed pitch, centred
// on `centre`, sized for a card `length` pixels long, drawn in grey straight on the table:
// a sketch or a note that must not read as a card.
void draw_pen_symbols(Rng& rng, cv::Mat& img, cv::Point2d centre, double length, bool portrait);

// Exposure (below 1: dim) and a colour gain per channel (BGR) on a float image.
void apply_light(cv::Mat& f32, double exposure, cv::Scalar tint);

}  // namespace puzzlesat::set_vision::scene_detail
