#pragma once
/// Everything the viewer can be asked to do from a key, a menu or a button, with its shortcut:
/// one table, so the menus, the key handler and the Help window's list of keys never disagree.

#include <optional>
#include <span>
#include <string_view>

namespace app {

enum class Command {
    // File
    Open,
    Reload,
    DefaultScene,
    SaveScreenshot,
    SaveSession,
    CopyPickRecord,
    SavePickRecord,
    CopySelectionRecord,
    SaveSelectionRecord,
    Quit,
    // View
    ToggleOutliner,
    ToggleInspector,
    ToggleTools,
    Frame,
    ResetView,
    ToggleProjection,
    ToggleWireframe,
    ToggleBoxes,
    ToggleHeatmap,
    ToggleGhost,
    // Pick
    ToggleHover,
    ClearPick,
    ToolClick,
    ToolBox,
    ToolLasso,
    ToggleXray,
    ToolMeasure,
    ToggleSnap,
    NextHit,
    PreviousHit,
    // Tools
    ShowAlgorithms,
    ShowAcceleration,
    ShowBoneSpace,
    ShowAnimation,
    ShowInspectMesh,
    ShowSphereForms,
    ShowGroundProbe,
    ShowSlabLab,
    PlayPause,
    StepBack,
    StepForward,
    // Modes
    ModePick,
    ModeCollide,
    ModeLab,
    // Help
    Help,
    Tours,  ///< the last: commands_test counts the table against it
};

/// Which modifier keys a shortcut needs (GLFW's bits).
inline constexpr int kCtrl = 0x0002;   // GLFW_MOD_CONTROL
inline constexpr int kShift = 0x0001;  // GLFW_MOD_SHIFT

struct CommandInfo {
    Command command;
    std::string_view label;     ///< as menus write it ("Frame the model")
    std::string_view shortcut;  ///< as menus and Help write it ("F", "Ctrl+O"); may be empty
    int key = -1;               ///< GLFW key code, -1 for none
    int mods = 0;               ///< kCtrl, kShift
    /// Also works while a text field or a dialog has the keyboard (Ctrl+Q, Ctrl+O, the
    /// function keys: none of them types anything).
    bool global = false;
};

/// Every command, in the order Help lists them.
[[nodiscard]] std::span<const CommandInfo> commands();
[[nodiscard]] const CommandInfo& command_info(Command command);
/// The command of a key press (GLFW key and modifiers); Shift is ignored unless the shortcut
/// names it, so "?" (Shift+/) finds Help.
[[nodiscard]] std::optional<Command> command_for_key(int key, int mods);

/// What the mouse does, for Help ("left drag", "orbit around the target").
struct Gesture {
    std::string_view input;
    std::string_view does;
};
[[nodiscard]] std::span<const Gesture> gestures();

}  // namespace app
