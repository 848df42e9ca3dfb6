#pragma once
/// Skinned scenes built a second way, for oracles: straight from Assimp's data (aiNodeAnim
/// keys, aiBone weights and offset matrices) with Assimp's own math (aiQuaternion::Interpolate,
/// aiMatrix4x4t<double>), or from a Scene's skins in double precision, never through assets/'s
/// pose and skinning code.

#include <string>

#include "assets/scene/scene.h"
#include "tests/brute_force_oracle.h"

namespace tests {

/// Every triangle of `path` in world space at `seconds` of its first animation (looping): morph
/// targets blended first (p = base + sum_i w_i (target_i - base), the weights keyed for the
/// node that draws the mesh), then each vertex skinned as
/// p = sum_k w_k * global(bone_k) * offset_k * p_bind (weights renormalised; unweighted
/// vertices follow the node that draws the mesh). Mesh and triangle numbers are the
/// loader's: the file must have no mesh without triangles (checked).
[[nodiscard]] BruteForceOracle skinned_oracle_from_file(const std::string& path, double seconds);

/// The same from a Scene's own skins and the given world_from_node, in double precision.
[[nodiscard]] BruteForceOracle skinned_oracle_from_scene(
    const assets::Scene& scene, const std::vector<glm::mat4>& world_from_node);

}  // namespace tests
