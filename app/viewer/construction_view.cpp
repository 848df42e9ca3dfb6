#include "app/viewer/construction_view.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include <imgui.h>
#include <glm/geometric.hpp>

namespace app {

namespace {

glm::vec3 to_world(const glm::mat4& m, glm::vec3 p) {
    return glm::vec3(m * glm::vec4(p, 1.0f));
}

ImU32 im_color(glm::vec4 c) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

/// The name drawn in the view: the label up to its formula or its note ("E1 = V1 - V0" is
/// "E1"); the legend in the Explain tab has the whole label.
std::string short_label(const std::string& label) {
    std::size_t end = label.size();
    for (const char* cut : {" = ", " (", ": "})
        end = std::min(end, label.find(cut));
    return label.substr(0, end);
}

const char* role_name(ConstructionRole role) {
    switch (role) {
        case ConstructionRole::Edge:
            return "edge";
        case ConstructionRole::Ray:
            return "ray";
        case ConstructionRole::Product:
            return "product";
        case ConstructionRole::Step:
            return "step";
        case ConstructionRole::Plane:
            return "plane";
        case ConstructionRole::Inside:
            return "inside";
        case ConstructionRole::Outside:
            return "outside";
    }
    return "?";
}

nlohmann::ordered_json json_vec(glm::vec3 v) {
    return {v.x, v.y, v.z};
}

/// Text with a dark rim, readable over any part of the model.
void outlined_text(ImDrawList& draw, ImVec2 at, ImU32 color, const char* text) {
    const ImU32 rim = IM_COL32(0, 0, 0, 200);
    for (const ImVec2 d : {ImVec2(-1, 0), ImVec2(1, 0), ImVec2(0, -1), ImVec2(0, 1)})
        draw.AddText(ImVec2(at.x + d.x, at.y + d.y), rim, text);
    draw.AddText(at, color, text);
}

}  // namespace

glm::vec4 construction_color(ConstructionRole role) {
    switch (role) {
        case ConstructionRole::Edge:
            return {0.45f, 0.75f, 1.0f, 1.0f};
        case ConstructionRole::Ray:
            return {1.0f, 0.88f, 0.3f, 1.0f};
        case ConstructionRole::Product:
            return {0.95f, 0.45f, 0.95f, 1.0f};
        case ConstructionRole::Step:
            return {0.35f, 1.0f, 0.85f, 1.0f};
        case ConstructionRole::Plane:
            return {0.65f, 0.7f, 0.85f, 1.0f};
        case ConstructionRole::Inside:
            return {0.35f, 0.95f, 0.4f, 1.0f};
        case ConstructionRole::Outside:
            return {1.0f, 0.35f, 0.3f, 1.0f};
    }
    return glm::vec4(1.0f);
}

void add_construction_overlay(const PlacedConstruction& placed, const Camera& camera,
                              render::Overlay& overlay) {
    const Construction& c = placed.construction;
    const glm::mat4& m = placed.world_from_test;
    for (const ConstructionFill& f : c.fills) {
        glm::vec4 fill = construction_color(f.role);
        // The plane is a faint backdrop; an area's shade grows with its weight.
        fill.a = f.role == ConstructionRole::Plane
                     ? 0.12f
                     : 0.15f + 0.45f * std::clamp(std::abs(f.share), 0.0f, 1.0f);
        glm::vec4 outline = construction_color(f.role);
        outline.a = f.role == ConstructionRole::Plane ? 0.35f : 0.8f;
        overlay.triangles.push_back(
            {{to_world(m, f.corners[0]), to_world(m, f.corners[1]), to_world(m, f.corners[2])},
             fill,
             outline,
             true});
    }
    const float size_world = glm::length(glm::vec3(m * glm::vec4(c.size, 0.0f, 0.0f, 0.0f)));
    for (const ConstructionArrow& a : c.arrows) {
        const glm::vec3 from = to_world(m, a.from), to = to_world(m, a.to);
        const glm::vec4 color = construction_color(a.role);
        overlay.lines.push_back({from, to, color, true, false});
        const float length = glm::length(to - from);
        if (!a.head || !(length > 0.0f)) continue;
        const glm::vec3 dir = (to - from) / length;
        glm::vec3 side = glm::cross(dir, camera.forward());
        if (!(glm::length(side) > 1e-4f)) side = glm::cross(dir, glm::vec3(0.0f, 1.0f, 0.0f));
        if (!(glm::length(side) > 1e-4f)) side = glm::cross(dir, glm::vec3(1.0f, 0.0f, 0.0f));
        side = glm::normalize(side);
        const float head = 0.18f * std::min(length, size_world);
        const glm::vec3 base = to - dir * head;
        overlay.lines.push_back({to, base + side * (0.5f * head), color, true, false});
        overlay.lines.push_back({to, base - side * (0.5f * head), color, true, false});
    }
}

void draw_construction_labels(const PlacedConstruction& placed, const Camera& camera,
                              const Rect& view, ImDrawList& draw_list) {
    const Construction& c = placed.construction;
    const glm::mat4& m = placed.world_from_test;
    draw_list.PushClipRect(ImVec2(view.min.x, view.min.y), ImVec2(view.max.x, view.max.y));
    auto label = [&](glm::vec3 at, ConstructionRole role, const std::string& text) {
        const std::string name = short_label(text);
        if (name.empty()) return;
        const glm::vec2 p = window_from_world(camera, to_world(m, at), view);
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) return;
        outlined_text(draw_list, ImVec2(p.x + 6.0f, p.y - 7.0f), im_color(construction_color(role)),
                      name.c_str());
    };
    for (const ConstructionArrow& a : c.arrows)
        label(a.head ? a.to : 0.5f * (a.from + a.to), a.role, a.label);
    for (const ConstructionFill& f : c.fills)
        if (f.role != ConstructionRole::Plane)
            label((f.corners[0] + f.corners[1] + f.corners[2]) / 3.0f, f.role, f.label);
    draw_list.PopClipRect();
}

