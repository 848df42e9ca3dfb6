// ViewerApp's frame, loading, camera and animation.

#include "app/viewer/viewer_app.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "app/core/file_browser.h"
#include "app/core/load_exit_status.h"
#include "app/core/settings_names.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

/// The workspace's settings live beside the recent files (never in the working directory).
std::filesystem::path workspace_file(const ViewerOptions& options) {
    if (options.under_test()) return {};
    const std::filesystem::path recent = RecentFiles::default_location();
    return recent.empty() ? recent : recent.parent_path() / "workspace.txt";
}

/// "bunny.obj", or a name for what is not a file.
std::string model_title(const std::string& path) {
    if (path.empty() || path == "default") return "default scene";
    if (path.rfind("knot:", 0) == 0) return path;
    return valid_utf8(std::filesystem::path(path).filename().string());
}

}  // namespace

ViewerApp::ViewerApp(GLFWwindow* window, const ViewerOptions& options)
    : window_(window),
      options_(options),
      loads_(options.load_timeout),
      recent_(options.under_test() ? std::filesystem::path() : RecentFiles::default_location()),
      workspace_(workspace_file(options)) {
    ui_probe::enable(!options.ui_trace.empty());
    if (auto error = parse_pick_choice(options.algorithm, options.accel, pick_panel_.choice))
        throw std::invalid_argument(*error);
    pick_panel_.choice.options().triangle_options = options.flags.options;
    pick_panel_.choice.options().shapes = options.flags.shapes;
    pick_panel_.t_min = options.flags.t_min;
    pick_panel_.t_max = options.flags.t_max;
    pick_panel_.hover = options.hover;
    wireframe_ = options.wireframe;
    if (options.orthographic) camera_.projection = Projection::Orthographic;
    animation_panel_.playing = !options.time.has_value();
    animation_panel_.ghost = options.ghost;
    animation_panel_.pick_bind_pose = options.pick_bind_pose;
    open_dialog_.obj_via_tinyobjloader = options.obj_via_tinyobjloader;
    accel_panel_.show_boxes = options.bvh_depth.has_value();
    accel_panel_.box_depth = options.bvh_depth.value_or(0);
    accel_panel_.show_visited = options.show_visited;
    accel_panel_.heatmap = options.heatmap;
    accel_panel_.heatmap_packets = options.heatmap_packets;
    accel_panel_.bvh_build =
        find_bvh_build_choice(options.bvh_build).value_or(BvhBuildChoice::Auto);
    mode_ = find_mode(options.mode).value_or(ViewerMode::Pick);
    if (!options.lab_case.empty()) {
        const auto id = picking::find_tri_tri_case(options.lab_case);
        if (!id || *id == picking::TriTriCase::Degenerate)
            throw std::invalid_argument("--lab: unknown seed case '" + options.lab_case + "'");
        lab_mode_.lab().load_preset(*id);
        mode_ = ViewerMode::TriangleLab;
    }
    const picking::RayTriangleAlgorithm* disagree_b =
        picking::find_ray_triangle_algorithm(options.disagree_b);
    if (!disagree_b)
        throw std::invalid_argument("--disagree-b: unknown algorithm '" + options.disagree_b + "'");
    algorithms_panel_.disagreement.b = disagree_b->method;
    algorithms_panel_.disagreement.t_ulps = options.disagree_ulps;
    // The command line asks for tools: the Tools area opens on them.
    if (!options.tour.empty()) {
        const Tour* tour = find_tour(options.tour);
        if (!tour) throw std::invalid_argument("--tour: unknown tour '" + options.tour + "'");
        tour_.start(*tour, options.scripted());
    }
    if (options.construction) {
        algorithms_panel_.construction_shown = true;
        algorithms_panel_.frame_construction = true;
        algorithms_panel_.select_tab = AlgorithmsTab::Explain;
        show_tool(ToolsTab::Algorithms);
    }
    for (const std::string& name : options.panels) {
        algorithms_panel_.select_tab = algorithms_tab_from_name(name);
        show_tool(ToolsTab::Algorithms);
    }
    if (!options.slab_preset.empty()) {
        if (!slab_lab_.load_preset(options.slab_preset))
            throw std::invalid_argument("--slab-preset: unknown preset '" + options.slab_preset +
                                        "' (" + slab_preset_names() + ")");
        show_tool(ToolsTab::SlabLab);
        // The lab's chart, table and picture want more than the Tools area's usual height
        // (the layout still keeps the view its share).
        workspace_.wishes().tools_height = std::max(workspace_.wishes().tools_height, 430.0f);
    }
    for (const std::string& name : options.tools) {
        const std::optional<ToolsTab> tab = find_tools_tab(name);
        if (!tab) throw std::invalid_argument("--tool: unknown tool '" + name + "'");
        show_tool(*tab);
    }
    if (mode_ == ViewerMode::TriangleLab) show_tool(ToolsTab::LabPictures);
    if (options.outliner) workspace_.set_open(Region::Outliner, true);

    // An empty scene until the first load lands, so every frame has something to draw.
    assets::Scene empty;
    empty.nodes.push_back({"(loading)", glm::mat4(1.0f), -1, {}, {}});
    session_ = std::make_shared<SceneSession>(std::move(empty));
    // The command line checked the session file; should it have changed since, the model alone.
    if (options.session.empty() || !open_session(options.session, options.model))
        start_load(options.model.empty() ? "default" : options.model);
    last_frame_time_ = glfwGetTime();
    measure_window();
}

