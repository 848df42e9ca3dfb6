#pragma once
/// Reading the framebuffer back and writing it as PNG.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace render {

struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;  ///< top row first
};

/// The current read framebuffer (the back buffer before a swap), flipped so row 0 is the top.
[[nodiscard]] Image read_framebuffer(int width, int height);

/// Writes `image` as PNG; returns an error message, or "" on success.
[[nodiscard]] std::string write_png(const std::filesystem::path& path, const Image& image);

}  // namespace render
