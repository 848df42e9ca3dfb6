#include "app/viewer/panels/collide_panel.h"

#include <string>

#include <imgui.h>

namespace app {

namespace {

std::string instance_label(const SceneSession& session, int i) {
    const auto& instances = session.view().instances;
    if (i < 0 || std::size_t(i) >= instances.size()) return "(none)";
    const auto& instance = instances[std::size_t(i)];
    const auto& scene = session.scene();
    const std::string node =
        instance.node < scene.nodes.size() ? scene.nodes[instance.node].name : "?";
    const std::string mesh = instance.mesh_reported() < scene.meshes.size()
                                 ? scene.meshes[instance.mesh_reported()].name
                                 : "?";
    return "#" + std::to_string(i) + " " + node + " (" + mesh + ", " +
           std::to_string(session.view().meshes[instance.mesh].triangle_count()) + " tris)";
}

bool instance_combo(const char* label, int& current, const SceneSession& session) {
    bool changed = false;
    if (ImGui::BeginCombo(label, instance_label(session, current).c_str())) {
        for (int i = 0; i < int(session.view().instances.size()); ++i)
            if (ImGui::Selectable(instance_label(session, i).c_str(), i == current)) {
                current = i;
                changed = true;
            }
        ImGui::EndCombo();
    }
    return changed;
}

}  // namespace

void draw_collide_panel(CollideState& state, CollidePanelState& panel,
                        const SceneSession& session) {
    CollideChoice& choice = state.choice();
    ImGui::SetNextItemWidth(-80.0f);
    (void)instance_combo("fixed (A)", choice.instance_a, session);
    ImGui::Checkbox("moving: a copy of A", &choice.copy_of_a);
    if (!choice.copy_of_a) {
        ImGui::SetNextItemWidth(-80.0f);
        (void)instance_combo("moving (B)", choice.instance_b, session);
    }

    const auto& current = picking::tri_tri_algorithm(choice.method);
    ImGui::SetNextItemWidth(-80.0f);
    if (ImGui::BeginCombo("algorithm", std::string(current.name).c_str())) {
        for (const auto& algorithm : picking::kTriTriAlgorithms) {
            if (ImGui::Selectable(std::string(algorithm.name).c_str(),
                                  algorithm.method == choice.method))
                choice.method = algorithm.method;
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", std::string(algorithm.citation).c_str());
        }
        ImGui::EndCombo();
    }

    ImGui::Separator();
    ImGui::TextUnformatted("moving object");
    CollidePlacement& placement = state.placement();
    ImGui::SetNextItemWidth(-80.0f);
    ImGui::DragFloat3("move", &placement.translation.x, 0.01f, 0.0f, 0.0f, "%.3f");
    ImGui::SetNextItemWidth(-80.0f);
    ImGui::SliderFloat3("turn (deg)", &placement.rotation_degrees.x, -180.0f, 180.0f, "%.1f");
    if (ImGui::Button("back to its place")) placement = {};
    ImGui::TextDisabled("in the view: Ctrl+drag moves it, Shift+drag turns it");

    ImGui::Separator();
    ImGui::TextUnformatted("contacts");
    const CollideReport& r = state.report();
    ImGui::Text("%llu intersecting triangle pairs",
                static_cast<unsigned long long>(r.contacts.stats.intersecting_pairs));
    ImGui::Text("%s: %.3f ms for %llu candidate pairs", std::string(current.name).c_str(),
                r.milliseconds, static_cast<unsigned long long>(r.contacts.stats.candidate_pairs));
    ImGui::TextDisabled("BVH against BVH over %u x %u triangles", r.triangles_a, r.triangles_b);
    if (r.contacts.truncated)
        ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "only the first %zu pairs are drawn",
                           r.contacts.pairs.size());
    ImGui::Checkbox("highlight triangles", &panel.show_triangles);
    ImGui::SameLine();
    ImGui::Checkbox("segments", &panel.show_segments);
}

}  // namespace app
