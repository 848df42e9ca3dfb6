#pragma once
/// Screenshots in tests: a PNG read as RGB, and counts of pixels near a colour.

#include <array>
#include <filesystem>
#include <vector>

namespace tests {

struct PngImage {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
    [[nodiscard]] std::array<int, 3> at(int x, int y) const;
    /// Pixels within `tolerance` of `color` in every channel, inside [x0, x1) × [y0, y1)
    /// (the whole image by default).
    [[nodiscard]] int count(std::array<int, 3> color, int tolerance = 2, int x0 = 0, int y0 = 0,
                            int x1 = -1, int y1 = -1) const;
};

/// An empty image (width 0) when the file cannot be read.
[[nodiscard]] PngImage read_png_image(const std::filesystem::path& path);

}  // namespace tests
