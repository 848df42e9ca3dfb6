#pragma once
/// Linear blend skinning as Assimp models it (aiBone): every vertex follows any number of
/// joints; a joint is a node whose current world transform, times the joint's offset matrix,
/// carries a bind-pose vertex to where the joint has taken it:
///     p_world = sum_k w_k * world_from_node[joint_k.node] * joint_k.bone_from_mesh * p_bind
/// with the weights of each vertex normalised over all its influences (as Blender's armature
/// deform and glTF do). Most vertices have at most four: they live in four-wide arrays, the
/// fast path; the rest of a vertex's influences, when it has more, in an overflow beside them.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace assets {

/// How many influences a vertex keeps in the four-wide arrays (MeshSkin::vertex_joints and
/// vertex_weights); influences beyond these go to the overflow.
inline constexpr int kInlineJointsPerVertex = 4;

struct SkinJoint {
    std::uint32_t node = 0;          ///< the node that moves this joint
    glm::mat4 bone_from_mesh{1.0f};  ///< Assimp's mOffsetMatrix: bind-pose mesh space -> joint
};

/// One joint's pull on a vertex beyond its first four.
struct SkinInfluence {
    std::uint32_t joint = 0;  ///< index into MeshSkin::joints
    float weight = 0.0f;      ///< positive, normalised with the vertex's other weights
};

/// The skin of one mesh. Empty (no joints) for meshes that only follow their node.
struct MeshSkin {
    std::vector<SkinJoint> joints;
    /// Per vertex: its four heaviest joints (indices into `joints`) and their weights, heaviest
    /// first, zero-padded. All of a vertex's weights (these and its overflow) sum to 1, or all
    /// are 0 for a vertex no joint moves: it follows the mesh's node.
    std::vector<glm::uvec4> vertex_joints;
    std::vector<glm::vec4> vertex_weights;
    /// The overflow, for vertices with more than four influences: vertex v's fifth and later
    /// ones, heaviest first, are extra_influences[extra_begin[v] .. extra_begin[v + 1]).
    /// Both are empty when no vertex has more than four (the common case); otherwise
    /// extra_begin has one entry per vertex and one more.
    std::vector<std::uint32_t> extra_begin;
    std::vector<SkinInfluence> extra_influences;
    /// Set when every vertex follows this one joint with weight 1: the mesh is a rigid part of
    /// the skeleton, placed by one matrix, and needs no per-vertex work.
    std::optional<std::uint32_t> rigid_joint;

    [[nodiscard]] bool empty() const { return joints.empty(); }
    /// Whether some vertex has more than four influences.
    [[nodiscard]] bool has_extra_influences() const { return !extra_begin.empty(); }
    /// Vertex v's influences beyond its first four (empty for most vertices).
    [[nodiscard]] std::span<const SkinInfluence> extra_influences_of(std::size_t v) const {
        if (v + 1 >= extra_begin.size()) return {};
        return std::span<const SkinInfluence>(extra_influences)
            .subspan(extra_begin[v], extra_begin[v + 1] - extra_begin[v]);
    }
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

/// Skins `positions` into `out_positions` (same size) with a palette from skinning_palette(),
/// blending every influence of each vertex. When `normals` and `out_normals` are both
/// non-empty, the normals are moved by the cofactor of each blended matrix (correct under
/// non-uniform scale) and renormalised.
void skin_vertices(const MeshSkin& skin, std::span<const glm::mat4> palette,
                   std::span<const glm::vec3> positions, std::span<const glm::vec3> normals,
                   std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals);
/// The same, keeping the palette's rows in `rows` (reused: no allocation once it is large
/// enough).
void skin_vertices(const MeshSkin& skin, std::span<const glm::mat4> palette,
                   std::span<const glm::vec3> positions, std::span<const glm::vec3> normals,
                   std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals,
                   std::vector<AffineRows>& rows);

/// Per vertex, the (joint, weight) pairs a file or generator gives, in any order, weights as
/// authored (they need not sum to 1).
using AuthoredInfluences = std::vector<std::vector<std::pair<std::uint32_t, float>>>;

/// What normalize_skin_weights() found.
struct SkinWeightSummary {
    std::size_t vertices_over_four = 0;  ///< vertices with more than four influences
    std::size_t most_influences = 0;     ///< the most influences any one vertex has
    std::size_t unweighted = 0;          ///< vertices no joint moves: they follow the node
};

/// Fills `skin`'s per-vertex arrays (and overflow) from `influences`: drops non-finite and
/// non-positive weights and joints `skin.joints` lacks, merges repeats of a joint, sorts each
/// vertex's influences heaviest first (the joint index breaks ties) and normalises them over
/// all of them; sets rigid_joint when it applies. `skin.joints` must be set first.
SkinWeightSummary normalize_skin_weights(MeshSkin& skin, const AuthoredInfluences& influences);

/// What is wrong with `skin` for a mesh of `vertex_count` vertices (array sizes, joint
/// indices, weights, the overflow's layout), or an empty string when nothing is.
[[nodiscard]] std::string skin_defect(const MeshSkin& skin, std::size_t vertex_count);

}  // namespace assets
