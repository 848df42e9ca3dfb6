#pragma once
/// The interactive viewer: one GLFW window laid out as a workspace (menu bar, Outliner,
/// Inspector, Tools area, status bar around the 3D view), the scene, the camera and picking.
/// run_frame() reads like a table of contents of one frame. Its parts live in one file each:
/// viewer_app.cpp (the frame, loading, camera, animation), viewer_input.cpp (mouse, keys,
/// commands), viewer_picking.cpp (picks, live re-picks, the tools' computations),
/// viewer_draw.cpp (the 3D view), viewer_ui.cpp (the panels in their regions),
/// viewer_report.cpp (the scripted run and the UI trace) and viewer_files.cpp (screenshots,
/// records, session files).

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/far_study_job.h"
#include "app/core/id_buffer_check.h"
#include "app/core/leak_sweep_job.h"
#include "app/core/model_identity.h"
#include "app/core/pick_change.h"
#include "app/core/pointer_gesture.h"
#include "app/core/recent_files.h"
#include "app/core/scene_loading.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "app/core/session_file.h"
#include "app/core/slab_lab.h"
#include "app/core/viewer_options.h"
#include "app/viewer/accel_view.h"
#include "app/viewer/collide_mode.h"
#include "app/viewer/commands.h"
#include "app/viewer/disagreement_view.h"
#include "app/viewer/ground_probe_view.h"
#include "app/viewer/key_trickle.h"
#include "app/viewer/lab_mode.h"
#include "app/viewer/magnifier_view.h"
#include "app/viewer/measure_view.h"
#include "app/viewer/mesh_inspect_view.h"
#include "app/viewer/panels/algorithms_panel.h"
#include "app/viewer/panels/mode_panel.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/panels/slab_lab_panel.h"
#include "app/viewer/panels/sphere_forms_panel.h"
#include "app/viewer/region_select_tool.h"
#include "app/viewer/tour_player.h"
#include "app/viewer/workspace.h"
#include "render/renderer.h"

struct GLFWwindow;

namespace app {

/// The tabs of the Tools area.
enum class ToolsTab {
    Algorithms,
    Acceleration,
    BoneSpace,
    InspectMesh,
    SphereForms,
    SlabLab,
    GroundProbe,
    Animation,
    LabPictures
};
/// "algorithms", "acceleration", "bone-space", "inspect-mesh", "sphere-forms", "slab-lab",
/// "ground-probe", "animation", "lab-pictures" (--tool's names).
[[nodiscard]] std::string_view tools_tab_name(ToolsTab tab);
[[nodiscard]] std::optional<ToolsTab> find_tools_tab(std::string_view name);

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
    /// Every key event: the viewer's commands on a press, ImGui's backend through the trickle.
    void on_key(int key, int scancode, int action, int mods);
    void on_drop(const char* path);

  private:
    // == The frame (viewer_app.cpp)
    void run_frame();
    void wait_for_events();
    void layout_workspace();
    void update_loading();
    void update_animation();
    void update_accel();
    /// The build in progress stopped: picks go on with the tree built another way that serves,
    /// if there is one (its method becomes the choice, or auto would start the build again),
    /// else with `none`.
    void cancel_accel_build();

    // == Loading and the camera (viewer_app.cpp)
    void start_load(const std::string& path);
    void adopt_scene(assets::Scene scene, double load_seconds);
    void frame_scene();
    /// What F frames: the scene over its clip, the Collide pair, the lab's triangles, or the
    /// node chosen in the Outliner.
    [[nodiscard]] picking::Aabb framed_bounds() const;
    void reset_view();
    void set_mode(ViewerMode mode);
    /// The window's size and its framebuffer's, as measure_window() found them this frame.
    [[nodiscard]] glm::vec2 window_size() const { return window_size_; }
    [[nodiscard]] glm::ivec2 framebuffer_size() const { return framebuffer_size_; }
    void measure_window();
    /// The 3D view: the part of the window the panels leave (window pixels).
    [[nodiscard]] const Rect& view_rect() const { return workspace_.current().view; }
    /// Framebuffer pixels per window pixel (HiDPI).
    [[nodiscard]] glm::vec2 pixel_scale() const;
    [[nodiscard]] render::FrameView frame_view() const;
    [[nodiscard]] render::InstancePlacement placement(PoseChoice pose) const;