int ViewerApp::run() {
    while (!quit_ && !glfwWindowShouldClose(window_))
        run_frame();
    return exit_status_;
}

void ViewerApp::run_frame() {
    // Keys tapped since the last frame are released now that ImGui has seen them down.
    for (const KeyTrickle::KeyEvent& e : keys_.next_frame())
        ImGui_ImplGlfw_KeyCallback(window_, e.key, e.scancode, e.action, e.mods);
    wait_for_events();
    // The app's own work: from here to the panels built, less what the renderer spent in GL.
    using Clock = std::chrono::steady_clock;
    const auto started = Clock::now();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    ui_probe::begin_frame();

    layout_workspace();
    update_loading();
    update_leak_sweep();
    update_far_study();
    update_animation();
    update_accel();
    handle_picking();
    draw_scene();
    draw_panels();
    const auto built = Clock::now();
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    const auto rendered = Clock::now();
    const double gl_ms = 1e3 * renderer_.take_seconds();
    const double app_ms =
        std::max(std::chrono::duration<double, std::milli>(built - started).count() - gl_ms, 0.0);
    const double all_gl_ms =
        gl_ms + std::chrono::duration<double, std::milli>(rendered - built).count();
    frame_app_ms_[frame_index_ % frame_app_ms_.size()] = app_ms;
    frame_gl_ms_[frame_index_ % frame_gl_ms_.size()] = all_gl_ms;
    ++frame_index_;
    // --bench-frames: the frames after the scripted click (or the load, without one).
    const bool click_done = !options_.click || (script_clicked_ && !pending_click_);
    if (options_.bench_frames > 0 && click_done && initial_load_done_ && !loads_.current() &&
        bench_app_ms_.size() < std::size_t(options_.bench_frames)) {
        bench_app_ms_.push_back(app_ms);
        bench_gl_ms_.push_back(all_gl_ms);
    }
    if (screenshot_requested_) {
        screenshot_requested_ = false;
        save_screenshot();
    }
    run_script();
    update_tour();
    write_ui_trace();
    glfwSwapBuffers(window_);
}

