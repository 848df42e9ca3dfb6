#include "app/viewer/region_select_tool.h"

#include <algorithm>
#include <cstdio>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/core/display_text.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

const ImU32 kRegionColor = IM_COL32(255, 140, 40, 255);
const ImU32 kRegionFill = IM_COL32(255, 140, 40, 40);

/// What the Selection section says of a selection a session file brought.
constexpr const char* kOpened = "opened";

/// The lasso keeps a point only this far from the last one (a hand's jitter adds none).
constexpr float kLassoStepPx = 3.0f;
/// The most points a lasso keeps: a long drawing is thinned beyond that.
constexpr std::size_t kMaxLassoPoints = 2000;

picking::SelectionOp op_of(int mods) {
    const bool shift = (mods & GLFW_MOD_SHIFT) != 0, ctrl = (mods & GLFW_MOD_CONTROL) != 0;
    if (shift && ctrl) return picking::SelectionOp::Toggle;
    if (shift) return picking::SelectionOp::Add;
    if (ctrl) return picking::SelectionOp::Subtract;
    return picking::SelectionOp::Replace;
}

const char* op_words(picking::SelectionOp op) {
    switch (op) {
        case picking::SelectionOp::Add:
            return "added";
        case picking::SelectionOp::Subtract:
            return "removed";
        case picking::SelectionOp::Toggle:
            return "toggled";
        case picking::SelectionOp::Intersect:
            return "intersected";
        case picking::SelectionOp::Replace:
            break;
    }
    return "selected";
}

}  // namespace

const char* select_tool_name(SelectTool tool) {
    switch (tool) {
        case SelectTool::Box:
            return "box";
        case SelectTool::Lasso:
            return "lasso";
        case SelectTool::Measure:
            return "measure";
        case SelectTool::Click:
            break;
    }
    return "click";
}

std::optional<SelectTool> find_select_tool(std::string_view name) {
    for (const SelectTool tool :
         {SelectTool::Click, SelectTool::Box, SelectTool::Lasso, SelectTool::Measure})
        if (name == select_tool_name(tool)) return tool;
    return std::nullopt;
}

void RegionSelectTool::set_tool(SelectTool tool) {
    tool_ = tool;
    drawing_ = false;
    points_.clear();
}

bool RegionSelectTool::press(glm::vec2 cursor) {
    if (tool_ == SelectTool::Click || tool_ == SelectTool::Measure) return false;
    drawing_ = true;
    points_ = {cursor, cursor};
    return true;
}

void RegionSelectTool::move(glm::vec2 cursor) {
    if (!drawing_) return;
    if (tool_ == SelectTool::Box) {
        points_[1] = cursor;
        return;
    }
    const glm::vec2 d = cursor - points_.back();
    if (d.x * d.x + d.y * d.y < kLassoStepPx * kLassoStepPx) return;
    if (points_.size() >= kMaxLassoPoints) {
        // Keep every other point: the shape stays, the count halves.
        std::vector<glm::vec2> thinned;
        for (std::size_t i = 0; i < points_.size(); i += 2)
            thinned.push_back(points_[i]);
        points_ = std::move(thinned);
    }
    points_.push_back(cursor);
}

void RegionSelectTool::release(glm::vec2 cursor, int mods, bool dragged,
                               const SceneSession& session, const PickChoice& choice,
                               const Camera& camera, const Rect& view, glm::vec2 window) {
    if (!drawing_) return;
    move(cursor);
    drawing_ = false;
    std::vector<glm::vec2> points = std::move(points_);
    points_.clear();
    if (!dragged) return;
    ++regions_;
    RegionRequest request;
    request.shape = tool_ == SelectTool::Box ? RegionShape::Rectangle : RegionShape::Lasso;
    request.points = std::move(points);
    request.rule = rule;
    request.visible_only = !xray;
    RegionOutcome outcome;
    if (auto error = select_in_view(session, choice, camera, view, request, outcome)) {
        error_ = *error;
        return;
    }
    error_.clear();
    SelectionRecordSetup setup;
    setup.time = session.time();
    setup.window = glm::uvec2(glm::max(glm::round(window), glm::vec2(1.0f)));
    setup.view = view;
    setup.camera = camera;
    setup.region = std::move(request);
    setup.choice = choice;
    last_region_ = SelectionRecord{std::move(setup), selection_result(outcome.triangles)};
    const picking::SelectionOp op = op_of(mods);
    selection_.combine(outcome.triangles, op);
    last_op_ = op_words(op);
    last_ms_ = outcome.seconds * 1000.0;
    last_rays_ = outcome.visibility_rays;
    objects_ = selection_.instances_with_triangles();
    area_ = selected_area(session, selection_);
    ++version_;
}

void RegionSelectTool::draw_region(ImDrawList& draw_list) const {
    if (!drawing_ || points_.empty()) return;
    if (tool_ == SelectTool::Box) {
        const glm::vec2 lo = glm::min(points_[0], points_[1]),
                        hi = glm::max(points_[0], points_[1]);
        draw_list.AddRectFilled({lo.x, lo.y}, {hi.x, hi.y}, kRegionFill);
        draw_list.AddRect({lo.x, lo.y}, {hi.x, hi.y}, kRegionColor, 0.0f, 0, 2.0f);
        return;
    }
    std::vector<ImVec2> path;
    path.reserve(points_.size());
    for (const glm::vec2 p : points_)
        path.push_back({p.x, p.y});
    draw_list.AddPolyline(path.data(), int(path.size()), kRegionColor, ImDrawFlags_Closed, 2.0f);
}

