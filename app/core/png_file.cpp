#include "app/core/png_file.h"

#include <fstream>
#include <vector>

#include <stb/stb_image_write.h>

namespace app {

std::optional<std::string> write_png_file(const std::filesystem::path& path, int width, int height,
                                          std::span<const std::uint8_t> rgba) {
    const std::string name = path.string();
    if (width <= 0 || height <= 0 || rgba.size() < std::size_t(width) * std::size_t(height) * 4)
        return name + ": no picture to write";
    // Encoded in memory first, so every write below can be checked.
    std::vector<char> png;
    const auto append = [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<char>*>(context);
        const char* bytes = static_cast<const char*>(data);
        out->insert(out->end(), bytes, bytes + size);
    };
    if (!stbi_write_png_to_func(append, &png, width, height, 4, rgba.data(), width * 4))
        return name + ": the PNG could not be encoded";
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) return name + ": cannot create the file";
    file.write(png.data(), std::streamsize(png.size()));
    file.close();  // flushes: a full disk shows here
    if (!file) return name + ": writing failed (disk full?)";
    return std::nullopt;
}

}  // namespace app
