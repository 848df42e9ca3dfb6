#pragma once
/// raypick's own reader for binary STL: fifty bytes a triangle, read in place (Assimp's path
/// builds and joins its own vertices first, which costs far more than the file does).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>

#include "assets/load_model.h"
#include "assets/scene/scene.h"

namespace assets {

/// Reads a binary STL: an 80-byte header, a triangle count, and per triangle a normal, three
/// corners and a 16-bit attribute, exactly as many bytes as the count says (Assimp's test for a
/// binary STL). Each triangle gets three vertices of its own and a flat normal: the file's when
/// it is finite and not zero, the corners' otherwise. Returns nothing for a file it leaves to
/// Assimp: ASCII STL, and colour STL (a "COLOR=" header, or a triangle whose attribute has its
/// colour bit set), whose colours Assimp keeps. Throws LoadError when `progress->cancel` is seen
/// or the triangles need more than 32-bit indices.
[[nodiscard]] std::optional<Scene> read_binary_stl(std::span<const std::byte> bytes,
                                                   const std::filesystem::path& path,
                                                   LoadProgress* progress = nullptr);

}  // namespace assets
