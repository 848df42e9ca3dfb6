#include <imgui.h>

#include "app/viewer/panels/panels.h"

namespace app {

namespace {

void draw_controls_help() {
    for (const char* line :
         {"left click: pick   left drag: orbit",
          "right/middle drag: pan   wheel: zoom to the cursor",
          "F frame   R reset   O orthographic/perspective",
          "W wireframe   H hover   G bind-pose ghost", "Space play/pause   Left/Right step 1/30 s",
          "A algorithms: compare, explain, all hits, leaks, far from origin",
          "Esc clear the pick   drop a file to open it",
          "Collide: Ctrl+drag moves, Shift+drag turns the moving object"}) {
        ImGui::Bullet();
        ImGui::TextWrapped("%s", line);
    }
}

}  // namespace

ViewPanelAction draw_view_panel(Camera& camera, ViewPanelState& state) {
    ViewPanelAction action;
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkSize.x - 330, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(320, 250), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("View")) {
        ImGui::End();
        return action;
    }
    int projection = camera.projection == Projection::Perspective ? 0 : 1;
    ImGui::RadioButton("perspective", &projection, 0);
    ImGui::SameLine();
    ImGui::RadioButton("orthographic (O)", &projection, 1);
    camera.projection = projection == 0 ? Projection::Perspective : Projection::Orthographic;
    float fov = glm::degrees(camera.fov_y);
    if (camera.projection == Projection::Perspective &&
        ImGui::SliderFloat("field of view", &fov, 10.0f, 120.0f, "%.0f deg"))
        camera.fov_y = glm::radians(fov);
    if (ImGui::Button("Frame (F)")) action.frame = true;
    ImGui::SameLine();
    if (ImGui::Button("Reset (R)")) action.reset = true;
    ImGui::Checkbox("wireframe (W)", &state.wireframe);
    ImGui::SameLine();
    ImGui::Checkbox("show the ray", &state.show_ray);

    ImGui::Separator();
    ImGui::TextDisabled("Controls");
    draw_controls_help();
    ImGui::End();
    return action;
}

}  // namespace app
