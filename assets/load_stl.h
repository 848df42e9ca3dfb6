#pragma once
/// raypick's own reader for binary STL: fifty bytes a triangle, read in place and its corners
/// joined as they stream past (Assimp's path builds three vertices a triangle and joins them
/// after, which costs far more than the file does).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>

#include "assets/load_model.h"
#include "assets/scene/scene.h"

namespace assets {

/// How read_binary_stl splits the joining of corners between threads.
struct StlSplit {
    unsigned threads = 0;                              ///< 0: one per core
    std::size_t min_triangles = std::size_t(1) << 18;  ///< fewer are joined on one thread
};

/// Reads a binary STL: an 80-byte header, a triangle count, and per triangle a normal, three
/// corners and a 16-bit attribute, exactly as many bytes as the count says (Assimp's test for a
/// binary STL). Corners at the same position (bit for bit, -0 as +0) become one vertex, as
/// Assimp's joining would make them; the mesh is drawn flat (MeshData::flat_shaded), and its
/// normals are smooth ones computed from the corners, for a hit's smooth normal. The facet
/// normals the file writes are not read: they are the triangles' own planes, or wrong. Returns
/// nothing for a file it leaves to Assimp: ASCII STL, and colour STL (a "COLOR=" header, or a
/// triangle whose attribute has its colour bit set), whose colours Assimp keeps. Throws LoadError
/// when `progress->cancel` is seen or the triangles need more than 32-bit indices. A big file's
/// corners are joined in runs on several threads, then the later runs' vertices into the
/// first's, in order: the same vertices, numbered alike, as one pass would give.
[[nodiscard]] std::optional<Scene> read_binary_stl(std::span<const std::byte> bytes,
                                                   const std::filesystem::path& path,
                                                   LoadProgress* progress = nullptr,
                                                   const StlSplit& split = {});

}  // namespace assets
