#include "app/viewer/tour_player.h"

#include <algorithm>

#include <imgui.h>

#include "app/viewer/ui_probe.h"

namespace app {

void TourPlayer::start(const Tour& chosen, bool without_a_person) {
    if (!playing()) settings_before.reset();
    tour = &chosen;
    headless = without_a_person;
    loaded_model.clear();
    go_to(0);
}

void TourPlayer::go_to(std::size_t index) {
    step = std::min(index, tour->steps.size() - 1);
    phase = Phase::Apply;
    frames = 0;
    verdict.reset();
}

void draw_tours_window(TourPlayer& player) {
    if (!player.list_open) return;
    ImGui::SetNextWindowSize(ImVec2(560.0f, 420.0f), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Tours", &player.list_open)) {
        ImGui::End();
        return;
    }
    ImGui::TextWrapped(
        "Each tour sets the app up to show one of the seeds' lessons, step by step: the model, "
        "the algorithm, the camera and the click are chosen for you. Read the caption at the "
        "top of the view, then Next. End tour puts your pick settings back.");
    for (const Tour& tour : tours()) {
        ImGui::PushID(tour.name.c_str());
        ImGui::Separator();
        if (ImGui::Button("Play")) {
            player.start(tour, false);
            player.list_open = false;
        }
        ui_probe::item("Tours/" + tour.name);
        ImGui::SameLine();
        ImGui::TextUnformatted(tour.title.c_str());
        ImGui::TextDisabled("%s, %zu step%s: %s", tour.seed.c_str(), tour.steps.size(),
                            tour.steps.size() == 1 ? "" : "s", tour.name.c_str());
        ImGui::PopID();
    }
    ImGui::End();
}

TourAction draw_tour_caption(const TourPlayer& player, const Rect& view) {
    if (!player.playing()) return TourAction::None;
    const TourStep& step = player.current();
    // Along the top of the view, compact: the model keeps the middle.
    const float width = std::min(760.0f, view.max.x - view.min.x - 16.0f);
    ImGui::SetNextWindowPos(ImVec2(0.5f * (view.min.x + view.max.x), view.min.y + 8.0f),
                            ImGuiCond_Always, ImVec2(0.5f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.88f);
    TourAction action = TourAction::None;
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_AlwaysAutoResize;
    if (ImGui::Begin("##tour_caption", nullptr, flags)) {
        ImGui::BeginDisabled(player.step == 0);
        if (ImGui::SmallButton("Back")) action = TourAction::Back;
        ImGui::EndDisabled();
        ui_probe::item("Tour/Back");
        ImGui::SameLine();
        const bool last = player.step + 1 == player.tour->steps.size();
        if (ImGui::SmallButton(last ? "Finish" : "Next"))
            action = last ? TourAction::End : TourAction::Next;
        ui_probe::item("Tour/Next");
        ImGui::SameLine();
        if (ImGui::SmallButton("End tour")) action = TourAction::End;
        ui_probe::item("Tour/End");
        ImGui::SameLine();
        ImGui::PushTextWrapPos(width - 16.0f);
        ImGui::TextWrapped("Step %zu of %zu. %s: %s", player.step + 1, player.tour->steps.size(),
                           player.tour->title.c_str(), step.title.c_str());
        ImGui::TextWrapped("%s", step.text.c_str());
        if (!player.verdict) {
            ImGui::TextDisabled("Setting the step up...");
        } else if (player.verdict->shown) {
            ImGui::TextColored(ImVec4(0.4f, 0.95f, 0.45f, 1.0f), "Shown: %s",
                               player.verdict->saw.c_str());
        } else {
            ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.3f, 1.0f),
                               "Not shown this time (a setting changed?): %s",
                               player.verdict->saw.c_str());
        }
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
    return action;
}

}  // namespace app
