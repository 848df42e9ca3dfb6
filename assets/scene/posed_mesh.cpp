#include "assets/scene/posed_mesh.h"

#include <cmath>

#include <glm/matrix.hpp>

#include "assets/animation/morph.h"
#include "assets/animation/skin.h"

namespace assets {

namespace {

bool finite(const glm::dmat4& m) {
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            if (!std::isfinite(m[c][r])) return false;
    return true;
}

}  // namespace

std::vector<float> morph_weights_for(const MeshData& mesh, std::uint32_t node, const Pose& pose) {
    std::vector<float> weights;
    morph_weights_for(mesh, node, pose, weights);
    return weights;
}

void morph_weights_for(const MeshData& mesh, std::uint32_t node, const Pose& pose,
                       std::vector<float>& weights) {
    weights.assign(mesh.morph_targets.size(), 0.0f);
    const std::vector<float>* driven =
        node < pose.morph_weights.size() && !pose.morph_weights[node].empty()
            ? &pose.morph_weights[node]
            : nullptr;
    for (std::size_t i = 0; i < weights.size(); ++i)
        weights[i] = driven ? (i < driven->size() ? (*driven)[i] : 0.0f)
                            : mesh.morph_targets[i].default_weight;
}

void pose_mesh(const Scene& scene, std::uint32_t mesh_index, std::uint32_t space_node,
               const Pose& pose, bool with_normals, PosedMesh& out) {
    const MeshData& mesh = scene.meshes[mesh_index];
    const MeshSkin& skin = mesh.skin;
    out.world_from_mesh.reset();
    if (!mesh.deforms()) {
        out.positions.clear();
        out.normals.clear();
    }

    // == Morph targets first: they reshape the bind pose that the skin then moves.
    std::span<const glm::vec3> base_positions = mesh.positions;
    std::span<const glm::vec3> base_normals = mesh.normals;
    if (!mesh.morph_targets.empty()) {
        out.positions.resize(mesh.positions.size());
        out.normals.resize(with_normals ? mesh.normals.size() : 0);
        morph_weights_for(mesh, space_node, pose, out.morph_weights);
        apply_morph_targets(
            mesh.morph_targets, out.morph_weights, mesh.positions,
            with_normals ? std::span<const glm::vec3>(mesh.normals) : std::span<const glm::vec3>(),
            out.positions, out.normals);
        base_positions = out.positions;
        base_normals = out.normals;
    }
    if (skin.empty()) return;

    const auto world = [&](std::uint32_t node) {
        return node < pose.world.size() ? pose.world[node] : glm::mat4(1.0f);
    };
    // == A rigid part of the skeleton: one matrix, no per-vertex work.
    if (skin.rigid_joint) {
        const SkinJoint& joint = skin.joints[*skin.rigid_joint];
        out.world_from_mesh =
            glm::mat4(glm::dmat4(world(joint.node)) * glm::dmat4(joint.bone_from_mesh));
        return;
    }

    // == Several joints: skin every vertex into the space of the node that draws the mesh.
    glm::dmat4 space_from_world(1.0);
    glm::mat4 world_from_space(1.0f);
    const glm::dmat4 node_world(world(space_node));
    if (glm::determinant(node_world) != 0.0) {
        const glm::dmat4 inverse = glm::inverse(node_world);
        if (finite(inverse)) {
            space_from_world = inverse;
            world_from_space = world(space_node);
        }
    }
    out.world_from_mesh = world_from_space;
    skinning_palette(skin, pose.world, space_node, space_from_world, out.skinning.palette);
    // Skinning in place over the morphed vertices is safe: each vertex reads only itself.
    out.positions.resize(mesh.positions.size());
    out.normals.resize(with_normals ? mesh.normals.size() : 0);
    skin_vertices(skin, out.skinning.palette, base_positions,
                  with_normals ? base_normals : std::span<const glm::vec3>(), out.positions,
                  out.normals, out.skinning.rows);
}

}  // namespace assets
