// Tools > Sphere forms: the four forms of seed 002's ray–sphere quadratic beside the exact
// solve, as a table at one setting and as a log-log plot of error against distance / radius.

#include "app/viewer/panels/sphere_forms_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/core/sphere_forms_json.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

using picking::kSphereAlgorithms;
using picking::kSphereFormCount;

// The plot's axes: log10 of the error in ULPs, and of distance / radius.
constexpr double kLowestUlps = -2.0, kHighestUlps = 4.0;
constexpr double kMaxOffset = 0.99;

ImU32 form_color(std::size_t form, float alpha = 1.0f) {
    const glm::vec4 c = kSphereFormColors[form];
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a * alpha));
}

void cell(const char* format, ...) IM_FMTARGS(1);
void cell(const char* format, ...) {
    ImGui::TableNextColumn();
    va_list args;
    va_start(args, format);
    ImGui::TextV(format, args);
    va_end(args);
}

/// An error in ULPs: whole numbers from 10 up, two digits below.
void ulps_cell(double ulps) {
    if (ulps >= 10.0)
        cell("%.0f", ulps);
    else
        cell("%.2g", ulps);
}

/// Grey text that wraps at the edge of its window.
void note(const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
}

/// Each form's formula as the seed writes it (and Ray Tracing Gems for the precise one).
const char* formula(picking::SphereForm form) {
    switch (form) {
        case picking::SphereForm::Quadratic:
            return "seed 002's quadratic: t = (-b -+ sqrt(b^2 - 4ac)) / 2a,\n"
                   "discriminant b^2 - 4ac";
        case picking::SphereForm::HalfB:
            return "seed 002 with h = b/2: t = (-h -+ sqrt(h^2 - ac)) / a,\n"
                   "discriminant h^2 - ac (the same cancellation, a quarter of the size)";
        case picking::SphereForm::UnitDirection:
            return "seed 002's last step, for a unit direction (a = 1):\n"
                   "t = -h -+ sqrt(h^2 - c), discriminant h^2 - c";
        case picking::SphereForm::Precise:
            break;
    }
    return "Ray Tracing Gems ch. 7: discriminant r^2 - |f_perp|^2, where f_perp is the part of\n"
           "f = O - C across the ray (no difference of two huge squares); the far root q / a and\n"
           "the near one c / q, with q = -(h + sign(h) sqrt(a disc)) (no -b + sqrt cancelling)";
}

void update(SphereFormsPanelState& state) {
    const bool sweep_stale = !state.computed || state.sweep.offset != state.offset;
    if (sweep_stale) state.sweep = picking::sweep_sphere_forms(state.offset);
    if (sweep_stale || state.point.ratio != state.ratio || state.point.offset != state.offset)
        state.point = picking::study_sphere_forms(state.ratio, state.offset);
    state.computed = true;
}

void draw_controls(SphereFormsPanelState& state) {
    const double min_ratio = picking::kSphereStudyMinRatio;
    const double max_ratio = picking::kSphereStudyMaxRatio;
    ImGui::SetNextItemWidth(150.0f);
    ImGui::SliderScalar("distance / radius", ImGuiDataType_Double, &state.ratio, &min_ratio,
                        &max_ratio, "%.4g", ImGuiSliderFlags_Logarithmic);
    ui_probe::item("Sphere forms/distance");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "How far the ray starts from the sphere's centre, in radii\n"
            "(Ctrl+click to type a number)");
    ImGui::SameLine();
    const double no_offset = 0.0;
    ImGui::SetNextItemWidth(110.0f);
    ImGui::SliderScalar("offset / radius", ImGuiDataType_Double, &state.offset, &no_offset,
                        &kMaxOffset, "%.2f");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "How far from the centre the ray passes, in radii:\n"
            "0 through the centre, near 1 grazing the sphere");
    state.ratio = std::clamp(state.ratio, min_ratio, max_ratio);
    state.offset = std::clamp(state.offset, 0.0, kMaxOffset);
}

void draw_names(const picking::SpherePointStudy& p) {
    ImGui::Text("Seed 002's names, in float:  a = D\u00b7D = %.8g   b = 2(O-C)\u00b7D = %.8g",
                double(p.names.a), double(p.names.b));
    ImGui::Text("h = b/2 = %.8g   c = |O-C|\u00b2 - R\u00b2 = %.8g", double(p.names.h),
                double(p.names.c));
}

