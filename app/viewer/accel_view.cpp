#include "app/viewer/accel_view.h"

#include <algorithm>

#include "picking/bvh/wide_bvh.h"

namespace app {

namespace {

constexpr double kShowProgressAfterSeconds = 0.2;
constexpr glm::vec4 kVisitedColor{1.0f, 0.55f, 0.1f, 1.0f};
constexpr glm::vec4 kVisitedTopLevelColor{1.0f, 0.3f, 0.9f, 1.0f};

std::size_t slot(Accel accel) {
    return std::size_t(accel);
}

/// A colour per BVH level, so neighbouring levels differ when every level is drawn.
glm::vec4 level_color(int depth) {
    static constexpr glm::vec4 kColors[] = {
        {0.35f, 0.85f, 1.0f, 1.0f}, {0.45f, 1.0f, 0.55f, 1.0f}, {1.0f, 0.9f, 0.35f, 1.0f},
        {1.0f, 0.55f, 0.45f, 1.0f}, {0.8f, 0.6f, 1.0f, 1.0f},   {0.9f, 0.9f, 0.9f, 1.0f},
    };
    return kColors[std::size_t(depth) % std::size(kColors)];
}

/// The twelve edges of `box` moved by `world_from_box`.
void add_box(const picking::Aabb& box, const glm::mat4& world_from_box, glm::vec4 color,
             std::vector<render::LineSegment>& lines) {
    glm::vec3 corner[8];
    for (int i = 0; i < 8; ++i)
        corner[i] = glm::vec3(world_from_box * glm::vec4((i & 1) ? box.max.x : box.min.x,
                                                         (i & 2) ? box.max.y : box.min.y,
                                                         (i & 4) ? box.max.z : box.min.z, 1.0f));
    static constexpr int kEdges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                          {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    for (const auto& [a, b] : kEdges)
        lines.push_back({corner[a], corner[b], color});
}

}  // namespace

// == Builds

void AccelView::update(const std::shared_ptr<SceneSession>& session, Accel wanted) {
    // The BVH's build method changed while it was being built: that build is not wanted.
    if (job_ && job_->subject() == Accel::Bvh && job_bvh_build_ != session->bvh_build()) {
        job_->cancel();
        job_.reset();
    }
    if (job_ && job_->finished()) {
        std::optional<AccelBuild> build = job_->take();
        const Accel accel = job_->subject();
        job_.reset();
        if (build && !build->cancelled) {
            if (!build->error.empty()) {
                errors_[slot(accel)] = build->error;
            } else {
                build_ms_[slot(accel)] = build->milliseconds;
                session->accels().adopt(std::move(*build));
                levels_key_.reset();
            }
        }
    }
    count_levels(session->accels().broad_phases());
    const bool missing = wanted == Accel::Bvh ? !session->bvh_current()  // or built otherwise
                                              : !session->accels().ready(wanted);
    if (!job_ && missing && errors_[slot(wanted)].empty()) {
        job_ = start_accel_build(session, wanted);
        job_bvh_build_ = session->bvh_build();
    }
}

void AccelView::count_levels(const picking::SceneAccel& broad) {
    if (!broad.has_bvhs()) return;
    const picking::WorldTree* world = broad.world_tree();
    // The meshes' trees that wait behind the world tree are counted once something (a pick,
    // the overlay) has built them.
    std::size_t built = 0;
    for (std::uint32_t m = 0; m < broad.mesh_count(); ++m)
        built += broad.built_mesh_bvh(m) != nullptr;
    const std::pair<bool, std::size_t> key{world != nullptr, built};
    if (levels_key_ == key) return;
    levels_key_ = key;
    bvh_levels_ = 0;
    if (world) {
        bvh_levels_ = picking::wide_depth(world->bvh);
        return;
    }
    for (std::uint32_t m = 0; m < broad.mesh_count(); ++m)
        if (const picking::WideBvh* bvh = broad.built_mesh_bvh(m))
            bvh_levels_ = std::max(bvh_levels_, picking::wide_depth(*bvh));
}

void AccelView::on_scene() {
    if (job_) job_->cancel();
    job_.reset();
    build_ms_ = {};
    errors_ = {};
    bvh_levels_ = 0;
    levels_key_.reset();
    heatmap_key_.reset();
    heatmap_scale_ = 0;
}

void AccelView::cancel() {
    if (job_) job_->cancel();
    job_.reset();
}

void AccelView::finish(const std::shared_ptr<SceneSession>& session) {
    if (!job_) return;
    job_->wait(-1.0);
    update(session, job_->subject());
}

BroadPhaseStatus AccelView::broad_phase_status(const SceneSession& session, Accel accel) const {
    BroadPhaseStatus status;
    status.building = job_ && job_->subject() == accel;
    status.build_ms = build_ms_[slot(accel)];
    status.bytes = session.accels().ready(accel) ? session.accels().bytes(accel) : 0;
    return status;
}

AccelStatus AccelView::status(const SceneSession& session, Accel accel,
                              const AccelPanelState& panel) const {
    AccelStatus status;
    status.accel = std::string(accel_name(accel));
    status.is_bvh = accel == Accel::Bvh;
    status.building = job_ && job_->subject() == accel;
    if (status.is_bvh && session.accels().ready(Accel::Bvh))
        status.built_by = bvh_build_label(session.accels().bvh_build());
    if (status.is_bvh && status.building) status.building_by = bvh_build_label(job_bvh_build_);
    if (job_) {
        status.building_seconds = job_->elapsed_seconds();
        status.progress = job_->progress();
    }
    status.build_ms = build_ms_[slot(accel)];
    status.bytes = session.accels().ready(accel) ? session.accels().bytes(accel) : 0;
    status.triangles = session.scene().triangle_count();
    status.error = errors_[slot(accel)];
    const picking::SceneAccel& broad = session.accels().broad_phases();
    status.has_bvhs = broad.mesh_count() > 0 && broad.has_bvhs();
    status.bvh_levels = status.has_bvhs ? bvh_levels_ : 0;
    status.boxes_drawn = panel.show_boxes ? boxes_drawn_ : 0;
    status.boxes_at_depth = panel.show_boxes ? boxes_at_depth_ : 0;
    status.visited_drawn = panel.show_visited ? visited_drawn_ : 0;
    status.heatmap_complete = heatmap_.complete();
    status.heatmap_rows_done = heatmap_.rows_done;
    status.heatmap_rows = heatmap_.size.y;
    status.heatmap_totals = heatmap_totals_text(heatmap_);
    status.heatmap_scale = heatmap_scale_;
    status.heatmap_packets = heatmap_.metric == HeatmapMetric::Packets;
    status.heatmap_nanoseconds = heatmap_key_ && timed_costs(heatmap_.metric, heatmap_key_->accel);
    return status;
}

bool show_build_progress(const AccelStatus& status) {
    return status.building && status.building_seconds > kShowProgressAfterSeconds;
}

// == Boxes

void AccelView::add_overlay(const SceneSession& session, const AccelPanelState& panel,
                            const std::optional<Selection>& selection, render::Overlay& overlay) {
    boxes_drawn_ = boxes_at_depth_ = visited_drawn_ = 0;
    const picking::SceneAccel& broad = session.accels().broad_phases();
    const picking::SceneView& view = session.view();
    if (panel.show_boxes) {
        auto draw = [&](const picking::WideBvh& bvh, const glm::mat4& world_from_mesh) {
            picking::for_each_box(bvh, panel.box_depth, [&](const picking::Aabb& box, int depth) {
                ++boxes_at_depth_;
                if (boxes_drawn_ >= kMaxBoxes) return;
                add_box(box, world_from_mesh, level_color(depth), overlay.lines);
                ++boxes_drawn_;
            });
        };
        // The trees a pick walks: the one over every instance while it serves (in the
        // instances' shared space), else each instance's mesh's.
        if (const picking::WorldTree* world = broad.world_tree();
            world && !view.instances.empty()) {
            draw(world->bvh, view.instances.front().world_from_mesh);
        } else {
            for (const picking::Instance& instance : view.instances)
                if (const picking::WideBvh* bvh = broad.mesh_bvh(view, instance.mesh))
                    draw(*bvh, instance.world_from_mesh);
        }
    }
    if (panel.show_visited && selection) {
        for (const picking::PickedBox& visited : selection->result.visited_boxes) {
            if (visited_drawn_ >= kMaxBoxes) break;
            if (visited.world_space) {
                add_box(visited.box, glm::mat4(1.0f), kVisitedTopLevelColor, overlay.lines);
            } else if (visited.instance < view.instances.size()) {
                // Where the mesh is now: the boxes follow the animation like the highlight.
                add_box(visited.box, view.instances[visited.instance].world_from_mesh,
                        kVisitedColor, overlay.lines);
            }
            ++visited_drawn_;
        }
    }
}

// == The cost heatmap

bool AccelView::HeatmapKey::operator==(const HeatmapKey& other) const {
    return view == other.view && projection == other.projection && size == other.size &&
           method == other.method && phase == other.phase && space == other.space &&
           cull == other.cull && seed_t == other.seed_t && first_found == other.first_found &&
           simd == other.simd &&
           std::equal(std::begin(epsilons), std::end(epsilons), std::begin(other.epsilons)) &&
           accel == other.accel && accel_ready == other.accel_ready && packets == other.packets &&
           pose == other.pose;
}

bool AccelView::trace_heatmap(const SceneSession& session, const Camera& camera, glm::ivec2 window,
                              const PickChoice& choice, bool packets, double budget_ms) {
    const picking::PickSettings settings = choice.settings();
    const Accel accel = choice.accel();
    HeatmapKey key;
    key.view = camera.view();
    key.projection = camera.projection_matrix(float(window.x) / float(std::max(window.y, 1)));
    key.size = window;
    key.method = settings.method;
    key.phase = settings.broad_phase;
    key.space = settings.space;
    const auto& o = settings.triangle_options;
    key.cull = o.cull_backfaces;
    key.seed_t = o.seed_ignores_t_range;
    key.first_found = o.xna_first_found;
    key.simd = settings.simd;
    key.epsilons[0] = o.dx_det_epsilon;
    key.epsilons[1] = o.unity_det_epsilon;
    key.epsilons[2] = o.unity_edge_tolerance;
    key.accel = accel;
    key.accel_ready = session.accels().ready(accel);
    key.packets = packets;
    key.pose = session.pose_version();
    bool changed = false;
    if (!heatmap_key_ || !(*heatmap_key_ == key)) {
        heatmap_key_ = key;
        const HeatmapMetric metric = packets ? HeatmapMetric::Packets
                                     : is_peer(accel) && key.accel_ready
                                         ? HeatmapMetric::Nanoseconds
                                         : HeatmapMetric::Work;
        heatmap_.reset(window, metric);
        tracing_.restart();
        changed = true;
    }
    changed |= tracing_.run(
        heatmap_, budget_ms,
        [&](int rows) { trace_cost_rows(session, camera, choice, 0, heatmap_, rows); },
        [&](int pixels) { trace_cost_pixels(session, camera, choice, heatmap_, pixels); });
    if (changed) heatmap_scale_ = heatmap_.rows_done > 0 ? heatmap_.scale_max() : 0;
    return changed;
}

std::vector<std::uint8_t> AccelView::heatmap_rgba() const {
    // The legend is the Acceleration panel's: a strip along the bottom would hide under panels.
    return colorize(heatmap_, std::max(heatmap_scale_, 1u), false);
}

}  // namespace app
