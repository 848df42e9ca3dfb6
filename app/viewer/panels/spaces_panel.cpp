#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/matrix.hpp>

#include "app/viewer/panels/panels.h"
#include "picking/scene/bone_space.h"

namespace app {

namespace {

const ImVec4 kPicked{0.95f, 0.45f, 0.9f, 1.0f};

struct TreeDraw {
    std::optional<std::uint32_t> picked;
    std::vector<bool> on_picked_path;
    bool scroll_to_picked = false;
    bool expand_all = false;
    int shown = 0;
};

void draw_node(const assets::Scene& scene, std::uint32_t node, TreeDraw& tree) {
    const assets::SceneNode& n = scene.nodes[node];
    const std::optional<std::uint32_t> picked = tree.picked;
    ++tree.shown;
    ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_SpanAvailWidth;
    if (n.children.empty()) flags |= ImGuiTreeNodeFlags_Leaf;
    if (picked && *picked == node) flags |= ImGuiTreeNodeFlags_Selected;
    if (tree.expand_all || tree.on_picked_path[node])
        ImGui::SetNextItemOpen(true, ImGuiCond_Always);
    else if (node == 0)
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    std::string label = n.name.empty() ? "(unnamed)" : n.name;
    if (!n.meshes.empty()) label += "  [" + std::to_string(n.meshes.size()) + " mesh]";
    const bool open = ImGui::TreeNodeEx(reinterpret_cast<void*>(std::uintptr_t(node)), flags, "%s",
                                        label.c_str());
    if (tree.scroll_to_picked && picked && *picked == node) ImGui::SetScrollHereY(0.5f);
    if (open) {
        for (std::uint32_t child : n.children)
            if (child < scene.nodes.size()) draw_node(scene, child, tree);
        ImGui::TreePop();
    }
}

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
    const std::string& name = scene.nodes[node].name;
    return "'" + (name.empty() ? std::string("(unnamed)") : name) + "'";
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

void draw_spaces_panel(SpacesPanelState& state, const SceneSession& session,
                       const std::optional<Selection>& selection) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkSize.x - 330, 270), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(320, viewport->WorkSize.y - 280), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Spaces")) {
        ImGui::End();
        return;
    }
    const assets::Scene& scene = session.scene();
    ImGui::Text("%zu nodes, %zu meshes, %zu instances, %zu triangles", scene.nodes.size(),
                scene.meshes.size(), session.view().instances.size(), scene.triangle_count());
    const picking::PickHit* hit =
        selection && selection->result.hit && selection->result.hit->node < scene.nodes.size()
            ? &*selection->result.hit
            : nullptr;
    TreeDraw tree;
    tree.on_picked_path.assign(scene.nodes.size(), false);
    if (hit) {
        tree.picked = hit->node;
        // Open the tree down to the picked node, so it is always in view.
        for (std::int32_t n = scene.nodes[hit->node].parent; n >= 0;
             n = scene.nodes[std::size_t(n)].parent)
            tree.on_picked_path[std::size_t(n)] = true;
        ImGui::TextColored(kPicked, "%s", scene.node_path(hit->node).c_str());
    } else {
        ImGui::TextDisabled("pick a triangle to see its spaces");
    }

    state.tree_nodes_shown = 0;
    if (ImGui::CollapsingHeader("Hierarchy", ImGuiTreeNodeFlags_DefaultOpen)) {
        // Every node open (bones included) unless the tree is large or the user folds it.
        bool expand_all =
            state.expand_all.value_or(scene.nodes.size() <= SpacesPanelState::kExpandAllNodes);
        if (ImGui::Checkbox("expand all", &expand_all)) state.expand_all = expand_all;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Open every node, bones and empty nodes included (the default for trees\n"
                "of up to %zu nodes). Off: the path down to the pick, and what you open.",
                SpacesPanelState::kExpandAllNodes);
        ImGui::BeginChild("tree", ImVec2(0, 150), true);
        // A new pick scrolls the tree to its node once; after that the user scrolls.
        tree.scroll_to_picked = hit && selection->serial != state.tree_serial;
        tree.expand_all = expand_all;
        if (!scene.nodes.empty()) draw_node(scene, 0, tree);
        if (hit) state.tree_serial = selection->serial;
        state.tree_nodes_shown = tree.shown;
        ImGui::EndChild();
    }
    if (hit && ImGui::CollapsingHeader("Bone space", ImGuiTreeNodeFlags_DefaultOpen)) {
        draw_placement(session, *hit);
        draw_corner_joints(scene, *hit);
        ImGui::TextDisabled("world_from_mesh  M");
        draw_matrix("world_from_mesh", glm::dmat4(selection->world_from_mesh));
        ImGui::TextDisabled("mesh_from_world  M^-1  (double precision)");
        draw_matrix("mesh_from_world", picking::mesh_from_world(selection->world_from_mesh));
        ImGui::Checkbox("the mesh's axes in the view", &state.show_axes);
        ImGui::Checkbox("the bone-space view", &state.show_bone_view);
    }
    if (hit && ImGui::CollapsingHeader("Ray and t", ImGuiTreeNodeFlags_DefaultOpen))
        draw_ray_and_t(*selection, *hit);
    ImGui::End();
}

void draw_bone_space_window(SpacesPanelState& state, const SceneSession& session,
                            const std::optional<Selection>& selection) {
    if (!state.show_bone_view || !selection || !selection->result.hit) return;
    ImGui::SetNextWindowPos(ImVec2(380, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(270, 210), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Bone space", &state.show_bone_view)) {
        ImGui::End();
        return;
    }
    const picking::PickHit& hit = *selection->result.hit;
    ImGui::TextDisabled("%s alone, in its own space",
                        session.scene().meshes[hit.mesh].name.c_str());
    // Mesh, triangle and ray all as picked: a deforming mesh keeps the pose of the pick.
    if (session.pose_version() == selection->pose_version)
        ImGui::TextDisabled("as picked, at %.3f s", selection->time);
    else
        ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.4f, 1.0f), "as picked, at %.3f s (now %.3f s)",
                           selection->time, session.time());
    const ImVec2 available = ImGui::GetContentRegionAvail();
    const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
    state.bone_view_size = {std::max(int(available.x * scale), 16),
                            std::max(int(available.y * scale), 16)};
    if (state.bone_view_texture != 0) {
        // An invisible button takes the drags (so the window does not move); the image is
        // drawn under it. GL textures start at the bottom row: flip v.
        const ImVec2 size(std::max(available.x, 16.0f), std::max(available.y, 16.0f));
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::InvisibleButton("bone_view", size);
        ImGui::GetWindowDrawList()->AddImage(reinterpret_cast<ImTextureID>(state.bone_view_texture),
                                             at, ImVec2(at.x + size.x, at.y + size.y), ImVec2(0, 1),
                                             ImVec2(1, 0));
        if (ImGui::IsItemActive()) {
            const ImVec2 delta = ImGui::GetIO().MouseDelta;
            state.bone_view_camera.orbit(-delta.x * 0.01f, delta.y * 0.01f);
        }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("x red, y green, z blue: the mesh's own axes\ndrag to turn");
    }
    ImGui::End();
}

}  // namespace app