void draw_table(const picking::SpherePointStudy& p) {
    if (!ImGui::BeginTable(
            "sphere forms", 7,
            ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
        return;
    ImGui::TableSetupColumn("form");
    ImGui::TableSetupColumn("discriminant");
    ImGui::TableSetupColumn("rel. error");
    ImGui::TableSetupColumn("t near");
    ImGui::TableSetupColumn("ULPs");
    ImGui::TableSetupColumn("t far");
    ImGui::TableSetupColumn("ULPs##far");
    ImGui::TableHeadersRow();
    const ImVec4 miss_color(1.0f, 0.35f, 0.35f, 1.0f);
    for (std::size_t i = 0; i < kSphereFormCount; ++i) {
        const picking::SphereFormGrade& g = p.forms[i];
        ImGui::TableNextColumn();
        ImGui::PushStyleColor(ImGuiCol_Text, form_color(i));
        ImGui::TextUnformatted(std::string(kSphereAlgorithms[i].name).c_str());
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", formula(kSphereAlgorithms[i].form));
        if (!g.hit) {
            ImGui::TableNextColumn();
            ImGui::TextColored(miss_color, "%.4g < 0", double(g.discriminant));
            ImGui::TableNextColumn();
            ImGui::TableNextColumn();
            ImGui::TextColored(miss_color, "miss");
            ImGui::TableNextColumn();
            ImGui::TextColored(miss_color, "the exact solve hits");
            continue;
        }
        cell("%.6g", double(g.discriminant));
        cell("%.2g", std::abs(double(g.discriminant) - g.exact_discriminant) /
                         std::abs(g.exact_discriminant));
        cell("%.9g", double(g.t_near));
        ulps_cell(g.ulps_near);
        cell("%.9g", double(g.t_far));
        ulps_cell(g.ulps_far);
    }
    cell("exact solve");
    glossary_tooltip("exact solve");
    cell("%.6g", p.exact.discriminant.value());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "h^2 - ac; each form's own is compared with the same scaled:\n"
            "b^2 - 4ac = 4 (h^2 - ac), r^2 - |f_perp|^2 = (h^2 - ac) / a");
    ImGui::TableNextColumn();
    cell("%.10g", p.exact.t_near.value());
    ImGui::TableNextColumn();
    cell("%.10g", p.exact.t_far.value());
    ImGui::EndTable();
}

/// Where a value lands on a log axis from lo to hi (log10) over [from, to] pixels.
float log_axis(double value, double lo, double hi, float from, float to) {
    const double at = (std::log10(value) - lo) / (hi - lo);
    return from + float(std::clamp(at, 0.0, 1.0)) * (to - from);
}

void draw_plot(SphereFormsPanelState& state) {
    ImGui::TextUnformatted("Error in ULPs of");
    ImGui::SameLine();
    if (ImGui::RadioButton("t near", !state.plot_far)) state.plot_far = false;
    ImGui::SameLine();
    if (ImGui::RadioButton("t far", state.plot_far)) state.plot_far = true;
    glossary_marker("ULP");
    // The legend, above the curves (inside, it would hide some of them).
    for (std::size_t f = 0; f < kSphereFormCount; ++f) {
        if (f > 0) ImGui::SameLine(0.0f, 10.0f);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float h = ImGui::GetTextLineHeight();
        ImGui::GetWindowDrawList()->AddRectFilled(
            ImVec2(at.x, at.y + 3.0f), ImVec2(at.x + 12.0f, at.y + h - 3.0f), form_color(f));
        ImGui::Dummy(ImVec2(14.0f, h));
        ImGui::SameLine(0.0f, 2.0f);
        ImGui::TextUnformatted(std::string(kSphereAlgorithms[f].name).c_str());
    }

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 size(std::max(avail.x, 200.0f), std::max(avail.y, 120.0f));
    ImGui::InvisibleButton("sphere forms plot", size);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Each form's error at each distance (log scales), for the offset set.\n"
            "Dashed: half an ULP, what rounding the exact root to a float costs.\n"
            "Crosses on top: the form missed a sphere the exact solve hits.\n"
            "White line: the table's distance.\n"
            "Past about 10^4 radii the whole sphere spans only a few ULPs of t:\n"
            "the lost discriminant then costs about a radius, fewer ULPs.");
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 end(origin.x + size.x, origin.y + size.y);
    draw->AddRectFilled(origin, end, IM_COL32(24, 26, 30, 255));
    const float text_h = ImGui::GetTextLineHeight();
    // The frame of the curves: tick labels left and below, the miss strip on top.
    const float left = origin.x + ImGui::CalcTextSize("1000").x + 8.0f;
    const float right = end.x - 10.0f;
    const float strip = origin.y + 4.0f + text_h;  // misses are marked above this line
    const float top = strip + 4.0f;
    const float bottom = end.y - text_h - 6.0f;
    state.plot_rect = {left, top, right, bottom};
    const double x_lo = std::log10(picking::kSphereStudyMinRatio);
    const double x_hi = std::log10(picking::kSphereStudyMaxRatio);
    const auto x_at = [&](double ratio) { return log_axis(ratio, x_lo, x_hi, left, right); };
    const auto y_at = [&](double ulps) {
        return log_axis(std::max(ulps, std::pow(10.0, kLowestUlps)), kLowestUlps, kHighestUlps,
                        bottom, top);
    };
    const ImU32 grid = IM_COL32(60, 64, 72, 255), label = IM_COL32(170, 170, 170, 255);
    static const char* const kUlpLabels[] = {"0.01", "0.1", "1", "10", "100", "1000", "1e4"};
    for (int k = 0; k <= int(kHighestUlps - kLowestUlps); ++k) {
        const float y = y_at(std::pow(10.0, kLowestUlps + k));
        draw->AddLine(ImVec2(left, y), ImVec2(right, y), grid);
        const ImVec2 text = ImGui::CalcTextSize(kUlpLabels[k]);
        draw->AddText(ImVec2(left - text.x - 4.0f, y - text.y * 0.5f), label, kUlpLabels[k]);
    }
    static const char* const kRatioLabels[] = {"10", "100", "1e3", "1e4", "1e5", "1e6", "1e7"};
    for (int k = 1; k <= 7; ++k) {
        const float x = x_at(std::pow(10.0, k));
        draw->AddLine(ImVec2(x, top), ImVec2(x, bottom), grid);
        const ImVec2 text = ImGui::CalcTextSize(kRatioLabels[k - 1]);
        draw->AddText(ImVec2(std::min(x - text.x * 0.5f, right - text.x), bottom + 3.0f), label,
                      kRatioLabels[k - 1]);
    }
    draw->AddText(ImVec2(left + 2.0f, bottom + 3.0f), label, "2");
    // Half an ULP: what rounding the exact root to a float costs, the best any form can do.
    const float half = y_at(0.5);
    for (float x = left; x < right; x += 8.0f)
        draw->AddLine(ImVec2(x, half), ImVec2(std::min(x + 4.0f, right), half),
                      IM_COL32(150, 150, 150, 255));
    draw->AddText(ImVec2(left - ImGui::CalcTextSize("0.5").x - 4.0f, half - 3.0f),
                  IM_COL32(150, 150, 150, 255), "0.5");
    const char* axis = "distance / radius";
    const ImVec2 axis_size = ImGui::CalcTextSize(axis);
    draw->AddText(ImVec2(right - axis_size.x - 2.0f, bottom - axis_size.y - 2.0f), label, axis);
    draw->AddText(ImVec2(origin.x + 4.0f, origin.y + 2.0f), IM_COL32(255, 110, 110, 255), "miss");

    // The curves: thick under thin, so that forms that err alike all stay visible.
    static constexpr float kThickness[kSphereFormCount] = {6.0f, 3.5f, 1.5f, 2.0f};
    draw->PushClipRect(origin, end, true);
    for (std::size_t f = 0; f < kSphereFormCount; ++f) {
        std::vector<ImVec2> run;
        int drawn = 0, misses = 0;
        const auto flush = [&] {
            if (run.size() >= 2)
                draw->AddPolyline(run.data(), int(run.size()), form_color(f), ImDrawFlags_None,
                                  kThickness[f]);
            run.clear();
        };
        for (const picking::SpherePointStudy& p : state.sweep.points) {
            const picking::SphereFormGrade& g = p.forms[f];
            if (!p.exact.hit) continue;
            if (!g.hit) {
                flush();
                const float x = x_at(p.ratio), y = strip - 5.0f - 3.0f * float(f);
                draw->AddLine(ImVec2(x - 3, y - 3), ImVec2(x + 3, y + 3), form_color(f), 2.0f);
                draw->AddLine(ImVec2(x - 3, y + 3), ImVec2(x + 3, y - 3), form_color(f), 2.0f);
                ++misses;
                continue;
            }
            run.push_back(ImVec2(x_at(p.ratio), y_at(state.plot_far ? g.ulps_far : g.ulps_near)));
            ++drawn;
        }
        flush();
        state.curve_points[f] = drawn;
        state.miss_marks[f] = misses;
    }
    // The setting of the table.
    const float now = x_at(state.ratio);
    draw->AddLine(ImVec2(now, strip), ImVec2(now, bottom), IM_COL32(235, 235, 235, 200), 1.5f);
    draw->PopClipRect();
}

}  // namespace

