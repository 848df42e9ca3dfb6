#include "app/viewer/panels/panel_window.h"

#include <imgui.h>

namespace app {

void prepare_panel_window(PanelWindow& window) {
    if (window.fold) ImGui::SetNextWindowCollapsed(*window.fold, ImGuiCond_Always);
    if (window.move_to)
        ImGui::SetNextWindowPos(ImVec2(window.move_to->x, window.move_to->y), ImGuiCond_Always);
    window.fold.reset();
    window.move_to.reset();
}

void record_panel_window(PanelWindow& window) {
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    window.min = {pos.x, pos.y};
    window.max = {pos.x + size.x, pos.y + size.y};
    window.collapsed = ImGui::IsWindowCollapsed();
    window.drawn = true;
}

nlohmann::ordered_json panel_window_json(const PanelWindow& window) {
    nlohmann::ordered_json j;
    j["rect"] = {window.min.x, window.min.y, window.max.x, window.max.y};
    j["collapsed"] = window.collapsed;
    return j;
}

}  // namespace app
