// The status bar along the window's bottom edge: what is loaded, how big, which accel, how long
// a frame takes, what the last pick cost, work under way (with Cancel), the last error, and a
// hint for the next step; at its right end, toggles for the three regions.

#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/core/display_text.h"
#include "app/core/duration_text.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

void separator_dot() {
    ImGui::SameLine();
    ImGui::TextDisabled("|");
    ImGui::SameLine();
}

/// A small toggle button, highlighted while `on`.
bool toggle(const char* label, bool on, const char* tip) {
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    const bool clicked = ImGui::SmallButton(label);
    if (on) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    return clicked;
}

}  // namespace

StatusBarAction draw_status_bar(const StatusInfo& info, const ViewSwitches& switches,
                                const Rect& rect) {
    StatusBarAction action;
    ImGui::SetNextWindowPos(ImVec2(rect.min.x, rect.min.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(rect.width(), rect.height()), ImGuiCond_Always);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8.0f, 2.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::GetStyleColorVec4(ImGuiCol_MenuBarBg));
    ImGui::Begin("##status bar", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoNav |
                     ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleColor();
    ImGui::PopStyleVar(2);

    // The region toggles first, at the right end: the text to their left is cut before them.
    const float toggles_width = ImGui::CalcTextSize("Outliner  Tools  Inspector").x + 40.0f;
    const float toggles_x = ImGui::GetWindowContentRegionMax().x - toggles_width;

    if (!info.busy.empty()) {
        // Work the user waits for comes first.
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.45f, 1.0f), "%s", info.busy.c_str());
        if (info.busy_progress >= 0.0f) {
            ImGui::SameLine();
            char overlay[16];
            std::snprintf(overlay, sizeof overlay, "%.0f%%", 100.0 * double(info.busy_progress));
            ImGui::ProgressBar(info.busy_progress, ImVec2(120.0f, ImGui::GetTextLineHeight()),
                               overlay);
        }
        if (info.cancellable) {
            ImGui::SameLine();
            action.cancel = ImGui::SmallButton("Cancel");
            ui_probe::item("Status/Cancel");
        }
        separator_dot();
    }
    ImGui::Text("%s", info.model.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the model shown (File > Open... to change)");
    separator_dot();
    ImGui::Text("%s triangles", thousands(info.triangles).c_str());
    separator_dot();
    ImGui::Text("%s", info.accel.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the broad phase picks run with");
    separator_dot();
    ImGui::Text("frame %.1f ms + GL %.1f ms", info.frame_ms, info.gl_ms);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The app's own CPU work per frame (median of the recent frames): picking, posing,\n"
            "the panels; then the OpenGL driver's (drawing the scene and the panels; with\n"
            "software rendering that is CPU time too).");
    if (info.pick_us) {
        separator_dot();
        ImGui::Text("pick %s%s", duration_text(*info.pick_us * 1e3).c_str(),
                    info.pick_cold ? " (cold)" : "");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(info.pick_cold ? "The first pick since the model or the settings "
                                               "changed: it paid for\nwork done once (SIMD "
                                               "blocks, caches). Later picks are faster."
                                             : "what the last pick cost on the CPU");
    }
    separator_dot();
    const bool error = !info.error.empty();
    // An importer's error may quote the file at length: shortened before ImGui draws it.
    const std::string message = shortened_text(error ? info.error : info.hint);
    // Clipped before the toggles; the whole of it in a tooltip.
    ImGui::PushClipRect(ImGui::GetCursorScreenPos(),
                        ImVec2(ImGui::GetWindowPos().x + toggles_x - 8.0f, rect.max.y), true);
    if (error)
        ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.45f, 1.0f), "%s", message.c_str());
    else
        ImGui::TextDisabled("%s", message.c_str());
    ImGui::PopClipRect();
    ui_probe::item(error ? "Status/error" : "Status/hint");
    if (ImGui::IsItemHovered() && !message.empty()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(500.0f);
        ImGui::TextUnformatted(message.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }

    ImGui::SameLine(toggles_x);
    if (toggle("Outliner", switches.outliner, "the scene's nodes and the model's facts (T)"))
        action.command = Command::ToggleOutliner;
    ui_probe::item("Status/Outliner");
    ImGui::SameLine();
    if (toggle("Tools", switches.tools,
               "Algorithms, Acceleration, Bone space, Animation (` or the Tools menu)"))
        action.command = Command::ToggleTools;
    ui_probe::item("Status/Tools");
    ImGui::SameLine();
    if (toggle("Inspector", switches.inspector, "the pick's numbers and settings (N)"))
        action.command = Command::ToggleInspector;
    ui_probe::item("Status/Inspector");
    ImGui::End();
    return action;
}

}  // namespace app
