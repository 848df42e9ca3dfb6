#pragma once
/// The ImGui panels, one per file, each a free function over explicit state.

#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "app/core/async_load.h"
#include "app/core/camera.h"
#include "app/core/pick_choice.h"
#include "app/core/recent_files.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "app/viewer/panels/panel_window.h"

namespace app {

// == File panel: path entry, recent files, the loader switch, progress and errors
struct FilePanelState {
    std::string path_input;
    bool obj_via_tinyobjloader = false;
    std::string error;      ///< the last failed load, shown until the next load
    std::string last_load;  ///< "bunny.obj: 69,666 triangles in 212 ms"
    PanelWindow window;
};
struct FilePanelAction {
    std::optional<std::string> load;  ///< a path, or "default"
    bool cancel = false;
};
[[nodiscard]] FilePanelAction draw_file_panel(FilePanelState& state, const RecentFiles& recent,
                                              const ModelLoad* loading,
                                              const SceneSession& session);

// == Pick panel: the algorithm and its options, hover mode, and everything about the last pick
struct PickPanelState {
    PickChoice choice;   ///< the algorithm, its options and the accel: what every pick uses
    float t_min = 0.0f;  ///< the t range given to the next click's ray
    float t_max = std::numeric_limits<float>::infinity();
    bool hover = false;
};
/// What the Pick panel says about the broad phase besides the last pick's counters.
struct BroadPhaseStatus {
    bool building = false;  ///< the chosen accel is being built: picks fall back meanwhile
    double build_ms = 0.0;  ///< the last build of the chosen accel (0: nothing to build)
    std::size_t bytes = 0;  ///< its memory
};
void draw_pick_panel(PickPanelState& state, const std::optional<Selection>& selection,
                     const SceneSession& session, const BroadPhaseStatus& broad_phase = {});

// == Acceleration panel: the broad phase's build (progress, Cancel), its memory, the BVH's
// boxes at a chosen depth and those the last pick entered, and the per-pixel cost heatmap
struct AccelPanelState {
    bool show_boxes = false;
    int box_depth = 0;            ///< 0: the root's children; -1: every level
    bool show_visited = false;    ///< the boxes the last pick entered
    bool heatmap = false;         ///< trace every pixel with the current settings, coloured by cost
    bool start_collapsed = true;  ///< the window starts folded (nothing asked of it yet)
};
/// What the viewer knows for the panel to show.
struct AccelStatus {
    std::string accel;  ///< the chosen accel's name
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
};
struct AccelPanelAction {
    bool cancel_build = false;
};
[[nodiscard]] AccelPanelAction draw_accel_panel(AccelPanelState& state, const AccelStatus& status);

// == View panel: camera, drawing options, controls
struct ViewPanelState {
    bool wireframe = false;
    bool show_ray = true;
};
struct ViewPanelAction {
    bool frame = false;
    bool reset = false;
};
[[nodiscard]] ViewPanelAction draw_view_panel(Camera& camera, ViewPanelState& state);

// == Animation panel: clip, playback and timeline; the bind-pose ghost and bind-pose picking
struct AnimationPanelState {
    bool playing = true;
    float speed = 1.0f;
    bool ghost = false;           ///< draw the bind pose over the scene
    bool pick_bind_pose = false;  ///< also pick the bind pose: the classic wrong answer
    PanelWindow window;
};
void draw_animation_panel(AnimationPanelState& state, SceneSession& session,
                          const std::optional<Selection>& selection);

// == Spaces panel: the picked mesh's node in the hierarchy, its bone space (world_from_mesh and
// its inverse), the ray in both spaces and t explained; and a view of the mesh in bone space
struct SpacesPanelState {
    bool show_axes = true;               ///< the picked mesh's bone axes drawn in the viewport
    bool show_bone_view = true;          ///< the "Bone space" window
    Camera bone_view_camera;             ///< the bone-space view's own orbit camera
    std::uint64_t bone_view_serial = 0;  ///< the pick that camera was framed for
    std::uint64_t tree_serial = 0;       ///< the pick the hierarchy last scrolled to
    /// Every node of the hierarchy open (a skinned model's bones show); unset: open for trees
    /// of at most kExpandAllNodes nodes, else only the path down to the pick.
    std::optional<bool> expand_all;
    static constexpr std::size_t kExpandAllNodes = 200;
    int tree_nodes_shown = 0;  ///< nodes the tree drew last frame (open branches' children)
    std::uintptr_t bone_view_texture = 0;  ///< the GL texture the viewer drew it into
    glm::ivec2 bone_view_size{320, 220};   ///< in framebuffer pixels, as wanted by the window
};
void draw_spaces_panel(SpacesPanelState& state, const SceneSession& session,
                       const std::optional<Selection>& selection);
/// The "Bone space" window: the texture state.bone_view_texture; dragging in it orbits.
void draw_bone_space_window(SpacesPanelState& state, const SceneSession& session,
                            const std::optional<Selection>& selection);

}  // namespace app
