#include "app/viewer/panels/slab_lab_panel.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

constexpr std::array<const char*, 3> kAxisNames = {"x", "y", "z"};
constexpr std::array<glm::vec4, 3> kAxisColors = {kSlabColorX, kSlabColorY, kSlabColorZ};
const glm::vec4 kEnterColor{1.00f, 0.85f, 0.25f, 1.0f};
const glm::vec4 kExitColor{1.00f, 0.45f, 0.85f, 1.0f};
const glm::vec4 kHitColor{0.35f, 0.90f, 0.45f, 1.0f};
const glm::vec4 kMissColor{1.00f, 0.45f, 0.40f, 1.0f};

ImU32 color(glm::vec4 c, float alpha = 1.0f) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a * alpha));
}

void wrapped(const std::string& text, bool grey = false) {
    if (grey) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    if (grey) ImGui::PopStyleColor();
}

// == Left column: presets, lesson, inputs

void draw_inputs(SlabLab& lab, SlabLabPanelState& state) {
    const SlabPreset* current = lab.preset();
    ImGui::SetNextItemWidth(-1.0f);
    const std::string label = current ? std::string(current->title) : "(edited by hand)";
    if (ImGui::BeginCombo("##preset", label.c_str())) {
        for (const SlabPreset& preset : slab_presets()) {
            if (ImGui::Selectable(std::string(preset.title).c_str(), current == &preset)) {
                lab.load_preset(preset.name);
                state.refused_edit = false;
            }
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("--slab-preset %.*s", int(preset.name.size()),
                                  preset.name.data());
        }
        ImGui::EndCombo();
    }
    ui_probe::item("Slab lab/preset");
    glossary_tooltip("slab test");
    if (lab.preset()) wrapped(std::string(lab.preset()->lesson));
    ImGui::Spacing();
    SlabLabInput in = lab.input();
    bool changed = false;
    ImGui::PushItemWidth(-92.0f);
    changed |= ImGui::InputFloat3("origin O", &in.origin.x, "%g");
    changed |= ImGui::InputFloat3("direction D", &in.direction.x, "%g");
    changed |= ImGui::InputFloat3("box min", &in.box_min.x, "%g");
    changed |= ImGui::InputFloat3("box max", &in.box_max.x, "%g");
    changed |= ImGui::InputFloat("eps", &in.eps, 0.0f, 0.0f, "%g");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Seed 002's slack: a hit needs t_exit + eps > t_enter (0.0001)");
    // Sliders on the lesson's axis, rounded to 0.01 as they move: they pass exactly through
    // D = 0 and through the planes, so the infinities and the NaN appear and vanish live.
    const int k = lab.focus_axis();
    const std::string axis = kAxisNames[std::size_t(k)];
    changed |= ImGui::SliderFloat(("slide O." + axis).c_str(), &in.origin[k], -2.0f, 2.0f, "%.2f");
    changed |=
        ImGui::SliderFloat(("slide D." + axis).c_str(), &in.direction[k], -1.0f, 1.0f, "%.2f");
    ImGui::PopItemWidth();
    if (changed) state.refused_edit = !lab.set_input(in);
    if (state.refused_edit)
        ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.4f, 1.0f),
                           "Numbers must be finite: inf and NaN come from the test itself.");
    wrapped(
        "Click a field and type: an exact 0 or a plane's exact coordinate is what makes "
        "the infinities and NaNs.",
        true);
}

// == Right of the inputs: the verdicts and the chart

void verdict(const char* who, bool hit, const std::string& why) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(who);
    ImGui::TableNextColumn();
    const glm::vec4 c = hit ? kHitColor : kMissColor;
    ImGui::TextColored(ImVec4(c.r, c.g, c.b, 1.0f), "%s", hit ? "hit" : "miss");
    ImGui::TableNextColumn();
    wrapped(why, true);
}

void draw_verdicts(const SlabLab& lab) {
    const SlabLabReport& r = lab.report();
    if (ImGui::BeginTable("verdicts", 3, ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("who");
        ImGui::TableSetupColumn("verdict");
        ImGui::TableSetupColumn("why", ImGuiTableColumnFlags_WidthStretch);
        verdict("seed 002", r.seed_hit, r.seed_why);
        verdict("robust", r.robust.has_value(), r.robust_why);
        verdict("exact", r.exact_hit, r.exact_why);
        ImGui::EndTable();
    }
    ui_probe::item("Slab lab/verdicts");
    if (r.seed_hit != r.exact_hit)
        ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1.0f),
                           "The seed's test is wrong here: it says %s, the exact answer is %s.",
                           r.seed_hit ? "hit" : "miss", r.exact_hit ? "hit" : "miss");
}

