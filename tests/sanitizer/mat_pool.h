// The sanitizer build's recycling of image buffers (mat_pool.cpp says why).
#pragma once

namespace puzzlesat::test {

// Makes cv::Mat allocate from a pool of recycled buffers, poisoned while pooled.
void install_sanitizer_mat_pool();

}  // namespace puzzlesat::test
