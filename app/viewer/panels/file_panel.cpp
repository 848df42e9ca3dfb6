#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/core/display_text.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

FilePanelAction draw_file_panel(FilePanelState& state, const RecentFiles& recent,
                                const ModelLoad* loading, const SceneSession& session) {
    FilePanelAction action;
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(360, 230), ImGuiCond_FirstUseEver);
    prepare_panel_window(state.window);
    const bool open = ImGui::Begin("File");
    record_panel_window(state.window);
    if (!open) {
        ImGui::End();
        return action;
    }

    ImGui::SetNextItemWidth(-70);
    const bool entered =
        ImGui::InputTextWithHint("##path", "model path (any format Assimp reads)",
                                 &state.path_input, ImGuiInputTextFlags_EnterReturnsTrue);
    ui_probe::item("File/path");
    ImGui::SameLine();
    if ((ImGui::Button("Load", ImVec2(-1, 0)) || entered) && !state.path_input.empty())
        action.load = state.path_input;
    ImGui::Checkbox("Read .obj with tinyobjloader", &state.obj_via_tinyobjloader);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Off: Assimp reads .obj too. Both give the same surface, each cutting polygons into "
            "triangles its own way (tinyobjloader can cut a concave one wrongly).");
    ImGui::SameLine();
    if (ImGui::SmallButton("Default scene")) action.load = "default";

    if (loading) {
        char overlay[64];
        std::snprintf(overlay, sizeof overlay, "%.0f%%  %.1f s",
                      100.0 * double(loading->progress()), loading->elapsed_seconds());
        ImGui::ProgressBar(loading->progress(), ImVec2(-70, 0), overlay);
        ImGui::SameLine();
        if (ImGui::Button("Cancel", ImVec2(-1, 0))) action.cancel = true;
        ui_probe::item("File/Cancel");
        ImGui::TextDisabled("%s", loading->subject().filename().string().c_str());
    }
    if (!state.error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
        ImGui::TextWrapped("%s", shortened_text(state.error).c_str());
        ImGui::PopStyleColor();
    }
    if (!state.last_load.empty()) ImGui::TextWrapped("%s", state.last_load.c_str());
    for (const std::string& note : session.scene().notes) {
        ImGui::Bullet();
        // Notes are sentences: wrap, never clip (but they may quote the file at length).
        ImGui::TextWrapped("%s", shortened_text(note).c_str());
    }

    if (!recent.entries().empty() && ImGui::CollapsingHeader("Recent files")) {
        for (const std::string& entry : recent.entries()) {
            if (ImGui::Selectable(entry.c_str())) {
                state.path_input = entry;
                action.load = entry;
            }
        }
    }
    ImGui::End();
    return action;
}

}  // namespace app
