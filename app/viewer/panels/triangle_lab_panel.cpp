#include "app/viewer/panels/triangle_lab_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <string>

#include <imgui.h>

#include "app/viewer/panels/panels.h"

namespace app {

namespace {

ImU32 color(glm::vec4 c, float alpha = 1.0f) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a * alpha));
}

void text_cell(const char* format, ...) IM_FMTARGS(1);
void text_cell(const char* format, ...) {
    ImGui::TableNextColumn();
    va_list args;
    va_start(args, format);
    ImGui::TextV(format, args);
    va_end(args);
}

/// Grey text that wraps at the window's edge instead of running past it.
void wrapped_note(const char* format, ...) IM_FMTARGS(1);
void wrapped_note(const char* format, ...) {
    va_list args;
    va_start(args, format);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextV(format, args);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    va_end(args);
}

/// Text beside a point of a picture, on whichever side keeps it inside [lo, hi].
void picture_label(ImDrawList* draw, ImVec2 at, ImU32 color, const char* text, ImVec2 lo,
                   ImVec2 hi) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    ImVec2 p(at.x + 4.0f, at.y + 1.0f);
    if (p.x + size.x > hi.x - 2.0f) p.x = at.x - 4.0f - size.x;
    if (p.y + size.y > hi.y - 2.0f) p.y = at.y - 1.0f - size.y;
    p.x = std::max(p.x, lo.x + 2.0f);
    p.y = std::max(p.y, lo.y + 2.0f);
    draw->AddText(p, color, text);
}

const char* sign_text(int s) {
    return s > 0 ? "+" : s < 0 ? "-" : "0";
}

std::string vec_text(glm::vec3 v) {
    char text[96];
    std::snprintf(text, sizeof text, "%.4g, %.4g, %.4g", double(v.x), double(v.y), double(v.z));
    return text;
}

bool begin_table(const char* id, int columns) {
    return ImGui::BeginTable(
        id, columns,
        ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV);
}

// == Presets and corners

bool draw_presets(TriangleLab& lab, TriangleLabPanelState& state) {
    bool replaced = false;
    const auto current = lab.preset();
    const std::string label =
        current ? std::string(picking::tri_tri_case_info(*current).description) : "(edited)";
    ImGui::SetNextItemWidth(-90.0f);
    if (ImGui::BeginCombo("seed case", label.c_str())) {
        for (int c = 0; c < picking::kSeedCaseCount; ++c) {
            const auto id = picking::TriTriCase(c);
            const auto& info = picking::tri_tri_case_info(id);
            if (ImGui::Selectable(std::string(info.description).c_str(), current == id)) {
                lab.load_preset(id);
                replaced = true;
            }
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s\nseed 003: %.4f us per test", std::string(info.name).c_str(),
                                  info.seed_microseconds);
        }
        ImGui::EndCombo();
    }
    glossary_tooltip("seed case");
    const picking::TriTriCase exact = lab.report().exact_case;
    if (exact != picking::TriTriCase::Degenerate && ImGui::Button("random pair of this case")) {
        lab.load_random(exact, ++state.random_count);
        replaced = true;
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("A generated pair of the current case, as the benchmark uses them");
    ImGui::SameLine();
    if (ImGui::Button("swap V and Q")) lab.swap_triangles();
    return replaced;
}

void draw_corners(TriangleLab& lab) {
    static const char* const kNames[6] = {"V0", "V1", "V2", "Q0", "Q1", "Q2"};
    for (int i = 0; i < 6; ++i) {
        glm::vec3 p = lab.corner(i);
        ImGui::PushStyleColor(ImGuiCol_Text, color(i < 3 ? kLabColorV : kLabColorQ));
        ImGui::SetNextItemWidth(-40.0f);
        if (ImGui::DragFloat3(kNames[i], &p.x, 0.02f, 0.0f, 0.0f, "%.3f")) lab.set_corner(i, p);
        ImGui::PopStyleColor();
    }
    wrapped_note("drag a corner's label in the view to move it in the screen plane");
}

// == Answers

