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

#include "app/core/bind_pose_comparison.h"
#include "app/core/pick_json.h"
#include "app/core/settings_names.h"
#include "app/viewer/bone_space_view.h"
#include "app/viewer/panels/algorithms_json.h"
#include "app/viewer/ui_probe.h"
#include "render/screenshot.h"

namespace app {

namespace {

constexpr glm::vec4 kPickFill{0.95f, 0.20f, 0.85f, 1.0f};  // opaque: the exact colour is testable
constexpr glm::vec4 kPickOutline{1.0f, 0.95f, 0.35f, 1.0f};
constexpr glm::vec4 kHoverFill{1.0f, 0.85f, 0.25f, 0.45f};
constexpr glm::vec4 kHoverOutline{1.0f, 0.85f, 0.25f, 0.9f};
constexpr glm::vec4 kRayColor{0.3f, 1.0f, 0.9f, 1.0f};
constexpr glm::vec4 kBindFill{0.20f, 0.80f, 1.0f, 1.0f};  // the bind pose's (wrong) answer
constexpr glm::vec4 kBindOutline{0.75f, 0.95f, 1.0f, 1.0f};
constexpr double kStepSeconds = 1.0 / 30.0;

/// A line of status (loading, building) centred above the bottom panels, over everything.
void status_label(const char* text, glm::vec2 window) {
    const ImVec2 extent = ImGui::CalcTextSize(text);
    const ImVec2 at(0.5f * (window.x - extent.x), std::max(window.y - 215.0f, 40.0f));
    ImDrawList* front = ImGui::GetForegroundDrawList();
    front->AddRectFilled(ImVec2(at.x - 8, at.y - 4),
                         ImVec2(at.x + extent.x + 8, at.y + extent.y + 4),
                         IM_COL32(20, 22, 26, 220), 4.0f);
    front->AddText(at, IM_COL32(255, 220, 120, 255), text);
}

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
            exit_status_ = outcome->timed_out ? 3 : 1;
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

void ViewerApp::add_algorithm_overlay(render::Overlay& overlay) const {
    const AlgorithmsPanelState& panel = algorithms_panel_;
    if (!panel.visible) return;
    const auto& instances = session_->view().instances;
    if (panel.active == AlgorithmsTab::Compare && panel.compare_triangles_in_viewport) {
        for (const picking::CompareRow& row : panel.model.compare) {
            if (!row.result.hit || row.result.hit->instance >= instances.size()) continue;
            const picking::Triangle t =
                session_->world_triangle(row.result.hit->instance, row.result.hit->triangle);
            const glm::vec4 color = algorithm_color(row.method);
            overlay.triangles.push_back(
                {{t.p0, t.p1, t.p2}, glm::vec4(glm::vec3(color), 0.35f), color});
        }
    }
    if (panel.active == AlgorithmsTab::Leaks && !panel.model.leak_marks.empty()) {
        // A small cross per spot: red where the ray leaked, yellow for a double hit.
        const float size = 0.006f * std::max(session_->world_bounds().radius(), 1e-3f);
        for (const LeakMark& mark : panel.model.leak_marks) {
            const glm::vec4 color =
                mark.leak ? glm::vec4(1.0f, 0.25f, 0.2f, 1.0f) : glm::vec4(1.0f, 0.85f, 0.2f, 1.0f);
            for (int axis = 0; axis < 3; ++axis) {
                glm::vec3 d(0.0f);
                d[axis] = size;
                overlay.lines.push_back({mark.point - d, mark.point + d, color});
            }
        }
    }
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

// == Drawing

void ViewerApp::draw_scene() {
    render::Overlay overlay;
    if (mode_ == ViewerMode::TriangleLab) {
        lab_mode_.add_overlay(overlay);
        render::DrawOptions draw_options;
        draw_options.draw_meshes = false;
        renderer_.draw(frame_view(), placement(PoseChoice::Current), draw_options, overlay);
        return;
    }
    if (mode_ == ViewerMode::Collide) {
        draw_collide_scene();
        return;
    }
    auto highlight = [&](std::uint32_t instance, std::uint32_t triangle, PoseChoice pose,
                         glm::vec4 fill, glm::vec4 outline) {
        // The triangle where it is now: it follows the animation after the pick.
        const picking::Triangle t = session_->world_triangle(instance, triangle, pose);
        overlay.triangles.push_back({{t.p0, t.p1, t.p2}, fill, outline});
        return t;
    };
    add_algorithm_overlay(overlay);
    accel_view_.add_overlay(*session_, accel_panel_, selection_, overlay);
    if (hover_ && hover_->result.hit)
        highlight(hover_->result.hit->instance, hover_->result.hit->triangle, PoseChoice::Current,
                  kHoverFill, kHoverOutline);
    if (selection_) {
        if (selection_->bind_result && selection_->bind_result->hit) {
            const picking::PickHit& bind = *selection_->bind_result->hit;
            const picking::Triangle t =
                highlight(bind.instance, bind.triangle, PoseChoice::Bind, kBindFill, kBindOutline);
            if (view_panel_.show_ray)
                overlay.lines.push_back(
                    {selection_->ray.origin, t.point(bind.u, bind.v), kBindFill});
        }
        if (selection_->result.hit) {
            const picking::PickHit& hit = *selection_->result.hit;
            const picking::Triangle t =
                highlight(hit.instance, hit.triangle, PoseChoice::Current, kPickFill, kPickOutline);
            const glm::vec3 point = t.point(hit.u, hit.v);
            overlay.marker = point;
            if (view_panel_.show_ray)
                overlay.lines.push_back({selection_->ray.origin, point, kRayColor});
            if (spaces_panel_.show_axes) add_bone_axes(*session_, *selection_, overlay);
        } else if (selection_->result.shape) {
            // The shape's hit where the shape is now (it may move with its node).
            const picking::ShapePickHit& hit = *selection_->result.shape;
            overlay.marker = hit.point;
            if (view_panel_.show_ray)
                overlay.lines.push_back({selection_->ray.origin, hit.point, kRayColor});
        } else if (view_panel_.show_ray) {
            overlay.lines.push_back({selection_->ray.origin,
                                     selection_->ray.at(camera_.far_plane() * 2.0f), kRayColor});
        }
    }
    upload_posed_vertices();
    render::DrawOptions draw_options;
    draw_options.wireframe = view_panel_.wireframe;
    if (animation_panel_.ghost) draw_options.ghost = placement(PoseChoice::Bind);
    // The analytic shapes where their nodes are now; the picked (or hovered) one in colour.
    const std::vector<glm::mat4> shapes = session_->shape_transforms();
    draw_options.shape_transforms = shapes;
    if (selection_ && selection_->result.shape)
        draw_options.highlighted_shape = selection_->result.shape->shape;
    else if (hover_ && hover_->result.shape)
        draw_options.highlighted_shape = hover_->result.shape->shape;
    renderer_.draw(frame_view(), placement(PoseChoice::Current), draw_options, overlay);
    draw_bone_space_view();
}

void ViewerApp::draw_collide_scene() {
    // Contacts of the pose drawn this frame, with the moving object where the user put it.
    collide_mode_.update(*session_);
    upload_posed_vertices();
    const auto transforms = session_->instance_transforms(PoseChoice::Current);
    std::vector<glm::mat4> instance_world(transforms.begin(), transforms.end());
    collide_mode_.place(*session_, instance_world);
    render::DrawOptions draw_options;
    draw_options.wireframe = view_panel_.wireframe;
    collide_mode_.add_extra_instances(*session_, draw_options.extra_instances);
    render::Overlay overlay;
    collide_mode_.add_overlay(overlay);
    renderer_.draw(frame_view(), {instance_world, true}, draw_options, overlay);
}

void ViewerApp::draw_bone_space_view() {
    spaces_panel_.bone_view_texture = 0;
    if (!spaces_panel_.show_bone_view || !selection_ || !selection_->result.hit) return;
    const BoneSpaceScene inset =
        bone_space_scene(*session_, *selection_, spaces_panel_.bone_view_camera,
                         spaces_panel_.bone_view_serial, spaces_panel_.bone_view_size);
    render::DrawOptions options;
    options.wireframe = true;  // the mesh's own triangles, as the ray sees them
    options.background = {0.09f, 0.10f, 0.12f};
    // The mesh in the pose it was picked in, like the triangle and the ray drawn over it.
    const render::VertexSnapshot snapshot{selection_->picked_positions, selection_->picked_normals,
                                          selection_->serial};
    spaces_panel_.bone_view_texture = renderer_.draw_mesh_alone(
        inset.view, selection_->result.hit->mesh,
        selection_->picked_positions.empty() ? nullptr : &snapshot, options, inset.overlay);
    const glm::ivec2 fb = framebuffer_size();
    glViewport(0, 0, fb.x, fb.y);
}

render::InstancePlacement ViewerApp::placement(PoseChoice pose) const {
    return {session_->instance_transforms(pose), pose == PoseChoice::Current};
}

void ViewerApp::upload_posed_vertices() {
    // The renderer draws the very vertices picking tests: uploaded whenever the pose changes.
    if (session_->pose_version() == uploaded_pose_version_) return;
    for (const ViewMesh mesh : session_->deforming_meshes()) {
        if (const auto instance = session_->own_copy_instance(mesh))
            renderer_.update_instance_vertices(*instance, session_->mesh_positions(mesh),
                                               session_->mesh_normals(mesh));
        else  // one of the scene's own meshes: the renderer's mesh of the same number
            renderer_.update_posed_vertices(index(session_->scene_mesh(mesh)),
                                            session_->mesh_positions(mesh),
                                            session_->mesh_normals(mesh));
    }
    uploaded_pose_version_ = session_->pose_version();
}

void ViewerApp::draw_panels() {
    const bool lab = mode_ == ViewerMode::TriangleLab;  // the lab needs no scene panels
    const FilePanelAction file =
        lab ? FilePanelAction{}
            : draw_file_panel(file_panel_, recent_, loads_.current(), *session_);
    if (file.cancel && loads_.current()) {
        file_panel_.error = loads_.current()->subject().string() + ": loading cancelled";
        loads_.cancel();
    }
    if (file.load) start_load(*file.load);

    const ViewerMode chosen = draw_mode_panel(mode_);
    if (chosen != mode_) {
        if (chosen == ViewerMode::Collide || mode_ == ViewerMode::Collide)
            fold_scene_panels(chosen == ViewerMode::Collide);
        mode_ = chosen;
        frame_scene();
    }
    if (mode_ == ViewerMode::TriangleLab && lab_mode_.draw_panel()) frame_scene();
    if (mode_ == ViewerMode::Collide) collide_mode_.draw_panel(*session_);
    const Accel accel = pick_panel_.choice.accel();
    if (mode_ == ViewerMode::Pick)
        draw_pick_panel(pick_panel_, selection_, *session_,
                        accel_view_.broad_phase_status(*session_, accel));
    const ViewPanelAction view = draw_view_panel(camera_, view_panel_);
    if (view.frame) frame_scene();
    if (view.reset) reset_view();
    if (!lab) draw_animation_panel(animation_panel_, *session_, selection_);
    if (mode_ == ViewerMode::Pick) {
        draw_spaces_panel(spaces_panel_, *session_, selection_);
        draw_bone_space_window(spaces_panel_, *session_, selection_);
        const AlgorithmsPanelAction algorithms = draw_algorithms_panel(
            algorithms_panel_, selection_, hover_, *session_, pick_panel_.choice.method(),
            pick_panel_.choice.options().triangle_options);
        if (algorithms.run_leaks) run_leak_sweep();
        if (algorithms.far_distance) move_far(*algorithms.far_distance);
        const AccelPanelAction acceleration =
            draw_accel_panel(accel_panel_, accel_view_.status(*session_, accel, accel_panel_));
        if (acceleration.cancel_build) {
            accel_view_.cancel();
            pick_panel_.choice.set_accel(Accel::None);  // what picks use until another is chosen
        }
    }
    draw_heatmap();
    draw_viewport_labels();

    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void ViewerApp::draw_viewport_labels() {
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const glm::vec2 size = window_size();
    if (mode_ == ViewerMode::TriangleLab) {
        lab_mode_.draw_labels(camera_, size);
        return;
    }
    // Loading and building hold up what the user asked for: said over the panels.
    if (const ModelLoad* loading = loads_.current()) {
        char text[512];
        std::snprintf(text, sizeof text, "Loading %s ... %.0f%%  (%.1f s)",
                      loading->subject().filename().string().c_str(),
                      100.0 * double(loading->progress()), loading->elapsed_seconds());
        status_label(text, size);
    }
    const AccelStatus build =
        accel_view_.status(*session_, pick_panel_.choice.accel(), accel_panel_);
    if (show_build_progress(build)) {
        char text[256];
        std::snprintf(text, sizeof text, "Building %s ... %.0f%%  (%.1f s)", build.accel.c_str(),
                      100.0 * double(build.progress), build.building_seconds);
        status_label(text, size);
    }
    if (mode_ == ViewerMode::Collide) return;  // no pick to label there
    if (hover_ && hover_->result.hit && !ui_wants_mouse()) {
        const picking::PickHit& hit = *hover_->result.hit;
        ImGui::BeginTooltip();
        ImGui::Text("%s  triangle %u", session_->scene().meshes[hit.mesh].name.c_str(),
                    hit.triangle);
        ImGui::Text("t = %.6g   u = %.4f   v = %.4f", double(hit.t), double(hit.u), double(hit.v));
        ImGui::EndTooltip();
    }
    if (selection_ && selection_->result.hit) {
        // Label the picked triangle's corners p0, p1, p2, pushed away from its centre.
        const picking::PickHit& hit = *selection_->result.hit;
        const picking::Triangle t = session_->world_triangle(hit.instance, hit.triangle);
        const glm::vec3 corners[3] = {t.p0, t.p1, t.p2};
        glm::vec2 screen[3];
        for (int i = 0; i < 3; ++i)
            screen[i] = window_from_world(camera_, corners[i], size);
        const glm::vec2 centre = (screen[0] + screen[1] + screen[2]) / 3.0f;
        for (int i = 0; i < 3; ++i) {
            glm::vec2 away = screen[i] - centre;
            const float length = glm::length(away);
            away = length > 1e-3f ? away / length : glm::vec2(0, -1);
            const glm::vec2 at = screen[i] + away * 14.0f - glm::vec2(6, 7);
            const char* label = i == 0 ? "p0" : i == 1 ? "p1" : "p2";
            draw->AddText(ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 200), label);
            draw->AddText(ImVec2(at.x, at.y), IM_COL32(255, 240, 120, 255), label);
        }
    }
}

void ViewerApp::draw_heatmap() {
    heatmap_texture_ = 0;
    if (!accel_panel_.heatmap || mode_ != ViewerMode::Pick) return;
    // Not with the fallback while the chosen accel is built: that picture would be stale soon
    // and, without a broad phase, slow to trace.
    if (accel_view_.building()) return;
    const glm::ivec2 window(window_size());
    // A scripted run traces the whole picture before its screenshot; the viewer a few rows
    // per frame, so it stays responsive while the picture fills in.
    const double budget_ms = options_.scripted() ? 1e9 : 25.0;
    (void)accel_view_.trace_heatmap(*session_, camera_, window, pick_panel_.choice, budget_ms);
    const std::vector<std::uint8_t> rgba = accel_view_.heatmap_rgba();
    heatmap_texture_ = renderer_.upload_image(rgba, accel_view_.heatmap().size);
    if (heatmap_texture_ == 0) return;
    // Over the scene, under the panels: the picture is of the scene view itself.
    ImGui::GetBackgroundDrawList()->AddImage(reinterpret_cast<ImTextureID>(heatmap_texture_),
                                             ImVec2(0, 0),
                                             ImVec2(float(window.x), float(window.y)));
}

// == Scripted runs (--click, --screenshot)

void ViewerApp::run_script() {
    if (!options_.scripted() || script_done_ || loads_.current() || quit_) return;
    ++frames_since_scene_;
    // A few frames let ImGui lay its windows out before anything is clicked or captured.
    if (frames_since_scene_ < 3) return;
    if (accel_view_.building()) {
        // The click must use the accel asked for: wait for its build.
        accel_view_.finish(session_);
        frames_since_scene_ = 0;
        return;
    }
    if (options_.leaks && !script_leaks_done_) {
        script_leaks_done_ = true;
        run_leak_sweep();
        frames_since_scene_ = 0;  // let the table and the marks be drawn
        return;
    }
    if (options_.click && !script_clicked_) {
        script_clicked_ = true;
        animation_panel_.playing = false;  // the screenshot shows the pose of the click
        pending_click_ = glm::vec2(*options_.click);
        frames_since_scene_ = 0;
        return;
    }
    if (options_.then_time && !script_then_time_done_ && !pending_click_) {
        // The pose moves on after the pick (--then-time): what was picked stays selected.
        script_then_time_done_ = true;
        session_->set_time(*options_.then_time);
        frames_since_scene_ = 0;
        return;
    }
    // The click was handled at the start of a later frame, and the frames counted since
    // let the panels that grew with the pick settle their layout before the capture.

    script_done_ = true;
    const glm::ivec2 fb = framebuffer_size();
    glReadBuffer(GL_BACK);
    const render::Image image = render::read_framebuffer(fb.x, fb.y);
    const std::string error = render::write_png(options_.screenshot, image);
    if (!error.empty()) {
        std::cerr << "raypick: " << error << "\n";
        exit_status_ = 1;
        quit_ = true;
        return;
    }
    nlohmann::ordered_json j = report();
    j["framebuffer"] = {fb.x, fb.y};
    j["screenshot"] = options_.screenshot;
    std::cout << j.dump() << std::endl;
    quit_ = true;
}

nlohmann::ordered_json ViewerApp::report() const {
    nlohmann::ordered_json j;
    if (selection_) {
        j = pick_to_json(*session_, selection_->ray, selection_->choice, selection_->result);
        j["cursor"] = {selection_->cursor_window.x, selection_->cursor_window.y};
        // The pose of the pick; when the animation has moved on since (--then-time), the time
        // drawn now too (the vertices above follow the animation, like the highlight).
        j["time"] = selection_->time;
        if (session_->pose_version() != selection_->pose_version) j["time_now"] = session_->time();
        if (spaces_panel_.show_bone_view && selection_->result.hit)
            j["bone_view"] = {
                {"pick_time", selection_->time},
                {"vertices", selection_->picked_positions.empty() ? "loaded" : "as_picked"}};
        if (selection_->id_buffer)
            j["id_buffer"] = {{"instance", selection_->id_buffer->first},
                              {"triangle", selection_->id_buffer->second}};
        else if (selection_->id_buffer_shape)
            j["id_buffer"] = {{"shape", *selection_->id_buffer_shape}};
        else
            j["id_buffer"] = nullptr;
        if (selection_->bind_result) {
            j["bind_pose"] = pick_to_json(*session_, selection_->ray, selection_->choice,
                                          *selection_->bind_result, PoseChoice::Bind);
            // What the Animation panel says of the two answers.
            const BindPoseComparison comparison = compare_with_bind_pose(
                selection_->result, *selection_->bind_result, selection_->ray);
            j["bind_pose"]["comparison"] = verdict_name(comparison.verdict);
            j["bind_pose"]["comparison_text"] = describe(comparison);
        }
    } else {
        j["clicked"] = false;
        j["time"] = session_->time();
    }
    j["mode"] = mode_name(mode_);
    if (mode_ == ViewerMode::Pick)
        j["spaces"] = {{"nodes", session_->scene().nodes.size()},
                       {"tree_nodes_shown", spaces_panel_.tree_nodes_shown}};
    if (mode_ == ViewerMode::TriangleLab) j["lab"] = lab_mode_.report_json(camera_, window_size());
    nlohmann::ordered_json windows = nlohmann::ordered_json::object();
    if (file_panel_.window.drawn) windows["File"] = panel_window_json(file_panel_.window);
    if (animation_panel_.window.drawn)
        windows["Animation"] = panel_window_json(animation_panel_.window);
    j["windows"] = windows;
    if (!options_.panels.empty())
        j["algorithms"] = algorithms_panel_to_json(algorithms_panel_, *session_);
    if (mode_ == ViewerMode::Collide) j["collide"] = collide_mode_.report_json(*session_, true);
    const AccelStatus status =
        accel_view_.status(*session_, pick_panel_.choice.accel(), accel_panel_);
    j["accel_build"] = {
        {"accel", status.accel}, {"milliseconds", status.build_ms}, {"bytes", status.bytes}};
    if (accel_panel_.show_boxes)
        j["bvh_boxes"] = {{"depth", accel_panel_.box_depth},
                          {"drawn", accel_view_.boxes_drawn()},
                          {"at_depth", accel_view_.boxes_at_depth()},
                          {"levels", status.bvh_levels}};
    if (accel_panel_.show_visited) j["visited_boxes"] = accel_view_.visited_drawn();
    if (accel_panel_.heatmap && mode_ == ViewerMode::Pick) {
        const CostImage& heat = accel_view_.heatmap();
        const std::optional<Accel> traced_with = accel_view_.heatmap_accel();
        j["heatmap"] = {{"size", {heat.size.x, heat.size.y}},
                        {"accel", traced_with ? accel_name(*traced_with) : "none"},
                        {"complete", heat.complete()},
                        {"rays", heat.rays},
                        {"hits", heat.hits},
                        {"nodes", heat.nodes},
                        {"triangles", heat.triangles},
                        {"scale_max", heat.scale_max()}};
    }
    j["model"] = session_->scene().source;
    j["window"] = {int(window_size().x), int(window_size().y)};
    return j;
}

void ViewerApp::write_ui_trace() {
    if (options_.ui_trace.empty()) return;
    ++ui_trace_frame_;
    nlohmann::ordered_json j;
    j["frame"] = ui_trace_frame_;
    j["loading"] = loads_.current() != nullptr;
    j["items"] = ui_probe::items_json();
    j["report"] = report();
    // Written whole and renamed over the file, so a reader never sees half a frame.
    const std::string partial = options_.ui_trace + ".partial";
    if (FILE* out = std::fopen(partial.c_str(), "wb")) {
        const std::string text = j.dump();
        const bool written = std::fwrite(text.data(), 1, text.size(), out) == text.size();
        if (std::fclose(out) == 0 && written) std::filesystem::rename(partial, options_.ui_trace);
    }
}

}  // namespace app
