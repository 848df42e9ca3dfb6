// ViewerApp's picking: a click or a hover becomes a ray through the 3D view, the session picks
// with the Inspector's settings, the GPU's ID buffer gives its opinion; a changed setting picks
// the same ray again at once; the Algorithms tool computes what it shows for the pick.

#include <algorithm>
#include <cmath>

#include <glm/trigonometric.hpp>

#include "app/core/id_buffer_check.h"
#include "app/core/neighbourhood.h"
#include "app/core/region_selection.h"
#include "app/viewer/bone_space_view.h"
#include "app/viewer/viewer_app.h"

namespace app {

namespace {

/// Cursor positions name pixels (X11 reports whole numbers): rays go through pixel centres.
glm::vec2 pixel_centre(glm::vec2 cursor) {
    return glm::floor(cursor) + 0.5f;
}

}  // namespace

PickInputs ViewerApp::pick_inputs() const {
    return {pick_panel_.choice, pick_panel_.t_min, pick_panel_.t_max};
}

Selection ViewerApp::pick_ray(Selection selection, bool clicked) {
    selection.serial = ++pick_count_;
    selection.choice = pick_panel_.choice;
    selection.ray.t_min = pick_panel_.t_min;
    selection.ray.t_max = pick_panel_.t_max;
    // Picks use what is ready: while the chosen accel is built, the broad phase falls back to
    // `none` (and the Inspector says so).
    selection.choice.options().record_visited = accel_panel_.show_visited;
    // The first pick with new inputs pays for what later ones reuse.
    const PickInputs inputs = pick_inputs();
    selection.cold = !warm_inputs_ || !pick_changes(*warm_inputs_, inputs).empty();
    warm_inputs_ = inputs;
    selection.result = session_->pick(selection.ray, selection.choice);
    selection.hit_rank = 0;
    selection.hits_along = 0;
    return finish_pick(std::move(selection), clicked);
}

Selection ViewerApp::finish_pick(Selection selection, bool clicked) {
    selection.time = session_->time();
    selection.clip = session_->clip();
    selection.loop = session_->loop();
    selection.pose_version = session_->pose_version();
    selection.picked_positions.clear();
    selection.picked_normals.clear();
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
    selection.snap.reset();
    if (pick_panel_.snap && selection.result.hit) {
        const picking::PickHit& hit = *selection.result.hit;
        const Rect& view = view_rect();
        picking::ScreenMapping screen;
        screen.clip_from_world = clip_from_world(camera_, view);
        screen.view_min = glm::dvec2(view.min);
        screen.view_size = glm::dvec2(view.size());
        picking::SnapQuery query;
        query.instance = hit.instance;
        query.triangle = hit.triangle;
        query.world_hit = glm::dvec3(hit.point);
        query.cursor = glm::dvec2(selection.cursor_window);
        query.radius_px = double(pick_panel_.snap_radius_px);
        query.targets = pick_panel_.snap_targets;
        selection.snap =
            picking::snap_near(session_->view(), &session_->accels().broad_phases(), screen, query);
    }
    selection.bind_result.reset();
    if (animation_panel_.pick_bind_pose)
        selection.bind_result = session_->pick(selection.ray, selection.choice, PoseChoice::Bind);
    // The GPU draws the nearest surface: a hit further along the ray is not its to judge.
    selection.id_check = {};
    if (selection.id_buffer_read && selection.hit_rank == 0)
        selection.id_check = check_id_buffer(selection, id_context(selection));
    return selection;
}

void ViewerApp::cycle_hit(int step) {
    if (!selection_ || !selection_->result.hit) {
        screenshot_note_ = "No hit to step from: click the model first";
        return;
    }
    const picking::AllHitsResult all = session_->all_hits(selection_->ray, selection_->choice);
    const std::size_t n = all.hits.size();
    if (n == 0) return;
    // Where the hit shown stands among every hit along the ray.
    const picking::PickHit& shown = *selection_->result.hit;
    std::size_t at = 0;
    for (std::size_t i = 0; i < n; ++i)
        if (all.hits[i].hit.instance == shown.instance &&
            all.hits[i].hit.triangle == shown.triangle) {
            at = i;
            break;
        }
    const std::size_t next = (at + n + std::size_t(step > 0 ? 1 : n - 1)) % n;
    Selection selection = *selection_;
    selection.serial = ++pick_count_;
    selection.result.hit = all.hits[next].hit;
    selection.result.shape.reset();  // All hits lists triangles
    selection.hit_rank = next;
    selection.hits_along = n;
    selection_ = finish_pick(std::move(selection), true);
    update_algorithm_views();
}

IdBufferContext ViewerApp::id_context(const Selection& selection) const {
    IdBufferContext context;
    context.near_plane = camera_.near_plane();
    context.far_plane = camera_.far_plane();
    context.far_offset = far_distance_;
    if (selection.result.hit) {
        // A pixel's width at the hit's distance (its height in an orthographic view).
        const float height =
            camera_.projection == Projection::Perspective
                ? 2.0f * std::abs(selection.result.hit->t) * std::tan(0.5f * camera_.fov_y)
                : camera_.view_height_at_target();
        context.world_per_pixel = height / std::max(view_rect().height(), 1.0f);
    }
    return context;
}

Selection ViewerApp::pick_at(glm::vec2 cursor_window, bool clicked) {
    Selection base;
    base.cursor_window = pixel_centre(cursor_window);
    base.ray = ray_from_cursor(camera_, base.cursor_window, view_rect());
    if (clicked) {
        // The GPU's view of the same pixel, as a cross-check of the CPU ray.
        const glm::ivec2 pixel(glm::floor((base.cursor_window - view_rect().min) * pixel_scale()));
        base.id_buffer_read = true;
        const std::vector<glm::mat4> shapes = session_->shape_transforms();
        if (auto id =
                renderer_.read_id(frame_view(), placement(PoseChoice::Current), pixel, shapes)) {
            const auto& instances = session_->view().instances;
            if (id->shape)
                base.id_buffer_shape = id->shape;
            else if (id->instance < instances.size())
                base.id_buffer = std::pair{id->instance, id->triangle};
        }
    }
    return pick_ray(std::move(base), clicked);
}

void ViewerApp::handle_picking() {
    // Clicks in the lab move corners; in Collide mode drags move the object: neither picks.
    if (mode_ == ViewerMode::TriangleLab || mode_ == ViewerMode::Collide) {
        pending_click_.reset();
        hover_.reset();
        return;
    }
    repick_if_settings_changed();
    if (pending_click_) {
        selection_ = pick_at(*pending_click_, true);
        pending_click_.reset();
        update_algorithm_views();
        if (region_tool_.tool() == SelectTool::Measure)
            if (const auto point = measure_point(*selection_)) measure_.add(*point);
    }
    const bool moved = pointer_.take_moved();
    const bool in_view = view_rect().contains(pointer_.last_cursor());
    // Snapping shows where a click would go as the pointer moves: it hovers too.
    // So does the ground probe, which follows the pointer.
    const bool hovering = pick_panel_.hover || pick_panel_.snap || ground_probe_.shown;
    if (hovering && moved && !pointer_.dragging() && !ui_wants_mouse() && in_view) {
        // Hovering picks on every move: through the BVH when one is built, whatever the
        // broad phase chosen for clicks (a million triangles one by one per move stutters).
        const PickChoice chosen = pick_panel_.choice;
        if (chosen.accel() == Accel::None && session_->accels().ready(Accel::Bvh))
            pick_panel_.choice.set_accel(Accel::Bvh);
        hover_ = pick_at(pointer_.last_cursor(), false);
        pick_panel_.choice = chosen;
    } else if (!hovering || ui_wants_mouse() || !in_view) {
        hover_.reset();
    }
    if (moved) ground_probe_.update(*session_, hover_);
    // The picked mesh's neighbourhood of the hit, once per pick (the Bone space view and the
    // magnifier draw it instead of a dense mesh).
    if (selection_ && selection_->result.hit && neighbourhood_serial_ != selection_->serial) {
        const picking::PickHit& hit = *selection_->result.hit;
        neighbourhood_ = nearest_triangles(picked_vertices(*session_, *selection_),
                                           session_->scene().meshes[hit.mesh].indices,
                                           hit.local_point, kNeighbourhoodTriangles);
        picked_radius_ = picked_mesh_radius(*session_, *selection_);
        neighbourhood_serial_ = selection_->serial;
    }
}

void ViewerApp::repick_if_settings_changed() {
    if (!selection_) return;
    const PickInputs before{selection_->choice, selection_->ray.t_min, selection_->ray.t_max};
    const std::vector<std::string> changes = pick_changes(before, pick_inputs());
    if (changes.empty()) return;
    // The same ray (the camera may have moved since, the ray must not), and the GPU's opinion
    // read at the click, judged again against the new answer.
    selection_ = pick_ray(*selection_, true);
    inspector_.change = join_changes(changes);
    inspector_.change_serial = selection_->serial;
    update_algorithm_views();
}

// == The Algorithms tool: Compare, All hits, Leaks, Far from origin

bool ViewerApp::algorithms_shown() const {
    return mode_ == ViewerMode::Pick && workspace_.is_open(Region::Tools) &&
           tools_tab_ == ToolsTab::Algorithms;
}

void ViewerApp::update_algorithm_views() {
    // Only what can be seen is computed (every algorithm on a big mesh takes a while).
    if (selection_ && algorithms_shown()) {
        algorithms_panel_.model.study_pick(*session_, *selection_);
        studied_serial_ = selection_->serial;
    } else {
        algorithms_panel_.model.clear_pick();
        studied_serial_ = 0;
    }
}

void ViewerApp::run_leak_sweep() {
    LeakSweepChoice sweep;
    sweep.rays = algorithms_panel_.leak_rays;
    sweep.every_algorithm = algorithms_panel_.leak_every_algorithm;
    sweep.marked = pick_panel_.choice.method();
    sweep.options = pick_panel_.choice.options().triangle_options;
    if (leak_sweep_) leak_sweep_->cancel();  // a newer sweep replaces it
    leak_sweep_ = start_leak_sweep(leak_sweep_input(*session_, sweep));
    // A scripted run shows the sweep's result in its one screenshot.
    if (options_.scripted()) leak_sweep_->wait(-1.0);
    update_leak_sweep();
}

void ViewerApp::update_far_study() {
    if (!far_study_ || !far_study_->finished()) return;
    if (std::optional<picking::FarFromOriginStudy> study = far_study_->take())
        algorithms_panel_.model.far = std::move(*study);
    else
        error_ = "The far-from-origin study failed: " + far_study_->error();
    far_study_.reset();
}

void ViewerApp::update_leak_sweep() {
    if (!leak_sweep_ || !leak_sweep_->finished()) return;
    if (std::optional<LeakSweepOutcome> outcome = leak_sweep_->take())
        algorithms_panel_.model.adopt_leaks(std::move(*outcome));
    else
        error_ = "The leak sweep failed: " + leak_sweep_->error();
    leak_sweep_.reset();
}

void ViewerApp::move_far(double distance) {
    // The model moves now; the study of it there follows on a thread of its own.
    const glm::dvec3 moved = algorithms_panel_.model.place_far(*session_, distance);
    if (far_study_) far_study_->cancel();  // a newer distance replaces it
    far_study_ = start_far_study(far_study_input(*session_, std::max(distance, 0.0),
                                                 pick_panel_.choice.options().triangle_options,
                                                 algorithms_panel_.far_rays));
    if (options_.scripted()) far_study_->wait(-1.0);  // its one screenshot shows the study
    update_far_study();
    far_distance_ = distance;
    camera_.target += glm::vec3(moved);  // the camera follows the model
    selection_.reset();                  // its ray and triangle are where the model was
    hover_.reset();
}

}  // namespace app
