#include "app/viewer/measure_view.h"

#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/viewer/ui_probe.h"

namespace app {

namespace {

const ImU32 kMeasureColor = IM_COL32(255, 230, 90, 255);
const ImU32 kSnapColor = IM_COL32(90, 255, 200, 255);
const ImU32 kLabelBack = IM_COL32(20, 22, 26, 220);

ImVec2 to_im(glm::vec2 p) {
    return {p.x, p.y};
}

void label(ImDrawList& draw_list, glm::vec2 at, ImU32 color, const char* text) {
    const ImVec2 extent = ImGui::CalcTextSize(text);
    draw_list.AddRectFilled({at.x - 3.0f, at.y - 2.0f},
                            {at.x + extent.x + 3.0f, at.y + extent.y + 2.0f}, kLabelBack, 3.0f);
    draw_list.AddText(to_im(at), color, text);
}

/// "1.23456 (bone space 0.61728)" when the two differ, else the one value.
std::string both(double world, const std::optional<double>& bone, const char* unit) {
    char text[128];
    if (bone && std::abs(*bone - world) > 1e-9 * std::max(1.0, std::abs(world)))
        std::snprintf(text, sizeof text, "%.6g%s (bone space %.6g%s)", world, unit, *bone, unit);
    else
        std::snprintf(text, sizeof text, "%.6g%s", world, unit);
    return text;
}

}  // namespace

std::optional<MeasurePoint> measure_point(const Selection& selection) {
    if (!selection.result.hit) return std::nullopt;
    const picking::PickHit& hit = *selection.result.hit;
    MeasurePoint p;
    p.instance = hit.instance;
    p.triangle = hit.triangle;
    p.world = selection.snap ? selection.snap->world : glm::dvec3(hit.point);
    p.mesh = selection.snap ? selection.snap->mesh : glm::dvec3(hit.local_point);
    p.corners[0] = glm::dvec3(hit.local_triangle.p0);
    p.corners[1] = glm::dvec3(hit.local_triangle.p1);
    p.corners[2] = glm::dvec3(hit.local_triangle.p2);
    p.world_from_mesh = glm::dmat4(selection.world_from_mesh);
    return p;
}

void draw_measure_overlay(const MeasureTool& tool, const Camera& camera, const Rect& view,
                          ImDrawList& draw_list) {
    const auto points = tool.points();
    if (points.empty()) return;
    std::vector<glm::vec2> at;
    for (const MeasurePoint& p : points)
        at.push_back(window_from_world(camera, glm::vec3(p.world), view));
    for (std::size_t i = 0; i + 1 < at.size(); ++i)
        draw_list.AddLine(to_im(at[i]), to_im(at[i + 1]), kMeasureColor, 2.0f);
    for (std::size_t i = 0; i < at.size(); ++i) {
        draw_list.AddCircleFilled(to_im(at[i]), 4.0f, kMeasureColor);
        const char name[2] = {char('A' + i), 0};
        draw_list.AddText({at[i].x + 6.0f, at[i].y - 18.0f}, kMeasureColor, name);
    }
    const Measurement m = tool.result();
    if (m.distance_world) {
        const std::string text = both(*m.distance_world, m.distance_bone, "");
        label(draw_list, 0.5f * (at[0] + at[1]) + glm::vec2(6.0f, -22.0f), kMeasureColor,
              ("AB " + text).c_str());
    }
    if (m.angle_world) {
        const std::string text = both(*m.angle_world, m.angle_bone, "°");
        label(draw_list, at[1] + glm::vec2(8.0f, 10.0f), kMeasureColor,
              ("angle at B " + text).c_str());
    }
}

void draw_measure_section(MeasureTool& tool) {
    const auto points = tool.points();
    if (!ImGui::CollapsingHeader(
            "Measure", points.empty() ? ImGuiTreeNodeFlags_None : ImGuiTreeNodeFlags_DefaultOpen))
        return;
    if (points.empty()) {
        ImGui::TextWrapped(
            "Press M, then click two points for their distance and the angle "
            "between their faces, a third for the angle at the second. V snaps "
            "to vertices and edges.");
        return;
    }
    const Measurement m = tool.result();
    ImGui::TextDisabled("%zu point%s (model units)", points.size(), points.size() == 1 ? "" : "s");
    if (m.distance_world) {
        ImGui::TextWrapped("Distance AB: %s", both(*m.distance_world, m.distance_bone, "").c_str());
        ui_probe::item("Measure/distance");
    }
    if (m.face_angle_world)
        ImGui::TextWrapped("Between the faces of A and B: %s",
                           both(*m.face_angle_world, m.face_angle_bone, "°").c_str());
    if (m.angle_world)
        ImGui::TextWrapped("Angle at B: %s", both(*m.angle_world, m.angle_bone, "°").c_str());
    if (points.size() >= 2 && !m.same_instance) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("The points lie on different objects: world space only.");
        ImGui::PopStyleColor();
    }
    if (ImGui::Button("Clear measure")) tool.clear();
}

