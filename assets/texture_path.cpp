#include "assets/texture_path.h"

#include <algorithm>

namespace assets {

std::string resolve_texture_path(std::string file, const std::filesystem::path& model) {
    std::replace(file.begin(), file.end(), '\\', '/');
    const std::filesystem::path texture(file);
    if (texture.is_absolute()) return texture.lexically_normal().string();
    return (model.parent_path() / texture).lexically_normal().string();
}

}  // namespace assets