void ViewerApp::wait_for_events() {
    // Keep drawing while something moves; otherwise sleep until input arrives, so an idle
    // window does not spin the CPU. Frames are capped near 60 Hz even without vsync (Xvfb).
    // Work under way (a load, a build, a heatmap filling in) keeps frames coming too.
    const bool tracing_heatmap =
        accel_panel_.heatmap && mode_ == ViewerMode::Pick && !accel_view_.heatmap().complete();
    const bool tracing_disagreement =
        disagreement_shown() && !algorithms_panel_.model.disagreement.complete();
    const bool busy = loads_.current() || accel_view_.building() || leak_sweep_ || far_study_ ||
                      tracing_heatmap || tracing_disagreement ||
                      (animation_panel_.playing && session_->clip() >= 0) || pointer_.dragging() ||
                      options_.scripted() || ImGui::IsAnyMouseDown();
    if (busy) {
        const double remaining = 1.0 / 60.0 - (glfwGetTime() - last_frame_time_);
        if (remaining > 0.0 && !options_.scripted())
            glfwWaitEventsTimeout(remaining);
        else
            glfwPollEvents();
    } else {
        glfwWaitEventsTimeout(0.5);
    }
}

void ViewerApp::layout_workspace() {
    measure_window();
    // The bars are as tall as ImGui's menu bar (one line of text in a frame).
    workspace_.layout(window_size(), ImGui::GetFrameHeight(), 1.0f);
}

// == Loading

void ViewerApp::start_load(const std::string& path) {
    // A session file opens its model, then its camera, settings and selections.
    if (is_session_file(path)) {
        open_session(path);
        return;
    }
    assets::LoadOptions load_options;
    load_options.obj_via_tinyobjloader = open_dialog_.obj_via_tinyobjloader;
    loads_.start(path, load_options);
    loading_tinyobjloader_ = load_options.obj_via_tinyobjloader;
    error_.clear();
}

void ViewerApp::update_loading() {
    std::optional<SceneLoading::Outcome> outcome = loads_.poll();
    if (!outcome) return;
    if (outcome->scene) {
        if (outcome->path != "default") recent_.add(outcome->path.string());
        current_path_ = outcome->path.string();
        model_tinyobjloader_ = loading_tinyobjloader_;
        model_identity_.reset();  // the file may have changed since its last record
        adopt_scene(std::move(*outcome->scene), outcome->seconds);
    } else {
        // The previous scene stays; the error is shown until the next load.
        error_ = valid_utf8(outcome->error);
        pending_session_.reset();  // its selections name triangles of the model that failed
        std::cerr << "raypick: " << outcome->error << "\n";
        if (!initial_load_done_ && options_.scripted()) {
            exit_status_ = load_exit_status(outcome->failure, outcome->timed_out);
            quit_ = true;
        }
        if (!initial_load_done_) {
            // Nothing to show but the error: the placeholder says so instead of "loading".
            assets::Scene empty;
            empty.nodes.push_back({"(no model)", glm::mat4(1.0f), -1, {}, {}});
            session_ = std::make_shared<SceneSession>(std::move(empty));
        }
    }
    initial_load_done_ = true;
}

