#pragma once
/// A structure-aware generator of aiScenes for fuzzing the Assimp-scene conversion
/// (assets/assimp_scene.h) without Assimp's parsers: the shapes Assimp's importers hand over (a
/// tree of nodes, every count paired with an array of that many elements or with a null
/// pointer, as aiScene's destructors allow), with everything inside drawn from the fuzzer's
/// bytes.

#include <memory>

#include <assimp/scene.h>
#include <fuzzer/FuzzedDataProvider.h>

namespace fuzz {

/// A scene of up to 4 materials, 4 meshes (up to 48 vertices and 48 faces of 0 to 4 indices,
/// in range or not; normals or none; up to 4 bones of up to 24 weights; up to 2 morph targets
/// of the mesh's vertex count or another), a tree of up to 24 nodes drawing meshes by index (in
/// range or not), and up to 2 animations (node channels with up to 6 keys of each kind,
/// morph-weight channels, mesh channels). Names come from a small pool, so bones and channels
/// find their nodes, or are raw bytes; numbers are ordinary or, as often as the first choices
/// make it, NaN, infinite, huge or tiny. The root may be missing.
[[nodiscard]] std::unique_ptr<aiScene> generate_assimp_scene(FuzzedDataProvider& in);

}  // namespace fuzz