void draw_construction_inset(const Construction& construction, const Rect& view, ImDrawList& draw) {
    if (!construction.inset) return;
    const ConstructionInset& inset = *construction.inset;
    // The view's top right corner, clear of the model in the middle.
    const ImVec2 box(std::min(320.0f, 0.4f * (view.max.x - view.min.x)),
                     std::min(240.0f, 0.6f * (view.max.y - view.min.y)));
    const ImVec2 corner(view.max.x - box.x - 8.0f, view.min.y + 8.0f);
    draw.AddRectFilled(corner, ImVec2(corner.x + box.x, corner.y + box.y),
                       IM_COL32(20, 22, 28, 225), 4.0f);
    draw.AddRect(corner, ImVec2(corner.x + box.x, corner.y + box.y), IM_COL32(90, 90, 100, 255),
                 4.0f);
    ImFont* font = ImGui::GetFont();
    const float font_size = ImGui::GetFontSize();
    const ImVec2 title_size =
        font->CalcTextSizeA(font_size, FLT_MAX, box.x - 12.0f, inset.title.c_str());
    draw.AddText(font, font_size, ImVec2(corner.x + 6.0f, corner.y + 4.0f),
                 IM_COL32(220, 220, 225, 255), inset.title.c_str(), nullptr, box.x - 12.0f);
    const ImVec2 top_left(corner.x, corner.y + title_size.y + 6.0f);
    const ImVec2 area(box.x, box.y - title_size.y - 6.0f);

    glm::vec2 lo(INFINITY), hi(-INFINITY);
    auto grow = [&](glm::vec2 p) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) return;
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    };
    for (const glm::vec2 p : inset.corners)
        grow(p);
    if (inset.point) grow(*inset.point);
    for (const glm::vec2 p : inset.marks)
        grow(p);
    if (!(hi.x >= lo.x) || !(hi.y >= lo.y)) return;
    const float margin = 28.0f;
    const float extent = std::max({hi.x - lo.x, hi.y - lo.y, 1e-30f});
    const float scale = std::min((area.x - 2.0f * margin) / std::max(hi.x - lo.x, extent * 0.05f),
                                 (area.y - 2.0f * margin) / std::max(hi.y - lo.y, extent * 0.05f));
    const glm::vec2 mid = 0.5f * (lo + hi);
    auto screen = [&](glm::vec2 p) {
        return ImVec2(top_left.x + 0.5f * area.x + (p.x - mid.x) * scale,
                      top_left.y + 0.5f * area.y - (p.y - mid.y) * scale);
    };
    const ImVec2 size = area;
    draw.PushClipRect(top_left, ImVec2(top_left.x + size.x, top_left.y + size.y), true);
    const ImU32 dim = IM_COL32(150, 150, 160, 255);
    // The axes through the picture's origin, where it is in view.
    const ImVec2 origin = screen(glm::vec2(0.0f));
    draw.AddLine(ImVec2(top_left.x, origin.y), ImVec2(top_left.x + size.x, origin.y),
                 IM_COL32(70, 70, 80, 255));
    draw.AddLine(ImVec2(origin.x, top_left.y), ImVec2(origin.x, top_left.y + size.y),
                 IM_COL32(70, 70, 80, 255));
    draw.AddText(ImVec2(top_left.x + size.x - 8.0f * float(inset.x_axis.size()) - 4.0f,
                        std::clamp(origin.y + 2.0f, top_left.y, top_left.y + size.y - 14.0f)),
                 dim, inset.x_axis.c_str());
    draw.AddText(ImVec2(std::clamp(origin.x + 4.0f, top_left.x, top_left.x + size.x - 40.0f),
                        top_left.y + 2.0f),
                 dim, inset.y_axis.c_str());
    // The weighted areas, shaded as in the view (the fills after the plane, in order).
    std::size_t next_area = 0;
    for (const ConstructionFill& f : construction.fills) {
        if (f.role == ConstructionRole::Plane) continue;
        if (next_area >= inset.areas.size()) break;
        const auto& t = inset.areas[next_area++];
        glm::vec4 c = construction_color(f.role);
        c.a = 0.15f + 0.45f * std::clamp(std::abs(f.share), 0.0f, 1.0f);
        const ImVec2 a = screen(t[0]), b = screen(t[1]), d = screen(t[2]);
        draw.AddTriangleFilled(a, b, d, im_color(c));
        const std::string name = short_label(f.label);
        outlined_text(draw,
                      ImVec2((a.x + b.x + d.x) / 3.0f - 4.0f * float(name.size()),
                             (a.y + b.y + d.y) / 3.0f - 7.0f),
                      im_color(construction_color(f.role)), name.c_str());
    }
    if (inset.ray_along_x && inset.point) {
        const ImVec2 p = screen(*inset.point);
        draw.AddLine(p, ImVec2(top_left.x + size.x, p.y),
                     im_color(construction_color(ConstructionRole::Ray)), 1.5f);
    }
    ImVec2 centre(0.0f, 0.0f);
    for (const glm::vec2 c : inset.corners) {
        centre.x += screen(c).x / 3.0f;
        centre.y += screen(c).y / 3.0f;
    }
    for (int e = 0; e < 3; ++e) {
        const ImVec2 a = screen(inset.corners[std::size_t(e)]);
        const ImVec2 b = screen(inset.corners[std::size_t((e + 1) % 3)]);
        const ImU32 color = im_color(construction_color(inset.edge_roles[std::size_t(e)]));
        draw.AddLine(a, b, color, 2.0f);
        const std::string& text = inset.edge_labels[std::size_t(e)];
        if (text.empty()) continue;
        // Outside the triangle, away from its centre: the labels of two edges never meet.
        const ImVec2 middle(0.5f * (a.x + b.x), 0.5f * (a.y + b.y));
        glm::vec2 away(middle.x - centre.x, middle.y - centre.y);
        away = glm::length(away) > 0.0f ? glm::normalize(away) : glm::vec2(0.0f, 1.0f);
        const float width = ImGui::CalcTextSize(text.c_str()).x;
        const float x = middle.x + 10.0f * away.x - (away.x >= 0.0f ? 0.0f : width);
        outlined_text(draw, ImVec2(x, middle.y + 12.0f * away.y - 7.0f), color, text.c_str());
    }
    for (int i = 0; i < 3; ++i)
        outlined_text(draw, screen(inset.corners[std::size_t(i)]), IM_COL32(230, 230, 235, 255),
                      inset.corner_names[std::size_t(i)].c_str());
    for (std::size_t i = 0; i < inset.marks.size(); ++i) {
        const ImVec2 p = screen(inset.marks[i]);
        const ImU32 color = im_color(construction_color(
            inset.marks[i].x > 0.0f ? ConstructionRole::Inside : ConstructionRole::Edge));
        draw.AddLine(ImVec2(p.x, p.y - 6.0f), ImVec2(p.x, p.y + 6.0f), color, 2.0f);
        if (i < inset.mark_labels.size())
            outlined_text(draw, ImVec2(p.x + 3.0f, p.y + 4.0f + 12.0f * float(i)), color,
                          inset.mark_labels[i].c_str());
    }
    if (inset.point) {
        const ImVec2 p = screen(*inset.point);
        const ImU32 color = im_color(construction_color(ConstructionRole::Ray));
        draw.AddCircleFilled(p, 4.0f, color);
        outlined_text(draw, ImVec2(p.x + 6.0f, p.y - 16.0f), color, inset.point_label.c_str());
    }
    draw.PopClipRect();
}

