#include <imgui.h>

#include "app/panels/panels.h"

namespace app {

namespace {

void draw_node(const assets::Scene& scene, std::uint32_t node, std::optional<std::uint32_t> picked,
               const std::vector<bool>& on_picked_path) {
    const assets::SceneNode& n = scene.nodes[node];
    ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_SpanAvailWidth;
    if (n.children.empty()) flags |= ImGuiTreeNodeFlags_Leaf;
    if (picked && *picked == node) flags |= ImGuiTreeNodeFlags_Selected;
    if (on_picked_path[node])
        ImGui::SetNextItemOpen(true, ImGuiCond_Always);
    else if (node == 0)
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    std::string label = n.name.empty() ? "(unnamed)" : n.name;
    if (!n.meshes.empty()) label += "  [" + std::to_string(n.meshes.size()) + " mesh]";
    const bool open = ImGui::TreeNodeEx(reinterpret_cast<void*>(std::uintptr_t(node)), flags, "%s",
                                        label.c_str());
    if (open) {
        for (std::uint32_t child : n.children)
            if (child < scene.nodes.size()) draw_node(scene, child, picked, on_picked_path);
        ImGui::TreePop();
    }
}

}  // namespace

void draw_scene_panel(const SceneSession& session, const std::optional<Selection>& selection) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkSize.x - 330, 320), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(320, 390), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Scene")) {
        ImGui::End();
        return;
    }
    const assets::Scene& scene = session.scene();
    ImGui::Text("%zu nodes, %zu meshes, %zu instances, %zu triangles", scene.nodes.size(),
                scene.meshes.size(), session.view().instances.size(), scene.triangle_count());
    std::optional<std::uint32_t> picked;
    std::vector<bool> on_path(scene.nodes.size(), false);
    if (selection && selection->result.hit && selection->result.hit->node < scene.nodes.size()) {
        picked = selection->result.hit->node;
        // Open the tree down to the picked node, so it is always in view.
        for (std::int32_t n = scene.nodes[*picked].parent; n >= 0;
             n = scene.nodes[std::size_t(n)].parent)
            on_path[std::size_t(n)] = true;
    }
    if (!scene.nodes.empty()) draw_node(scene, 0, picked, on_path);
    ImGui::End();
}

}  // namespace app
