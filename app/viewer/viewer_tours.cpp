// ViewerApp plays a guided tour (app/core/tours.h): each step set up, its model loaded, the
// camera placed and the click made, then its lesson judged on the same report a scripted
// screenshot prints. Headless (--tour with --screenshot) every step writes its picture and one
// JSON line, then the next step starts.

#include <cmath>
#include <filesystem>
#include <iostream>

#include <glad/gl.h>
#include <glm/geometric.hpp>

#include "app/core/json_line.h"
#include "app/core/png_file.h"
#include "app/viewer/viewer_app.h"
#include "picking/tritri/triangle_pair_case.h"
#include "render/screenshot.h"

namespace app {

namespace {

/// "out.png", step 2 -> "out-2.png".
std::string step_picture(const std::string& screenshot, std::size_t step) {
    const std::filesystem::path path(screenshot);
    return (path.parent_path() /
            (path.stem().string() + "-" + std::to_string(step) + path.extension().string()))
        .string();
}

/// The mean edge length of every triangle in the scene, in each mesh's own units.
double mean_edge_length(const assets::Scene& scene) {
    double sum = 0.0;
    std::size_t edges = 0;
    for (const assets::MeshData& mesh : scene.meshes)
        for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3)
            for (int e = 0; e < 3; ++e) {
                const glm::dvec3 a(mesh.positions[mesh.indices[i + std::size_t(e)]]);
                const glm::dvec3 b(mesh.positions[mesh.indices[i + std::size_t((e + 1) % 3)]]);
                sum += glm::length(b - a);
                ++edges;
            }
    return edges > 0 ? sum / double(edges) : 1.0;
}

}  // namespace

std::optional<std::uint32_t> ViewerApp::node_named(const std::string& name) const {
    const auto& nodes = session_->scene().nodes;
    for (std::uint32_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].name == name) return i;
    return std::nullopt;
}

void ViewerApp::apply_tour_step(const TourStep& s) {
    set_mode(s.mode == "lab" ? ViewerMode::TriangleLab : ViewerMode::Pick);
    if (!s.model.empty() && s.model != current_path_ && s.model != tour_.loaded_model) {
        start_load(s.model);
        tour_.loaded_model = s.model;
    }
    picking::PickSettings& settings = pick_panel_.choice.options();
    if (!tour_.settings_before) {
        tour_.settings_before = settings;
        tour_.pick_bind_pose_before = animation_panel_.pick_bind_pose;
        tour_.ghost_before = animation_panel_.ghost;
    }
    if (const auto* algorithm = picking::find_ray_triangle_algorithm(s.algorithm))
        settings.method = algorithm->method;
    if (s.clip_t_range) settings.triangle_options.seed_ignores_t_range = !*s.clip_t_range;
    if (s.first_found) settings.triangle_options.xna_first_found = *s.first_found;
    animation_panel_.pick_bind_pose = s.pick_bind_pose;
    animation_panel_.ghost = s.ghost;
    if (!s.panel.empty()) {
        algorithms_panel_.select_tab = algorithms_tab_from_name(s.panel);
        show_tool(ToolsTab::Algorithms);
    }
    if (const std::optional<ToolsTab> tab = find_tools_tab(s.tool)) show_tool(*tab);
    if (!s.slab_preset.empty() && slab_lab_.load_preset(s.slab_preset))
        show_tool(ToolsTab::SlabLab);
    if (!s.lab_case.empty())
        if (const auto id = picking::find_tri_tri_case(s.lab_case))
            lab_mode_.lab().load_preset(*id);
    selection_.reset();
}