void draw_answers(const TriangleLab& lab) {
    const LabReport& r = lab.report();
    const auto& info = picking::tri_tri_case_info(r.exact_case);
    ImGui::Text("exact case: %s", std::string(info.description).c_str());
    if (r.exact_case != picking::TriTriCase::Degenerate)
        wrapped_note("%s  |  distance to touching %.3g (%s)", std::string(info.name).c_str(),
                     r.distance_to_touching, info.intersecting ? "depth to pull apart" : "gap");
    if (!begin_table("answers", 3)) return;
    ImGui::TableSetupColumn("algorithm");
    ImGui::TableSetupColumn("answer");
    // The step's name wraps in what is left of a narrow Inspector rather than being cut.
    ImGui::TableSetupColumn("decided by", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (const LabAnswer& a : r.answers) {
        const bool hit = a.contact.has_value();
        text_cell("%s", std::string(a.algorithm->name).c_str());
        ImGui::TableNextColumn();
        const bool wrong =
            hit != info.intersecting && r.exact_case != picking::TriTriCase::Degenerate;
        ImGui::TextColored(wrong ? ImVec4(1, 0.35f, 0.35f, 1) : ImVec4(0.6f, 1, 0.6f, 1), "%s%s",
                           hit ? "intersect" : "apart", wrong ? "  (differs from exact)" : "");
        std::string_view step;
        switch (a.algorithm->method) {
            case picking::TriTriMethod::Seed003:
                step = picking::step_name(r.seed003.decided_by);
                break;
            case picking::TriTriMethod::Moller97:
                step = picking::step_name(r.moller97.decided_by);
                break;
            case picking::TriTriMethod::GuigueDevillers:
            case picking::TriTriMethod::Exact:
                step = picking::step_name(r.guigue_devillers.decided_by);
                break;
        }
        ImGui::TableNextColumn();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(step.data(), step.data() + step.size());
        ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
    for (const LabAnswer& a : r.answers)
        if (a.algorithm->method == picking::TriTriMethod::Exact && a.contact) {
            if (a.contact->coplanar)
                wrapped_note("they overlap in an area of one plane");
            else
                wrapped_note("segment %s  ->  %s", vec_text(a.contact->segment.a).c_str(),
                             vec_text(a.contact->segment.b).c_str());
        }
}

// == Seed 003: c_i, T0 T1, (a, b), and the unit triangle in (a, b)

/// The points in (a, b) against the unit triangle, with the seed's four axes in mind.
void draw_ab_plot(const picking::Seed003Trace& t) {
    // Step 3's verdict above the picture, where it hides none of the points.
    if (!t.separating_axis.empty())
        ImGui::TextColored(ImVec4(1.0f, 0.47f, 0.47f, 1.0f), "separated on: %s",
                           std::string(t.separating_axis).c_str());
    else if (t.decided_by == picking::Seed003Step::Step3)
        ImGui::TextColored(ImVec4(0.47f, 1.0f, 0.55f, 1.0f), "no separating axis: intersect");
    const float size = std::min(ImGui::GetContentRegionAvail().x, 260.0f);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("ab plot", ImVec2(size, size));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(origin, ImVec2(origin.x + size, origin.y + size), true);
    draw->AddRectFilled(origin, ImVec2(origin.x + size, origin.y + size),
                        IM_COL32(24, 26, 30, 255));

    // Frame the unit triangle and the points, a little margin around.
    glm::vec2 lo(0.0f), hi(1.0f);
    for (int i = 0; i < t.point_count; ++i)
        if (std::isfinite(t.ab[i].x) && std::isfinite(t.ab[i].y)) {
            lo = glm::min(lo, t.ab[i]);
            hi = glm::max(hi, t.ab[i]);
        }
    const float span = std::max(hi.x - lo.x, hi.y - lo.y) * 1.15f + 1e-6f;
    const glm::vec2 centre = 0.5f * (lo + hi);
    const auto to_screen = [&](glm::vec2 ab) {
        const glm::vec2 u = (ab - centre) / span + 0.5f;  // 0..1, b up
        return ImVec2(origin.x + u.x * size, origin.y + (1.0f - u.y) * size);
    };
    // Axes a = 0 and b = 0.
    draw->AddLine(to_screen({lo.x - span, 0}), to_screen({hi.x + span, 0}),
                  IM_COL32(90, 90, 90, 255));
    draw->AddLine(to_screen({0, lo.y - span}), to_screen({0, hi.y + span}),
                  IM_COL32(90, 90, 90, 255));
    draw->AddTriangleFilled(to_screen({0, 0}), to_screen({1, 0}), to_screen({0, 1}),
                            color(kLabColorV, 0.45f));
    draw->AddTriangle(to_screen({0, 0}), to_screen({1, 0}), to_screen({0, 1}), color(kLabColorV),
                      2.0f);
    const ImVec2 corner(origin.x + size, origin.y + size);
    picture_label(draw, to_screen({1, 0}), IM_COL32(200, 200, 200, 255), "V1'", origin, corner);
    picture_label(draw, to_screen({0, 1}), IM_COL32(200, 200, 200, 255), "V2'", origin, corner);
    picture_label(draw, to_screen({0, 0}), IM_COL32(200, 200, 200, 255), "V0'", origin, corner);

    if (t.point_count >= 2) {
        for (int i = 0; i < t.point_count; ++i) {
            const int j = (i + 1) % t.point_count;
            if (t.point_count == 2 && i == 1) break;
            draw->AddLine(to_screen(t.ab[i]), to_screen(t.ab[j]), color(kLabColorQ), 2.5f);
        }
    }
    for (int i = 0; i < t.point_count; ++i) {
        draw->AddCircleFilled(to_screen(t.ab[i]), 4.0f, color(kLabColorQ));
        char label[16];
        std::snprintf(label, sizeof label, "T%d'", i);
        picture_label(draw, to_screen(t.ab[i]), IM_COL32(255, 220, 180, 255), label, origin,
                      corner);
    }
    draw->PopClipRect();
}

void draw_seed003(const picking::Seed003Trace& t) {
    ImGui::Text("p0 x p1 = %s", vec_text(t.normal).c_str());
    wrapped_note("|p0,p1,X| = (p0 x p1).X: four dot products (Q0, Q1, Q2, V0)");
    if (begin_table("seed c", 5)) {
        ImGui::TableSetupColumn("edge");
        ImGui::TableSetupColumn("|p0,p1,Qi-V0|");
        ImGui::TableSetupColumn("|p0,p1,qi|");
        ImGui::TableSetupColumn("c_i");
        ImGui::TableSetupColumn("in [0,1]");
        ImGui::TableHeadersRow();
        for (int i = 0; i < 3; ++i) {
            text_cell("q%d = Q%d->Q%d", i, i, (i + 1) % 3);
            text_cell("%.5g", double(t.d[i]));
            text_cell("%.5g", double(t.e[i]));
            text_cell("%.5g", double(t.c[i]));
            text_cell("%s", t.c[i] >= 0.0f && t.c[i] <= 1.0f ? "yes" : "no");
        }
        ImGui::EndTable();
    }
    if (t.parallel)
        ImGui::Text("special case: %s", t.coplanar ? "coplanar (Q's corners are the points)"
                                                   : "parallel, not coplanar");
    static const char* const kAxes = "xyz";
    ImGui::Text("2D rows: the two without %c (largest |n_k|)",
                kAxes[std::clamp(t.drop_axis, 0, 2)]);
    if (t.point_count > 0 && begin_table("seed points", 4)) {
        ImGui::TableSetupColumn("point");
        ImGui::TableSetupColumn("position");
        ImGui::TableSetupColumn("(a, b)");
        ImGui::TableSetupColumn("inside V");
        ImGui::TableHeadersRow();
        for (int i = 0; i < t.point_count; ++i) {
            text_cell("T%d", i);
            text_cell("%s", vec_text(t.points[i]).c_str());
            text_cell("(%.4g, %.4g)", double(t.ab[i].x), double(t.ab[i].y));
            const bool inside =
                t.ab[i].x >= 0.0f && t.ab[i].y >= 0.0f && t.ab[i].x + t.ab[i].y <= 1.0f;
            text_cell("%s", inside ? "yes" : "no");
        }
        ImGui::EndTable();
    }
    ImGui::Text("decided by: %s", std::string(picking::step_name(t.decided_by)).c_str());
}

// == Möller 97: distances and the two intervals

void draw_intervals(const picking::Moller97Trace& t) {
    const float width = std::min(ImGui::GetContentRegionAvail().x, 400.0f), height = 46.0f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("intervals", ImVec2(width, height));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float lo = std::min(t.interval_v[0], t.interval_q[0]);
    const float hi = std::max(t.interval_v[1], t.interval_q[1]);
    const float span = std::max(hi - lo, 1e-6f);
    const auto x = [&](float at) { return origin.x + 10.0f + (at - lo) / span * (width - 20.0f); };
    draw->AddLine(ImVec2(origin.x, origin.y + height * 0.5f),
                  ImVec2(origin.x + width, origin.y + height * 0.5f), IM_COL32(90, 90, 90, 255));
    draw->AddRectFilled(ImVec2(x(t.interval_v[0]), origin.y + 6),
                        ImVec2(x(t.interval_v[1]) + 1.0f, origin.y + 20), color(kLabColorV));
    draw->AddRectFilled(ImVec2(x(t.interval_q[0]), origin.y + 26),
                        ImVec2(x(t.interval_q[1]) + 1.0f, origin.y + 40), color(kLabColorQ));
}

void draw_moller97(const picking::Moller97Trace& t) {
    if (begin_table("moller d", 3)) {
        ImGui::TableSetupColumn("corner");
        ImGui::TableSetupColumn("du (Q to V's plane)");
        ImGui::TableSetupColumn("dv (V to Q's plane)");
        ImGui::TableHeadersRow();
        for (int i = 0; i < 3; ++i) {
            text_cell("%d", i);
            text_cell("%.5g", double(t.distance_q[i]));
            text_cell("%.5g", double(t.distance_v[i]));
        }
        ImGui::EndTable();
    }
    ImGui::Text("D = N1 x N2 = %s", vec_text(t.line_direction).c_str());
    if (t.decided_by == picking::Moller97Step::Intervals) {
        static const char* const kAxes = "xyz";
        ImGui::Text("on %c: V [%.5g, %.5g]   Q [%.5g, %.5g]", kAxes[std::clamp(t.axis, 0, 2)],
                    double(t.interval_v[0]), double(t.interval_v[1]), double(t.interval_q[0]),
                    double(t.interval_q[1]));
    }
    ImGui::Text("decided by: %s", std::string(picking::step_name(t.decided_by)).c_str());
}

// == Guigue–Devillers: orientation signs and the canonical form

void draw_guigue_devillers(const picking::GuigueDevillersTrace& t) {
    ImGui::Text("[V0,V1,V2,Qi]: %s %s %s     [Q0,Q1,Q2,Vi]: %s %s %s", sign_text(t.sign_q[0]),
                sign_text(t.sign_q[1]), sign_text(t.sign_q[2]), sign_text(t.sign_v[0]),
                sign_text(t.sign_v[1]), sign_text(t.sign_v[2]));
    if (t.decided_by == picking::GuigueDevillersStep::Interval) {
        ImGui::Text("canonical: p1 q1 r1 = V%d V%d V%d,  p2 q2 r2 = Q%d Q%d Q%d", t.order_v[0],
                    t.order_v[1], t.order_v[2], t.order_q[0], t.order_q[1], t.order_q[2]);
        ImGui::Text("[p1,q1,p2,q2] = %s  (k <= j: %s)", sign_text(t.sign_k_before_j),
                    t.sign_k_before_j <= 0 ? "yes" : "no");
        ImGui::Text("[p1,r1,r2,p2] = %s  (i <= l: %s)", sign_text(t.sign_i_before_l),
                    t.sign_i_before_l <= 0 ? "yes" : "no");
    }
    ImGui::Text("decided by: %s", std::string(picking::step_name(t.decided_by)).c_str());
}

}  // namespace

TriangleLabPanelAction draw_triangle_lab_panel(TriangleLab& lab, TriangleLabPanelState& state) {
    TriangleLabPanelAction action;
    action.frame = draw_presets(lab, state);
    draw_corners(lab);
    ImGui::Separator();
    draw_answers(lab);
    const LabReport& r = lab.report();
    if (ImGui::CollapsingHeader("seed 003", ImGuiTreeNodeFlags_DefaultOpen))
        draw_seed003(r.seed003);
    if (ImGui::CollapsingHeader("Moller 97: intervals", ImGuiTreeNodeFlags_DefaultOpen))
        draw_moller97(r.moller97);
    if (ImGui::CollapsingHeader("Guigue-Devillers: orientations", ImGuiTreeNodeFlags_DefaultOpen))
        draw_guigue_devillers(r.guigue_devillers);
    return action;
}

void draw_triangle_lab_pictures(const TriangleLab& lab) {
    // V's unit triangle in (a, b) with seed 003's points, and Möller's intervals, side by side.
    const LabReport& r = lab.report();
    if (ImGui::BeginTable("pictures", 2, ImGuiTableFlags_SizingStretchSame)) {
        ImGui::TableNextColumn();
        wrapped_note("seed 003: V's plane in (a, b), where V is the unit triangle");
        if (r.seed003.point_count > 0)
            draw_ab_plot(r.seed003);
        else
            wrapped_note("(no crossing points: %s)",
                         std::string(picking::step_name(r.seed003.decided_by)).c_str());
        ImGui::TableNextColumn();
        wrapped_note("Moller 97: V's and Q's stretches of the planes' common line");
        if (r.moller97.decided_by == picking::Moller97Step::Intervals)
            draw_intervals(r.moller97);
        else
            wrapped_note("(no intervals: %s)",
                         std::string(picking::step_name(r.moller97.decided_by)).c_str());
        ImGui::EndTable();
    }
}

}  // namespace app
