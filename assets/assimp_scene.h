#pragma once
/// The Assimp-scene conversion: an aiScene as Assimp's importer and post-processing left it,
/// turned into our Scene (materials, meshes' triangles, the node hierarchy as it is, skins,
/// clips and morph targets), with a note for everything it drops. It reads no file, so it can
/// be fed scenes that no importer made (fuzz/fuzz_assimp_scene.cpp does).

#include <filesystem>

#include "assets/scene/scene.h"

struct aiScene;

namespace assets {

/// Converts `source`. It trusts only the counts and array pointers' pairing that aiScene's own
/// destructors rely on (an array of mNumX elements, or null): null entries, indices out of
/// range and non-finite numbers are dropped with a note or left for validate_scene to refuse.
/// Throws LoadError naming `path` when there is no node hierarchy.
[[nodiscard]] Scene scene_from_assimp(const aiScene& source, const std::filesystem::path& path);

}  // namespace assets
