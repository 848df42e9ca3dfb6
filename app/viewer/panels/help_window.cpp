// Help (F1 or ?): every key and gesture from the command table, the glossary, the four seed
// documents and where the app shows them; and the glossary's tooltips used across the panels.

#include <string>

#include <imgui.h>

#include "app/core/glossary.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

void keys_tab() {
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 270.0f);
        ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
        for (const Gesture& gesture : gestures()) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(std::string(gesture.input).c_str());
            ImGui::PopTextWrapPos();
            ImGui::TableSetColumnIndex(1);
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextDisabled("%s", std::string(gesture.does).c_str());
            ImGui::PopTextWrapPos();
        }
        for (const CommandInfo& info : commands()) {
            if (info.shortcut.empty()) continue;
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::TextUnformatted(std::string(info.shortcut).c_str());
            ImGui::TableSetColumnIndex(1);
            ImGui::TextDisabled("%s", std::string(info.label).c_str());
        }
        ImGui::EndTable();
    }
}

void glossary_tab() {
    if (ImGui::BeginTable("glossary", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("term", ImGuiTableColumnFlags_WidthFixed, 150.0f);
        ImGui::TableSetupColumn("means", ImGuiTableColumnFlags_WidthStretch);
        for (const GlossaryEntry& entry : glossary()) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::TextUnformatted(std::string(entry.term).c_str());
            ImGui::TableSetColumnIndex(1);
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(std::string(entry.explanation).c_str());
            ImGui::PopTextWrapPos();
        }
        ImGui::EndTable();
    }
}

void seeds_tab() {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(
        "raypick was made from four documents (Chinese web articles). Every algorithm, figure "
        "and quirk in them is shown in the app beside its corrected version:");
    ImGui::PopTextWrapPos();
    for (const SeedDocument& seed : seed_documents()) {
        ImGui::Separator();
        ImGui::Text("%s: %s", std::string(seed.name).c_str(), std::string(seed.title).c_str());
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", std::string(seed.original).c_str());
        ImGui::TextDisabled("%s", std::string(seed.source).c_str());
        ImGui::Text("In the app: %s", std::string(seed.in_app).c_str());
        ImGui::PopTextWrapPos();
    }
}

void about_tab() {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(
        "raypick: click a model and see exactly which triangle the mouse ray hit, with t, u, v, "
        "the hit point and the cost; switch live between the classic ray-triangle algorithms "
        "and broad phases and watch how they differ.");
    ImGui::TextDisabled(
        "The ray moves into each mesh's bone space as XNA recipe 4-18 describes; the BVH, the "
        "SIMD kernels and the watertight test are raypick's own, measured against Embree.");
    ImGui::PopTextWrapPos();
}

}  // namespace

void draw_help_window(HelpState& state, glm::vec2 window_size) {
    if (!state.open) return;
    ImGui::SetNextWindowPos(ImVec2(0.5f * window_size.x, 0.5f * window_size.y), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(
        ImVec2(std::min(720.0f, window_size.x - 40.0f), std::min(560.0f, window_size.y - 60.0f)),
        ImGuiCond_Appearing);
    if (!ImGui::Begin("Help", &state.open,
                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    ui_probe::item("Help");
    if (ImGui::BeginTabBar("help tabs")) {
        const char* labels[] = {"Keys and gestures", "Glossary", "The seeds", "About"};
        for (int i = 0; i < 4; ++i) {
            if (!ImGui::BeginTabItem(labels[i])) continue;
            state.tab = i;
            ImGui::BeginChild("help page");
            switch (i) {
                case 0:
                    keys_tab();
                    break;
                case 1:
                    glossary_tab();
                    break;
                case 2:
                    seeds_tab();
                    break;
                default:
                    about_tab();
                    break;
            }
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    ImGui::End();
}

void glossary_tooltip(const char* term) {
    if (!ImGui::IsItemHovered()) return;
    const GlossaryEntry* entry = find_glossary_entry(term);
    if (!entry) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(380.0f);
    ImGui::TextUnformatted(std::string(entry->term).c_str());
    ImGui::TextDisabled("%s", std::string(entry->explanation).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

void glossary_marker(const char* term) {
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    glossary_tooltip(term);
}

}  // namespace app
