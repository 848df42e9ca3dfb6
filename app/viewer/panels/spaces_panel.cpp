// The bone space of the picked mesh, for the Inspector: how the mesh gets into the world (its
// node, one joint, or a skin), world_from_mesh and its inverse, and the ray in both spaces
// with what t means in each.

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/matrix.hpp>

#include "app/core/display_text.h"
#include "app/viewer/panels/panels.h"
#include "picking/scene/bone_space.h"

namespace app {

namespace {

void draw_matrix(const char* id, const glm::dmat4& m) {
    if (!ImGui::BeginTable(id, 4, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_BordersOuter))
        return;
    double largest = 0.0;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            largest = std::max(largest, std::abs(m[c][r]));
    for (int r = 0; r < 4; ++r) {
        ImGui::TableNextRow();
        for (int c = 0; c < 4; ++c) {
            ImGui::TableSetColumnIndex(c);
            // Rounding noise (cos 90° = -4.4e-8) reads as 0, and never as "-0".
            const double v = std::abs(m[c][r]) <= 1e-6 * largest ? 0.0 : m[c][r];
            ImGui::Text("%.4g", v);
        }
    }
    ImGui::EndTable();
}

void text_vec(const char* label, glm::dvec3 v) {
    ImGui::TextDisabled("%s", label);
    ImGui::SameLine(90);
    ImGui::Text("%.5g, %.5g, %.5g", v.x, v.y, v.z);
}

std::string node_name(const assets::Scene& scene, std::uint32_t node) {
    return "'" + shown_name(scene.nodes[node].name) + "'";
}

/// A deforming mesh's broad phase: refitted (never rebuilt) on the first pick of a new pose.
void draw_refit(const SceneSession& session) {
    const RefitRecord refit = session.accels().last_refit();
    if (refit.bvh_triangles > 0)
        ImGui::TextWrapped(
            "Its BVH keeps its tree and is refit to the skinned vertices on the first pick after "
            "the pose changes: the last refit (%llu so far) took %.3f ms for %zu triangles in "
            "%zu deforming meshes.",
            static_cast<unsigned long long>(refit.count), refit.milliseconds, refit.bvh_triangles,
            refit.deforming_meshes);
    else
        ImGui::TextWrapped(
            "Its bounds are refit to the skinned vertices on the first pick after the pose "
            "changes (%.3f ms last time); with the bvh broad phase its BVH is refit too, never "
            "rebuilt.",
            refit.milliseconds);
}

/// How the picked mesh gets into the world: what the ray had to undo.
void draw_placement(const SceneSession& session, const picking::PickHit& hit) {
    const assets::Scene& scene = session.scene();
    const assets::MeshData& mesh = scene.meshes[hit.mesh];
    std::string text;
    if (!mesh.skin.empty() && mesh.skin.rigid_joint) {
        const assets::SkinJoint& joint = mesh.skin.joints[*mesh.skin.rigid_joint];
        text = "A rigid part of the skeleton: every vertex follows joint " +
               node_name(scene, joint.node) +
               " with weight 1, so world_from_mesh = world(joint) * offset and the ray moves "
               "into that space; no vertex is touched.";
    } else if (!mesh.skin.empty()) {
        text = "Skinned to " + std::to_string(mesh.skin.joints.size()) +
               " joints: no single matrix moves it, so its vertices are skinned on the CPU for "
               "every pose, into the space of node " +
               node_name(scene, hit.node) +
               " (the one that draws it). The ray moves into that space.";
    } else {
        text = "Placed by node " + node_name(scene, hit.node) +
               ": world_from_mesh is its world transform in this pose. The ray moves into the "
               "mesh's space (XNA recipe 4-18): two transforms per mesh, none per triangle.";
    }
    if (!mesh.morph_targets.empty()) {
        const std::vector<float> weights =
            assets::morph_weights_for(mesh, hit.node, session.pose());
        text += " Its " + std::to_string(mesh.morph_targets.size()) +
                " morph targets are blended first, with weights";
        for (std::size_t i = 0; i < weights.size() && i < 8; ++i) {
            char w[32];
            std::snprintf(w, sizeof w, "%s %.3f", i == 0 ? "" : ",", double(weights[i]));
            text += w;
        }
        text += ".";
    }
    ImGui::TextWrapped("%s", text.c_str());
    if (mesh.deforms()) draw_refit(session);
}

/// The joints and weights of the picked triangle's corners.
void draw_corner_joints(const assets::Scene& scene, const picking::PickHit& hit) {
    const assets::MeshData& mesh = scene.meshes[hit.mesh];
    if (mesh.skin.empty() || mesh.skin.rigid_joint || 3 * hit.triangle + 2 >= mesh.indices.size())
        return;
    for (int corner = 0; corner < 3; ++corner) {
        const std::uint32_t v = mesh.indices[3 * hit.triangle + std::uint32_t(corner)];
        std::string line = "p" + std::to_string(corner) + ":";
        const auto add = [&](std::uint32_t joint, float w) {
            char part[96];
            std::snprintf(part, sizeof part, " %s %.2f",
                          scene.nodes[mesh.skin.joints[joint].node].name.c_str(), double(w));
            line += part;
        };
        for (int k = 0; k < assets::kInlineJointsPerVertex; ++k) {
            const float w = mesh.skin.vertex_weights[v][k];
            if (!(w > 0.0f)) break;
            add(mesh.skin.vertex_joints[v][k], w);
        }
        for (const assets::SkinInfluence& extra : mesh.skin.extra_influences_of(v))
            add(extra.joint, extra.weight);
        if (!(mesh.skin.vertex_weights[v][0] > 0.0f)) line += " (no joint: follows the node)";
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", line.c_str());
        ImGui::PopStyleColor();
    }
}

/// The ray in world space and in the mesh's bone space, and what t means in each.
void draw_ray_and_t(const Selection& selection, const picking::PickHit& hit) {
    const glm::dmat4 mesh_from_world = picking::mesh_from_world(selection.world_from_mesh);
    const picking::Ray bone = picking::to_bone_space(selection.ray, mesh_from_world);
    const double world_length = glm::length(glm::dvec3(selection.ray.direction));
    const double bone_length = glm::length(glm::dvec3(bone.direction));
    const double t = double(hit.t);
    ImGui::TextDisabled("world ray");
    text_vec("  origin o", selection.ray.origin);
    text_vec("  direction d", selection.ray.direction);
    ImGui::TextDisabled("bone-space ray  (M^-1 o, M^-1 d)");
    text_vec("  origin o'", bone.origin);
    text_vec("  direction d'", bone.direction);
    ImGui::Separator();
    ImGui::Text("t = %.7g in both spaces", t);
    ImGui::Text("world distance  t |d|  = %.6g   (|d| = %.4g)", t * world_length, world_length);
    ImGui::Text("bone distance   t |d'| = %.6g   (|d'| = %.4g)", t * bone_length, bone_length);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(
        "d' is not renormalised, so o' + t d' is the bone-space image of o + t d: the same "
        "point at the same t, and hits on different meshes compare directly. A ray "
        "renormalised in bone space would report %.6g instead (a length in the mesh's own "
        "units), which must be divided by |d'| to become the world t.",
        t * bone_length);
    ImGui::PopTextWrapPos();
}

}  // namespace

void draw_spaces_section(const SceneSession& session, const Selection& selection,
                         const picking::PickHit& hit) {
    const assets::Scene& scene = session.scene();
    if (hit.node >= scene.nodes.size() || hit.mesh >= scene.meshes.size()) return;
    draw_placement(session, hit);
    draw_corner_joints(scene, hit);
    ImGui::TextDisabled("world_from_mesh  M");
    draw_matrix("world_from_mesh", glm::dmat4(selection.world_from_mesh));
    ImGui::TextDisabled("mesh_from_world  M^-1  (double precision)");
    draw_matrix("mesh_from_world", picking::mesh_from_world(selection.world_from_mesh));
    draw_ray_and_t(selection, hit);
}

}  // namespace app
