#pragma once
/// The interactive viewer: one GLFW window, the scene, the camera, the panels, and picking.
/// run_frame() reads like a table of contents of one frame.

#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/pointer_gesture.h"
#include "app/core/recent_files.h"
#include "app/core/scene_loading.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "app/core/viewer_options.h"
#include "app/viewer/accel_view.h"
#include "app/viewer/collide_mode.h"
#include "app/viewer/lab_mode.h"
#include "app/viewer/panels/algorithms_panel.h"
#include "app/viewer/panels/mode_panel.h"
#include "app/viewer/panels/panels.h"
#include "render/renderer.h"

struct GLFWwindow;

namespace app {

class ViewerApp {
  public:
    /// Needs a current OpenGL 3.3 context in `window` with ImGui set up on it.
    ViewerApp(GLFWwindow* window, const ViewerOptions& options);
    ViewerApp(const ViewerApp&) = delete;
    ViewerApp& operator=(const ViewerApp&) = delete;

    /// Runs until the window closes or a scripted run ends; returns the exit status.
    int run();

    // == Input, called from the GLFW callbacks
    void on_mouse_button(int button, int action, int mods);
    void on_cursor(double x, double y);
    void on_scroll(double dy);
    void on_key(int key, int action, int mods);
    void on_drop(const char* path);

  private:
    void run_frame();
    void wait_for_events();
    void update_loading();
    void update_animation();
    void update_accel();
    void handle_picking();
    void draw_scene();
    void draw_collide_scene();
    void draw_bone_space_view();
    void draw_panels();
    void draw_viewport_labels();
    void draw_heatmap();
    void run_script();
    /// What a scripted run prints: the pick, the mode, the windows, the accel and heatmap.
    [[nodiscard]] nlohmann::ordered_json report() const;
    /// --ui-trace: the frame, the probed widgets and the report, after every frame.
    void write_ui_trace();

    void update_algorithm_views();
    void run_leak_sweep();
    void move_far(double distance);
    void add_algorithm_overlay(render::Overlay& overlay) const;

    void start_load(const std::string& path);
    void adopt_scene(assets::Scene scene, double load_seconds);
    void frame_scene();
    void reset_view();
    /// Folds (or unfolds) the File and Animation windows the next time they are drawn.
    void fold_scene_panels(bool fold);
    [[nodiscard]] glm::vec2 window_size() const;
    [[nodiscard]] glm::ivec2 framebuffer_size() const;
    [[nodiscard]] render::FrameView frame_view() const;
    [[nodiscard]] render::InstancePlacement placement(PoseChoice pose) const;
    void upload_posed_vertices();
    /// A pick through the window pixel; `clicked` (not a hover) also reads the ID buffer
    /// there and keeps the picked deforming mesh's vertices for the Bone space view.
    [[nodiscard]] Selection pick_at(glm::vec2 cursor_window, bool clicked);
    [[nodiscard]] bool ui_wants_mouse() const;

    GLFWwindow* window_;
    ViewerOptions options_;
    render::Renderer renderer_;
    std::shared_ptr<SceneSession> session_;  ///< shared with an acceleration build in flight
    SceneLoading loads_;
    RecentFiles recent_;
    Camera camera_;

    ViewerMode mode_ = ViewerMode::Pick;
    LabMode lab_mode_;
    CollideMode collide_mode_;

    FilePanelState file_panel_;
    PickPanelState pick_panel_;
    ViewPanelState view_panel_;
    AnimationPanelState animation_panel_;
    /// Where the Animation window was before Collide mode folded it.
    std::optional<glm::vec2> animation_unfolded_at_;
    SpacesPanelState spaces_panel_;
    AlgorithmsPanelState algorithms_panel_;
    AccelPanelState accel_panel_;
    AccelView accel_view_;
    std::uintptr_t heatmap_texture_ = 0;  ///< the heatmap as uploaded this frame (0: none)
    std::optional<Selection> selection_;
    std::optional<Selection> hover_;
    std::uint64_t pick_count_ = 0;

    PointerGesture pointer_;  ///< clicks and drags from the mouse's presses and moves
    std::optional<glm::vec2> pending_click_;  ///< picked at the start of the next frame

    std::uint64_t uploaded_pose_version_ = 0;  ///< the pose whose vertices the GPU holds
    double last_frame_time_ = 0.0;
    bool quit_ = false;
    int exit_status_ = 0;

    // Scripted runs: wait for the scene, click, draw, then take the screenshot.
    int frames_since_scene_ = 0;
    bool script_clicked_ = false;
    bool script_then_time_done_ = false;
    bool script_done_ = false;
    bool initial_load_done_ = false;
    bool script_leaks_done_ = false;
    std::uint64_t ui_trace_frame_ = 0;
};

}  // namespace app
