#include <cstdarg>

#include <imgui.h>

#include "app/panels/panels.h"
#include "app/settings_names.h"

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

void draw_settings(PickPanelState& state) {
    const auto& current = picking::ray_triangle_algorithm(state.settings.method);
    if (ImGui::BeginCombo("algorithm", std::string(current.name).c_str())) {
        for (const auto& algorithm : picking::kRayTriangleAlgorithms) {
            const bool selected = algorithm.method == state.settings.method;
            if (ImGui::Selectable(std::string(algorithm.name).c_str(), selected))
                state.settings.method = algorithm.method;
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", std::string(algorithm.citation).c_str());
        }
        ImGui::EndCombo();
    }
    if (ImGui::BeginCombo("broad phase", state.accel.c_str())) {
        for (std::string_view name : accel_names())
            if (ImGui::Selectable(std::string(name).c_str(), name == state.accel))
                state.accel = name;
        ImGui::EndCombo();
    }
    ImGui::Checkbox("cull back faces", &state.settings.triangle_options.cull_backfaces);
    ImGui::SameLine();
    ImGui::Checkbox("hover (H)", &state.hover);
    int space = state.settings.space == picking::RaySpace::BoneSpace ? 0 : 1;
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
    state.settings.space =
        space == 0 ? picking::RaySpace::BoneSpace : picking::RaySpace::WorldTriangles;
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
                     const SceneSession& session) {
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
    const picking::PickStats& stats = selection->result.stats;
    const std::string algorithm(picking::ray_triangle_algorithm(selection->settings.method).name);
    ImGui::Text("%s: %llu triangles tested in %.1f us", algorithm.c_str(),
                static_cast<unsigned long long>(stats.triangles_tested), stats.microseconds);
    ImGui::TextDisabled("ray  o = %.4g, %.4g, %.4g", double(selection->ray.origin.x),
                        double(selection->ray.origin.y), double(selection->ray.origin.z));
    ImGui::TextDisabled("     d = %.4g, %.4g, %.4g", double(selection->ray.direction.x),
                        double(selection->ray.direction.y), double(selection->ray.direction.z));
    if (selection->id_buffer_read) {
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
    if (selection->hit()) {
        draw_hit(*selection, session);
    } else {
        ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.4f, 1.0f), "miss: the ray hits no triangle");
    }
    ImGui::End();
}

}  // namespace app