    // == Input (viewer_input.cpp)
    void run_command(Command command);
    /// The pointer's position as of the event being handled (window pixels).
    [[nodiscard]] glm::vec2 event_cursor() const;
    [[nodiscard]] bool ui_wants_mouse() const;
    void show_tool(ToolsTab tab);

    // == Picking (viewer_picking.cpp)
    void handle_picking();
    /// What the next pick runs with: the Inspector's choice and t range.
    [[nodiscard]] PickInputs pick_inputs() const;
    /// A pick through the window pixel; `clicked` (not a hover) also reads the ID buffer
    /// there and keeps the picked deforming mesh's vertices for the Bone space view.
    [[nodiscard]] Selection pick_at(glm::vec2 cursor_window, bool clicked);
    /// Picks `base`'s ray (and cursor, and ID buffer reading) with the current settings.
    [[nodiscard]] Selection pick_ray(Selection base, bool clicked);
    /// What follows from the selection's result: its pose, the picked vertices, the snap,
    /// the bind pose's answer and the ID buffer's verdict.
    [[nodiscard]] Selection finish_pick(Selection selection, bool clicked);
    /// Tab / Shift+Tab: the next (step 1) or previous (-1) triangle hit along the pick's ray,
    /// in the order All hits lists them, wrapping around.
    void cycle_hit(int step);
    /// What the ID buffer's verdict needs from the camera and the model's offset.
    [[nodiscard]] IdBufferContext id_context(const Selection& selection) const;
    /// The last pick again on its own ray, when a setting that decides it changed.
    void repick_if_settings_changed();
    void update_algorithm_views();
    [[nodiscard]] bool algorithms_shown() const;
    /// The leak sweep: on a thread of its own (scripted runs wait for it).
    void run_leak_sweep();
    /// Takes a finished sweep's result into the Algorithms tools.
    void update_leak_sweep();
    /// Takes a finished far-from-origin study into the Algorithms tools.
    void update_far_study();
    void move_far(double distance);

    // == The 3D view (viewer_draw.cpp)
    void draw_scene();
    void draw_collide_scene();
    void add_algorithm_overlay(render::Overlay& overlay) const;
    void draw_bone_space_picture();
    void draw_magnifier();
    void draw_view_labels();
    void draw_heatmap();
    /// The Disagreement tab's picture over the view, while the tab is open.
    void draw_disagreement();
    /// Turns the camera's target to `center` (a finding of the mesh inspector, an explained
    /// triangle), near enough to see something `size` across, and no nearer than `nearest`
    /// times the scene's radius.
    void look_closer(glm::vec3 center, float size, float nearest = 0.03f);
    [[nodiscard]] bool disagreement_shown() const;
    void upload_posed_vertices();
    /// Hands the region selection to the renderer when it changed.
    void upload_region_selection();

    // == The panels in their regions (viewer_ui.cpp)
    void draw_panels();
    void draw_menu_bar();
    void draw_status_bar();
    void draw_outliner();
    void draw_inspector_region();
    void draw_tools_region();
    [[nodiscard]] ViewSwitches view_switches() const;
    [[nodiscard]] StatusInfo status_info() const;
    /// The median of the recent frames' app (or GL) time.
    [[nodiscard]] double recent_frame_ms(bool gl) const;

