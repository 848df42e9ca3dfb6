#include "render/screenshot.h"

#include <algorithm>

#include <glad/gl.h>

namespace render {

Image read_framebuffer(int width, int height) {
    Image image;
    image.width = width;
    image.height = height;
    std::vector<std::uint8_t> bottom_up(std::size_t(width) * std::size_t(height) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
    image.rgba.resize(bottom_up.size());
    const std::size_t row = std::size_t(width) * 4;
    for (int y = 0; y < height; ++y)
        std::copy_n(bottom_up.data() + std::size_t(height - 1 - y) * row, row,
                    image.rgba.data() + std::size_t(y) * row);
    // The window has no meaningful alpha: make the picture opaque.
    for (std::size_t i = 3; i < image.rgba.size(); i += 4)
        image.rgba[i] = 255;
    return image;
}

}  // namespace render
