#pragma once
/// Skinned scenes built a second way, for oracles: straight from Assimp's data (aiNodeAnim
/// keys, aiBone weights and offset matrices) with Assimp's own math (aiQuaternion::Interpolate,
/// aiMatrix4x4t<double>), or from a Scene's skins or authored weights in double precision,
/// never through assets/'s pose and skinning code. Every influence of a vertex counts, its
/// weights normalised over all of them (Blender's armature deform and glTF do the same).

#include <cstddef>
#include <string>
#include <vector>

#include "assets/scene/scene.h"
#include "tests/brute_force_oracle.h"

namespace tests {

/// Which of a vertex's bone influences an oracle blends.
enum class Influences {
    All,           ///< every one, as authored: the pose the artist made
    FourHeaviest,  ///< Assimp's aiProcess_LimitBoneWeights: what raypick drew before it kept all
};

/// Every triangle of `path` in world space at `seconds` of its first animation (looping): morph
/// targets blended first (p = base + sum_i w_i (target_i - base), the weights keyed for the
/// node that draws the mesh), then each vertex skinned as
/// p = sum_k w_k * global(bone_k) * offset_k * p_bind / sum_k w_k over its positive, finite
/// weights (unweighted vertices follow the node that draws the mesh). Read by Assimp without
/// aiProcess_LimitBoneWeights unless `influences` asks for it. Mesh and triangle numbers are
/// the loader's: the file must have no mesh without triangles (checked).
[[nodiscard]] BruteForceOracle skinned_oracle_from_file(const std::string& path, double seconds,
                                                        Influences influences = Influences::All);

/// The same from a Scene's own skins (the four-wide arrays and the overflow, read directly)
/// and the given world_from_node, in double precision.
[[nodiscard]] BruteForceOracle skinned_oracle_from_scene(
    const assets::Scene& scene, const std::vector<glm::mat4>& world_from_node);

/// The same from weights as authored, not as the Scene stores them: `authored[m][v]` lists
/// vertex v of mesh m's (joint, weight) pairs (a mesh without an entry is not skinned). With
/// `keep_heaviest` > 0 only that many of each vertex's heaviest influences count (the joint
/// index breaks ties), renormalised: what a renderer limited to four would draw.
[[nodiscard]] BruteForceOracle skinned_oracle_from_authored(
    const assets::Scene& scene, const std::vector<glm::mat4>& world_from_node,
    const std::vector<assets::AuthoredInfluences>& authored, std::size_t keep_heaviest = 0);

}  // namespace tests
