#pragma once
/// The ImGui panels, one per file, each a free function over explicit state.

#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "app/async_load.h"
#include "app/camera.h"
#include "app/recent_files.h"
#include "app/scene_session.h"
#include "app/selection.h"

namespace app {

// == File panel: path entry, recent files, the loader switch, progress and errors
struct FilePanelState {
    std::string path_input;
    bool obj_via_tinyobjloader = false;
    std::string error;      ///< the last failed load, shown until the next load
    std::string last_load;  ///< "bunny.obj: 69,666 triangles in 212 ms"
};
struct FilePanelAction {
    std::optional<std::string> load;  ///< a path, or "default"
    bool cancel = false;
};
[[nodiscard]] FilePanelAction draw_file_panel(FilePanelState& state, const RecentFiles& recent,
                                              const AsyncLoad* loading,
                                              const SceneSession& session);

// == Pick panel: the algorithm and its options, hover mode, and everything about the last pick
struct PickPanelState {
    picking::PickSettings settings;
    float t_min = 0.0f;  ///< the t range given to the next click's ray
    float t_max = std::numeric_limits<float>::infinity();
    std::string accel = "none";
    bool hover = false;
};
void draw_pick_panel(PickPanelState& state, const std::optional<Selection>& selection,
                     const SceneSession& session);

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
};
void draw_animation_panel(AnimationPanelState& state, SceneSession& session,
                          const std::optional<Selection>& selection);

// == Spaces panel: the picked mesh's node in the hierarchy, its bone space (world_from_mesh and
// its inverse), the ray in both spaces and t explained; and a view of the mesh in bone space
struct SpacesPanelState {
    bool show_axes = true;                 ///< the picked mesh's bone axes drawn in the viewport
    bool show_bone_view = true;            ///< the "Bone space" window
    Camera bone_view_camera;               ///< the bone-space view's own orbit camera
    std::uint64_t bone_view_serial = 0;    ///< the pick that camera was framed for
    std::uint64_t tree_serial = 0;         ///< the pick the hierarchy last scrolled to
    std::uintptr_t bone_view_texture = 0;  ///< the GL texture the viewer drew it into
    glm::ivec2 bone_view_size{320, 220};   ///< in framebuffer pixels, as wanted by the window
};
void draw_spaces_panel(SpacesPanelState& state, const SceneSession& session,
                       const std::optional<Selection>& selection);
/// The "Bone space" window: the texture state.bone_view_texture; dragging in it orbits.
void draw_bone_space_window(SpacesPanelState& state, const SceneSession& session,
                            const std::optional<Selection>& selection);

}  // namespace app
