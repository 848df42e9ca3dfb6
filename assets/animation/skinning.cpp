// Linear blend skinning, as in Magnenat-Thalmann et al. 1988 and every real-time engine since:
// blend the joint matrices by the vertex weights, then move the vertex once. Normals move by the
// cofactor of the blended matrix (Barr 1984), which stays right under non-uniform scale.

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include "assets/animation/skin.h"

namespace assets {

std::vector<glm::mat4> skinning_palette(const MeshSkin& skin,
                                        const std::vector<glm::mat4>& world_from_node,
                                        std::uint32_t mesh_node,
                                        const glm::dmat4& target_from_world) {
    std::vector<glm::mat4> palette;
    skinning_palette(skin, world_from_node, mesh_node, target_from_world, palette);
    return palette;
}

void skinning_palette(const MeshSkin& skin, const std::vector<glm::mat4>& world_from_node,
                      std::uint32_t mesh_node, const glm::dmat4& target_from_world,
                      std::vector<glm::mat4>& palette) {
    palette.clear();
    palette.reserve(skin.joints.size() + 1);
    const auto world = [&](std::uint32_t node) {
        return node < world_from_node.size() ? glm::dmat4(world_from_node[node]) : glm::dmat4(1.0);
    };
    for (const SkinJoint& joint : skin.joints)
        palette.emplace_back(target_from_world * world(joint.node) *
                             glm::dmat4(joint.bone_from_mesh));
    palette.emplace_back(target_from_world * world(mesh_node));
}

namespace {

AffineRows rows_of(const glm::mat4& m) {
    return {{m[0][0], m[1][0], m[2][0], m[3][0]},
            {m[0][1], m[1][1], m[2][1], m[3][1]},
            {m[0][2], m[1][2], m[2][2], m[3][2]}};
}

}  // namespace

void skin_vertices(const MeshSkin& skin, std::span<const glm::mat4> palette,
                   std::span<const glm::vec3> positions, std::span<const glm::vec3> normals,
                   std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals) {
    std::vector<AffineRows> rows;
    skin_vertices(skin, palette, positions, normals, out_positions, out_normals, rows);
}

void skin_vertices(const MeshSkin& skin, std::span<const glm::mat4> palette,
                   std::span<const glm::vec3> positions, std::span<const glm::vec3> normals,
                   std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals,
                   std::vector<AffineRows>& rows) {
    const std::size_t count = std::min({positions.size(), out_positions.size(),
                                        skin.vertex_joints.size(), skin.vertex_weights.size()});
    if (palette.empty()) return;
    const bool with_normals = normals.size() >= count && out_normals.size() >= count;
    rows.resize(palette.size());
    for (std::size_t j = 0; j < palette.size(); ++j)
        rows[j] = rows_of(palette[j]);
    const auto unweighted = std::uint32_t(palette.size() - 1);
    for (std::size_t v = 0; v < count; ++v) {
        const glm::vec4 w = skin.vertex_weights[v];
        const glm::uvec4 j = glm::min(skin.vertex_joints[v], glm::uvec4(unweighted));
        AffineRows m;
        if (!(w[0] > 0.0f)) {
            m = rows[unweighted];
        } else {
            // Weights are sorted heaviest first: stop at the first zero.
            const AffineRows& first = rows[j[0]];
            m = {w[0] * first.x, w[0] * first.y, w[0] * first.z};
            for (int k = 1; k < kMaxJointsPerVertex && w[k] > 0.0f; ++k) {
                const AffineRows& next = rows[j[k]];
                m.x += w[k] * next.x;
                m.y += w[k] * next.y;
                m.z += w[k] * next.z;
            }
        }
        const glm::vec4 p(positions[v], 1.0f);
        out_positions[v] = {glm::dot(m.x, p), glm::dot(m.y, p), glm::dot(m.z, p)};
        if (with_normals) {
            // The normal moves by inverse(M)^T = cofactor(M) / det(M); with M's rows r0, r1,
            // r2 the cofactor's rows are r1 x r2, r2 x r0, r0 x r1. The sign of det keeps
            // normals outward under mirrors.
            const glm::vec3 r0(m.x), r1(m.y), r2(m.z);
            const glm::vec3 c0 = glm::cross(r1, r2), c1 = glm::cross(r2, r0),
                            c2 = glm::cross(r0, r1);
            const glm::vec3 n0 = normals[v];
            glm::vec3 n(glm::dot(c0, n0), glm::dot(c1, n0), glm::dot(c2, n0));
            if (glm::dot(r0, c0) < 0.0f) n = -n;
            const float length = glm::length(n);
            out_normals[v] = length > 0.0f ? n / length : n0;
        }
    }
}

std::size_t normalize_skin_weights(
    MeshSkin& skin, const std::vector<std::vector<std::pair<std::uint32_t, float>>>& influences) {
    std::size_t truncated = 0;
    skin.vertex_joints.assign(influences.size(), glm::uvec4(0));
    skin.vertex_weights.assign(influences.size(), glm::vec4(0.0f));
    bool rigid = !influences.empty();
    std::optional<std::uint32_t> only_joint;
    for (std::size_t v = 0; v < influences.size(); ++v) {
        std::vector<std::pair<std::uint32_t, float>> list;
        for (const auto& [joint, weight] : influences[v])
            if (std::isfinite(weight) && weight > 0.0f && joint < skin.joints.size())
                list.emplace_back(joint, weight);
        // Heaviest first; the joint index breaks ties so the order never depends on the file's.
        std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
            return a.second != b.second ? a.second > b.second : a.first < b.first;
        });
        if (list.size() > std::size_t(kMaxJointsPerVertex)) {
            ++truncated;
            list.resize(kMaxJointsPerVertex);
        }
        double sum = 0.0;
        for (const auto& influence : list)
            sum += double(influence.second);
        if (!(sum > 0.0)) {
            rigid = false;  // follows the mesh's node, not a joint
            continue;
        }
        for (std::size_t k = 0; k < list.size(); ++k) {
            skin.vertex_joints[v][int(k)] = list[k].first;
            skin.vertex_weights[v][int(k)] = float(double(list[k].second) / sum);
        }
        if (list.size() == 1) skin.vertex_weights[v][0] = 1.0f;  // exactly, for the rigid test
        if (list.size() != 1 || (only_joint && *only_joint != list[0].first)) rigid = false;
        only_joint = list[0].first;
    }
    skin.rigid_joint = rigid ? only_joint : std::nullopt;
    return truncated;
}

}  // namespace assets
