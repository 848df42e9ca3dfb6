#pragma once
/// The GLSL files of this folder, embedded into the binary at build time.

#include <string_view>

namespace shaders {

/// The text of a shader file by its name ("mesh.vert"), or an empty view if there is none.
[[nodiscard]] std::string_view embedded_file(std::string_view name);

}  // namespace shaders