void draw_sphere_forms_panel(SphereFormsPanelState& state) {
    state.shown = true;
    update(state);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float table_width = std::min(std::max(avail.x * 0.585f, 430.0f), 620.0f);
    if (ImGui::BeginChild("sphere forms numbers", ImVec2(table_width, 0.0f))) {
        draw_controls(state);
        update(state);
        draw_names(state.point);
        draw_table(state.point);
        note(
            "A ray from 'distance' radii away passes 'offset' radii from the sphere's centre. "
            "ULPs: how many floats lie between a form's t and the exact root. Far away b\u00b2 "
            "and 4ac agree in almost every digit, so the discriminant, their difference, is "
            "mostly rounding (cancellation); the precise form computes it as r\u00b2 - "
            "|f_perp|\u00b2 and keeps it. The white line in the plot: this distance.");
        glossary_tooltip("cancellation");
    }
    ImGui::EndChild();
    ImGui::SameLine();
    if (ImGui::BeginChild("sphere forms plot")) draw_plot(state);
    ImGui::EndChild();
}

nlohmann::ordered_json sphere_forms_report(const SphereFormsPanelState& state) {
    nlohmann::ordered_json j = sphere_point_json(state.point);
    j["worst"] = sphere_worst_json(state.sweep);
    j["sweep_points"] = state.sweep.points.size();
    j["plot"] = {{"rect", state.plot_rect},
                 {"root", state.plot_far ? "far" : "near"},
                 {"curve_points", state.curve_points},
                 {"miss_marks", state.miss_marks}};
    return j;
}

}  // namespace app