void ViewerApp::adopt_scene(assets::Scene scene, double load_seconds) {
    char line[256];
    std::snprintf(line, sizeof line, "%s: %zu triangles, %zu meshes, %zu nodes in %.0f ms",
                  model_title(scene.source).c_str(), scene.triangle_count(), scene.meshes.size(),
                  scene.nodes.size(), load_seconds * 1000.0);
    last_load_ = line;
    // A texture that cannot be read is a note like the loader's: the material keeps its colour.
    for (std::string& problem : renderer_.set_scene(scene))
        scene.notes.push_back(std::move(problem));
    accel_view_.on_scene();  // a build of the old scene is of no use now
    seen_bvh_build_.reset();
    if (leak_sweep_) leak_sweep_->cancel();  // nor a sweep or a study of its meshes
    leak_sweep_.reset();
    if (far_study_) far_study_->cancel();
    far_study_.reset();
    session_ = std::make_shared<SceneSession>(std::move(scene), SessionOptions{true});
    glfwSetWindowTitle(window_, (model_title(current_path_) + " - raypick").c_str());
    // --clip names a clip of the model on the command line, not of models opened later.
    if (!options_.clip.empty() && !initial_load_done_) {
        if (auto error = session_->choose_clip(options_.clip)) {
            error_ = *error;
            std::cerr << "raypick: " << *error << "\n";
            if (options_.scripted()) {
                exit_status_ = 2;
                quit_ = true;
            }
        }
    }
    session_->set_loop(options_.loop);
    // The command line's time is for its model; a model opened later starts playing at 0.
    const bool first = !initial_load_done_;
    session_->set_time(first ? options_.time.value_or(0.0) : 0.0);
    animation_panel_.playing = first ? !options_.time.has_value() : true;
    uploaded_pose_version_ = 0;
    selection_.reset();
    hover_.reset();
    region_tool_.on_scene();
    measure_.clear();
    selected_node_.reset();
    warm_inputs_.reset();
    far_distance_ = 0.0;
    neighbourhood_.clear();
    bone_space_drawn_.reset();
    frames_since_scene_ = 0;
    // What the Algorithms tool showed belonged to the old scene.
    algorithms_panel_.model.clear();
    disagreement_view_.forget();
    ground_probe_.forget();
    collide_mode_.on_scene(*session_);
    // --collide, --move, --turn name instances of the model on the command line.
    if (first) {
        if (auto error = collide_mode_.apply(options_, *session_)) {
            error_ = *error;
            std::cerr << "raypick: " << *error << "\n";
            if (options_.scripted()) {
                exit_status_ = 2;
                quit_ = true;
            }
        }
    }
    // The Animation tab belongs to models with clips.
    if (session_->scene().clips.empty() && tools_tab_ == ToolsTab::Animation)
        tools_tab_ = ToolsTab::Algorithms;
    reset_view();
    if (options_.far_distance && first) move_far(*options_.far_distance);
    if (pending_session_) {
        apply_session(*pending_session_);
        pending_session_.reset();
    }
}

// == Camera

void ViewerApp::frame_scene() {
    const Rect& view = view_rect();
    const float aspect = view.width() / std::max(view.height(), 1.0f);
    if (mode_ == ViewerMode::TriangleLab) {
        // Inside the view, with room for the corners' labels at its edges.
        const auto [lo, hi] = lab_mode_.lab().bounds();
        const Rect region = LabMode::framing_region(view);
        camera_.frame(lo, hi, aspect, (region.min - view.min) / view.size(),
                      (region.max - view.min) / view.size());
        return;
    }
    const picking::Aabb bounds = framed_bounds();
    camera_.frame(bounds.min, bounds.max, aspect);
}

picking::Aabb ViewerApp::framed_bounds() const {
    if (mode_ == ViewerMode::TriangleLab) {
        const auto [lo, hi] = lab_mode_.lab().bounds();
        return {lo, hi};
    }
    if (mode_ == ViewerMode::Collide) return collide_mode_.state().bounds(*session_);
    // The node chosen in the Outliner, when it holds something to look at.
    if (selected_node_) {
        const picking::Aabb node = session_->node_bounds(*selected_node_);
        if (!node.empty()) return node;
    }
    return session_->animated_bounds();
}

void ViewerApp::reset_view() {
    const Projection projection = camera_.projection;
    camera_ = Camera{};
    camera_.projection = projection;
    frame_scene();
}

void ViewerApp::set_mode(ViewerMode mode) {
    if (mode == mode_) return;
    mode_ = mode;
    if (mode == ViewerMode::TriangleLab) show_tool(ToolsTab::LabPictures);
    if (mode != ViewerMode::TriangleLab && tools_tab_ == ToolsTab::LabPictures)
        tools_tab_ = ToolsTab::Algorithms;
    frame_scene();
}

