// Large images on transparent huge pages: fewer page faults for a program that reads photos.
//
// Each 4 KB page an image buffer first touches costs a page fault. A command that reads one
// 12-MP photo takes 12,300 faults; on huge pages 5,500, and 12 ms less CPU on the VM where
// that was measured, when its faults cost about 2 µs; they have cost 9-12 µs there too
// (docs/performance.md, "Huge pages for large images"). A 2 MB page is one fault in place
// of 512.
//
// After use_huge_pages_for_images(), every cv::Mat of kHugeImageBytes or more that OpenCV
// allocates is mapped on its own, 2 MB aligned, with madvise(MADV_HUGEPAGE), and unmapped
// when freed, so nothing is kept from one photo to the next. Smaller Mats, and Mats over
// data the caller owns, are OpenCV's own as before. Nothing changes where the kernel offers
// no huge pages, or under AddressSanitizer (whose checks need its own allocator).
//
//   int main(int argc, char** argv) {
//     puzzlesat::image::use_huge_pages_for_images();  // before the first image is made
//     cv::Mat photo = puzzlesat::image::load_image(argv[1]);
//     ...
//   }
#pragma once

#include <cstddef>
#include <string_view>

namespace puzzlesat::image {

// Buffers this large or larger go on huge pages: at 4 MB a buffer wastes at most a third
// of what it maps, and a 12-MP photo's full-size buffers (12 MB and up) all qualify.
inline constexpr std::size_t kHugeImageBytes = std::size_t{4} << 20;

// Whether the kernel hands out huge pages to a mapping that asks, given the contents of
// /sys/kernel/mm/transparent_hugepage/enabled ("always [madvise] never": the bracket
// marks the setting in force).
bool huge_pages_offered(std::string_view thp_enabled);

enum class HugePages {
  used,         // large buffers go on huge pages from now on
  not_offered,  // the kernel offers none: nothing changed
  sanitizer,    // an AddressSanitizer build: its own allocator stays, with its checks
};

// Makes OpenCV's default allocator put large buffers on huge pages (above), once per
// process; says whether it does, and why not. Call it before images are allocated on
// other threads.
HugePages use_huge_pages_for_images();

}  // namespace puzzlesat::image
