// The main menu bar: File, View, Pick, Tools, Help, and the modes as tabs at its right end.
// Every item that has a shortcut shows the one in the command table (app/viewer/commands.h).

#include <string>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

/// ImGui::BeginMenu, recording where a closed menu's title is (tests click it there).
bool begin_menu(const char* title) {
    const bool open = ImGui::BeginMenu(title);
    if (!open) ui_probe::item(std::string("Menu/") + title);
    return open;
}

/// A menu item for `command`, checked when `checked` is given; true when chosen.
bool command_item(Command command, std::optional<bool> checked = std::nullopt,
                  bool enabled = true) {
    const CommandInfo& info = command_info(command);
    const std::string label(info.label), shortcut(info.shortcut);
    const bool chosen =
        ImGui::MenuItem(label.c_str(), shortcut.empty() ? nullptr : shortcut.c_str(),
                        checked.value_or(false), enabled);
    ui_probe::item("Menu/" + label);
    return chosen;
}

void file_menu(const RecentFiles& recent, MenuBarAction& action) {
    if (!begin_menu("File")) return;
    if (command_item(Command::Open)) action.command = Command::Open;
    if (ImGui::BeginMenu("Open recent", !recent.entries().empty())) {
        for (const std::string& entry : recent.entries())
            if (ImGui::MenuItem(valid_utf8(entry).c_str())) action.open_recent = entry;
        ImGui::EndMenu();
    }
    if (command_item(Command::Reload)) action.command = Command::Reload;
    if (command_item(Command::DefaultScene)) action.command = Command::DefaultScene;
    ImGui::Separator();
    for (const Command command :
         {Command::SaveSession, Command::SaveScreenshot, Command::CopyPickRecord,
          Command::SavePickRecord, Command::CopySelectionRecord, Command::SaveSelectionRecord})
        if (command_item(command)) action.command = command;
    ImGui::Separator();
    if (command_item(Command::Quit)) action.command = Command::Quit;
    ImGui::EndMenu();
}

void view_menu(const ViewSwitches& on, Camera& camera, MenuBarAction& action) {
    if (!begin_menu("View")) return;
    for (auto [command, checked] : {std::pair{Command::ToggleOutliner, on.outliner},
                                    std::pair{Command::ToggleInspector, on.inspector},
                                    std::pair{Command::ToggleTools, on.tools}})
        if (command_item(command, checked)) action.command = command;
    ImGui::Separator();
    if (command_item(Command::Frame)) action.command = Command::Frame;
    if (command_item(Command::ResetView)) action.command = Command::ResetView;
    if (command_item(Command::ToggleProjection, on.orthographic))
        action.command = Command::ToggleProjection;
    if (camera.projection == Projection::Perspective) {
        float fov = glm::degrees(camera.fov_y);
        ImGui::SetNextItemWidth(160.0f);
        if (ImGui::SliderFloat("field of view", &fov, 10.0f, 120.0f, "%.0f deg"))
            camera.fov_y = glm::radians(fov);
    }
    ImGui::Separator();
    if (command_item(Command::ToggleWireframe, on.wireframe))
        action.command = Command::ToggleWireframe;
    if (ImGui::MenuItem("The ray of the pick", nullptr, on.show_ray))
        action.show_ray_toggled = true;
    if (ImGui::MenuItem("The picked mesh's axes", nullptr, on.show_axes))
        action.show_axes_toggled = true;
    if (command_item(Command::ToggleBoxes, on.boxes)) action.command = Command::ToggleBoxes;
    if (command_item(Command::ToggleHeatmap, on.heatmap)) action.command = Command::ToggleHeatmap;
    if (command_item(Command::ToggleGhost, on.ghost, on.has_clips))
        action.command = Command::ToggleGhost;
    ImGui::EndMenu();
}

