#include "tests/png_image.h"

#include <cstdlib>

#include <stb/stb_image.h>

namespace tests {

std::array<int, 3> PngImage::at(int x, int y) const {
    const std::size_t i = (std::size_t(y) * std::size_t(width) + std::size_t(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
}

int PngImage::count(std::array<int, 3> color, int tolerance, int x0, int y0, int x1, int y1) const {
    if (x1 < 0) x1 = width;
    if (y1 < 0) y1 = height;
    int n = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const auto c = at(x, y);
            n += std::abs(c[0] - color[0]) <= tolerance && std::abs(c[1] - color[1]) <= tolerance &&
                 std::abs(c[2] - color[2]) <= tolerance;
        }
    return n;
}

PngImage read_png_image(const std::filesystem::path& path) {
    PngImage png;
    int channels = 0;
    unsigned char* data = stbi_load(path.string().c_str(), &png.width, &png.height, &channels, 3);
    if (data) {
        png.rgb.assign(data, data + std::size_t(png.width) * std::size_t(png.height) * 3);
        stbi_image_free(data);
    }
    return png;
}

}  // namespace tests