/// Hatched rectangle: a value that is not a number has no place on the t line.
void hatch(ImDrawList* draw, ImVec2 a, ImVec2 b, ImU32 c) {
    draw->PushClipRect(a, b, true);
    for (float x = a.x - (b.y - a.y); x < b.x; x += 6.0f)
        draw->AddLine(ImVec2(x, b.y), ImVec2(x + (b.y - a.y), a.y), c, 2.0f);
    draw->PopClipRect();
    draw->AddRect(a, b, c);
}

void draw_chart(const SlabLab& lab) {
    const SlabLabReport& r = lab.report();
    // The t range shown: every finite value of the slabs, and t = 0 (the origin) unless it is
    // so far off that the slabs would shrink to a pixel (a tiny box: the chart zooms in).
    float lo = INFINITY, hi = -INFINITY;
    const auto include = [&](float t) {
        if (!std::isfinite(t)) return;
        lo = std::min(lo, t);
        hi = std::max(hi, t);
    };
    for (const SlabAxis& s : r.axes) {
        include(s.near);
        include(s.far);
    }
    include(r.t_enter);
    include(r.t_exit);
    if (!(lo <= hi)) lo = hi = 0.0f;
    const float span = hi - lo;
    const bool zero_shown =
        !(span > 0.0f) || (lo - 4.0f * span <= 0.0f && 0.0f <= hi + 4.0f * span);
    if (zero_shown) include(0.0f);
    if (hi - lo < 1e-30f) hi = lo + 1.0f;
    const float margin = 0.12f * (hi - lo);
    lo -= margin;
    hi += margin;

    ImGui::TextDisabled("Along the ray (t): where each slab holds it, and where all three do%s",
                        zero_shown  ? ""
                        : lo > 0.0f ? " (zoomed in: t = 0 is far to the left)"
                                    : " (zoomed in: t = 0 is far to the right)");
    const float width = std::max(200.0f, ImGui::GetContentRegionAvail().x);
    const float row = ImGui::GetTextLineHeight() + 2.0f;
    const float height = row * 4.0f + ImGui::GetTextLineHeight() * 2.0f + 8.0f;
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(width, height));
    ui_probe::item("Slab lab/chart");
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float label_w = ImGui::CalcTextSize("in box ").x;
    const float x0 = p0.x + label_w, x1 = p0.x + width - 6.0f;
    const auto x_of = [&](float t) {
        if (std::isinf(t)) return t > 0 ? x1 : x0;
        return x0 + (x1 - x0) * (t - lo) / (hi - lo);
    };
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 grey = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    draw->AddRectFilled(ImVec2(x0, p0.y), ImVec2(x1, p0.y + row * 4.0f), IM_COL32(30, 30, 34, 255));
    // The three slabs, then where all three overlap.
    for (int k = 0; k < 3; ++k) {
        const SlabAxis& s = r.axes[std::size_t(k)];
        const float y = p0.y + row * float(k);
        const ImU32 c = color(kAxisColors[std::size_t(k)]);
        draw->AddText(ImVec2(p0.x, y + 2.0f), c, kAxisNames[std::size_t(k)]);
        const ImVec2 a(x0, y + 3.0f), b(x1, y + row - 3.0f);
        if (std::isnan(s.near) || std::isnan(s.far)) {
            hatch(draw, a, b, color(kAxisColors[std::size_t(k)]));
            const char* nan_text = "NaN: not a number, no place on the t line";
            const ImVec2 size = ImGui::CalcTextSize(nan_text);
            const ImVec2 at(0.5f * (x0 + x1 - size.x), y + 2.0f);
            draw->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y),
                                IM_COL32(30, 30, 34, 230));
            draw->AddText(at, text, nan_text);
            continue;
        }
        if (std::isinf(s.near) && std::isinf(s.far) && s.near == s.far) {
            // Both at the same infinity: by these numbers the ray is never in this slab (true
            // beside it; false on a plane, where the NaN was dropped).
            const bool dropped = std::isnan(s.t_at_min) || std::isnan(s.t_at_max);
            const std::string empty = "near = far = " + slab_number_text(s.near) +
                                      ": by these numbers never in this slab" +
                                      (dropped ? " (a NaN was dropped on the way)" : "");
            draw->AddText(ImVec2(x0 + 4.0f, y + 1.0f), c, empty.c_str());
            continue;
        }
        const float xa = x_of(s.near), xb = std::max(x_of(s.far), xa + 2.0f);
        draw->AddRectFilled(ImVec2(xa, a.y), ImVec2(xb, b.y), c);
        // An infinite end runs off the chart: say which infinity.
        if (std::isinf(s.near)) draw->AddText(ImVec2(x0 + 2.0f, y + 1.0f), IM_COL32_BLACK, "-inf");
        if (std::isinf(s.far)) {
            const float tw = ImGui::CalcTextSize("+inf").x;
            draw->AddText(ImVec2(x1 - tw - 2.0f, y + 1.0f), IM_COL32_BLACK, "+inf");
        }
    }
    const float y_box = p0.y + row * 3.0f;
    draw->AddText(ImVec2(p0.x, y_box + 2.0f), text, "in box");
    if (r.t_exit >= r.t_enter) {
        // [t_enter, t_exit]: filled when the seed takes it, outlined when its NaN rule or
        // t_exit <= 0 refuses it.
        const ImVec2 a(x_of(r.t_enter), y_box + 3.0f);
        const ImVec2 b(std::max(x_of(r.t_exit), a.x + 2.0f), y_box + row - 3.0f);
        if (r.seed_hit) {
            draw->AddRectFilled(a, b, IM_COL32(235, 235, 235, 255));
        } else {
            draw->AddRect(a, b, IM_COL32(235, 235, 235, 255), 0.0f, 0, 1.5f);
            const char* refused = r.saw_nan ? "refused: NaN" : "refused: t_exit <= 0";
            draw->AddText(ImVec2(b.x + 4.0f, y_box + 1.0f), color(kMissColor), refused);
        }
    } else if (std::isfinite(r.t_enter) && std::isfinite(r.t_exit) && r.t_exit < r.t_enter) {
        // The gap between leaving one slab and entering another: no point is in all three.
        hatch(draw, ImVec2(x_of(r.t_exit), y_box + 3.0f),
              ImVec2(std::max(x_of(r.t_enter), x_of(r.t_exit) + 2.0f), y_box + row - 3.0f),
              color(kMissColor));
        const std::string gap = "gap " + slab_number_text(r.t_enter - r.t_exit);
        const float gap_w = ImGui::CalcTextSize(gap.c_str()).x;
        float gx = x_of(r.t_enter) + 6.0f;
        if (gx + gap_w > x1) gx = x_of(r.t_exit) - 6.0f - gap_w;
        if (gx >= x0) draw->AddText(ImVec2(gx, y_box + 1.0f), color(kMissColor), gap.c_str());
    }
    // t = 0 (the origin), t_enter, t_exit.
    const float bottom = p0.y + row * 4.0f;
    const float line_h = ImGui::GetTextLineHeight();
    if (zero_shown) {
        const float zx = x_of(0.0f);
        for (float y = p0.y; y < bottom; y += 6.0f)
            draw->AddLine(ImVec2(zx, y), ImVec2(zx, std::min(y + 3.0f, bottom)), text);
        draw->AddText(ImVec2(zx - ImGui::CalcTextSize("0").x * 0.5f, bottom + 1.0f), text, "0");
    }
    const auto marker = [&](float t, glm::vec4 c, const char* name, float label_row) {
        if (!std::isfinite(t)) return;
        const float x = x_of(t);
        draw->AddLine(ImVec2(x, p0.y), ImVec2(x, bottom + line_h * label_row), color(c), 2.0f);
        const std::string label = std::string(name) + " " + slab_number_text(t);
        const float w = ImGui::CalcTextSize(label.c_str()).x;
        const float lx = std::clamp(x - 0.5f * w, p0.x, x1 - w);
        draw->AddText(ImVec2(lx, bottom + line_h * label_row), color(c), label.c_str());
    };
    marker(r.t_enter, kEnterColor, "t_enter", 1.0f);
    marker(r.t_exit, kExitColor, "t_exit", 0.0f);
    if (!std::isfinite(r.t_enter) || !std::isfinite(r.t_exit)) {
        const std::string t =
            "t_enter " + slab_number_text(r.t_enter) + ", t_exit " + slab_number_text(r.t_exit);
        draw->AddText(ImVec2(x0, bottom + line_h), grey, t.c_str());
    }
}

