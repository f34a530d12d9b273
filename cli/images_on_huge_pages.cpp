// The vision and web-server modules put large images on huge pages as they load, before
// any command reads a photo (frontends/image/huge_page_images.h says why). Not in the
// frontends library itself: a program that links it chooses its own allocator.
#include "frontends/image/huge_page_images.h"

namespace {
[[maybe_unused]] const bool images_on_huge_pages = puzzlesat::image::use_huge_pages_for_images();
}  // namespace
