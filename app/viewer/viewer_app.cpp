#include "app/viewer/viewer_app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "app/core/load_exit_status.h"
#include "app/core/settings_names.h"
#include "app/viewer/bone_space_view.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

constexpr double kStepSeconds = 1.0 / 30.0;

/// Cursor positions name pixels (X11 reports whole numbers): rays go through pixel centres.
glm::vec2 pixel_centre(glm::vec2 cursor) {
    return glm::floor(cursor) + 0.5f;
}

}  // namespace

ViewerApp::ViewerApp(GLFWwindow* window, const ViewerOptions& options)
    : window_(window),
      options_(options),
      loads_(options.load_timeout),
      recent_(options.under_test() ? std::filesystem::path() : RecentFiles::default_location()) {
    ui_probe::enable(!options.ui_trace.empty());
    if (auto error = parse_pick_choice(options.algorithm, options.accel, pick_panel_.choice))
        throw std::invalid_argument(*error);
    pick_panel_.choice.options().triangle_options = options.flags.options;
    pick_panel_.choice.options().shapes = options.flags.shapes;
    pick_panel_.t_min = options.flags.t_min;
    pick_panel_.t_max = options.flags.t_max;
    pick_panel_.hover = options.hover;
    view_panel_.wireframe = options.wireframe;
    animation_panel_.playing = !options.time.has_value();
    animation_panel_.ghost = options.ghost;
    animation_panel_.pick_bind_pose = options.pick_bind_pose;
    spaces_panel_.show_bone_view = options.bone_view;
    file_panel_.obj_via_tinyobjloader = options.obj_via_tinyobjloader;
    accel_panel_.show_boxes = options.bvh_depth.has_value();
    accel_panel_.box_depth = options.bvh_depth.value_or(0);
    accel_panel_.show_visited = options.show_visited;
    accel_panel_.heatmap = options.heatmap;
    accel_panel_.start_collapsed =
        options.accel == "none" && !options.bvh_depth && !options.show_visited && !options.heatmap;
    file_panel_.path_input = options.model == "default" ? "" : options.model;
    mode_ = find_mode(options.mode).value_or(ViewerMode::Pick);
    if (!options.lab_case.empty()) {
        const auto id = picking::find_tri_tri_case(options.lab_case);
        if (!id || *id == picking::TriTriCase::Degenerate)
            throw std::invalid_argument("--lab: unknown seed case '" + options.lab_case + "'");
        lab_mode_.lab().load_preset(*id);
        mode_ = ViewerMode::TriangleLab;
    }
    if (mode_ == ViewerMode::Collide) fold_scene_panels(true);
    for (const std::string& name : options.panels) {
        algorithms_panel_.open = true;
        algorithms_panel_.select_tab = algorithms_tab_from_name(name);
    }

    // An empty scene until the first load lands, so every frame has something to draw.
    assets::Scene empty;
    empty.nodes.push_back({"(loading)", glm::mat4(1.0f), -1, {}, {}});
    session_ = std::make_shared<SceneSession>(std::move(empty));
    start_load(options.model);
    last_frame_time_ = glfwGetTime();
}

int ViewerApp::run() {
    while (!quit_ && !glfwWindowShouldClose(window_))
        run_frame();
    return exit_status_;
}

void ViewerApp::run_frame() {
    wait_for_events();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    ui_probe::begin_frame();

    update_loading();
    update_animation();
    update_accel();
    handle_picking();
    draw_scene();
    draw_panels();
    run_script();
    write_ui_trace();
    glfwSwapBuffers(window_);
}

