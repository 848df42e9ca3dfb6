#include <imgui.h>

#include "app/panels/panels.h"

namespace app {

namespace {

void draw_controls_help() {
    for (const char* line : {"left click: pick   left drag: orbit",
                             "right/middle drag: pan   wheel: zoom to the cursor",
                             "F frame   R reset   O orthographic/perspective",
                             "W wireframe   H hover   Space play/pause",
                             "Esc clear the pick   drop a file to open it"}) {
        ImGui::Bullet();
        ImGui::TextWrapped("%s", line);
    }
}

}  // namespace

ViewPanelAction draw_view_panel(Camera& camera, ViewPanelState& state, SceneSession& session) {
    ViewPanelAction action;
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkSize.x - 330, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(320, 300), ImGuiCond_FirstUseEver);
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

    const assets::Scene& scene = session.scene();
    if (!scene.clips.empty()) {
        ImGui::Separator();
        ImGui::TextDisabled("Animation");
        const int clip = session.clip();
        const char* current =
            clip >= 0 ? scene.clips[std::size_t(clip)].name.c_str() : "(rest pose)";
        if (ImGui::BeginCombo("clip", current)) {
            if (ImGui::Selectable("(rest pose)", clip < 0)) session.set_clip(-1);
            for (int i = 0; i < int(scene.clips.size()); ++i) {
                const std::string label = scene.clips[std::size_t(i)].name.empty()
                                              ? "clip " + std::to_string(i)
                                              : scene.clips[std::size_t(i)].name;
                if (ImGui::Selectable(label.c_str(), i == clip)) session.set_clip(i);
            }
            ImGui::EndCombo();
        }
        if (ImGui::Button(state.playing ? "Pause" : "Play")) state.playing = !state.playing;
        ImGui::SameLine();
        ImGui::SetNextItemWidth(100);
        ImGui::SliderFloat("speed", &state.speed, 0.0f, 4.0f, "%.2fx");
        const double duration = session.duration();
        if (duration > 0.0) {
            float t = float(std::fmod(session.time(), duration));
            if (t < 0) t += float(duration);
            if (ImGui::SliderFloat("time", &t, 0.0f, float(duration), "%.2f s")) {
                action.seek = double(t);
                session.set_time(double(t));
            }
        }
    }
    ImGui::Separator();
    ImGui::TextDisabled("Controls");
    draw_controls_help();
    ImGui::End();
    return action;
}

}  // namespace app
