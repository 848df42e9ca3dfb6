#pragma once
/// One mesh at a pose: the vertices picking tests and the renderer draws, and where they sit.
///
///  - a plain mesh keeps its vertices; each instance follows its own node (the XNA recipe moves
///    the ray into that node's space: no per-vertex work);
///  - a mesh skinned to a single joint with weight 1 is a rigid part of the skeleton: it keeps
///    its vertices too, and every instance is placed by world(joint) * offset;
///  - morph targets and skins of several joints change the vertices: they are recomputed for
///    every pose, in the space of the node that draws the mesh, which keeps its instance
///    transform meaningful (and the ray still moves into that space).

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "assets/scene/pose.h"
#include "assets/scene/scene.h"

namespace assets {

struct PosedMesh {
    /// Deforming meshes only: the vertices at the pose, in the space of world_from_mesh (or of
    /// each instance's node when world_from_mesh is empty). Empty for meshes that keep their
    /// vertices: use MeshData::positions.
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;  ///< filled only when asked for
    /// Skinned meshes: where every instance is (the joints, not the instance's node, place the
    /// vertices). Empty: each instance follows its own node.
    std::optional<glm::mat4> world_from_mesh;

    /// What posing reuses from one pose to the next: the skinning palette and its rows, and
    /// the morph weights.
    SkinningScratch skinning;
    std::vector<float> morph_weights;
};

/// Poses mesh `mesh` of `scene` at `pose`. `space_node` is the node whose space deformed skinned
/// vertices are expressed in (the first node that draws the mesh); when that node's world
/// transform cannot be inverted, they are expressed in world space instead. Reuses `out`'s
/// storage (vertices, palette, weights), so posing a mesh again does not allocate.
void pose_mesh(const Scene& scene, std::uint32_t mesh, std::uint32_t space_node, const Pose& pose,
               bool with_normals, PosedMesh& out);

/// The morph weights that apply to `mesh` drawn at `node` (the clip's, else the defaults).
[[nodiscard]] std::vector<float> morph_weights_for(const MeshData& mesh, std::uint32_t node,
                                                   const Pose& pose);
/// The same into `weights`, reusing its storage.
void morph_weights_for(const MeshData& mesh, std::uint32_t node, const Pose& pose,
                       std::vector<float>& weights);

}  // namespace assets
