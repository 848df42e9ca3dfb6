#include "app/viewer/panels/disagreement_panel.h"

#include <cinttypes>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/core/duration_text.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

std::string algorithm_name(picking::RayTriangleMethod method) {
    for (const auto& a : picking::kRayTriangleAlgorithms)
        if (a.method == method) return std::string(a.name);
    return "?";
}

/// A combo over the ten algorithms; true when one was chosen.
bool algorithm_combo(const char* id, const std::string& shown, picking::RayTriangleMethod& method) {
    bool chosen = false;
    ImGui::SetNextItemWidth(235);
    ui_probe::next_combo(id + 2);  // the name without ImGui's "##"
    if (ImGui::BeginCombo(id, shown.c_str())) {
        for (const auto& a : picking::kRayTriangleAlgorithms)
            if (ImGui::Selectable(std::string(a.name).c_str(), a.method == method)) {
                method = a.method;
                chosen = true;
            }
        ImGui::EndCombo();
    }
    return chosen;
}

/// What each colour means, in words a first-time user reads once.
const char* verdict_meaning(PixelVerdict v) {
    switch (v) {
        case PixelVerdict::BothMiss:
            return "neither hits: background";
        case PixelVerdict::Agree:
            return "same triangle, t close";
        case PixelVerdict::OnlyA:
            return "A hits, B misses: a crack in B";
        case PixelVerdict::OnlyB:
            return "B hits, A misses: a crack in A";
        case PixelVerdict::DifferentTriangle:
            return "both hit, not the same triangle";
        case PixelVerdict::TDiffers:
            return "same triangle, t further apart";
    }
    return "";
}

}  // namespace

void draw_disagreement_tab(DisagreementPanelState& state, const DisagreementImage& image,
                           picking::RayTriangleMethod pick_method, const DisagreementNote& note) {
    const picking::RayTriangleMethod a = state.method_a(pick_method);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("A");
    ImGui::SameLine();
    std::string a_shown = algorithm_name(a);
    if (!state.own_a) a_shown += " (the pick's)";
    picking::RayTriangleMethod chosen_a = a;
    if (algorithm_combo("##disagree_a", a_shown, chosen_a)) {
        state.a = chosen_a;
        state.own_a = chosen_a != pick_method;
    }
    ImGui::SameLine();
    ImGui::TextUnformatted("against B");
    ImGui::SameLine();
    algorithm_combo("##disagree_b", algorithm_name(state.b), state.b);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(150);
    ImGui::SliderInt("##disagree_ulps", &state.t_ulps, 0, 64, "t within %d ULPs");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Two hits on the same triangle agree when their t values are at most "
            "this many floats apart");
    ImGui::SameLine();
    ImGui::Checkbox("picture over the view", &state.show_picture);
    ui_probe::item("Disagreement/picture");

    // One column per verdict: its colour, its name, its pixels and what it means.
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame;
    if (ImGui::BeginTable("verdicts", int(kPixelVerdicts), flags)) {
        for (std::size_t v = 0; v < kPixelVerdicts; ++v) {
            ImGui::TableNextColumn();
            const glm::u8vec3 c = verdict_color(PixelVerdict(v));
            const ImVec4 color(float(c.r) / 255.0f, float(c.g) / 255.0f, float(c.b) / 255.0f, 1.0f);
            ImGui::ColorButton(("##swatch" + std::to_string(v)).c_str(), color,
                               ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop,
                               ImVec2(14, 14));
            ImGui::SameLine();
            ImGui::TextUnformatted(std::string(verdict_label(PixelVerdict(v))).c_str());
            const std::uint64_t n = image.counts[v];
            const double share =
                image.pixels() > 0 ? 100.0 * double(n) / double(image.pixels()) : 0.0;
            ImGui::Text("%" PRIu64 " px (%.2f%%)", n, share);
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            ImGui::TextWrapped("%s", verdict_meaning(PixelVerdict(v)));
            ImGui::PopStyleColor();
        }
        ImGui::EndTable();
    }

    if (note.tracing_paused)
        ImGui::TextUnformatted("Waiting for the broad phase to be built.");
    else if (image.size.y > 0 && !image.complete())
        ImGui::Text("Tracing: %d of %d rows (%s)", image.rows_done, image.size.y,
                    duration_text(image.seconds * 1e9).c_str());
    else if (image.size.y > 0)
        ImGui::Text("%" PRIu64 " pixels, each cast with A and B, in %s", image.pixels(),
                    duration_text(image.seconds * 1e9).c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    char where[200];
    if (note.far_log10 > 0.0f)
        std::snprintf(where, sizeof where,
                      "The model is 10^%.1f units from the origin (Far from origin tab): cracks "
                      "and speckles grow with the distance.",
                      double(note.far_log10));
    else
        std::snprintf(where, sizeof where,
                      "Move the model far from the origin (Far from origin tab) and watch cracks "
                      "and speckles appear.");
    ImGui::TextWrapped(
        "Every pixel of the view is cast with A and with B (through the BVH, with "
        "the Pick panel's options) and coloured by how the answers compare. %s",
        where);
    ImGui::PopStyleColor();
}

}  // namespace app
