#pragma once
/// Reading the framebuffer back (app/core/png_file.h writes it as PNG).

#include <cstdint>
#include <vector>

namespace render {

struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;  ///< top row first
};

/// The current read framebuffer (the back buffer before a swap), flipped so row 0 is the top.
[[nodiscard]] Image read_framebuffer(int width, int height);

}  // namespace render
