#pragma once
/// The ImGui panels, one per file, each a free function over explicit state that draws into
/// the region the workspace gives it (app/viewer/workspace.h) and returns what the user asked
/// for. None of them opens a window of its own but the dialogs.

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/core/async_load.h"
#include "app/core/bvh_build_choice.h"
#include "app/core/camera.h"
#include "app/core/file_browser.h"
#include "app/core/pick_choice.h"
#include "app/core/recent_files.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "app/core/surface_at_hit.h"
#include "app/viewer/commands.h"
#include "app/viewer/panels/mode_panel.h"

namespace app {

// == Menu bar: File, View, Pick, Tools, Help, and the three modes
/// The switches the View menu shows as checked.
struct ViewSwitches {
    bool outliner = false, inspector = true, tools = false;
    bool wireframe = false, show_ray = true, show_axes = true;
    bool boxes = false, heatmap = false, ghost = false, hover = false;
    bool orthographic = false;
    bool has_clips = false;
    int select_tool = 0;  ///< 0 click, 1 box, 2 lasso, 3 measure (the Pick menu's radio items)
    bool xray = false;
    bool snap = false;  ///< the model has animation (Tools > Animation)
};
struct MenuBarAction {
    std::optional<Command> command;
    std::optional<std::string> open_recent;  ///< a recent file to open
    bool show_ray_toggled = false, show_axes_toggled = false;
};
/// `recent` for File > Open recent; the Pick menu edits `choice` directly.
[[nodiscard]] MenuBarAction draw_menu_bar(const ViewSwitches& switches, ViewerMode mode,
                                          const RecentFiles& recent, PickChoice& choice,
                                          Camera& camera);

// == Status bar: the model, its size, the accel, the frame time, the last pick, a hint
struct StatusInfo {
    std::string model;  ///< file name, or "default scene"
    std::size_t triangles = 0;
    std::string accel;      ///< "bvh", "bvh (building 40%)"
    double frame_ms = 0.0;  ///< the app's own CPU time per frame, recent median
    double gl_ms = 0.0;     ///< the GL driver's per frame (drawing; CPU time with software GL)
    std::optional<double> pick_us;  ///< the last pick's time
    bool pick_cold = false;         ///< the first pick since the model or settings changed
    std::string hint;               ///< what to do next
    std::string error;              ///< the last failure (load, command line), shown in red
    /// Work under way, with its progress: "Loading bunny.obj" 0.4.
    std::string busy;
    float busy_progress = -1.0f;  ///< < 0: no fraction known
    bool cancellable = false;
};
struct StatusBarAction {
    bool cancel = false;
    std::optional<Command> command;  ///< the region toggles at the right end
};
[[nodiscard]] StatusBarAction draw_status_bar(const StatusInfo& info, const ViewSwitches& switches,
                                              const Rect& rect);

// == Outliner (left): the node tree with the picked or selected node, and the model's facts
struct OutlinerState {
    /// Every node of the hierarchy open (a skinned model's bones show); unset: open for trees
    /// of at most kExpandAllNodes nodes, else only the path down to the selection.
    std::optional<bool> expand_all;
    static constexpr std::size_t kExpandAllNodes = 200;
    std::uint64_t tree_serial = 0;  ///< the pick the tree last scrolled to
    int tree_nodes_shown = 0;       ///< nodes the tree drew last frame
};
struct OutlinerAction {
    std::optional<std::uint32_t> select_node;  ///< a node was clicked
    bool frame_selection = false;              ///< double click: frame it
};
/// `selected` is the node chosen in the outliner (it wins over the pick's node for framing);
/// `last_load` one line about the last load.
[[nodiscard]] OutlinerAction draw_outliner(OutlinerState& state, const SceneSession& session,
                                           const std::optional<Selection>& selection,
                                           std::optional<std::uint32_t> selected,
                                           const std::string& last_load);

// == Inspector (right), Pick mode: the choice, the pick's key numbers, details folded below
struct PickPanelState {
    PickChoice choice;   ///< the algorithm, its options and the accel: what every pick uses
    float t_min = 0.0f;  ///< the t range given to the next click's ray
    float t_max = std::numeric_limits<float>::infinity();
    bool hover = false;
    /// Snapping (key V): the pick moves to the nearest vertex, edge midpoint or edge point
    /// within snap_radius_px on screen, and the cursor shows where it would go.
    bool snap = false;
    float snap_radius_px = 12.0f;
    picking::SnapTargets snap_targets;
};
/// What the Inspector says about the broad phase besides the last pick's counters.
struct BroadPhaseStatus {
    bool building = false;  ///< the chosen accel is being built: picks fall back meanwhile
    double build_ms = 0.0;  ///< the last build of the chosen accel (0: nothing to build)
    std::size_t bytes = 0;  ///< its memory
};
struct InspectorState {
    bool show_axes = true;            ///< the picked mesh's bone axes drawn in the view
    std::string change;               ///< what the last re-pick changed ("algorithm a -> b")
    std::uint64_t change_serial = 0;  ///< the pick that change note belongs to
    /// Pixels by which the widest value passed the Inspector's width when last drawn (at most
    /// 0: nothing clipped).
    float overflow_px = 0.0f;
    bool key_numbers_drawn = false;   ///< t, u, v shown this frame
    float key_numbers_bottom = 0.0f;  ///< window y below the last key number (for tests)
    /// The surface at the pick, worked out once per pick and pose (a deforming mesh's normals
    /// are posed again for it), for the pick `surface_serial` at `surface_pose`.
    std::optional<SurfaceAtHit> surface;
    std::uint64_t surface_serial = 0, surface_pose = 0;
};
/// The pick: everything but the choice at the top comes from `selection`.
void draw_inspector(InspectorState& state, PickPanelState& pick,
                    const std::optional<Selection>& selection, const SceneSession& session,
                    const BroadPhaseStatus& broad_phase);
/// The algorithm and broad phase combos (the Inspector's first row).
void draw_pick_choice(PickPanelState& state);
/// Every other setting of the pick: culling, hover, the t range, the seeds' tolerances and
/// quirks, the space triangles are tested in, the shapes' forms.
void draw_pick_settings(PickPanelState& state);
/// The bone space of the picked mesh: how it is placed, its matrices, the ray in both spaces.
void draw_spaces_section(const SceneSession& session, const Selection& selection,
                         const picking::PickHit& hit);

// == Tools area (bottom): Acceleration
struct AccelPanelState {
    bool show_boxes = false;
    int box_depth = 0;          ///< 0: the root's children; -1: every level
    bool show_visited = false;  ///< the boxes the last pick entered
    bool heatmap = false;       ///< trace every pixel with the current settings, coloured by cost
    bool heatmap_packets = false;  ///< trace it in 4x4 tiles, one packet each
    /// How the BVH is built; the viewer asks the session for bvh_build_for() it each frame.
    BvhBuildChoice bvh_build = BvhBuildChoice::Auto;
};
/// What the viewer knows for the panel to show.
struct AccelStatus {
    std::string accel;        ///< the chosen accel's name
    bool is_bvh = false;      ///< the chosen accel is the BVH (its build method applies)
    std::string built_by;     ///< how the BVH there is was built ("SAH", "Morton"), if it is one
    std::string building_by;  ///< how the BVH being built is built, if one is
    bool building = false;
    float progress = 0.0f;          ///< 0..1
    double building_seconds = 0.0;  ///< so far
    double build_ms = 0.0;          ///< the last finished build of the chosen accel
    std::size_t bytes = 0;          ///< acceleration memory of the chosen accel
    std::size_t triangles = 0;      ///< in the scene
    std::string error;              ///< the last build's failure
    bool has_bvhs = false;
    int bvh_levels = 0;  ///< the deepest mesh BVH's levels of wide nodes
    std::size_t boxes_drawn = 0, boxes_at_depth = 0;
    std::size_t visited_drawn = 0;
    bool heatmap_complete = false;
    int heatmap_rows_done = 0, heatmap_rows = 0;
    std::string heatmap_totals;        ///< heatmap_totals_text()
    std::uint32_t heatmap_scale = 0;   ///< the cost at the top of the colour scale
    bool heatmap_nanoseconds = false;  ///< the cost is time (Embree), not work
    bool heatmap_packets = false;      ///< per ray of its 4x4 packet
};
struct AccelPanelAction {
    bool cancel_build = false;
};
[[nodiscard]] AccelPanelAction draw_accel_panel(AccelPanelState& state, const AccelStatus& status);

// == Tools area: Animation (only for models with clips)
struct AnimationPanelState {
    bool playing = true;
    float speed = 1.0f;
    bool ghost = false;           ///< draw the bind pose over the scene
    bool pick_bind_pose = false;  ///< also pick the bind pose: the classic wrong answer
};
void draw_animation_panel(AnimationPanelState& state, SceneSession& session,
                          const std::optional<Selection>& selection);

// == Tools area: Bone space, the picked mesh's neighbourhood alone in its own space
struct BoneSpaceState {
    Camera camera;                    ///< its own orbit camera
    std::uint64_t framed_serial = 0;  ///< the pick that camera was framed for
    std::uintptr_t texture = 0;       ///< the GL texture the viewer drew it into
    glm::ivec2 size_px{320, 220};     ///< in framebuffer pixels, as wanted by the panel
    std::size_t triangles_drawn = 0;  ///< of the neighbourhood
};
void draw_bone_space_panel(BoneSpaceState& state, const SceneSession& session,
                           const std::optional<Selection>& selection);

// == Open dialog: a file browser over the folders, filtered to what the loaders read
struct OpenDialogState {
    bool open_requested = false;           ///< open the dialog on the next frame
    std::unique_ptr<FileBrowser> browser;  ///< made on first use
    std::string path_input;                ///< typed or chosen
    std::string folder_input;              ///< the folder's path as shown or typed
    bool editing_folder = false;           ///< the folder's path has the keyboard
    bool showing = false;                  ///< the dialog was drawn this frame
    bool obj_via_tinyobjloader = false;
};
/// The path to load when the user chose one.
[[nodiscard]] std::optional<std::string> draw_open_dialog(OpenDialogState& state,
                                                          const RecentFiles& recent);

// == Help: keys and gestures, the glossary, the seeds
struct HelpState {
    bool open = false;
    int tab = 0;  ///< 0 keys, 1 glossary, 2 the seeds, 3 about
};
void draw_help_window(HelpState& state, glm::vec2 window_size);

/// A "(?)" after the last item whose tooltip is the glossary's entry for `term`.
void glossary_marker(const char* term);
/// The glossary's entry for `term` as the tooltip of the last item, when it is hovered.
void glossary_tooltip(const char* term);

}  // namespace app
