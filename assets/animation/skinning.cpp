// Linear blend skinning, as in Magnenat-Thalmann et al. 1988 and every real-time engine since:
// blend the joint matrices by the vertex weights, then move the vertex once. Normals move by the
// cofactor of the blended matrix (Barr 1984), which stays right under non-uniform scale.

#include <algorithm>
#include <cmath>
#include <string>

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

namespace {

/// The skinning loop, compiled four times: without the overflow (every vertex has at most four
/// influences: the fast path, nothing added to it) and with it, each with and without normals.
template <bool kWithOverflow, bool kWithNormals>
void skin_each_vertex(const MeshSkin& skin, std::span<const AffineRows> rows, std::size_t count,
                      std::span<const glm::vec3> positions, std::span<const glm::vec3> normals,
                      std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals) {
    const auto unweighted = std::uint32_t(rows.size() - 1);
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
            // Written out: GCC 12 kept a helper here as a call, doubling the fast path's time.
            for (int k = 1; k < kInlineJointsPerVertex && w[k] > 0.0f; ++k) {
                const AffineRows& next = rows[j[k]];
                m.x += w[k] * next.x;
                m.y += w[k] * next.y;
                m.z += w[k] * next.z;
            }
            if constexpr (kWithOverflow) {
                for (const SkinInfluence& extra : skin.extra_influences_of(v)) {
                    const AffineRows& next = rows[std::min(extra.joint, unweighted)];
                    m.x += extra.weight * next.x;
                    m.y += extra.weight * next.y;
                    m.z += extra.weight * next.z;
                }
            }
        }
        const glm::vec4 p(positions[v], 1.0f);
        out_positions[v] = {glm::dot(m.x, p), glm::dot(m.y, p), glm::dot(m.z, p)};
        if constexpr (kWithNormals) {
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

}  // namespace

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
    // The overflow's layout is the skin's contract (skin_defect() checks it); one that does not
    // reach every vertex skinned here is not read.
    const bool overflow = skin.has_extra_influences() && skin.extra_begin.size() > count;
    if (overflow && with_normals)
        skin_each_vertex<true, true>(skin, rows, count, positions, normals, out_positions,
                                     out_normals);
    else if (overflow)
        skin_each_vertex<true, false>(skin, rows, count, positions, normals, out_positions,
                                      out_normals);
    else if (with_normals)
        skin_each_vertex<false, true>(skin, rows, count, positions, normals, out_positions,
                                      out_normals);
    else
        skin_each_vertex<false, false>(skin, rows, count, positions, normals, out_positions,
                                       out_normals);
}

SkinWeightSummary normalize_skin_weights(MeshSkin& skin, const AuthoredInfluences& influences) {
    SkinWeightSummary summary;
    const std::size_t vertices = influences.size();
    skin.vertex_joints.assign(vertices, glm::uvec4(0));
    skin.vertex_weights.assign(vertices, glm::vec4(0.0f));
    skin.extra_begin.clear();
    skin.extra_influences.clear();
    bool rigid = vertices > 0;
    std::optional<std::uint32_t> only_joint;
    std::vector<std::pair<std::uint32_t, float>> list;  // reused from vertex to vertex
    for (std::size_t v = 0; v < vertices; ++v) {
        list.clear();
        for (const auto& [joint, weight] : influences[v])
            if (std::isfinite(weight) && weight > 0.0f && joint < skin.joints.size())
                list.emplace_back(joint, weight);
        // A joint named twice pulls with the sum of its weights.
        std::sort(list.begin(), list.end());
        std::size_t kept = 0;
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (kept > 0 && list[kept - 1].first == list[i].first)
                list[kept - 1].second += list[i].second;
            else
                list[kept++] = list[i];
        }
        list.resize(kept);
        // Heaviest first; the joint index breaks ties so the order never depends on the file's.
        std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
            return a.second != b.second ? a.second > b.second : a.first < b.first;
        });
        summary.most_influences = std::max(summary.most_influences, list.size());
        double sum = 0.0;
        for (const auto& influence : list)
            sum += double(influence.second);
        if (!(sum > 0.0) || !std::isfinite(sum)) {
            list.clear();  // follows the mesh's node, not a joint
            ++summary.unweighted;
            rigid = false;
        }
        if (list.size() > std::size_t(kInlineJointsPerVertex)) {
            ++summary.vertices_over_four;
            if (skin.extra_begin.empty()) skin.extra_begin.assign(v + 1, 0);
            for (std::size_t k = kInlineJointsPerVertex; k < list.size(); ++k)
                skin.extra_influences.push_back(
                    {list[k].first, float(double(list[k].second) / sum)});
        }
        if (!skin.extra_begin.empty())
            skin.extra_begin.push_back(std::uint32_t(skin.extra_influences.size()));
        if (list.empty()) continue;
        for (std::size_t k = 0; k < list.size() && k < std::size_t(kInlineJointsPerVertex); ++k) {
            skin.vertex_joints[v][int(k)] = list[k].first;
            skin.vertex_weights[v][int(k)] = float(double(list[k].second) / sum);
        }
        if (list.size() == 1) skin.vertex_weights[v][0] = 1.0f;  // exactly, for the rigid test
        if (list.size() != 1 || (only_joint && *only_joint != list[0].first)) rigid = false;
        only_joint = list[0].first;
    }
    skin.rigid_joint = rigid ? only_joint : std::nullopt;
    return summary;
}

std::string skin_defect(const MeshSkin& skin, std::size_t vertex_count) {
    if (skin.empty()) return {};
    if (skin.vertex_joints.size() != vertex_count || skin.vertex_weights.size() != vertex_count) {
        return "its skin has weights for " + std::to_string(skin.vertex_weights.size()) +
               " vertices, but it has " + std::to_string(vertex_count);
    }
    const auto bad_weight = [&](float w, std::uint32_t joint) {
        return !std::isfinite(w) || w < 0.0f || (w > 0.0f && joint >= skin.joints.size());
    };
    for (std::size_t v = 0; v < vertex_count; ++v)
        for (int k = 0; k < kInlineJointsPerVertex; ++k)
            if (bad_weight(skin.vertex_weights[v][k], skin.vertex_joints[v][k]))
                return "vertex " + std::to_string(v) + " has a bad joint or weight";
    if (skin.has_extra_influences()) {
        if (skin.extra_begin.size() != vertex_count + 1 || skin.extra_begin.front() != 0 ||
            skin.extra_begin.back() != skin.extra_influences.size())
            return "its skin's overflow does not cover its " + std::to_string(vertex_count) +
                   " vertices";
        for (std::size_t v = 0; v < vertex_count; ++v)
            if (skin.extra_begin[v] > skin.extra_begin[v + 1])
                return "its skin's overflow runs backwards at vertex " + std::to_string(v);
        for (std::size_t v = 0; v < vertex_count; ++v) {
            const std::span<const SkinInfluence> extras = skin.extra_influences_of(v);
            // Skinning reads the overflow only after four inline weights.
            if (!extras.empty() && !(skin.vertex_weights[v][kInlineJointsPerVertex - 1] > 0.0f))
                return "vertex " + std::to_string(v) + " has overflow influences but not four";
            for (const SkinInfluence& extra : extras)
                if (!(extra.weight > 0.0f) || bad_weight(extra.weight, extra.joint))
                    return "vertex " + std::to_string(v) + " has a bad joint or weight";
        }
    } else if (!skin.extra_influences.empty()) {
        return "its skin has overflow influences but no vertex owns them";
    }
    if (skin.rigid_joint && *skin.rigid_joint >= skin.joints.size())
        return "its rigid joint is missing";
    return {};
}

}  // namespace assets