void ViewerApp::measure_window() {
    // Asked once a frame: each question is a round trip to the X server, which is slow while
    // it shows a software-rendered frame.
    int w = 0, h = 0;
    glfwGetWindowSize(window_, &w, &h);
    window_size_ = {float(std::max(w, 1)), float(std::max(h, 1))};
    glfwGetFramebufferSize(window_, &w, &h);
    framebuffer_size_ = {std::max(w, 1), std::max(h, 1)};
}

glm::vec2 ViewerApp::pixel_scale() const {
    return glm::vec2(framebuffer_size()) / window_size();
}

render::FrameView ViewerApp::frame_view() const {
    render::FrameView view;
    const Rect& r = view_rect();
    const glm::vec2 scale = pixel_scale();
    const glm::ivec2 fb = framebuffer_size();
    view.viewport_px = glm::max(glm::ivec2(glm::round(r.size() * scale)), glm::ivec2(1));
    // OpenGL counts rows from the bottom.
    view.viewport_origin_px = {int(std::round(r.min.x * scale.x)),
                               fb.y - int(std::round(r.max.y * scale.y))};
    view.view = camera_.view();
    view.projection = camera_.projection_matrix(r.width() / std::max(r.height(), 1.0f));
    view.eye = camera_.eye();
    return view;
}

render::InstancePlacement ViewerApp::placement(PoseChoice pose) const {
    return {session_->instance_transforms(pose), pose == PoseChoice::Current};
}

// == Animation

void ViewerApp::update_animation() {
    const double now = glfwGetTime();
    const double dt = now - last_frame_time_;
    last_frame_time_ = now;
    if (!animation_panel_.playing || session_->clip() < 0) return;
    double time = session_->time() + dt * double(animation_panel_.speed);
    if (!session_->loop() && time >= session_->duration()) {
        time = session_->duration();  // play once, then stop at the end
        animation_panel_.playing = false;
    }
    session_->set_time(time);
}

// == Acceleration structures

void ViewerApp::update_accel() {
    // The disagreement picture casts every pixel twice through the BVH, whatever the pick's.
    const Accel accel = disagreement_shown() ? Accel::Bvh : pick_panel_.choice.accel();
    session_->set_bvh_build(bvh_build_for(accel_panel_.bvh_build,
                                          session_->scene().triangle_count(),
                                          session_->accels().ready(Accel::Bvh)));
    accel_view_.update(session_, mode_ == ViewerMode::TriangleLab ? Accel::None : accel);
    if (!session_->accels().ready(Accel::Bvh)) return;
    const picking::BvhBuildMethod built = session_->accels().bvh_build();
    const bool rebuilt = seen_bvh_build_ && *seen_bvh_build_ != built;
    seen_bvh_build_ = built;
    // The pick's cost (nodes, triangles) is the old tree's until it is picked again.
    if (rebuilt && selection_ && selection_->choice.accel() == Accel::Bvh) {
        selection_ = pick_ray(*selection_, true);
        inspector_.change = "BVH built by " + std::string(bvh_build_label(built));
        inspector_.change_serial = selection_->serial;
        update_algorithm_views();
    }
}

void ViewerApp::cancel_accel_build() {
    accel_view_.cancel();
    if (pick_panel_.choice.accel() == Accel::Bvh && session_->accels().ready(Accel::Bvh)) {
        accel_panel_.bvh_build = session_->accels().bvh_build() == picking::BvhBuildMethod::Morton
                                     ? BvhBuildChoice::Morton
                                     : BvhBuildChoice::Sah;
        return;
    }
    pick_panel_.choice.set_accel(Accel::None);  // what picks use until another is chosen
}

bool ViewerApp::disagreement_shown() const {
    const AlgorithmsPanelState& tool = algorithms_panel_;
    return mode_ == ViewerMode::Pick && tool.visible &&
           tool.active == AlgorithmsTab::Disagreement && tool.disagreement.show_picture;
}

}  // namespace app
