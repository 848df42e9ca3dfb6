// The Bone space tool: the picked mesh (or, when dense, the triangles around the hit) alone in
// its own space, with its axes, the ray as the mesh sees it and the hit, in the pose of the
// pick. The viewer draws the picture into a texture only when it changes; dragging turns it.

#include <algorithm>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

void draw_bone_space_panel(BoneSpaceState& state, const SceneSession& session,
                           const std::optional<Selection>& selection) {
    if (!selection || !selection->result.hit) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled(
            "Pick a triangle: its mesh is shown here alone, in its own (bone) space, with the "
            "ray as the mesh sees it after the inverse of world_from_mesh.");
        ImGui::PopTextWrapPos();
        glossary_tooltip("bone space");
        return;
    }
    const picking::PickHit& hit = *selection->result.hit;
    const assets::MeshData& mesh = session.scene().meshes[hit.mesh];
    // One line above the picture: what it shows and when.
    if (state.triangles_drawn < mesh.triangle_count())
        ImGui::TextDisabled("'%s' around the hit: %zu of its %zu triangles, in its own space",
                            valid_utf8(mesh.name).c_str(), state.triangles_drawn,
                            mesh.triangle_count());
    else
        ImGui::TextDisabled("'%s' alone, in its own space", valid_utf8(mesh.name).c_str());
    glossary_tooltip("bone space");
    ImGui::SameLine();
    if (session.pose_version() == selection->pose_version)
        ImGui::TextDisabled("- as picked, at %.3f s", selection->time);
    else
        ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.4f, 1.0f), "- as picked, at %.3f s",
                           selection->time);

    const ImVec2 available = ImGui::GetContentRegionAvail();
    const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
    state.size_px = {std::max(int(available.x * scale), 16),
                     std::max(int(available.y * scale), 16)};
    if (state.texture == 0) return;
    // An invisible button takes the drags; the image is drawn under it. GL textures start at
    // the bottom row: flip v.
    const ImVec2 size(std::max(available.x, 16.0f), std::max(available.y, 16.0f));
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("bone_view", size);
    ui_probe::item("Bone space/picture");
    ImGui::GetWindowDrawList()->AddImage(reinterpret_cast<ImTextureID>(state.texture), at,
                                         ImVec2(at.x + size.x, at.y + size.y), ImVec2(0, 1),
                                         ImVec2(1, 0));
    if (ImGui::IsItemActive()) {
        const ImVec2 delta = ImGui::GetIO().MouseDelta;
        state.camera.orbit(-delta.x * 0.01f, delta.y * 0.01f);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("x red, y green, z blue: the mesh's own axes\ndrag to turn");
}

}  // namespace app