void ViewerApp::set_up_tour_view(const TourStep& s) {
    picking::RayTriangleOptions& o = pick_panel_.choice.options().triangle_options;
    // The seed's epsilon unless the step scales it to the model's triangles.
    o.dx_det_epsilon = s.scale_aware_dx_epsilon
                           ? scale_aware_dx_epsilon(mean_edge_length(session_->scene()))
                           : picking::RayTriangleOptions{}.dx_det_epsilon;
    if (s.time) {
        session_->set_time(*s.time);
        animation_panel_.playing = false;
    }
    if (s.far_distance) move_far(*s.far_distance);
    const auto& world = session_->world_transforms();
    if (s.camera) {
        const auto look_at = node_named(s.camera->look_at), from = node_named(s.camera->from);
        if (look_at && from) {
            const glm::vec3 target(world[*look_at][3]), away(world[*from][3]);
            const glm::vec3 eye = target + s.camera->share * (away - target);
            const glm::vec3 dir = glm::normalize(eye - target);
            camera_.target = target;
            camera_.distance = glm::length(eye - target);
            camera_.pitch = std::asin(std::clamp(dir.y, -1.0f, 1.0f));
            camera_.yaw = std::atan2(dir.x, dir.z);
        }
    }
    if (s.click) {
        if (const auto node = node_named(s.click->node)) {
            const glm::vec3 point(world[*node] * glm::vec4(s.click->local, 1.0f));
            pending_click_ = window_from_world(camera_, point, view_rect());
            animation_panel_.playing = false;  // the picture shows the pose of the click
        }
    }
    if (s.run_leaks) run_leak_sweep();
    if (mode_ == ViewerMode::TriangleLab) {
        // The lab's triangles below the caption, which covers the top of the view.
        const Rect& view = view_rect();
        Rect below = view;
        below.min.y = std::min(view.min.y + kTourCaptionHeight, view.max.y - 0.5f * view.height());
        const Rect region = LabMode::framing_region(below);
        const auto [lo, hi] = lab_mode_.lab().bounds();
        camera_.frame(lo, hi, view.width() / std::max(view.height(), 1.0f),
                      (region.min - view.min) / view.size(), (region.max - view.min) / view.size());
    }
}

void ViewerApp::update_tour() {
    if (!tour_.playing() || quit_) return;
    const TourStep& s = tour_.current();
    switch (tour_.phase) {
        case TourPlayer::Phase::Apply:
            apply_tour_step(s);
            tour_.phase = TourPlayer::Phase::Loading;
            tour_.frames = 0;
            return;
        case TourPlayer::Phase::Loading:
            // A few frames let ImGui lay the new tabs out before the click.
            if (loads_.current() || !initial_load_done_ || ++tour_.frames < 3) return;
            if (accel_view_.building()) {
                accel_view_.finish(session_);
                return;
            }
            set_up_tour_view(s);
            tour_.phase = TourPlayer::Phase::Settling;
            tour_.frames = 0;
            return;
        case TourPlayer::Phase::Settling:
            if (pending_click_) return;
            if (leak_sweep_) {
                leak_sweep_->wait(-1.0);
                update_leak_sweep();
                return;
            }
            if (mesh_inspect_.busy()) {
                mesh_inspect_.finish();
                tour_.frames = 0;
                return;
            }
            // The panels that grew with the pick settle their layout.
            if (++tour_.frames < 5) return;
            tour_.verdict = s.lesson ? s.lesson(report()) : LessonVerdict{};
            tour_.phase = TourPlayer::Phase::Shown;
            tour_.frames = 0;
            return;
        case TourPlayer::Phase::Shown:
            // Headless: the picture once the caption has drawn the verdict.
            if (tour_.headless && ++tour_.frames >= 2) finish_tour_step();
            return;
    }
}

void ViewerApp::finish_tour_step() {
    const std::size_t number = tour_.step + 1;
    const std::string picture = step_picture(options_.screenshot, number);
    const glm::ivec2 fb = framebuffer_size();
    glReadBuffer(GL_BACK);
    const render::Image image = render::read_framebuffer(fb.x, fb.y);
    if (const auto error = write_png_file(picture, image.width, image.height, image.rgba)) {
        std::cerr << "raypick: " << *error << "\n";
        exit_status_ = 1;
        quit_ = true;
        return;
    }
    const LessonVerdict& verdict = *tour_.verdict;
    nlohmann::ordered_json j;
    j["tour"] = tour_.tour->name;
    j["step"] = number;
    j["of"] = tour_.tour->steps.size();
    j["title"] = tour_.current().title;
    j["lesson_shown"] = verdict.shown;
    j["saw"] = verdict.saw;
    j["screenshot"] = picture;
    std::cout << json_line(std::move(j)) << std::endl;
    if (!verdict.shown) exit_status_ = 1;
    if (number == tour_.tour->steps.size()) {
        quit_ = true;
        return;
    }
    tour_.go_to(tour_.step + 1);
}

void ViewerApp::draw_tour() {
    draw_tours_window(tour_);
    switch (draw_tour_caption(tour_, view_rect())) {
        case TourAction::None:
            break;
        case TourAction::Back:
            tour_.go_to(tour_.step - 1);
            break;
        case TourAction::Next:
            tour_.go_to(tour_.step + 1);
            break;
        case TourAction::End:
            end_tour();
            break;
    }
}

void ViewerApp::end_tour() {
    if (tour_.settings_before) {
        pick_panel_.choice.options() = *tour_.settings_before;
        animation_panel_.pick_bind_pose = tour_.pick_bind_pose_before;
        animation_panel_.ghost = tour_.ghost_before;
        tour_.settings_before.reset();
    }
    tour_.end();
}

}  // namespace app
