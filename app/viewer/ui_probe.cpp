#include "app/viewer/ui_probe.h"

#include <map>

#include <imgui.h>

namespace app::ui_probe {

namespace {

struct Rect {
    float x0, y0, x1, y1;
};

bool g_enabled = false;
std::map<std::string, Rect, std::less<>> g_items;  // ordered: the trace reads the same each time

}  // namespace

void enable(bool on) {
    g_enabled = on;
}

bool enabled() {
    return g_enabled;
}

void begin_frame() {
    g_items.clear();
}

void item(std::string_view name) {
    // A window's first frame only measures it (a popup is not even shown): not where it stays.
    if (!g_enabled || ImGui::IsWindowAppearing()) return;
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    g_items.insert_or_assign(std::string(name), Rect{min.x, min.y, max.x, max.y});
}

void next_combo(std::string_view name) {
    if (!g_enabled || ImGui::IsWindowAppearing()) return;
    const ImVec2 min = ImGui::GetCursorScreenPos();
    const Rect r{min.x, min.y, min.x + ImGui::CalcItemWidth(), min.y + ImGui::GetFrameHeight()};
    g_items.insert_or_assign(std::string(name), r);
}

nlohmann::ordered_json items_json() {
    nlohmann::ordered_json items = nlohmann::ordered_json::object();
    for (const auto& [name, r] : g_items)
        items[name] = {r.x0, r.y0, r.x1, r.y1};
    return items;
}

}  // namespace app::ui_probe