    // == Guided tours (viewer_tours.cpp)
    /// Sets the step up: mode, model, algorithm and options, tools.
    void apply_tour_step(const TourStep& step);
    /// Once its model is in: epsilon, time, far offset, camera, click, sweep.
    void set_up_tour_view(const TourStep& step);
    /// Moves the tour on by one phase a frame.
    void update_tour();
    /// Headless: the step's picture and JSON line, then the next step (or the end).
    void finish_tour_step();
    /// Help > Tours and the caption of the step shown.
    void draw_tour();
    /// Ends the tour and puts back the pick settings from before it.
    void end_tour();
    [[nodiscard]] std::optional<std::uint32_t> node_named(const std::string& name) const;

    // == Reports (viewer_report.cpp)
    void run_script();
    /// What a scripted run prints: the pick, the mode, the windows, the accel and heatmap.
    [[nodiscard]] nlohmann::ordered_json report() const;
    /// --ui-trace: the frame, the probed widgets and the report, after every frame.
    void write_ui_trace();

    // == Files (viewer_files.cpp)
    /// File > Save screenshot: the window as a PNG in the working directory.
    void save_screenshot();
    /// The current pick's record (app/core/pick_record.h) as one JSON line, or nothing and
    /// the status bar says why (no pick, the model file cannot be read to hash it).
    [[nodiscard]] std::optional<std::string> current_pick_record();
    /// Ctrl+C: the record to the clipboard; File > Save pick record: to a file named after the
    /// model and the time in the working directory, like a screenshot.
    void copy_pick_record();
    void save_pick_record();
    /// The model shown, hashed once per model for records and sessions; nothing (and the
    /// status bar says why) when there is none or its file cannot be read.
    [[nodiscard]] const ModelIdentity* identified_model();
    /// Writes `text` to `file`; false (and the status bar says so) when that fails.
    bool write_text_file(const std::string& file, const std::string& text);
    /// The last region's selection record (app/core/selection_record.h) as one JSON line.
    [[nodiscard]] std::optional<std::string> current_selection_record();
    /// Ctrl+Shift+C, File > Save selection record: like the pick's record.
    void copy_selection_record();
    void save_selection_record();
    /// The session as it stands (app/core/session_file.h).
    [[nodiscard]] std::optional<SessionFile> current_session();
    /// Ctrl+S: the session to a file named after the model and the time, in the working
    /// directory.
    void save_session();
    /// File > Open on a session file, or --session: reads it and opens its model (or
    /// `model_instead`); the rest applies once the model is in (adopt_scene). False (and the
    /// status bar says why) when the file cannot be read.
    bool open_session(const std::string& path, const std::string& model_instead = {});
    void apply_session(const SessionFile& session);

    GLFWwindow* window_;
    glm::vec2 window_size_{1.0f};
    glm::ivec2 framebuffer_size_{1};
    ViewerOptions options_;
    render::Renderer renderer_;
    std::shared_ptr<SceneSession> session_;  ///< shared with an acceleration build in flight
    SceneLoading loads_;
    RecentFiles recent_;
    Camera camera_;
    Workspace workspace_;

    ViewerMode mode_ = ViewerMode::Pick;
    LabMode lab_mode_;
    CollideMode collide_mode_;

    // The panels' state
    PickPanelState pick_panel_;
    InspectorState inspector_;
    OutlinerState outliner_;
    AnimationPanelState animation_panel_;
    AlgorithmsPanelState algorithms_panel_;
    AccelPanelState accel_panel_;
    BoneSpaceState bone_space_;
    SphereFormsPanelState sphere_forms_;
    GroundProbeView ground_probe_;
    TourPlayer tour_;
    OpenDialogState open_dialog_;
    HelpState help_;
    ToolsTab tools_tab_ = ToolsTab::Algorithms;
    std::optional<ToolsTab> select_tools_tab_;  ///< switch to this tab on the next frame
    bool wireframe_ = false;
    bool show_ray_ = true;

