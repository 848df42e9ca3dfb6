#include <cmath>

#include <imgui.h>

#include "app/core/settings_names.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

/// A tolerance slider on a log scale, with the seed's value a click away.
void tolerance_slider(const char* label, float& value, float seed_value, const char* help) {
    ImGui::SetNextItemWidth(150);
    ImGui::SliderFloat(label, &value, 1e-9f, 1e-1f, "%.2e", ImGuiSliderFlags_Logarithmic);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help);
    ImGui::SameLine();
    ImGui::PushID(label);
    if (ImGui::SmallButton("seed")) value = seed_value;
    ImGui::PopID();
}

/// The t range, and the options of the chosen algorithm's seed (its tolerances, its quirks).
void draw_algorithm_options(PickPanelState& state, const picking::RayTriangleAlgorithm& algorithm) {
    auto& o = state.choice.options().triangle_options;
    ImGui::SetNextItemWidth(90);
    ImGui::InputFloat("t min", &state.t_min, 0.0f, 0.0f, "%.4g");
    ImGui::SameLine();
    bool limited = std::isfinite(state.t_max);
    if (ImGui::Checkbox("t max", &limited))
        state.t_max = limited ? 100.0f : std::numeric_limits<float>::infinity();
    if (limited) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(90);
        ImGui::InputFloat("##t_max", &state.t_max, 0.0f, 0.0f, "%.4g");
    }
    if (!(state.t_min <= state.t_max)) state.t_max = state.t_min;

    if (algorithm.seed_without_t_range) {
        bool clip = !o.seed_ignores_t_range;
        if (ImGui::Checkbox("clip to the t range (the seed has none)", &clip))
            o.seed_ignores_t_range = !clip;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Off (the seed): triangles behind the eye (t < 0) count,\n"
                "and the closest hit may be one behind you.");
    }
    if (algorithm.has_first_found) {
        ImGui::Checkbox("first found (seed 001), not the closest", &o.xna_first_found);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "ModelRayCollision returns on the first triangle hit, in mesh order.");
    }
    if (algorithm.method == picking::RayTriangleMethod::DxPick)
        tolerance_slider("det epsilon", o.dx_det_epsilon, 1e-4f,
                         "det < epsilon counts as parallel (0.0001 in the DirectX sample).\n"
                         "An absolute number: small triangles fall below it.");
    if (algorithm.method == picking::RayTriangleMethod::UnityPick) {
        tolerance_slider("det epsilon", o.unity_det_epsilon, 1e-5f,
                         "det < epsilon counts as parallel (0.00001 in the Unity port).");
        tolerance_slider("edge tolerance", o.unity_edge_tolerance, 1e-5f,
                         "u - det > tolerance rejects: in det-scaled units, so the slack in\n"
                         "barycentric units is tolerance / det.");
    }
    const std::string edges(picking::edge_rule_name(algorithm.edges));
    ImGui::TextDisabled("%s", edges.c_str());
    glossary_tooltip(edges.c_str());
}

/// Which of seed 002's forms test the analytic shapes (applied to the next click).
void draw_shape_forms(PickPanelState& state) {
    auto& shapes = state.choice.options().shapes;
    // Open at the start when the command line chose other forms or another slack.
    const picking::ShapeTestSettings defaults;
    if (shapes.sphere != defaults.sphere || shapes.rect != defaults.rect ||
        shapes.slab != defaults.slab || shapes.slab_epsilon != defaults.slab_epsilon)
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    const bool open = ImGui::TreeNode("Analytic shapes: the tests (seed 002)");
    glossary_tooltip("seed 002");
    if (!open) return;
    int sphere = int(shapes.sphere);
    ImGui::SetNextItemWidth(170);
    if (ImGui::BeginCombo(
            "sphere", std::string(picking::kSphereAlgorithms[std::size_t(sphere)].name).c_str())) {
        for (const auto& form : picking::kSphereAlgorithms)
            if (ImGui::Selectable(std::string(form.name).c_str(), form.form == shapes.sphere))
                shapes.sphere = form.form;
        ImGui::EndCombo();
    }
    int rect = int(shapes.rect);
    ImGui::TextDisabled("rectangle");
    for (int i = 0; i < 3; ++i) {
        ImGui::SameLine();
        ImGui::RadioButton(std::string(picking::rect_test_name(picking::RectTest(i))).c_str(),
                           &rect, i);
    }
    shapes.rect = picking::RectTest(rect);
    int slab = int(shapes.slab);
    ImGui::TextDisabled("box");
    for (int i = 0; i < 2; ++i) {
        ImGui::SameLine();
        ImGui::RadioButton(std::string(picking::slab_test_name(picking::SlabTest(i))).c_str(),
                           &slab, i);
    }
    shapes.slab = picking::SlabTest(slab);
    // The seed's absolute slack, beside the choice it belongs to (only the seed form reads it).
    ImGui::TextDisabled("   ");
    ImGui::SameLine();
    ImGui::BeginDisabled(shapes.slab != picking::SlabTest::Seed);
    tolerance_slider("slab eps", shapes.slab_epsilon, picking::kSeedSlabEpsilon,
                     "The seed slab test hits when t_exit + eps > t_enter (0.0001 in seed 002).\n"
                     "An absolute number of ray units: a grazing ray that misses a box by less\n"
                     "than eps in t still hits it.");
    ImGui::EndDisabled();
    ImGui::TreePop();
}

}  // namespace