void RegionSelectTool::clear() {
    selection_ = {};
    objects_ = 0;
    area_ = 0.0;
    last_op_.clear();
    error_.clear();
    ++version_;
}

void RegionSelectTool::restore(picking::TriangleSet triangles, const SceneSession& session) {
    clear();
    selection_ = std::move(triangles);
    objects_ = selection_.instances_with_triangles();
    area_ = selected_area(session, selection_);
    last_op_ = kOpened;
}

void RegionSelectTool::on_scene() {
    last_region_.reset();
    drawing_ = false;
    points_.clear();
    clear();
}

void RegionSelectTool::draw_section(const SceneSession& session) {
    const bool open =
        ImGui::CollapsingHeader("Selection", tool_ != SelectTool::Click || selection_.count() > 0
                                                 ? ImGuiTreeNodeFlags_DefaultOpen
                                                 : ImGuiTreeNodeFlags_None);
    if (!open) return;
    ImGui::TextDisabled("Tool");
    for (const auto& [tool, label, key] :
         {std::tuple{SelectTool::Click, "Click", "Q"}, std::tuple{SelectTool::Box, "Box", "S"},
          std::tuple{SelectTool::Lasso, "Lasso", "L"},
          std::tuple{SelectTool::Measure, "Measure", "M"}}) {
        // Four do not fit one row of a narrow Inspector: Measure starts the second.
        if (tool == SelectTool::Measure) ImGui::Dummy({ImGui::CalcTextSize("Tool").x, 0.0f});
        ImGui::SameLine();
        if (ImGui::RadioButton(label, tool_ == tool)) set_tool(tool);
        ui_probe::item(std::string("Selection/") + label);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Key %s", key);
    }
    if (tool_ == SelectTool::Measure && selection_.count() == 0) return;  // nothing to set
    const char* rules[] = {"any part of it is inside", "its centre is inside",
                           "all of it is inside"};
    int current = int(rule);
    ImGui::TextDisabled("A triangle counts when");
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::Combo("##rule", &current, rules, 3)) rule = picking::RegionRule(current);
    ImGui::Checkbox("X-ray: hidden triangles too", &xray);
    ui_probe::item("Selection/X-ray");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Off: only triangles the camera sees at some pixel of the region count (a ray\n"
            "through every pixel centre, the same test as a click). On: everything inside.\n"
            "Key X");
    if (!error_.empty()) ImGui::TextColored({1.0f, 0.5f, 0.4f, 1.0f}, "%s", error_.c_str());
    const std::size_t count = selection_.count();
    if (count == 0) {
        ImGui::TextWrapped(tool_ == SelectTool::Click || tool_ == SelectTool::Measure
                               ? "Press S (box) or L (lasso), then drag in the view."
                               : "Drag in the view. Shift adds, Ctrl removes, Shift+Ctrl "
                                 "toggles; right-drag orbits.");
        return;
    }
    ImGui::Text("%s triangle%s in %zu object%s", thousands(count).c_str(), count == 1 ? "" : "s",
                objects_, objects_ == 1 ? "" : "s");
    ImGui::Text("Area %.6g (model units squared)", area_);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (last_op_ == kOpened)
        ImGui::TextWrapped("Opened with the session file");
    else
        ImGui::TextWrapped("Last region %s in %.1f ms%s", last_op_.c_str(), last_ms_,
                           last_rays_ > 0 ? " (seen: one ray per pixel)" : " (X-ray)");
    ImGui::PopStyleColor();
    const picking::SceneView& view = session.view();
    int listed = 0;
    if (ImGui::BeginTable("selected objects", 2,
                          ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
        for (std::uint32_t i = 0; i < selection_.instance_count() && i < view.instances.size();
             ++i) {
            const std::size_t n = selection_.count(i);
            if (n == 0) continue;
            if (++listed > 12) break;
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            const std::string name =
                shortened_text(session.scene().nodes[view.instances[i].node].name, 40);
            ImGui::TextUnformatted(name.c_str());
            ImGui::TableSetColumnIndex(1);
            ImGui::TextUnformatted(thousands(n).c_str());
        }
        ImGui::EndTable();
    }
    if (listed > 12) ImGui::TextDisabled("and %zu more objects", objects_ - 12);
    if (ImGui::Button("Clear selection")) clear();
    ui_probe::item("Selection/Clear");
}

nlohmann::ordered_json RegionSelectTool::report() const {
    nlohmann::ordered_json j;
    j["tool"] = select_tool_name(tool_);
    j["rule"] = rule_name(rule);
    j["xray"] = xray;
    j["triangles"] = selection_.count();
    j["objects"] = objects_;
    j["area"] = area_;
    nlohmann::ordered_json per = nlohmann::ordered_json::array();
    for (std::uint32_t i = 0; i < selection_.instance_count(); ++i)
        if (const std::size_t n = selection_.count(i))
            per.push_back({{"instance", i}, {"count", n}});
    j["per_object"] = std::move(per);
    j["regions"] = regions_;  // counts regions released, an error included
    j["last_ms"] = last_ms_;
    j["visibility_rays"] = last_rays_;
    if (!error_.empty()) j["error"] = error_;
    return j;
}

std::string RegionSelectTool::hint() const {
    const char* shape = tool_ == SelectTool::Box ? "a box" : "a lasso";
    return std::string("Drag ") + shape +
           ": Shift adds, Ctrl removes, both toggle; right-drag orbits; Q clicks again";
}

}  // namespace app
