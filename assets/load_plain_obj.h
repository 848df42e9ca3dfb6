#pragma once
/// raypick's own reader for plain OBJ files: positions and triangles, nothing else, which is how
/// scanners and mesh tools write millions of triangles. Assimp's path un-indexes every corner and
/// joins them again, which costs far more than reading the text does.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>

#include "assets/load_model.h"
#include "assets/scene/scene.h"

namespace assets {

/// How read_plain_obj splits a long text between threads.
struct PlainObjSplit {
    unsigned threads = 0;                                ///< 0: one per core
    std::size_t min_chunk_bytes = std::size_t(8) << 20;  ///< shorter texts are read on one thread
};

/// Reads an OBJ whose lines are "v X Y Z",
/// "f A B C" (1-based or negative indices), comments, empty lines, "s" lines, and at most one
/// "o" or "g" line (which names the object), laid out as the other OBJ paths lay a file out (a
/// root named after the file, a child for the object). Returns nothing
/// for a file it leaves to Assimp: texture coordinates, normals, materials, polygons, lines,
/// points, several objects or groups, homogeneous W or vertex colours, a number it cannot read.
/// Throws LoadError when a face names a vertex the file does not have, and when `progress->cancel`
/// is seen. A long text is read in stretches on several threads (each starting at a line),
/// with the same answer as reading it on one.
[[nodiscard]] std::optional<Scene> read_plain_obj(std::span<const std::byte> bytes,
                                                  const std::filesystem::path& path,
                                                  LoadProgress* progress = nullptr,
                                                  const PlainObjSplit& split = {});

}  // namespace assets