void draw_pick_choice(PickPanelState& state) {
    picking::PickSettings& options = state.choice.options();
    const auto& current = picking::ray_triangle_algorithm(options.method);
    // Both combos as wide as the Inspector allows beside the longer label.
    const float label_width =
        ImGui::CalcTextSize("broad phase").x + ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::SetNextItemWidth(-label_width);
    ui_probe::next_combo("Pick/algorithm");
    if (ImGui::BeginCombo("algorithm", std::string(current.name).c_str())) {
        for (const auto& algorithm : picking::kRayTriangleAlgorithms) {
            const bool selected = algorithm.method == options.method;
            if (ImGui::Selectable(std::string(algorithm.name).c_str(), selected))
                options.method = algorithm.method;
            ui_probe::item("Pick/algorithm/" + std::string(algorithm.name));
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", std::string(algorithm.citation).c_str());
        }
        ImGui::EndCombo();
    }
    const std::string accel(accel_name(state.choice.accel()));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(current.citation).c_str());
    ImGui::SetNextItemWidth(-label_width);
    ui_probe::next_combo("Pick/broad phase");
    if (ImGui::BeginCombo("broad phase", accel.c_str())) {
        for (std::string_view name : accel_names()) {
            const Accel entry = *find_accel(name);
            if (ImGui::Selectable(std::string(name).c_str(), entry == state.choice.accel()))
                state.choice.set_accel(entry);
            ui_probe::item("Pick/broad phase/" + std::string(name));
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", std::string(accel_description(entry)).c_str());
        }
        ImGui::EndCombo();
    }
    glossary_tooltip("broad phase");
}

void draw_pick_settings(PickPanelState& state) {
    picking::PickSettings& options = state.choice.options();
    const auto& current = picking::ray_triangle_algorithm(options.method);
    ImGui::Checkbox("cull back faces", &options.triangle_options.cull_backfaces);
    ImGui::SameLine();
    ImGui::Checkbox("hover (H)", &state.hover);
    ImGui::SameLine();
    ImGui::Checkbox("snap (V)", &state.snap);
    if (state.snap) {
        ImGui::SetNextItemWidth(120.0f);
        ImGui::SliderFloat("snap radius (pixels)", &state.snap_radius_px, 2.0f, 40.0f, "%.0f");
        ImGui::TextDisabled("snap to");
        ImGui::SameLine();
        ImGui::Checkbox("vertex", &state.snap_targets.vertex);
        ImGui::SameLine();
        ImGui::Checkbox("midpoint", &state.snap_targets.edge_midpoint);
        ImGui::SameLine();
        ImGui::Checkbox("edge", &state.snap_targets.edge);
    }
    draw_algorithm_options(state, current);
    int space = options.space == picking::RaySpace::BoneSpace ? 0 : 1;
    ImGui::TextDisabled("test triangles in");
    ImGui::SameLine();
    ImGui::RadioButton("bone space", &space, 0);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "XNA recipe 4-18: move the ray into each mesh's bone space\n"
            "(two transforms per mesh)");
    ImGui::SameLine();
    ImGui::RadioButton("world", &space, 1);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The seed's naive way: move every triangle to world space\n"
            "(three transforms per triangle)");
    options.space = space == 0 ? picking::RaySpace::BoneSpace : picking::RaySpace::WorldTriangles;
    draw_shape_forms(state);
}

}  // namespace app
