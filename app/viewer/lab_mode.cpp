#include "app/viewer/lab_mode.h"

#include <cmath>

#include <imgui.h>
#include <glm/geometric.hpp>

namespace app {

namespace {

constexpr float kGrabRadiusPx = 14.0f;
const char* const kCornerNames[6] = {"V0", "V1", "V2", "Q0", "Q1", "Q2"};

bool finite(glm::vec3 p) {
    return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);
}

/// Where a corner's label sits: pushed out from its triangle's centre.
glm::vec2 label_position(const TriangleLab& lab, int i, const Camera& camera, const Rect& view) {
    const int first = i < 3 ? 0 : 3;
    glm::vec2 screen[3];
    for (int k = 0; k < 3; ++k)
        screen[k] = window_from_world(camera, lab.corner(first + k), view);
    const glm::vec2 centre = (screen[0] + screen[1] + screen[2]) / 3.0f;
    const glm::vec2 at = screen[i - first];
    glm::vec2 away = at - centre;
    const float length = glm::length(away);
    away = length > 1e-3f ? away / length : glm::vec2(0, -1);
    return at + away * 16.0f;
}

}  // namespace

Rect LabMode::framing_region(const Rect& view) {
    // Room for the labels beside the corners.
    constexpr float kMargin = 30.0f;
    const Rect inner{view.min + kMargin, view.max - kMargin};
    return inner.empty() ? view : inner;
}

void LabMode::add_overlay(render::Overlay& overlay) const {
    const picking::TrianglePair& pair = lab_.pair();
    const auto triangle = [&](const picking::Triangle& t, glm::vec4 c) {
        if (!finite(t.p0) || !finite(t.p1) || !finite(t.p2)) return;
        overlay.triangles.push_back({{t.p0, t.p1, t.p2}, glm::vec4(glm::vec3(c), 0.55f), c});
    };
    triangle(pair.v, kLabColorV);
    triangle(pair.q, kLabColorQ);
    // Q over V where they share a plane (the coplanar presets), rather than z-fighting.
    if (!overlay.triangles.empty()) overlay.triangles.back().in_front = true;

    const LabReport& r = lab_.report();
    // Seed 003's crossing points T0, T1 as small crosses in V's plane.
    const float scale = glm::length(lab_.bounds().second - lab_.bounds().first) * 0.02f + 1e-6f;
    for (int i = 0; i < r.seed003.point_count && !r.seed003.coplanar; ++i) {
        const glm::vec3 p = r.seed003.points[i];
        for (glm::vec3 d : {glm::vec3(scale, 0, 0), glm::vec3(0, scale, 0), glm::vec3(0, 0, scale)})
            overlay.lines.push_back({p - d, p + d, glm::vec4(1.0f, 0.9f, 0.6f, 1.0f), true});
    }
    // The exact contact segment, thick and bright.
    for (const LabAnswer& a : r.answers)
        if (a.algorithm->method == picking::TriTriMethod::Exact && a.contact &&
            !a.contact->coplanar) {
            overlay.lines.push_back(
                {a.contact->segment.a, a.contact->segment.b, kLabColorSegment, true});
            overlay.marker = 0.5f * (a.contact->segment.a + a.contact->segment.b);
            overlay.marker_color = kLabColorSegment;
            overlay.marker_size_px = 12.0f;
        }
}

void LabMode::draw_labels(const Camera& camera, const Rect& view) const {
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    for (int i = 0; i < 6; ++i) {
        if (!finite(lab_.corner(i))) continue;
        const glm::vec2 at = label_position(lab_, i, camera, view) - glm::vec2(8, 7);
        const glm::vec4 c = i < 3 ? kLabColorV : kLabColorQ;
        const bool grabbed = panel_.grabbed_corner == i;
        draw->AddText(ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 220), kCornerNames[i]);
        draw->AddText(ImVec2(at.x, at.y),
                      grabbed ? IM_COL32(255, 255, 255, 255)
                              : ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f)),
                      kCornerNames[i]);
    }
}

bool LabMode::draw_panel() {
    return draw_triangle_lab_panel(lab_, panel_).frame;
}

void LabMode::draw_pictures() const {
    draw_triangle_lab_pictures(lab_);
}

bool LabMode::grab(glm::vec2 cursor, const Camera& camera, const Rect& view) {
    int best = -1;
    float best_distance = kGrabRadiusPx;
    for (int i = 0; i < 6; ++i) {
        if (!finite(lab_.corner(i))) continue;
        // The label or the corner itself.
        const float d =
            std::min(glm::length(label_position(lab_, i, camera, view) - cursor),
                     glm::length(window_from_world(camera, lab_.corner(i), view) - cursor));
        if (d < best_distance) {
            best_distance = d;
            best = i;
        }
    }
    panel_.grabbed_corner = best;
    return best >= 0;
}

void LabMode::drag(glm::vec2 cursor, const Camera& camera, const Rect& view) {
    if (panel_.grabbed_corner < 0) return;
    const glm::vec3 corner = lab_.corner(panel_.grabbed_corner);
    const picking::Ray ray = ray_from_cursor(camera, cursor, view);
    const glm::vec3 normal = camera.forward();
    const float denominator = glm::dot(ray.direction, normal);
    if (std::abs(denominator) < 1e-6f) return;
    const float t = glm::dot(corner - ray.origin, normal) / denominator;
    lab_.set_corner(panel_.grabbed_corner, ray.at(t));
}

nlohmann::ordered_json LabMode::report_json(const Camera& camera, const Rect& view) const {
    const LabReport& r = lab_.report();
    nlohmann::ordered_json j;
    j["case"] = picking::tri_tri_case_info(r.exact_case).name;
    nlohmann::ordered_json answers;
    for (const LabAnswer& a : r.answers)
        answers[std::string(a.algorithm->name)] = a.contact.has_value();
    j["intersect"] = answers;
    j["seed003_step"] = picking::step_name(r.seed003.decided_by);
    j["moller97_step"] = picking::step_name(r.moller97.decided_by);
    j["guigue_devillers_step"] = picking::step_name(r.guigue_devillers.decided_by);
    nlohmann::ordered_json corners = nlohmann::ordered_json::array();
    for (int i = 0; i < 6; ++i) {
        const glm::vec3 c = lab_.corner(i);
        corners.push_back({c.x, c.y, c.z});
    }
    j["corners"] = corners;
    nlohmann::ordered_json labels = nlohmann::ordered_json::array();
    for (int i = 0; i < 6; ++i) {
        const glm::vec2 at = label_position(lab_, i, camera, view);
        labels.push_back({at.x, at.y});
    }
    j["labels"] = labels;
    nlohmann::ordered_json on_screen = nlohmann::ordered_json::array();
    for (int i = 0; i < 6; ++i) {
        const glm::vec2 at = window_from_world(camera, lab_.corner(i), view);
        on_screen.push_back({at.x, at.y});
    }
    j["corners_px"] = on_screen;
    const Rect region = framing_region(view);
    j["view_region"] = {region.min.x, region.min.y, region.max.x, region.max.y};
    return j;
}

}  // namespace app