void ViewerApp::wait_for_events() {
    // Keep drawing while something moves; otherwise sleep until input arrives, so an idle
    // window does not spin the CPU. Frames are capped near 60 Hz even without vsync (Xvfb).
    // Work under way (a load, a build, a heatmap filling in) keeps frames coming too.
    const bool tracing_heatmap =
        accel_panel_.heatmap && mode_ == ViewerMode::Pick && !accel_view_.heatmap().complete();
    const bool busy = loads_.current() || accel_view_.building() || tracing_heatmap ||
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

// == Loading

void ViewerApp::start_load(const std::string& path) {
    assets::LoadOptions load_options;
    load_options.obj_via_tinyobjloader = file_panel_.obj_via_tinyobjloader;
    loads_.start(path, load_options);
    file_panel_.error.clear();
}

void ViewerApp::update_loading() {
    std::optional<SceneLoading::Outcome> outcome = loads_.poll();
    if (!outcome) return;
    if (outcome->scene) {
        if (outcome->path != "default") recent_.add(outcome->path.string());
        adopt_scene(std::move(*outcome->scene), outcome->seconds);
    } else {
        // The previous scene stays; the error is shown until the next load.
        file_panel_.error = outcome->error;
        std::cerr << "raypick: " << outcome->error << "\n";
        if (!initial_load_done_ && options_.scripted()) {
            exit_status_ = load_exit_status(outcome->failure, outcome->timed_out);
            quit_ = true;
        }
    }
    initial_load_done_ = true;
}

void ViewerApp::adopt_scene(assets::Scene scene, double load_seconds) {
    char line[256];
    std::snprintf(line, sizeof line, "%s: %zu triangles, %zu meshes, %zu nodes in %.0f ms",
                  scene.source.c_str(), scene.triangle_count(), scene.meshes.size(),
                  scene.nodes.size(), load_seconds * 1000.0);
    file_panel_.last_load = line;
    renderer_.set_scene(scene);
    accel_view_.on_scene();  // a build of the old scene is of no use now
    session_ = std::make_shared<SceneSession>(std::move(scene), SessionOptions{true});
    // --clip names a clip of the model on the command line, not of models opened later.
    if (!options_.clip.empty() && !initial_load_done_) {
        if (auto error = session_->choose_clip(options_.clip)) {
            std::cerr << "raypick: " << *error << "\n";
            if (options_.scripted()) {
                exit_status_ = 2;
                quit_ = true;
            }
        }
    }
    session_->set_loop(options_.loop);
    session_->set_time(options_.time.value_or(0.0));
    uploaded_pose_version_ = 0;
    selection_.reset();
    hover_.reset();
    frames_since_scene_ = 0;
    // What the Algorithms window showed belonged to the old scene.
    algorithms_panel_.model.clear();
    collide_mode_.on_scene(*session_);
    // --collide, --move, --turn name instances of the model on the command line.
    if (!initial_load_done_) {
        if (auto error = collide_mode_.apply(options_, *session_)) {
            std::cerr << "raypick: " << *error << "\n";
            if (options_.scripted()) {
                exit_status_ = 2;
                quit_ = true;
            }
        }
    }
    reset_view();
    if (options_.far_distance && !initial_load_done_) move_far(*options_.far_distance);
}

// == Camera

void ViewerApp::frame_scene() {
    const glm::vec2 size = window_size();
    if (mode_ == ViewerMode::TriangleLab) {
        // Beside the lab's windows, not behind them.
        const auto [lo, hi] = lab_mode_.lab().bounds();
        const auto [region_lo, region_hi] = lab_mode_.view_region(size);
        camera_.frame(lo, hi, size.x / size.y, region_lo / size, region_hi / size);
        return;
    }
    const picking::Aabb bounds = mode_ == ViewerMode::Collide
                                     ? collide_mode_.state().bounds(*session_)
                                     : session_->animated_bounds();
    camera_.frame(bounds.min, bounds.max, size.x / size.y);
}

void ViewerApp::fold_scene_panels(bool fold) {
    // Collide mode needs the view more than the File and Animation windows: folded to their
    // title bars on the way in (the Animation bar moved down to the window's bottom edge), and
    // unfolded where they were on the way out.
    file_panel_.window.fold = fold;
    PanelWindow& animation = animation_panel_.window;
    animation.fold = fold;
    if (fold) {
        if (animation.drawn) animation_unfolded_at_ = animation.min;
        constexpr float kTitleBar = 22.0f, kMargin = 6.0f;
        const float left = animation.drawn ? animation.min.x : 380.0f;
        animation.move_to = glm::vec2(left, window_size().y - kTitleBar - kMargin);
    } else if (animation_unfolded_at_) {
        animation.move_to = *animation_unfolded_at_;
    }
}

void ViewerApp::reset_view() {
    const Projection projection = camera_.projection;
    camera_ = Camera{};
    camera_.projection = projection;
    frame_scene();
}

glm::vec2 ViewerApp::window_size() const {
    int w = 0, h = 0;
    glfwGetWindowSize(window_, &w, &h);
    return {float(std::max(w, 1)), float(std::max(h, 1))};
}

glm::ivec2 ViewerApp::framebuffer_size() const {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    return {std::max(w, 1), std::max(h, 1)};
}

render::FrameView ViewerApp::frame_view() const {
    render::FrameView view;
    const glm::ivec2 fb = framebuffer_size();
    view.viewport_px = fb;
    view.view = camera_.view();
    view.projection = camera_.projection_matrix(float(fb.x) / float(fb.y));
    view.eye = camera_.eye();
    return view;
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
    const Accel accel = pick_panel_.choice.accel();
    accel_view_.update(session_, mode_ == ViewerMode::TriangleLab ? Accel::None : accel);
}

// == Picking

bool ViewerApp::ui_wants_mouse() const {
    return ImGui::GetIO().WantCaptureMouse;
}

Selection ViewerApp::pick_at(glm::vec2 cursor_window, bool clicked) {
    Selection selection;
    selection.serial = ++pick_count_;
    selection.cursor_window = pixel_centre(cursor_window);
    selection.choice = pick_panel_.choice;
    selection.ray = ray_from_cursor(camera_, selection.cursor_window, window_size());
    selection.ray.t_min = pick_panel_.t_min;
    selection.ray.t_max = pick_panel_.t_max;
    // Picks use what is ready: while the chosen accel is built, the broad phase falls back to
    // `none` (and the Pick panel says so).
    selection.choice.options().record_visited = accel_panel_.show_visited;
    selection.result = session_->pick(selection.ray, selection.choice);
    selection.time = session_->time();
    selection.pose_version = session_->pose_version();
    if (selection.result.hit) {
        const std::uint32_t instance = selection.result.hit->instance;
        selection.world_from_mesh = session_->instance_transforms()[instance];
        // A clicked deforming mesh's vertices as picked (hovers need none): the pose may move
        // on, the Bone space view keeps showing what was picked.
        const ViewMesh view_mesh = session_->view_mesh(instance);
        if (clicked && session_->deforms(view_mesh)) {
            const auto positions = session_->mesh_positions(view_mesh);
            const auto normals = session_->mesh_normals(view_mesh);
            selection.picked_positions.assign(positions.begin(), positions.end());
            selection.picked_normals.assign(normals.begin(), normals.end());
        }
    }
    if (animation_panel_.pick_bind_pose)
        selection.bind_result = session_->pick(selection.ray, selection.choice, PoseChoice::Bind);
    if (clicked) {
        // The GPU's view of the same pixel, as a cross-check of the CPU ray.
        const glm::vec2 scale = glm::vec2(framebuffer_size()) / window_size();
        const glm::ivec2 pixel(glm::floor(selection.cursor_window * scale));
        selection.id_buffer_read = true;
        const std::vector<glm::mat4> shapes = session_->shape_transforms();
        if (auto id =
                renderer_.read_id(frame_view(), placement(PoseChoice::Current), pixel, shapes)) {
            const auto& instances = session_->view().instances;
            if (id->shape)
                selection.id_buffer_shape = id->shape;
            else if (id->instance < instances.size())
                selection.id_buffer = std::pair{id->instance, id->triangle};
        }
    }
    return selection;
}

void ViewerApp::handle_picking() {
    // Clicks in the lab move corners; in Collide mode drags move the object: neither picks.
    if (mode_ == ViewerMode::TriangleLab || mode_ == ViewerMode::Collide) {
        pending_click_.reset();
        hover_.reset();
        return;
    }
    if (pending_click_) {
        selection_ = pick_at(*pending_click_, true);
        pending_click_.reset();
        update_algorithm_views();
    }
    const bool moved = pointer_.take_moved();
    if (pick_panel_.hover && moved && !pointer_.dragging() && !ui_wants_mouse()) {
        hover_ = pick_at(pointer_.last_cursor(), false);
    } else if (!pick_panel_.hover || ui_wants_mouse()) {
        hover_.reset();
    }
}

// == The Algorithms window: Compare, All hits, Leaks, Far from origin

void ViewerApp::update_algorithm_views() {
    // Only what can be seen is computed (every algorithm on a big mesh takes a while).
    if (selection_ && algorithms_panel_.open)
        algorithms_panel_.model.study_pick(*session_, *selection_);
    else
        algorithms_panel_.model.clear_pick();
}

void ViewerApp::run_leak_sweep() {
    LeakSweepChoice sweep;
    sweep.rays = algorithms_panel_.leak_rays;
    sweep.every_algorithm = algorithms_panel_.leak_every_algorithm;
    sweep.marked = pick_panel_.choice.method();
    sweep.options = pick_panel_.choice.options().triangle_options;
    algorithms_panel_.model.sweep_leaks(*session_, sweep);
}

void ViewerApp::move_far(double distance) {
    const glm::dvec3 moved = algorithms_panel_.model.move_far(
        *session_, distance, pick_panel_.choice.options().triangle_options,
        algorithms_panel_.far_rays);
    camera_.target += glm::vec3(moved);  // the camera follows the model
    selection_.reset();                  // its ray and triangle are where the model was
    hover_.reset();
}

void ViewerApp::on_mouse_button(int button, int action, int mods) {
    double x = 0, y = 0;
    glfwGetCursorPos(window_, &x, &y);
    const glm::vec2 cursor{float(x), float(y)};
    if (action == GLFW_PRESS) {
        if (ui_wants_mouse() || !pointer_.press(button, cursor)) return;
        if (mode_ == ViewerMode::TriangleLab && button == GLFW_MOUSE_BUTTON_LEFT)
            (void)lab_mode_.grab(cursor, camera_, window_size());
        if (mode_ == ViewerMode::Collide && button == GLFW_MOUSE_BUTTON_LEFT)
            (void)collide_mode_.grab((mods & GLFW_MOD_CONTROL) != 0, (mods & GLFW_MOD_SHIFT) != 0);
    } else if (action == GLFW_RELEASE && button == pointer_.held_button()) {
        lab_mode_.release();
        collide_mode_.release();
        const std::optional<glm::vec2> click = pointer_.release(button, cursor);
        if (click && button == GLFW_MOUSE_BUTTON_LEFT) pending_click_ = *click;
    }
}

void ViewerApp::on_cursor(double x, double y) {
    const std::optional<PointerGesture::Drag> drag = pointer_.move({float(x), float(y)});
    if (!drag) return;
    const glm::vec2 delta = drag->to - drag->from;
    if (lab_mode_.dragging())
        lab_mode_.drag(drag->to, camera_, window_size());
    else if (collide_mode_.dragging())
        collide_mode_.drag(drag->from, drag->to, camera_, window_size(), *session_);
    else if (drag->button == GLFW_MOUSE_BUTTON_LEFT)
        camera_.orbit(-delta.x * 0.008f, delta.y * 0.008f);
    else
        camera_.pan(delta, window_size());
}

void ViewerApp::on_scroll(double dy) {
    if (ui_wants_mouse()) return;
    double x = 0, y = 0;
    glfwGetCursorPos(window_, &x, &y);
    camera_.zoom_to_cursor(std::pow(0.85f, float(dy)), {float(x), float(y)}, window_size());
}

void ViewerApp::on_key(int key, int action, int mods) {
    if (action != GLFW_PRESS) return;
    // Ctrl+Q quits as in every desktop application, even while a text field has the keyboard.
    if (key == GLFW_KEY_Q && (mods & GLFW_MOD_CONTROL)) {
        glfwSetWindowShouldClose(window_, GLFW_TRUE);
        return;
    }
    if (ImGui::GetIO().WantCaptureKeyboard) return;
    switch (key) {
        case GLFW_KEY_F:
            frame_scene();
            break;
        case GLFW_KEY_R:
            reset_view();
            break;
        case GLFW_KEY_O:
            camera_.projection = camera_.projection == Projection::Perspective
                                     ? Projection::Orthographic
                                     : Projection::Perspective;
            break;
        case GLFW_KEY_W:
            view_panel_.wireframe = !view_panel_.wireframe;
            break;
        case GLFW_KEY_H:
            pick_panel_.hover = !pick_panel_.hover;
            break;
        case GLFW_KEY_A:
            algorithms_panel_.open = !algorithms_panel_.open;
            break;
        case GLFW_KEY_B:
            accel_panel_.show_boxes = !accel_panel_.show_boxes;
            break;
        case GLFW_KEY_C:
            accel_panel_.heatmap = !accel_panel_.heatmap;
            break;
        case GLFW_KEY_SPACE:
            animation_panel_.playing = !animation_panel_.playing;
            if (animation_panel_.playing && !session_->loop() &&
                session_->time() >= session_->duration())
                session_->set_time(0.0);
            break;
        case GLFW_KEY_G:
            animation_panel_.ghost = !animation_panel_.ghost;
            break;
        case GLFW_KEY_LEFT:
        case GLFW_KEY_RIGHT:
            animation_panel_.playing = false;
            session_->set_time(session_->time() + (key == GLFW_KEY_LEFT ? -1 : 1) * kStepSeconds);
            break;
        case GLFW_KEY_ESCAPE:
            selection_.reset();
            break;
        default:
            break;
    }
}

void ViewerApp::on_drop(const char* path) {
    if (path && *path) {
        file_panel_.path_input = path;
        start_load(path);
    }
}

}  // namespace app
