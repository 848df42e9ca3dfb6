#include "app/viewer/commands.h"

#include <array>

#include <GLFW/glfw3.h>

namespace app {

namespace {

// GLFW_MOD_* are macros; the header's constants must agree with them.
static_assert(kCtrl == GLFW_MOD_CONTROL && kShift == GLFW_MOD_SHIFT);

constexpr std::array kCommands = {
    CommandInfo{Command::Open, "Open...", "Ctrl+O", GLFW_KEY_O, kCtrl, true},
    CommandInfo{Command::Reload, "Reload", "F5", GLFW_KEY_F5, 0, true},
    CommandInfo{Command::DefaultScene, "Default scene", ""},
    CommandInfo{Command::SaveScreenshot, "Save screenshot", "F12", GLFW_KEY_F12, 0, true},
    CommandInfo{Command::SaveSession, "Save session", "Ctrl+S", GLFW_KEY_S, kCtrl, true},
    // Not global: in a text field Ctrl+C copies the text. Before Ctrl+C, which would take
    // Ctrl+Shift+C too (a shortcut without Shift ignores it).
    CommandInfo{Command::CopySelectionRecord, "Copy selection record", "Ctrl+Shift+C", GLFW_KEY_C,
                kCtrl | kShift},
    CommandInfo{Command::CopyPickRecord, "Copy pick record", "Ctrl+C", GLFW_KEY_C, kCtrl},
    CommandInfo{Command::SavePickRecord, "Save pick record", ""},
    CommandInfo{Command::SaveSelectionRecord, "Save selection record", ""},
    CommandInfo{Command::Quit, "Quit", "Ctrl+Q", GLFW_KEY_Q, kCtrl, true},
    CommandInfo{Command::ToggleOutliner, "Outliner (left)", "T", GLFW_KEY_T},
    CommandInfo{Command::ToggleInspector, "Inspector (right)", "N", GLFW_KEY_N},
    CommandInfo{Command::ToggleTools, "Tools area (bottom)", "`", GLFW_KEY_GRAVE_ACCENT},
    CommandInfo{Command::Frame, "Frame the model (or the selected node)", "F", GLFW_KEY_F},
    CommandInfo{Command::ResetView, "Reset the view", "R", GLFW_KEY_R},
    CommandInfo{Command::ToggleProjection, "Perspective / orthographic", "O", GLFW_KEY_O},
    CommandInfo{Command::ToggleWireframe, "Wireframe", "W", GLFW_KEY_W},
    CommandInfo{Command::ToggleBoxes, "BVH boxes", "B", GLFW_KEY_B},
    CommandInfo{Command::ToggleHeatmap, "Cost heatmap", "C", GLFW_KEY_C},
    CommandInfo{Command::ToggleGhost, "Bind-pose ghost", "G", GLFW_KEY_G},
    CommandInfo{Command::ToggleHover, "Hover: pick under the cursor", "H", GLFW_KEY_H},
    CommandInfo{Command::ClearPick, "Clear the pick and the selection", "Esc", GLFW_KEY_ESCAPE},
    CommandInfo{Command::ToolClick, "Click tool: pick one triangle", "Q", GLFW_KEY_Q},
    CommandInfo{Command::ToolBox, "Box select tool: drag a rectangle", "S", GLFW_KEY_S},
    CommandInfo{Command::ToolLasso, "Lasso select tool: draw around", "L", GLFW_KEY_L},
    CommandInfo{Command::ToggleXray, "X-ray: select hidden triangles too", "X", GLFW_KEY_X},
    CommandInfo{Command::ToolMeasure, "Measure tool: click two or three points", "M", GLFW_KEY_M},
    CommandInfo{Command::ToggleSnap, "Snap to vertices and edges", "V", GLFW_KEY_V},
    // Before NextHit, which would take Shift+Tab too (a shortcut without Shift ignores it).
    CommandInfo{Command::PreviousHit, "Previous hit along the ray", "Shift+Tab", GLFW_KEY_TAB,
                kShift},
    CommandInfo{Command::NextHit, "Next hit along the ray (every hit, by t)", "Tab", GLFW_KEY_TAB},
    CommandInfo{Command::ShowAlgorithms, "Algorithms", "A", GLFW_KEY_A},
    CommandInfo{Command::ShowAcceleration, "Acceleration", "", -1},
    CommandInfo{Command::ShowBoneSpace, "Bone space", "", -1},
    CommandInfo{Command::ShowAnimation, "Animation", "", -1},
    CommandInfo{Command::ShowInspectMesh, "Inspect mesh", "", -1},
    CommandInfo{Command::ShowSphereForms, "Sphere forms", "", -1},
    CommandInfo{Command::ShowGroundProbe, "Ground probe (seed 000's TestPos)", "", -1},
    CommandInfo{Command::ShowSlabLab, "Slab lab (seed 002's box test)", "", -1},
    CommandInfo{Command::PlayPause, "Play / pause the animation", "Space", GLFW_KEY_SPACE},
    CommandInfo{Command::StepBack, "Step back 1/30 s", "Left", GLFW_KEY_LEFT},
    CommandInfo{Command::StepForward, "Step forward 1/30 s", "Right", GLFW_KEY_RIGHT},
    CommandInfo{Command::ModePick, "Pick mode", "1", GLFW_KEY_1},
    CommandInfo{Command::ModeCollide, "Collide mode", "2", GLFW_KEY_2},
    CommandInfo{Command::ModeLab, "Triangle lab mode", "3", GLFW_KEY_3},
    CommandInfo{Command::Help, "Keys and gestures", "F1 or ?", GLFW_KEY_F1, 0, true},
    CommandInfo{Command::Tours, "Tours: the seeds' lessons, step by step", "", -1},
};

constexpr std::array kGestures = {
    Gesture{"left click", "pick the triangle under the cursor (press and release in place)"},
    Gesture{"left drag", "orbit around the target (across the view: half a turn)"},
    Gesture{"right or middle drag", "pan"},
    Gesture{"left drag with the Box or Lasso tool",
            "select the triangles inside (Shift adds, Ctrl removes, Shift+Ctrl toggles); "
            "right drag orbits then, middle drag pans"},
    Gesture{"wheel", "zoom towards the point under the cursor"},
    Gesture{"drop a file on the window", "open it"},
    Gesture{"drag a panel's edge", "resize the Outliner, the Inspector or the Tools area"},
    Gesture{"Collide: Ctrl+drag / Shift+drag", "move / turn the moving object"},
    Gesture{"Triangle lab: drag a corner's label", "move that corner"},
};

}  // namespace

std::span<const CommandInfo> commands() {
    return kCommands;
}

const CommandInfo& command_info(Command command) {
    for (const CommandInfo& info : kCommands)
        if (info.command == command) return info;
    return kCommands.front();  // every command is in the table (commands_test.cpp)
}

std::optional<Command> command_for_key(int key, int mods) {
    // "?" is Shift+/ on most layouts: Help, like F1.
    if (key == GLFW_KEY_SLASH && (mods & kShift)) return Command::Help;
    const int wanted = mods & (kCtrl | kShift);
    for (const CommandInfo& info : kCommands) {
        if (info.key != key || info.key < 0) continue;
        const bool shift_named = (info.mods & kShift) != 0;
        const int compared = shift_named ? wanted : (wanted & ~kShift);
        if (compared == info.mods) return info.command;
    }
    return std::nullopt;
}

std::span<const Gesture> gestures() {
    return kGestures;
}

}  // namespace app
