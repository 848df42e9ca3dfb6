#include <cmath>
#include <cstdarg>

#include <imgui.h>

#include "app/core/settings_names.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

void row(const char* label, const char* format, ...) IM_FMTARGS(2);
void row(const char* label, const char* format, ...) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("%s", label);
    ImGui::TableSetColumnIndex(1);
    va_list args;
    va_start(args, format);
    ImGui::TextV(format, args);
    va_end(args);
}

void vec_row(const char* label, glm::vec3 v) {
    row(label, "%.6g, %.6g, %.6g", double(v.x), double(v.y), double(v.z));
}

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
    ImGui::TextDisabled("%s", std::string(picking::edge_rule_name(algorithm.edges)).c_str());
}

/// Which of seed 002's forms test the analytic shapes (applied to the next click).
void draw_shape_forms(PickPanelState& state) {
    auto& shapes = state.choice.options().shapes;
    // Open at the start when the command line chose other forms or another slack.
    const picking::ShapeTestSettings defaults;
    if (shapes.sphere != defaults.sphere || shapes.rect != defaults.rect ||
        shapes.slab != defaults.slab || shapes.slab_epsilon != defaults.slab_epsilon)
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    if (!ImGui::TreeNode("seed 002 forms for the shapes")) return;
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

void draw_settings(PickPanelState& state) {
    picking::PickSettings& options = state.choice.options();
    const auto& current = picking::ray_triangle_algorithm(options.method);
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
    ui_probe::next_combo("Pick/broad phase");
    if (ImGui::BeginCombo("broad phase", accel.c_str())) {
        for (std::string_view name : accel_names()) {
            const Accel entry = *find_accel(name);
            if (ImGui::Selectable(std::string(name).c_str(), entry == state.choice.accel()))
                state.choice.set_accel(entry);
            ui_probe::item("Pick/broad phase/" + std::string(name));
        }
        ImGui::EndCombo();
    }
    ImGui::Checkbox("cull back faces", &options.triangle_options.cull_backfaces);
    ImGui::SameLine();
    ImGui::Checkbox("hover (H)", &state.hover);
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

/// What the last pick cost: the algorithm, the broad phase that ran, and its counters.
void draw_cost(const Selection& selection, const BroadPhaseStatus& broad_phase) {
    const picking::PickStats& stats = selection.result.stats;
    const std::string algorithm(picking::ray_triangle_algorithm(selection.choice.method()).name);
    auto count = [](std::uint64_t n) { return static_cast<unsigned long long>(n); };
    ImGui::Text("%s: %llu triangles tested in %.1f us", algorithm.c_str(),
                count(stats.triangles_tested), stats.microseconds);
    // The broad phase that ran: the chosen one, or `none` while the chosen one is built.
    const Accel chosen = selection.choice.accel();
    const std::string chosen_name(accel_name(chosen));
    const std::string ran =
        is_peer(chosen) ? chosen_name : std::string(broad_phase_name(selection.result.broad_phase));
    if (!is_peer(chosen) && ran != chosen_name)
        ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1.0f), "%s %s: picked with %s",
                           chosen_name.c_str(),
                           broad_phase.building ? "is being built" : "is not built", ran.c_str());
    else
        ImGui::TextDisabled("broad phase %s", ran.c_str());
    if (!is_peer(chosen)) {
        ImGui::TextDisabled("  %llu sphere + %llu box tests, %llu nodes, %llu instances",
                            count(stats.sphere_tests), count(stats.box_tests),
                            count(stats.nodes_visited), count(stats.instances_tested));
    } else {
        ImGui::TextDisabled("  (Embree does not report its node or triangle counts)");
    }
    if (broad_phase.build_ms > 0.0 || broad_phase.bytes > 0)
        ImGui::TextDisabled("  built in %.1f ms, %.2f MB", broad_phase.build_ms,
                            double(broad_phase.bytes) / (1024.0 * 1024.0));
}

/// An analytic shape's hit: what it is, where, and its test's own numbers (seed 002's forms).
void draw_shape_hit(const Selection& selection, const SceneSession& session) {
    const picking::ShapePickHit& hit = *selection.result.shape;
    const assets::Scene& scene = session.scene();
    const std::string name =
        hit.shape < scene.shapes.size() ? scene.shapes[hit.shape].name : std::string("?");
    const picking::ShapeLocalHit& local = hit.local;
    const std::string kind(picking::shape_kind_name(hit.kind));
    ImGui::TextColored(ImVec4(0.95f, 0.5f, 0.9f, 1.0f), "analytic %s '%s', by its equation",
                       kind.c_str(), name.c_str());
    if (ImGui::BeginTable("shape", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthFixed, 100.0f);
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
        row("node path", "%s", scene.node_path(hit.node).c_str());
        row("test", "%s", std::string(local.test).c_str());
        row("t", "%.7g", double(hit.t));
        vec_row("point (world)", hit.point);
        vec_row("normal", hit.normal);
        vec_row("normal (local)", local.normal);
        row("face", "%s", hit.front_face ? "front (outside)" : "back (inside)");
        switch (hit.kind) {
            case picking::ShapeKind::Sphere:
                row("roots", "t = %.6g and %.6g", double(local.sphere.t_near),
                    double(local.sphere.t_far));
                row("discriminant", "%.6g", double(local.sphere.discriminant));
                row("origin", "%s", local.sphere.from_inside ? "inside: the far root" : "outside");
                break;
            case picking::ShapeKind::Plane:
                row("D.N", "%.6g", double(local.plane.d_dot_n));
                row("t formula", "(P' - O).N / (D.N)");
                row("from P'", "%.6g (the disc's radius bounds it)", double(local.plane_distance));
                break;
            case picking::ShapeKind::Rect:
                row("along U, V", "s = %.5f, r = %.5f", double(local.rect.s), double(local.rect.r));
                break;
            case picking::ShapeKind::Box:
                row("slabs", "t_enter %.6g, t_exit %.6g", double(local.box.t_enter),
                    double(local.box.t_exit));
                break;
        }
        ImGui::EndTable();
    }
}