/// What seed 002 says of its rule (and of NaN when one is on screen), in its words and ours.
void draw_seed_quote(const SlabLab& lab) {
    const bool nan = lab.report().saw_nan;
    const std::string_view original = nan ? kSeedNanQuote : kSeedSlabRuleQuote;
    const std::string_view english = nan ? kSeedNanEnglish : kSeedSlabRuleEnglish;
    wrapped("Seed 002: " + std::string(original), true);
    wrapped("(\"" + std::string(english) +
                "\" Its code writes t_exit > 0 && t_exit + eps > "
                "t_enter, with eps = 0.0001.)",
            true);
}

// == Under the chart: the table and the picture

void draw_axis_table(const SlabLab& lab) {
    const SlabLabReport& r = lab.report();
    const int focus = lab.preset() ? lab.preset()->axis : -1;
    if (ImGui::BeginTable("slabs", 5,
                          ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg |
                              ImGuiTableFlags_BordersInnerV)) {
        ImGui::TableSetupColumn("slab");
        ImGui::TableSetupColumn("t at min");
        ImGui::TableSetupColumn("t at max");
        ImGui::TableSetupColumn("near");
        ImGui::TableSetupColumn("far");
        ImGui::TableHeadersRow();
        for (int k = 0; k < 3; ++k) {
            const SlabAxis& s = r.axes[std::size_t(k)];
            ImGui::TableNextRow();
            if (k == focus)
                ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(90, 80, 30, 120));
            ImGui::TableNextColumn();
            const glm::vec4 c = kAxisColors[std::size_t(k)];
            ImGui::TextColored(ImVec4(c.r, c.g, c.b, 1.0f), "%s", kAxisNames[std::size_t(k)]);
            for (const float t : {s.t_at_min, s.t_at_max, s.near, s.far}) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(slab_number_text(t).c_str());
            }
        }
        ImGui::EndTable();
    }
    wrapped(
        "Each plane: t = (P' - O) / D. near, far: the smaller and larger of the two. "
        "t_enter = max of the nears, t_exit = min of the fars.",
        true);
    for (int k = 0; k < 3; ++k) {
        const SlabAxis& s = r.axes[std::size_t(k)];
        for (const std::string* note : {&s.near_note, &s.far_note}) {
            if (note->empty()) continue;
            if (note == &s.far_note && s.far_note == s.near_note) continue;
            const glm::vec4 c = kAxisColors[std::size_t(k)];
            ImGui::TextColored(ImVec4(c.r, c.g, c.b, 1.0f), "%s %s:", kAxisNames[std::size_t(k)],
                               note == &s.near_note ? "near" : "far");
            ImGui::SameLine();
            wrapped(*note);
        }
    }
}

