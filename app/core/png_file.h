#pragma once
/// Writing an RGBA picture as a PNG file: the viewer's screenshot and `raypick heatmap`.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

namespace app {

/// Encodes `rgba` (width x height pixels, top row first) as PNG and writes it to `path`.
/// Returns why it failed (the file cannot be created, a write fails, the disk is full: stb's
/// own writer reports none of these after it opened the file), or nothing.
[[nodiscard]] std::optional<std::string> write_png_file(const std::filesystem::path& path,
                                                        int width, int height,
                                                        std::span<const std::uint8_t> rgba);

}  // namespace app
