#pragma once
/// Linear blend skinning as Assimp models it (aiBone): every vertex follows up to four joints;
/// a joint is a node whose current world transform, times the joint's offset matrix, carries a
/// bind-pose vertex to where the joint has taken it:
///     p_world = sum_k w_k * world_from_node[joint_k.node] * joint_k.bone_from_mesh * p_bind

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace assets {

inline constexpr int kMaxJointsPerVertex = 4;

struct SkinJoint {
    std::uint32_t node = 0;          ///< the node that moves this joint
    glm::mat4 bone_from_mesh{1.0f};  ///< Assimp's mOffsetMatrix: bind-pose mesh space -> joint
};

/// The skin of one mesh. Empty (no joints) for meshes that only follow their node.
struct MeshSkin {
    std::vector<SkinJoint> joints;
    /// Per vertex: up to four joints (indices into `joints`) and their weights, heaviest first.
    /// Weights sum to 1, or are all 0 for a vertex no joint moves: it follows the mesh's node.
    std::vector<glm::uvec4> vertex_joints;
    std::vector<glm::vec4> vertex_weights;
    /// Set when every vertex follows this one joint with weight 1: the mesh is a rigid part of
    /// the skeleton, placed by one matrix, and needs no per-vertex work.
    std::optional<std::uint32_t> rigid_joint;

    [[nodiscard]] bool empty() const { return joints.empty(); }
};

/// A palette matrix as the three rows of the affine map it is (x, y, z; translation in w):
/// what skin_vertices() blends, a few vec4 multiply-adds per joint.
struct AffineRows {
    glm::vec4 x{0.0f}, y{0.0f}, z{0.0f};
};

/// Storage skinning reuses from one pose to the next, so posing again does not allocate.
struct SkinningScratch {
    std::vector<glm::mat4> palette;
    std::vector<AffineRows> rows;
};

/// The joint matrices ("palette") that move bind-pose mesh vertices into a target space:
///     palette[j] = target_from_world * world_from_node[joints[j].node] * joints[j].bone_from_mesh,
/// composed in double precision, plus one last entry for vertices without weights:
///     target_from_world * world_from_node[mesh_node].
[[nodiscard]] std::vector<glm::mat4> skinning_palette(const MeshSkin& skin,
                                                      const std::vector<glm::mat4>& world_from_node,
                                                      std::uint32_t mesh_node,
                                                      const glm::dmat4& target_from_world);

/// The same into `palette`, reusing its storage.
void skinning_palette(const MeshSkin& skin, const std::vector<glm::mat4>& world_from_node,
                      std::uint32_t mesh_node, const glm::dmat4& target_from_world,
                      std::vector<glm::mat4>& palette);

/// Skins `positions` into `out_positions` (same size) with a palette from skinning_palette().
/// When `normals` and `out_normals` are both non-empty, the normals are moved by the cofactor
/// of each blended matrix (correct under non-uniform scale) and renormalised.
void skin_vertices(const MeshSkin& skin, std::span<const glm::mat4> palette,
                   std::span<const glm::vec3> positions, std::span<const glm::vec3> normals,
                   std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals);
/// The same, keeping the palette's rows in `rows` (reused: no allocation once it is large
/// enough).
void skin_vertices(const MeshSkin& skin, std::span<const glm::mat4> palette,
                   std::span<const glm::vec3> positions, std::span<const glm::vec3> normals,
                   std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals,
                   std::vector<AffineRows>& rows);

/// Sorts each vertex's influences heaviest first, keeps at most four, drops non-finite and
/// non-positive weights and renormalises; sets rigid_joint when it applies. Returns how many
/// vertices lost influences beyond the fourth.
std::size_t normalize_skin_weights(
    MeshSkin& skin, const std::vector<std::vector<std::pair<std::uint32_t, float>>>& influences);

}  // namespace assets
