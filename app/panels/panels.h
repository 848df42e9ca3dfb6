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

// == View panel: camera, drawing options, animation playback, controls
struct ViewPanelState {
    bool wireframe = false;
    bool show_ray = true;
    bool playing = true;
    float speed = 1.0f;
};
struct ViewPanelAction {
    bool frame = false;
    bool reset = false;
    std::optional<double> seek;  ///< seconds
};
[[nodiscard]] ViewPanelAction draw_view_panel(Camera& camera, ViewPanelState& state,
                                              SceneSession& session);

// == Scene panel: the node hierarchy with the picked node highlighted
void draw_scene_panel(const SceneSession& session, const std::optional<Selection>& selection);

}  // namespace app
