// File > Open...: a modal file browser drawn with ImGui over app/core's FileBrowser. The folder
// path at the top (type one and press Enter), the recent folders beside it, the sub-folders
// and the models a loader reads below (double click or Open), and the path of the chosen file.

#include <cstdio>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"
#include "assets/load_model.h"

namespace app {

namespace {

constexpr const char* kTitle = "Open a model";

std::string size_text(std::uintmax_t bytes) {
    char text[32];
    if (bytes >= 1024u * 1024u)
        std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / (1024.0 * 1024.0));
    else
        std::snprintf(text, sizeof text, "%.1f kB", double(bytes) / 1024.0);
    return text;
}

/// The folder the dialog opens in: the most recent file's, else the working directory.
std::filesystem::path start_folder(const RecentFiles& recent) {
    for (const auto& folder : recent_folders(recent.entries()))
        return folder;
    std::error_code ec;
    const auto here = std::filesystem::current_path(ec);
    return ec ? std::filesystem::path("/") : here;
}

/// What Assimp reads, and session files (File > Save session writes .json).
std::vector<std::string> openable_extensions() {
    std::vector<std::string> extensions = assets::model_extensions();
    extensions.push_back(".json");
    return extensions;
}

}  // namespace

std::optional<std::string> draw_open_dialog(OpenDialogState& state, const RecentFiles& recent) {
    std::optional<std::string> chosen;
    if (state.open_requested) {
        state.open_requested = false;
        if (!state.browser) state.browser = std::make_unique<FileBrowser>(openable_extensions());
        if (!state.browser->open(state.browser->folder().empty() ? start_folder(recent)
                                                                 : state.browser->folder()))
            (void)state.browser->open("/");
        state.path_input.clear();
        ImGui::OpenPopup(kTitle);
    }
    state.showing = false;
    if (!state.browser) return chosen;
    FileBrowser& browser = *state.browser;
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(760.0f, viewport->Size.x - 40.0f),
                                    std::min(520.0f, viewport->Size.y - 60.0f)),
                             ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_NoSavedSettings)) return chosen;
    state.showing = true;

    // == Where: up, the folder (editable), recent folders
    if (ImGui::ArrowButton("##up", ImGuiDir_Up)) (void)browser.up();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the parent folder");
    ImGui::SameLine();
    // The folder's path, kept in step with the listing unless it is being edited.
    if (!state.editing_folder) state.folder_input = valid_utf8(browser.folder().string());
    ImGui::SetNextItemWidth(-130.0f);
    if (ImGui::InputText("##folder", &state.folder_input, ImGuiInputTextFlags_EnterReturnsTrue)) {
        const std::filesystem::path typed(state.folder_input);
        std::error_code ec;
        if (std::filesystem::is_regular_file(typed, ec))
            chosen = state.folder_input;  // a file's path typed in: open it
        else
            (void)browser.open(typed);
    }
    state.editing_folder = ImGui::IsItemActive();
    ImGui::SameLine();
    const auto folders = recent_folders(recent.entries());
    if (ImGui::BeginCombo("##recent", "Recent folders", ImGuiComboFlags_NoArrowButton)) {
        if (folders.empty()) ImGui::TextDisabled("(none yet)");
        for (const auto& folder : folders)
            if (ImGui::Selectable(valid_utf8(folder.string()).c_str())) (void)browser.open(folder);
        ImGui::EndCombo();
    }
    if (!browser.error().empty())
        ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.45f, 1.0f), "%s", browser.error().c_str());

    // == What: the listing
    const float footer = 3.2f * ImGui::GetFrameHeightWithSpacing();
    if (ImGui::BeginTable(
            "files", 2,
            ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter,
            ImVec2(0.0f, -footer))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("size", ImGuiTableColumnFlags_WidthFixed, 90.0f);
        ImGui::TableHeadersRow();
        std::optional<std::filesystem::path> enter;
        for (const FileEntry& entry : browser.entries()) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            const std::string label = (entry.directory ? "[ ] " : "") + entry.display_name;
            const bool selected = !entry.directory && state.path_input == entry.path.string();
            if (ImGui::Selectable(
                    label.c_str(), selected,
                    ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick)) {
                if (entry.directory) {
                    enter = entry.path;
                } else {
                    state.path_input = entry.path.string();
                    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
                        chosen = state.path_input;
                }
            }
            ui_probe::item("Open/" + entry.display_name);
            ImGui::TableSetColumnIndex(1);
            if (!entry.directory) ImGui::TextDisabled("%s", size_text(entry.bytes).c_str());
        }
        ImGui::EndTable();
        if (enter) (void)browser.open(*enter);
    }
    if (browser.entries().empty())
        ImGui::TextDisabled("No folders here, and no files of the kinds listed below.");

    // == The filter, the loader switch, the chosen file
    bool every = browser.show_every_file;
    if (ImGui::Checkbox("every file", &every)) {
        browser.show_every_file = every;
        browser.refresh();
    }
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(420.0f);
        ImGui::Text("Off: only what Assimp reads, and session files: %s",
                    browser.filter_text().c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    ImGui::SameLine();
    bool hidden = browser.show_hidden;
    if (ImGui::Checkbox("hidden files", &hidden)) {
        browser.show_hidden = hidden;
        browser.refresh();
    }
    ImGui::SameLine();
    ImGui::Checkbox("read .obj with tinyobjloader", &state.obj_via_tinyobjloader);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Off: Assimp reads .obj too. Both give the same surface, each cutting polygons\n"
            "into triangles its own way (tinyobjloader can cut a concave one wrongly).");
    ImGui::SetNextItemWidth(-170.0f);
    std::string shown = valid_utf8(state.path_input);
    const bool entered = ImGui::InputTextWithHint("##file", "a file, or pick one above", &shown,
                                                  ImGuiInputTextFlags_EnterReturnsTrue);
    ui_probe::item("Open/file");
    if (entered && !shown.empty())
        chosen = shown;
    else if (ImGui::IsItemEdited())
        state.path_input = shown;
    ImGui::SameLine();
    ImGui::BeginDisabled(state.path_input.empty());
    if (ImGui::Button("Open", ImVec2(75.0f, 0.0f))) chosen = state.path_input;
    ui_probe::item("Open/Open");
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(75.0f, 0.0f)) ||
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
        ImGui::CloseCurrentPopup();
    if (chosen) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return chosen;
}

}  // namespace app
