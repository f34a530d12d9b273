// The vision module puts large images on huge pages as it loads, before any command reads
// a photo (frontends/image/huge_page_images.h says why). Not in the frontends library: a
// program that links it chooses its own allocator. Not in the web server's module: a
// long-running process gains nothing on its later photos (the heap already holds their
// memory, cli/keep_freed_memory.h), and on a busy host the kernel may stall a huge-page
// fault to compact memory (docs/performance.md, "Huge pages for large images").
#include "frontends/image/huge_page_images.h"

namespace {
[[maybe_unused]] const auto images_on_huge_pages = puzzlesat::image::use_huge_pages_for_images();
}  // namespace