nlohmann::ordered_json measure_report(const MeasureTool& tool) {
    nlohmann::ordered_json j;
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const MeasurePoint& p : tool.points())
        points.push_back({{"instance", p.instance},
                          {"triangle", p.triangle},
                          {"world", {p.world.x, p.world.y, p.world.z}},
                          {"bone", {p.mesh.x, p.mesh.y, p.mesh.z}}});
    j["points"] = std::move(points);
    const Measurement m = tool.result();
    const auto put = [&](const char* key, const std::optional<double>& value) {
        if (value) j[key] = *value;
    };
    put("distance", m.distance_world);
    put("distance_bone", m.distance_bone);
    put("face_angle_degrees", m.face_angle_world);
    put("face_angle_bone_degrees", m.face_angle_bone);
    put("angle_degrees", m.angle_world);
    put("angle_bone_degrees", m.angle_bone);
    return j;
}

void draw_snap_marker(const picking::SnapResult& snap, const Camera& camera, const Rect& view,
                      ImDrawList& draw_list) {
    const glm::vec2 c = window_from_world(camera, glm::vec3(snap.world), view);
    const float r = 6.0f;
    switch (snap.kind) {
        case picking::SnapKind::Vertex:
            draw_list.AddRect({c.x - r, c.y - r}, {c.x + r, c.y + r}, kSnapColor, 0.0f, 0, 2.0f);
            break;
        case picking::SnapKind::EdgeMidpoint:
            draw_list.AddTriangle({c.x, c.y - r}, {c.x + r, c.y + r}, {c.x - r, c.y + r},
                                  kSnapColor, 2.0f);
            break;
        case picking::SnapKind::Edge:
            draw_list.AddQuad({c.x, c.y - r}, {c.x + r, c.y}, {c.x, c.y + r}, {c.x - r, c.y},
                              kSnapColor, 2.0f);
            break;
        case picking::SnapKind::Face:
            draw_list.AddCircle(to_im(c), r, kSnapColor, 16, 2.0f);
            break;
    }
    label(draw_list, c + glm::vec2(r + 4.0f, -r - 14.0f), kSnapColor,
          picking::snap_kind_name(snap.kind));
}

nlohmann::ordered_json snap_json(const picking::SnapResult& snap) {
    nlohmann::ordered_json j;
    j["kind"] = picking::snap_kind_name(snap.kind);
    j["point"] = {snap.world.x, snap.world.y, snap.world.z};
    j["bone_point"] = {snap.mesh.x, snap.mesh.y, snap.mesh.z};
    j["distance_px"] = snap.distance_px;
    j["instance"] = snap.instance;
    j["triangle"] = snap.triangle;
    if (snap.kind == picking::SnapKind::Vertex) j["vertex"] = snap.vertex;
    if (snap.kind == picking::SnapKind::Edge || snap.kind == picking::SnapKind::EdgeMidpoint) {
        j["edge"] = {snap.corner_a, snap.corner_b};
        j["edge_fraction"] = snap.edge_fraction;
    }
    return j;
}

}  // namespace app
