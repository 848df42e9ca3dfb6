// The Outliner (left sidebar): the model's node tree, with the picked node highlighted and the
// path down to it open; a click selects a node (F then frames it); below, what the model is
// made of and what the loader noted about it.

#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/core/display_text.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

const ImVec4 kPicked{0.95f, 0.45f, 0.9f, 1.0f};

struct TreeDraw {
    std::optional<std::uint32_t> picked, selected;
    std::vector<bool> on_path;  ///< ancestors of the picked or selected node: kept open
    bool scroll_to_picked = false;
    bool expand_all = false;
    int shown = 0;
    OutlinerAction action;
};

void draw_node(const assets::Scene& scene, std::uint32_t node, TreeDraw& tree) {
    const assets::SceneNode& n = scene.nodes[node];
    ++tree.shown;
    ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow |
                               ImGuiTreeNodeFlags_OpenOnDoubleClick |
                               ImGuiTreeNodeFlags_SpanAvailWidth;
    if (n.children.empty()) flags |= ImGuiTreeNodeFlags_Leaf;
    if (tree.selected == node) flags |= ImGuiTreeNodeFlags_Selected;
    if (tree.expand_all || tree.on_path[node])
        ImGui::SetNextItemOpen(true, ImGuiCond_Always);
    else if (node == 0)
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    const bool picked = tree.picked == node;
    if (picked) ImGui::PushStyleColor(ImGuiCol_Text, kPicked);
    std::string label = shown_name(n.name);
    if (n.meshes.size() == 1) label += "  [mesh]";
    if (n.meshes.size() > 1) label += "  [" + std::to_string(n.meshes.size()) + " meshes]";
    const bool open = ImGui::TreeNodeEx(reinterpret_cast<void*>(std::uintptr_t(node)), flags, "%s",
                                        label.c_str());
    if (picked) ImGui::PopStyleColor();
    if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) tree.action.select_node = node;
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        tree.action.select_node = node;
        tree.action.frame_selection = true;
    }
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(shortened_text(valid_utf8(scene.node_path(node))).c_str());
        for (std::uint32_t mesh : n.meshes)
            if (mesh < scene.meshes.size())
                ImGui::TextDisabled("mesh '%s', %zu triangles",
                                    valid_utf8(scene.meshes[mesh].name).c_str(),
                                    scene.meshes[mesh].triangle_count());
        ImGui::TextDisabled("click: select (F frames it)   double click: frame it");
        ImGui::EndTooltip();
    }
    if (tree.scroll_to_picked && picked) ImGui::SetScrollHereY(0.5f);
    if (open) {
        for (std::uint32_t child : n.children)
            if (child < scene.nodes.size()) draw_node(scene, child, tree);
        ImGui::TreePop();
    }
}

/// What the model is made of, in two lines; the loader's notes folded under them.
void draw_facts(const SceneSession& session, const std::string& last_load) {
    const assets::Scene& scene = session.scene();
    ImGui::PushTextWrapPos(0.0f);
    const auto plural = [](std::size_t n) { return n == 1 ? "" : "s"; };
    const std::size_t triangles = scene.triangle_count(), meshes = scene.meshes.size(),
                      objects = session.view().instances.size();
    ImGui::TextDisabled("%s triangle%s, %zu mesh%s, %zu object%s", thousands(triangles).c_str(),
                        plural(triangles), meshes, meshes == 1 ? "" : "es", objects,
                        plural(objects));
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(
            "An object is one mesh placed by one node (an instance): several objects\n"
            "can share a mesh, each where its node puts it.");
        if (!last_load.empty()) ImGui::TextDisabled("%s", valid_utf8(last_load).c_str());
        ImGui::EndTooltip();
    }
    ImGui::TextDisabled("%zu node%s, %zu analytic shape%s, %zu clip%s", scene.nodes.size(),
                        plural(scene.nodes.size()), scene.shapes.size(),
                        plural(scene.shapes.size()), scene.clips.size(),
                        plural(scene.clips.size()));
    ImGui::PopTextWrapPos();
    if (!scene.notes.empty()) {
        char header[48];
        std::snprintf(header, sizeof header, "Notes on this model (%zu)###notes",
                      scene.notes.size());
        if (ImGui::CollapsingHeader(header)) {
            for (const std::string& note : scene.notes) {
                ImGui::Bullet();
                ImGui::PushTextWrapPos(0.0f);
                // Sentences: wrap, never clip (but they may quote the file at length).
                ImGui::TextUnformatted(shortened_text(valid_utf8(note)).c_str());
                ImGui::PopTextWrapPos();
            }
        }
    }
}

}  // namespace

OutlinerAction draw_outliner(OutlinerState& state, const SceneSession& session,
                             const std::optional<Selection>& selection,
                             std::optional<std::uint32_t> selected, const std::string& last_load) {
    const assets::Scene& scene = session.scene();
    ImGui::TextUnformatted("Outliner");
    ImGui::SameLine();
    bool expand_all =
        state.expand_all.value_or(scene.nodes.size() <= OutlinerState::kExpandAllNodes);
    if (ImGui::Checkbox("expand all", &expand_all)) state.expand_all = expand_all;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Open every node, bones and empty nodes included (the default for trees\n"
            "of up to %zu nodes). Off: the path down to the pick, and what you open.",
            OutlinerState::kExpandAllNodes);

    TreeDraw tree;
    tree.selected = selected;
    tree.on_path.assign(scene.nodes.size(), false);
    const picking::PickHit* hit =
        selection && selection->result.hit && selection->result.hit->node < scene.nodes.size()
            ? &*selection->result.hit
            : nullptr;
    if (hit) tree.picked = hit->node;
    // Open the tree down to the picked and the selected node, so both are in view.
    for (std::optional<std::uint32_t> node : {tree.picked, tree.selected}) {
        if (!node || *node >= scene.nodes.size()) continue;
        for (std::int32_t n = scene.nodes[*node].parent; n >= 0;
             n = scene.nodes[std::size_t(n)].parent)
            tree.on_path[std::size_t(n)] = true;
    }
    tree.expand_all = expand_all;
    // A new pick scrolls the tree to its node once; after that the user scrolls.
    tree.scroll_to_picked = hit && selection->serial != state.tree_serial;

    draw_facts(session, last_load);
    // The tree takes the rest; deep skeletons scroll sideways rather than cut names.
    ImGui::BeginChild("tree", ImVec2(0.0f, 0.0f), true, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PushStyleVar(ImGuiStyleVar_IndentSpacing, 0.6f * ImGui::GetStyle().IndentSpacing);
    if (!scene.nodes.empty()) draw_node(scene, 0, tree);
    ImGui::PopStyleVar();
    ImGui::EndChild();
    ui_probe::item("Outliner/tree");
    if (hit) state.tree_serial = selection->serial;
    state.tree_nodes_shown = tree.shown;
    return tree.action;
}

}  // namespace app
