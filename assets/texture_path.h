#pragma once
/// Where a texture a model names lies on disk.

#include <filesystem>
#include <string>

namespace assets {

/// `file` as a model's material names it, resolved against the folder of `model`: Windows
/// separators (an .mtl's `map_Kd .\wood.jpg`) become '/', and a relative path is taken from
/// beside the model. Lexically normal; the file need not exist.
[[nodiscard]] std::string resolve_texture_path(std::string file,
                                               const std::filesystem::path& model);

}  // namespace assets