void draw_construction_panel(const Construction& construction) {
    ImGui::TextWrapped("%s", construction.title.c_str());
    if (construction.inset)
        ImGui::TextDisabled("The flat picture is in the view's top right corner.");
    int id = 0;
    auto swatch = [&id](ConstructionRole role, const std::string& text) {
        const glm::vec4 c = construction_color(role);
        ImGui::PushID(id++);
        ImGui::ColorButton("##role", ImVec4(c.r, c.g, c.b, 1.0f),
                           ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop,
                           ImVec2(10.0f, 10.0f));
        ImGui::PopID();
        ImGui::SameLine();
        ImGui::TextWrapped("%s", text.c_str());
    };
    for (const ConstructionArrow& a : construction.arrows)
        if (!a.label.empty()) swatch(a.role, a.label);
    for (const ConstructionFill& f : construction.fills)
        swatch(f.role, f.label);
    for (const std::string& note : construction.notes) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", note.c_str());
        ImGui::PopStyleColor();
    }
}

nlohmann::ordered_json construction_report(const PlacedConstruction& placed) {
    const Construction& c = placed.construction;
    nlohmann::ordered_json j;
    j["algorithm"] = picking::ray_triangle_name(c.method);
    j["title"] = c.title;
    nlohmann::ordered_json matrix = nlohmann::ordered_json::array();
    for (int col = 0; col < 4; ++col)
        for (int row = 0; row < 4; ++row)
            matrix.push_back(placed.world_from_test[col][row]);
    j["world_from_test"] = std::move(matrix);  // column by column
    nlohmann::ordered_json arrows = nlohmann::ordered_json::array();
    for (const ConstructionArrow& a : c.arrows)
        arrows.push_back({{"label", a.label},
                          {"step", a.step},
                          {"from", json_vec(a.from)},
                          {"to", json_vec(a.to)},
                          {"scale", a.scale},
                          {"role", role_name(a.role)},
                          {"head", a.head}});
    j["arrows"] = std::move(arrows);
    nlohmann::ordered_json fills = nlohmann::ordered_json::array();
    for (const ConstructionFill& f : c.fills)
        fills.push_back(
            {{"label", f.label},
             {"step", f.step},
             {"share", f.share},
             {"role", role_name(f.role)},
             {"corners",
              {json_vec(f.corners[0]), json_vec(f.corners[1]), json_vec(f.corners[2])}}});
    j["fills"] = std::move(fills);
    if (c.inset) {
        const ConstructionInset& in = *c.inset;
        nlohmann::ordered_json corners = nlohmann::ordered_json::array(), roles = corners;
        for (int i = 0; i < 3; ++i) {
            corners.push_back({in.corners[std::size_t(i)].x, in.corners[std::size_t(i)].y});
            roles.push_back(role_name(in.edge_roles[std::size_t(i)]));
        }
        j["inset"] = {{"title", in.title},
                      {"corners", std::move(corners)},
                      {"edge_roles", std::move(roles)},
                      {"point", in.point ? nlohmann::ordered_json({in.point->x, in.point->y})
                                         : nlohmann::ordered_json()},
                      {"marks", in.marks.size()}};
    } else {
        j["inset"] = nullptr;
    }
    j["notes"] = c.notes;
    return j;
}

}  // namespace app