void pick_menu(const ViewSwitches& on, PickChoice& choice, MenuBarAction& action) {
    if (!begin_menu("Pick")) return;
    if (ImGui::BeginMenu("Algorithm")) {
        for (const auto& algorithm : picking::kRayTriangleAlgorithms) {
            const std::string name(algorithm.name);
            if (ImGui::MenuItem(name.c_str(), nullptr, algorithm.method == choice.method()))
                choice.options().method = algorithm.method;
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", std::string(algorithm.citation).c_str());
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Broad phase")) {
        for (std::string_view name : accel_names()) {
            const Accel accel = *find_accel(name);
            if (ImGui::MenuItem(std::string(name).c_str(), nullptr, accel == choice.accel()))
                choice.set_accel(accel);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", std::string(accel_description(accel)).c_str());
        }
        ImGui::EndMenu();
    }
    ImGui::MenuItem("Cull back faces", nullptr, &choice.options().triangle_options.cull_backfaces);
    bool bone_space = choice.options().space == picking::RaySpace::BoneSpace;
    if (ImGui::MenuItem("Test triangles in bone space", nullptr, &bone_space))
        choice.options().space =
            bone_space ? picking::RaySpace::BoneSpace : picking::RaySpace::WorldTriangles;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "On: XNA recipe 4-18 moves the ray into each mesh's bone space.\n"
            "Off: the naive way, every triangle moved to the world.");
    ImGui::Separator();
    if (command_item(Command::ToggleHover, on.hover)) action.command = Command::ToggleHover;
    if (command_item(Command::ClearPick)) action.command = Command::ClearPick;
    ImGui::Separator();
    if (command_item(Command::ToolClick, on.select_tool == 0)) action.command = Command::ToolClick;
    if (command_item(Command::ToolBox, on.select_tool == 1)) action.command = Command::ToolBox;
    if (command_item(Command::ToolLasso, on.select_tool == 2)) action.command = Command::ToolLasso;
    if (command_item(Command::ToolMeasure, on.select_tool == 3))
        action.command = Command::ToolMeasure;
    if (command_item(Command::ToggleXray, on.xray)) action.command = Command::ToggleXray;
    if (command_item(Command::ToggleSnap, on.snap)) action.command = Command::ToggleSnap;
    if (command_item(Command::NextHit)) action.command = Command::NextHit;
    if (command_item(Command::PreviousHit)) action.command = Command::PreviousHit;
    ImGui::EndMenu();
}

void tools_menu(const ViewSwitches& on, ViewerMode mode, MenuBarAction& action) {
    if (!begin_menu("Tools")) return;
    const bool pick = mode == ViewerMode::Pick;
    if (command_item(Command::ShowAlgorithms, std::nullopt, pick))
        action.command = Command::ShowAlgorithms;
    if (command_item(Command::ShowAcceleration, std::nullopt, pick))
        action.command = Command::ShowAcceleration;
    if (command_item(Command::ShowBoneSpace, std::nullopt, pick))
        action.command = Command::ShowBoneSpace;
    if (command_item(Command::ShowInspectMesh, std::nullopt, pick))
        action.command = Command::ShowInspectMesh;
    if (command_item(Command::ShowSphereForms, std::nullopt, pick))
        action.command = Command::ShowSphereForms;
    if (command_item(Command::ShowGroundProbe, std::nullopt, pick))
        action.command = Command::ShowGroundProbe;
    if (command_item(Command::ShowSlabLab, std::nullopt, pick))
        action.command = Command::ShowSlabLab;
    if (command_item(Command::ShowAnimation, std::nullopt, on.has_clips))
        action.command = Command::ShowAnimation;
    ImGui::Separator();
    for (Command command : {Command::ModePick, Command::ModeCollide, Command::ModeLab})
        if (command_item(command)) action.command = command;
    ImGui::EndMenu();
}

void help_menu(MenuBarAction& action) {
    if (!begin_menu("Help")) return;
    if (command_item(Command::Help)) action.command = Command::Help;
    if (command_item(Command::Tours)) action.command = Command::Tours;
    ImGui::EndMenu();
}

/// The modes as tabs at the right end of the bar.
void mode_tabs(ViewerMode mode, MenuBarAction& action) {
    constexpr ViewerMode kModes[] = {ViewerMode::Pick, ViewerMode::Collide,
                                     ViewerMode::TriangleLab};
    constexpr Command kCommands[] = {Command::ModePick, Command::ModeCollide, Command::ModeLab};
    float width = 0.0f;
    for (ViewerMode m : kModes)
        width += ImGui::CalcTextSize(std::string(mode_label(m)).c_str()).x +
                 2.0f * ImGui::GetStyle().FramePadding.x + ImGui::GetStyle().ItemSpacing.x;
    const float right = ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetCursorPosX() < right - width) ImGui::SetCursorPosX(right - width);
    for (int i = 0; i < 3; ++i) {
        const std::string label(mode_label(kModes[i]));
        if (ImGui::Selectable(label.c_str(), kModes[i] == mode, 0,
                              ImVec2(ImGui::CalcTextSize(label.c_str()).x, 0.0f)))
            action.command = kCommands[i];
        ui_probe::item("Mode/" + std::string(mode_name(kModes[i])));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s  (%s)", std::string(mode_description(kModes[i])).c_str(),
                              std::string(command_info(kCommands[i]).shortcut).c_str());
    }
}

}  // namespace

MenuBarAction draw_menu_bar(const ViewSwitches& switches, ViewerMode mode,
                            const RecentFiles& recent, PickChoice& choice, Camera& camera) {
    MenuBarAction action;
    if (!ImGui::BeginMainMenuBar()) return action;
    file_menu(recent, action);
    view_menu(switches, camera, action);
    if (mode == ViewerMode::Pick) pick_menu(switches, choice, action);
    tools_menu(switches, mode, action);
    help_menu(action);
    mode_tabs(mode, action);
    ImGui::EndMainMenuBar();
    return action;
}

}  // namespace app
