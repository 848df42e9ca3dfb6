#include "app/viewer/workspace.h"

#include <fstream>
#include <sstream>

#include <imgui.h>

namespace app {

namespace {

nlohmann::ordered_json rect_json(const Rect& r) {
    return nlohmann::ordered_json{{"rect", {r.min.x, r.min.y, r.max.x, r.max.y}}};
}

const char* region_name(Region region) {
    switch (region) {
        case Region::Outliner:
            return "Outliner";
        case Region::Inspector:
            return "Inspector";
        case Region::Tools:
            break;
    }
    return "Tools";
}

}  // namespace

Workspace::Workspace(std::filesystem::path settings_file)
    : settings_file_(std::move(settings_file)) {
    if (settings_file_.empty()) return;
    std::ifstream in(settings_file_);
    if (!in) return;
    std::ostringstream text;
    text << in.rdbuf();
    wishes_ = wishes_from_text(text.str());
}

void Workspace::save() const {
    if (settings_file_.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(settings_file_.parent_path(), ec);
    std::ofstream out(settings_file_, std::ios::trunc);
    out << to_text(wishes_);  // a settings file that cannot be written is not worth an error
}

void Workspace::layout(glm::vec2 window, float bar_height, float scale) {
    scale_ = scale;
    layout_ = layout_workspace(wishes_, window, bar_height, scale);
}

bool Workspace::is_open(Region region) const {
    switch (region) {
        case Region::Outliner:
            return wishes_.outliner_open;
        case Region::Inspector:
            return wishes_.inspector_open;
        case Region::Tools:
            break;
    }
    return wishes_.tools_open;
}

void Workspace::set_open(Region region, bool open) {
    if (is_open(region) == open) return;
    switch (region) {
        case Region::Outliner:
            wishes_.outliner_open = open;
            break;
        case Region::Inspector:
            wishes_.inspector_open = open;
            break;
        case Region::Tools:
            wishes_.tools_open = open;
            break;
    }
    save();
}

bool Workspace::begin_region(Region region, const char* window_name) {
    const Rect& rect = layout_.region(region);
    if (rect.empty()) return false;
    ImGui::SetNextWindowPos(ImVec2(rect.min.x, rect.min.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(rect.width(), rect.height()), ImGuiCond_Always);
    // Fixed and behind everything that floats (menus, popups, tooltips, the splitters).
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
    ImGui::Begin(window_name, nullptr, flags);
    ImGui::PopStyleVar();
    return true;
}

void Workspace::end_region() {
    ImGui::End();
}

void Workspace::draw_splitters() {
    struct Strip {
        Region region;
        const Rect* rect;
        bool vertical;  // a vertical strip resizes a width
    };
    const Strip strips[] = {{Region::Outliner, &layout_.outliner_splitter, true},
                            {Region::Inspector, &layout_.inspector_splitter, true},
                            {Region::Tools, &layout_.tools_splitter, false}};
    bool any_active = false;
    for (const Strip& strip : strips) {
        const Rect& r = *strip.rect;
        if (r.empty()) continue;
        ImGui::SetNextWindowPos(ImVec2(r.min.x, r.min.y), ImGuiCond_Always);
        ImGui::SetNextWindowSize(ImVec2(r.width(), r.height()), ImGuiCond_Always);
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
        ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
        const std::string name = std::string("##splitter ") + region_name(strip.region);
        ImGui::Begin(name.c_str(), nullptr,
                     ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                         ImGuiWindowFlags_NoNav);
        ImGui::PopStyleVar(2);
        ImGui::InvisibleButton("grab", ImVec2(r.width(), r.height()));
        const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
        if (hovered || active) {
            ImGui::SetMouseCursor(strip.vertical ? ImGuiMouseCursor_ResizeEW
                                                 : ImGuiMouseCursor_ResizeNS);
            const ImVec2 c{0.5f * (r.min.x + r.max.x), 0.5f * (r.min.y + r.max.y)};
            const ImU32 color =
                ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive : ImGuiCol_SeparatorHovered);
            ImDrawList* draw = ImGui::GetWindowDrawList();
            if (strip.vertical)
                draw->AddLine(ImVec2(c.x, r.min.y), ImVec2(c.x, r.max.y), color, 2.0f);
            else
                draw->AddLine(ImVec2(r.min.x, c.y), ImVec2(r.max.x, c.y), color, 2.0f);
        }
        if (active) {
            any_active = true;
            const ImVec2 delta = ImGui::GetIO().MouseDelta;
            if (delta.x != 0.0f || delta.y != 0.0f) {
                drag_splitter(wishes_, layout_, strip.region, {delta.x, delta.y}, scale_);
                layout_ = layout_workspace(wishes_, layout_.status_bar.max, layout_.menu_bar.max.y,
                                           scale_);
            }
        }
        if (ImGui::IsItemDeactivated()) save();
        ImGui::End();
    }
    resizing_ = any_active;
}

nlohmann::ordered_json Workspace::report_json() const {
    nlohmann::ordered_json j;
    const Rect& v = layout_.view;
    j["view_rect"] = {v.min.x, v.min.y, v.max.x, v.max.y};
    nlohmann::ordered_json windows = nlohmann::ordered_json::object();
    windows["Menu bar"] = rect_json(layout_.menu_bar);
    windows["Status bar"] = rect_json(layout_.status_bar);
    for (Region region : {Region::Outliner, Region::Inspector, Region::Tools})
        if (!layout_.region(region).empty())
            windows[region_name(region)] = rect_json(layout_.region(region));
    j["windows"] = windows;
    return j;
}

}  // namespace app
