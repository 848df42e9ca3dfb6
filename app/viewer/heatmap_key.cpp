#include "app/viewer/heatmap_key.h"

#include <cstdio>

#include "app/core/heatmap.h"
#include "app/viewer/ui_probe.h"

namespace app {

void draw_heat_gradient(ImDrawList* draw, ImVec2 at, ImVec2 size) {
    constexpr int kSteps = 48;
    for (int i = 0; i < kSteps; ++i) {
        const glm::u8vec3 c = heat_color((float(i) + 0.5f) / float(kSteps));
        draw->AddRectFilled(ImVec2(at.x + size.x * float(i) / kSteps, at.y),
                            ImVec2(at.x + size.x * float(i + 1) / kSteps, at.y + size.y),
                            IM_COL32(c.r, c.g, c.b, 255));
    }
}

const char* heatmap_cost_words(const AccelStatus& status) {
    if (status.heatmap_nanoseconds)
        return status.heatmap_packets ? "nanoseconds per ray of its 4x4 packet"
                                      : "nanoseconds per pixel";
    return status.heatmap_packets ? "BVH nodes + triangles per ray of its 4x4 packet"
                                  : "BVH nodes + triangles tested per pixel";
}

void draw_heatmap_key(const AccelStatus& status, const Rect& view) {
    // Low and small: the bottom rows of the view, where the model seldom is.
    ImGui::SetNextWindowPos(ImVec2(view.min.x + 6.0f, view.max.y - 4.0f), ImGuiCond_Always,
                            ImVec2(0.0f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.8f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6.0f, 3.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(6.0f, 2.0f));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                   ImGuiWindowFlags_AlwaysAutoResize;
    if (ImGui::Begin("##heatmap_key", nullptr, flags)) {
        ImGui::BeginGroup();
        ImGui::Text("Cost heatmap: %s", heatmap_cost_words(status));
        if (!status.heatmap_complete && status.heatmap_rows > 0) {
            ImGui::SameLine();
            ImGui::TextDisabled("(tracing, %d%%)",
                                100 * status.heatmap_rows_done / status.heatmap_rows);
        }
        ImGui::TextUnformatted("0");
        ImGui::SameLine();
        const float line = ImGui::GetTextLineHeight();
        const ImVec2 bar(220.0f, line - 4.0f);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        draw_heat_gradient(ImGui::GetWindowDrawList(), ImVec2(at.x, at.y + 2.0f), bar);
        ImGui::Dummy(ImVec2(bar.x, line));
        ImGui::SameLine();
        // The scale's top is the 99.5th percentile: the costliest pixels saturate to white.
        ImGui::Text("%u or more", status.heatmap_scale);
        ImGui::SameLine();
        ImGui::TextDisabled("  C hides it");
        ImGui::EndGroup();
        ui_probe::item("View/heatmap key");
    }
    ImGui::End();
    ImGui::PopStyleVar(2);
}

}  // namespace app
