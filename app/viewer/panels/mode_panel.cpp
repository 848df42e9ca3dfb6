#include "app/viewer/panels/mode_panel.h"

#include <imgui.h>

namespace app {

std::string_view mode_name(ViewerMode mode) {
    switch (mode) {
        case ViewerMode::Collide:
            return "collide";
        case ViewerMode::TriangleLab:
            return "lab";
        case ViewerMode::Pick:
            break;
    }
    return "pick";
}

std::optional<ViewerMode> find_mode(std::string_view name) {
    for (ViewerMode mode : {ViewerMode::Pick, ViewerMode::Collide, ViewerMode::TriangleLab})
        if (mode_name(mode) == name) return mode;
    return std::nullopt;
}

ViewerMode draw_mode_panel(ViewerMode mode) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(
        ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f, viewport->WorkPos.y + 6.0f),
        ImGuiCond_Always, ImVec2(0.5f, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_AlwaysAutoResize |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing;
    int current = int(mode);
    if (ImGui::Begin("mode", nullptr, flags)) {
        ImGui::RadioButton("Pick", &current, int(ViewerMode::Pick));
        ImGui::SameLine();
        ImGui::RadioButton("Collide", &current, int(ViewerMode::Collide));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Two meshes: every intersecting triangle pair, live");
        ImGui::SameLine();
        ImGui::RadioButton("Triangle lab", &current, int(ViewerMode::TriangleLab));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Two triangles to edit, and what each triangle-triangle test sees");
    }
    ImGui::End();
    return ViewerMode(current);
}

}  // namespace app
