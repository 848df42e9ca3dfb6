#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "app/viewer/heatmap_key.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

/// The heatmap's colour scale from 0 to the cost at its top, as the picture uses it.
void draw_legend(const AccelStatus& status) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x, height = 12.0f;
    draw_heat_gradient(ImGui::GetWindowDrawList(), at, ImVec2(width, height));
    ImGui::Dummy(ImVec2(width, height));
    ImGui::TextDisabled("0");
    char top[48];
    std::snprintf(top, sizeof top, "%u or more", status.heatmap_scale);
    ImGui::SameLine(std::max(width - ImGui::CalcTextSize(top).x, 20.0f));
    ImGui::TextDisabled("%s", top);
    ImGui::TextDisabled("colour: %s", heatmap_cost_words(status));
}

/// How the BVH is built: a change rebuilds it behind the tree that serves (the picks stay the
/// same, the work per ray does not).
void draw_build_method(AccelPanelState& state) {
    ImGui::TextUnformatted("Build method:");
    struct Entry {
        BvhBuildChoice choice;
        const char* label;
        const char* probe;
        const char* tooltip;
    };
    static const Entry kEntries[] = {
        {BvhBuildChoice::Auto, "Auto", "Acceleration/Auto", nullptr},  // formatted below
        {BvhBuildChoice::Sah, "SAH", "Acceleration/SAH",
         "Binned surface area heuristic: each node split where the rays' expected cost is\n"
         "least. The tree rays run fastest through."},
        {BvhBuildChoice::Morton, "Morton", "Acceleration/Morton",
         "Triangles sorted along a Morton (Z-order) curve through their centres, the tree\n"
         "read off the sorted codes: half the build time or less, rays 4-21% slower, the\n"
         "same picks. For a big model picked a few times."},
    };
    for (const Entry& entry : kEntries) {
        ImGui::SameLine();
        if (ImGui::RadioButton(entry.label, state.bvh_build == entry.choice))
            state.bvh_build = entry.choice;
        ui_probe::item(entry.probe);
        if (!ImGui::IsItemHovered()) continue;
        if (entry.tooltip)
            ImGui::SetTooltip("%s", entry.tooltip);
        else  // the threshold from its one source
            ImGui::SetTooltip(
                "From %zu million triangles a Morton tree at once, then the SAH tree built\n"
                "behind it (picks use the first until the second is ready); below that, SAH.",
                kMortonFirstTriangles / 1'000'000);
    }
}

}  // namespace

AccelPanelAction draw_accel_panel(AccelPanelState& state, const AccelStatus& status) {
    AccelPanelAction action;
    // == The chosen broad phase: built, building (with progress), or failed
    if (status.building && status.building_seconds > 0.2) {
        char overlay[96];
        std::snprintf(overlay, sizeof overlay, "%s%s%s %.0f%%  %.1f s", status.accel.c_str(),
                      status.building_by.empty() ? "" : " by ", status.building_by.c_str(),
                      100.0 * double(status.progress), status.building_seconds);
        ImGui::ProgressBar(status.progress, ImVec2(-70, 0), overlay);
        ImGui::SameLine();
        action.cancel_build = ImGui::Button("Cancel");
        if (status.built_by.empty())
            ImGui::TextDisabled("picks use `none` until it is ready");
        else
            ImGui::TextDisabled("picks use the %s tree until it is ready", status.built_by.c_str());
    } else if (status.building) {
        ImGui::Text("%s: building", status.accel.c_str());
    } else if (!status.error.empty()) {
        ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.4f, 1.0f), "%s failed: %s", status.accel.c_str(),
                           status.error.c_str());
    } else if (status.build_ms > 0.0 || status.bytes > 0) {
        if (status.built_by.empty())
            ImGui::Text("%s: built in %.1f ms", status.accel.c_str(), status.build_ms);
        else
            ImGui::Text("%s: built in %.1f ms by %s", status.accel.c_str(), status.build_ms,
                        status.built_by.c_str());
        ImGui::TextDisabled(
            "%.2f MB, %.1f bytes per triangle", double(status.bytes) / (1024.0 * 1024.0),
            status.triangles ? double(status.bytes) / double(status.triangles) : 0.0);
    } else {
        ImGui::Text("%s: nothing to build", status.accel.c_str());
    }
    if (status.is_bvh) draw_build_method(state);

    // == The BVH's boxes
    ImGui::Separator();
    if (!status.has_bvhs) ImGui::BeginDisabled();
    ImGui::Checkbox("BVH boxes (B)", &state.show_boxes);
    ImGui::SameLine();
    bool every_level = state.box_depth < 0;
    if (ImGui::Checkbox("every level", &every_level)) state.box_depth = every_level ? -1 : 0;
    if (!every_level) {
        ImGui::SetNextItemWidth(-60);
        ImGui::SliderInt("depth", &state.box_depth, 0, std::max(status.bvh_levels - 1, 0));
    }
    if (state.show_boxes) {
        if (status.boxes_drawn < status.boxes_at_depth)
            ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1.0f),
                               "drawing %zu of %zu boxes: choose a shallower depth",
                               status.boxes_drawn, status.boxes_at_depth);
        else
            ImGui::TextDisabled("%zu %s", status.boxes_drawn,
                                status.boxes_drawn == 1 ? "box" : "boxes");
    }
    ImGui::Checkbox("boxes the last pick entered", &state.show_visited);
    if (state.show_visited)
        ImGui::TextDisabled("%zu %s (the next pick records them)", status.visited_drawn,
                            status.visited_drawn == 1 ? "box" : "boxes");
    if (!status.has_bvhs) {
        ImGui::EndDisabled();
        ImGui::TextDisabled(status.building ? "(boxes once the BVH is built)"
                                            : "(choose the bvh broad phase for boxes)");
    }

    // == The cost heatmap
    ImGui::Separator();
    ImGui::Checkbox("cost heatmap (C)", &state.heatmap);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Every pixel's ray cast on the CPU with the current algorithm and broad phase,\n"
            "coloured by BVH nodes + triangles tested (time for Embree).");
    if (state.heatmap) {
        ImGui::Checkbox("in 4x4 packets", &state.heatmap_packets);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Cast each 4x4 tile of pixels as one packet, its rays sharing one walk of the\n"
                "BVH, and colour the tile by its work per ray: where neighbouring rays part\n"
                "ways (silhouettes, thin parts) a packet walks more of the tree for each.");
        if (!status.heatmap_complete)
            ImGui::ProgressBar(status.heatmap_rows > 0
                                   ? float(status.heatmap_rows_done) / float(status.heatmap_rows)
                                   : 0.0f,
                               ImVec2(-1, 0), "tracing");
        draw_legend(status);
        ImGui::TextWrapped("%s", status.heatmap_totals.c_str());
    }
    return action;
}

}  // namespace app