    AccelView accel_view_;
    /// How the BVH that the last pick could see was built: a new tree built another way
    /// repicks (the same answer, another cost).
    std::optional<picking::BvhBuildMethod> seen_bvh_build_;
    DisagreementView disagreement_view_;
    MeshInspectView mesh_inspect_;
    SlabLab slab_lab_;  ///< the Slab lab tool (seed 002's box test); no scene needed
    SlabLabPanelState slab_lab_panel_;
    std::shared_ptr<LeakSweepJob> leak_sweep_;  ///< a sweep under way, if any
    std::shared_ptr<FarStudyJob> far_study_;    ///< a far-from-origin study under way, if any
    std::uintptr_t heatmap_texture_ = 0;        ///< the heatmap as uploaded this frame (0: none)
    std::uintptr_t disagreement_texture_ = 0;   ///< the disagreement picture as uploaded (0: none)
    std::optional<Selection> selection_;
    std::optional<Selection> hover_;
    MeasureTool measure_;                            ///< the Measure tool's points
    RegionSelectTool region_tool_;                   ///< Box and Lasso, and what they selected
    std::uint64_t uploaded_region_version_ = ~0ull;  ///< the selection the GPU tints
    std::optional<std::uint32_t> selected_node_;     ///< chosen in the Outliner: F frames it
    std::uint64_t pick_count_ = 0;
    std::uint64_t studied_serial_ = 0;  ///< the pick the Algorithms tool computed its tables for
    double far_distance_ = 0.0;         ///< how far Far from origin moved the model
    /// What the last pick ran with: the next pick with other inputs is cold again.
    std::optional<PickInputs> warm_inputs_;
    /// The picked mesh's triangles nearest the hit, for the Bone space view and the magnifier.
    std::vector<std::uint32_t> neighbourhood_;
    std::uint64_t neighbourhood_serial_ = 0;
    float picked_radius_ = 0.0f;  ///< the picked mesh's bounding radius in its own space
    /// What the Bone space picture was last drawn for: it is drawn again only when this changes.
    std::optional<std::array<float, 8>> bone_space_drawn_;
    std::uintptr_t magnifier_texture_ = 0;  ///< this frame's magnifier (0: none needed)
    MagnifierScene magnifier_;

    KeyTrickle keys_;         ///< every key press lasts a frame for ImGui
    PointerGesture pointer_;  ///< clicks and drags from the mouse's presses and moves
    std::optional<glm::vec2> event_cursor_;   ///< the last motion event's position
    std::optional<glm::vec2> pending_click_;  ///< picked at the start of the next frame

    std::string last_load_;  ///< "bunny.obj: 69,666 triangles in 212 ms"
    std::string error_;      ///< the last failure, shown in the status bar until the next load
    std::string screenshot_note_;  ///< what File > Save screenshot or a pick record did
    /// The loaded model's file and its SHA-256, hashed when its first pick record is made.
    std::optional<ModelIdentity> model_identity_;
    bool loading_tinyobjloader_ = false;  ///< the load in flight reads .obj with tinyobjloader
    bool model_tinyobjloader_ = false;    ///< the model shown was read so
    std::string last_pick_record_;        ///< the record copied or saved last
    std::string last_selection_record_;   ///< the selection record copied or saved last
    std::string last_session_;            ///< the session file saved last (its path)
    /// A session being opened: applied once its model is in.
    std::optional<SessionFile> pending_session_;
    std::string pending_session_path_;
    bool screenshot_requested_ = false;  ///< taken once this frame's panels are drawn
    std::string current_path_;           ///< the model shown (for Reload and the title)

    std::uint64_t uploaded_pose_version_ = 0;  ///< the pose whose vertices the GPU holds
    double last_frame_time_ = 0.0;
    /// The recent frames' time (ms): the app's own work, and the GL driver's (drawing, reading
    /// the ID buffer; with software GL that is CPU time too). The status bar shows the median.
    std::array<double, 31> frame_app_ms_{}, frame_gl_ms_{};
    std::size_t frame_index_ = 0;
    /// --bench-frames: every frame's times once the scripted click is done.
    std::vector<double> bench_app_ms_, bench_gl_ms_;
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
