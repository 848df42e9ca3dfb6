#pragma once
/// raypick's own reader for binary PLY triangle meshes: what scanners and mesh tools write for
/// millions of triangles, read in place in a small part of Assimp's time (Assimp joins vertices
/// and builds its own structures first; a PLY with indices needs neither).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>

#include "assets/load_model.h"
#include "assets/scene/scene.h"

namespace assets {

/// Reads a binary PLY (little- or big-endian) of a vertex element (x, y, z as float or double;
/// nx, ny, nz used when all three are there; other scalar properties skipped) and a face element
/// whose one list holds three vertex indices per face (other scalar face properties skipped).
/// Normals not in the file are computed smooth. Returns nothing for a file it leaves to Assimp:
/// ASCII, polygons, colours, texture coordinates, other elements, a header it does not know.
/// Throws LoadError for one it reads that is broken (it ends early, an index is out of range,
/// more vertices than 32-bit indices reach) and when `progress->cancel` is seen.
[[nodiscard]] std::optional<Scene> read_binary_ply(std::span<const std::byte> bytes,
                                                   const std::filesystem::path& path,
                                                   LoadProgress* progress = nullptr);

}  // namespace assets