void draw_hit(const Selection& selection, const SceneSession& session) {
    const picking::PickHit& hit = *selection.result.hit;
    const assets::Scene& scene = session.scene();
    const picking::Triangle world = session.world_triangle(hit);
    if (!ImGui::BeginTable("hit", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg))
        return;
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthFixed, 100.0f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    row("mesh", "%s  (#%u)", scene.meshes[hit.mesh].name.c_str(), hit.mesh);
    row("node path", "%s", scene.node_path(hit.node).c_str());
    row("triangle", "%u of %zu", hit.triangle, scene.meshes[hit.mesh].triangle_count());
    vec_row("p0 (local)", hit.local_triangle.p0);
    vec_row("p1 (local)", hit.local_triangle.p1);
    vec_row("p2 (local)", hit.local_triangle.p2);
    vec_row("p0 (world)", world.p0);
    vec_row("p1 (world)", world.p1);
    vec_row("p2 (world)", world.p2);
    row("t", "%.7g", double(hit.t));
    row("u (p1)", "%.7g", double(hit.u));
    row("v (p2)", "%.7g", double(hit.v));
    row("1-u-v (p0)", "%.7g", double(1.0f - hit.u - hit.v));
    vec_row("point (world)", hit.point);
    vec_row("point (local)", hit.local_point);
    vec_row("normal", hit.normal);
    row("face", "%s", hit.front_face ? "front (counter-clockwise)" : "back (clockwise)");
    ImGui::EndTable();
}

}  // namespace

void draw_pick_panel(PickPanelState& state, const std::optional<Selection>& selection,
                     const SceneSession& session, const BroadPhaseStatus& broad_phase) {
    ImGui::SetNextWindowPos(ImVec2(10, 250), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(360, 460), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Pick")) {
        ImGui::End();
        return;
    }
    draw_settings(state);
    ImGui::Separator();
    if (!selection) {
        ImGui::TextWrapped(
            "Click the model to pick a triangle (a press and release without "
            "dragging).");
        ImGui::End();
        return;
    }
    // The cost first: it stays in view however long the hit table below grows.
    draw_cost(*selection, broad_phase);
    ImGui::TextDisabled("ray  o = %.4g, %.4g, %.4g", double(selection->ray.origin.x),
                        double(selection->ray.origin.y), double(selection->ray.origin.z));
    ImGui::TextDisabled("     d = %.4g, %.4g, %.4g", double(selection->ray.direction.x),
                        double(selection->ray.direction.y), double(selection->ray.direction.z));
    if (selection->id_buffer_read && (selection->result.shape || selection->id_buffer_shape)) {
        const bool agree = selection->result.shape && selection->id_buffer_shape &&
                           *selection->id_buffer_shape == selection->result.shape->shape;
        ImGui::TextColored(
            agree ? ImVec4(0.5f, 0.9f, 0.5f, 1) : ImVec4(1.0f, 0.7f, 0.3f, 1), "ID buffer: %s",
            agree ? "the same shape (agrees)" : "differs: an edge or a clipped pixel");
    } else if (selection->id_buffer_read) {
        const auto& gpu = selection->id_buffer;
        const bool agree = selection->hit() && gpu &&
                           gpu->first == selection->result.hit->instance &&
                           gpu->second == selection->result.hit->triangle;
        if (gpu)
            ImGui::TextColored(agree ? ImVec4(0.5f, 0.9f, 0.5f, 1) : ImVec4(1.0f, 0.7f, 0.3f, 1),
                               "ID buffer: instance %u, triangle %u (%s)", gpu->first, gpu->second,
                               agree ? "agrees" : "differs: an edge or a clipped pixel");
        else
            ImGui::TextColored(
                selection->hit() ? ImVec4(1.0f, 0.7f, 0.3f, 1) : ImVec4(0.5f, 0.9f, 0.5f, 1),
                "ID buffer: nothing drawn at this pixel");
    }
    ImGui::Separator();
    if (selection->result.shape) {
        draw_shape_hit(*selection, session);
    } else if (selection->hit()) {
        draw_hit(*selection, session);
    } else {
        ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.4f, 1.0f), "miss: the ray hits no triangle");
    }
    ImGui::End();
}

}  // namespace app