void draw_picture(const SlabLab& lab, SlabLabPanelState& state) {
    const SlabLabInput& in = lab.input();
    const SlabLabReport& r = lab.report();
    const int a = (state.picture_axis + 1) % 3, b = (state.picture_axis + 2) % 3;
    ImGui::TextUnformatted("Look along");
    for (int k = 0; k < 3; ++k) {
        ImGui::SameLine();
        ImGui::RadioButton(kAxisNames[std::size_t(k)], &state.picture_axis, k);
    }
    // How far along the ray to draw: past the exit, or past the box when it misses.
    float t_show = 1.0f;
    for (const float t : {r.t_enter, r.t_exit})
        if (std::isfinite(t)) t_show = std::max(t_show, 1.3f * t);
    const glm::vec3 end = in.origin + t_show * in.direction;
    float lo_a = std::min({in.box_min[a], in.origin[a], end[a]});
    float hi_a = std::max({in.box_max[a], in.origin[a], end[a]});
    float lo_b = std::min({in.box_min[b], in.origin[b], end[b]});
    float hi_b = std::max({in.box_max[b], in.origin[b], end[b]});
    const float span = std::max({hi_a - lo_a, hi_b - lo_b, 1e-12f});
    lo_a -= 0.08f * span, hi_a += 0.08f * span, lo_b -= 0.08f * span, hi_b += 0.08f * span;

    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float w = std::max(120.0f, avail.x), h = std::max(100.0f, avail.y - 4.0f);
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(w, h));
    ui_probe::item("Slab lab/picture");
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(p0, ImVec2(p0.x + w, p0.y + h), true);
    draw->AddRectFilled(p0, ImVec2(p0.x + w, p0.y + h), IM_COL32(30, 30, 34, 255));
    const float scale = std::min(w / (hi_a - lo_a), h / (hi_b - lo_b));
    const float cx = p0.x + 0.5f * w, cy = p0.y + 0.5f * h;
    const float ma = 0.5f * (lo_a + hi_a), mb = 0.5f * (lo_b + hi_b);
    const auto at = [&](float u, float v) {
        return ImVec2(cx + (u - ma) * scale, cy - (v - mb) * scale);
    };
    // The two slabs as bands; the box is where they cross.
    draw->AddRectFilled(ImVec2(at(in.box_min[a], 0).x, p0.y),
                        ImVec2(at(in.box_max[a], 0).x, p0.y + h),
                        color(kAxisColors[std::size_t(a)], 0.22f));
    draw->AddRectFilled(ImVec2(p0.x, at(0, in.box_max[b]).y),
                        ImVec2(p0.x + w, at(0, in.box_min[b]).y),
                        color(kAxisColors[std::size_t(b)], 0.22f));
    draw->AddRect(at(in.box_min[a], in.box_max[b]), at(in.box_max[a], in.box_min[b]),
                  IM_COL32(235, 235, 235, 255), 0.0f, 0, 1.5f);
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    draw->AddText(ImVec2(at(in.box_min[a], 0).x + 2.0f, p0.y + 2.0f),
                  color(kAxisColors[std::size_t(a)]),
                  (std::string(kAxisNames[std::size_t(a)]) + " slab").c_str());
    draw->AddText(ImVec2(p0.x + 2.0f, at(0, in.box_min[b]).y - ImGui::GetTextLineHeight() - 1.0f),
                  color(kAxisColors[std::size_t(b)]),
                  (std::string(kAxisNames[std::size_t(b)]) + " slab").c_str());
    // The ray from its origin.
    const ImVec2 o = at(in.origin[a], in.origin[b]);
    const ImVec2 e = at(end[a], end[b]);
    draw->AddLine(o, e, text, 1.5f);
    draw->AddCircleFilled(o, 4.0f, text);
    draw->AddText(ImVec2(o.x + 5.0f, o.y + 2.0f), text, "O");
    const auto dot = [&](float t, glm::vec4 c) {
        if (!std::isfinite(t)) return;
        const glm::vec3 p = in.origin + t * in.direction;
        draw->AddCircleFilled(at(p[a], p[b]), 4.0f, color(c));
    };
    dot(r.t_enter, kEnterColor);
    dot(r.t_exit, kExitColor);
    if (in.direction[a] == 0.0f && in.direction[b] == 0.0f)
        draw->AddText(ImVec2(p0.x + 4.0f, p0.y + h - ImGui::GetTextLineHeight() - 2.0f), text,
                      "The ray runs along the axis you look along: seen end-on.");
    draw->PopClipRect();
}

}  // namespace

void draw_slab_lab_panel(SlabLab& lab, SlabLabPanelState& state) {
    // Left: what to try (presets, the lesson, the numbers). Right: the verdicts and the chart
    // across the whole width, then the table and the picture side by side.
    const float left_w = 290.0f;
    if (ImGui::BeginChild("slab inputs", ImVec2(left_w, 0.0f))) draw_inputs(lab, state);
    ImGui::EndChild();
    ImGui::SameLine();
    if (ImGui::BeginChild("slab results", ImVec2(0.0f, 0.0f))) {
        draw_verdicts(lab);
        draw_chart(lab);
        const float picture_w = std::max(200.0f, 0.42f * ImGui::GetContentRegionAvail().x);
        const float bottom_h = std::max(150.0f, ImGui::GetContentRegionAvail().y);
        if (ImGui::BeginChild("slab table", ImVec2(-picture_w, bottom_h))) {
            draw_axis_table(lab);
            draw_seed_quote(lab);
        }
        ImGui::EndChild();
        ImGui::SameLine();
        if (ImGui::BeginChild("slab picture", ImVec2(0.0f, bottom_h))) draw_picture(lab, state);
        ImGui::EndChild();
    }
    ImGui::EndChild();
}

}  // namespace app
