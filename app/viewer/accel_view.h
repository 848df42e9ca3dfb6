#pragma once
/// The viewer's side of the broad phases: building the chosen one off the UI thread (progress,
/// Cancel), the BVH's boxes at a chosen depth and the boxes the last pick entered, and the
/// per-pixel cost heatmap traced a few rows per frame.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/core/accel_build_job.h"
#include "app/core/camera.h"
#include "app/core/heatmap.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "app/viewer/budgeted_trace.h"
#include "app/viewer/panels/panels.h"
#include "render/renderer.h"

namespace app {

class AccelView {
  public:
    // == Builds
    /// Once a frame: hands a finished build to `session`, and starts building `wanted` when it
    /// is neither ready, nor being built, nor failed before on this scene.
    void update(const std::shared_ptr<SceneSession>& session, Accel wanted);
    /// A new scene: a build of the old one is dropped (its thread ends on its own).
    void on_scene();
    /// Stops the build in progress (the viewer then picks with `none`).
    void cancel();
    [[nodiscard]] bool building() const { return job_ != nullptr; }
    /// Scripted runs: blocks until the build in progress ends, then adopts it.
    void finish(const std::shared_ptr<SceneSession>& session);
    /// What the Pick panel says about `accel`.
    [[nodiscard]] BroadPhaseStatus broad_phase_status(const SceneSession& session,
                                                      Accel accel) const;
    /// What the Acceleration panel shows.
    [[nodiscard]] AccelStatus status(const SceneSession& session, Accel accel,
                                     const AccelPanelState& panel) const;

    // == Boxes
    /// The BVH's boxes at panel.box_depth for every instance (capped), and, with
    /// panel.show_visited, the boxes `selection` entered, as lines in world space.
    void add_overlay(const SceneSession& session, const AccelPanelState& panel,
                     const std::optional<Selection>& selection, render::Overlay& overlay);
    /// At most this many boxes are drawn at once (a deep level of a big mesh has more).
    static constexpr std::size_t kMaxBoxes = 6000;
    [[nodiscard]] std::size_t boxes_drawn() const { return boxes_drawn_; }
    [[nodiscard]] std::size_t boxes_at_depth() const { return boxes_at_depth_; }
    [[nodiscard]] std::size_t visited_drawn() const { return visited_drawn_; }

    // == The cost heatmap
    /// Traces more rows of the heatmap of this view within about `budget_ms` (restarting it
    /// when the camera, window, choice (algorithm, options, accel) or pose changed). Returns
    /// true when the picture changed.
    bool trace_heatmap(const SceneSession& session, const Camera& camera, glm::ivec2 window,
                       const PickChoice& choice, bool packets, double budget_ms);
    /// The picture so far: colours by cost, RGBA, top row first (the legend is drawn apart).
    [[nodiscard]] std::vector<std::uint8_t> heatmap_rgba() const;
    [[nodiscard]] const CostImage& heatmap() const { return heatmap_; }
    void clear_heatmap() { heatmap_key_.reset(); }
    /// The accel the heatmap so far was traced with (nothing before the first trace).
    [[nodiscard]] std::optional<Accel> heatmap_accel() const {
        return heatmap_key_ ? std::optional(heatmap_key_->accel) : std::nullopt;
    }

  private:
    /// Counts bvh_levels_ again if the trees that serve changed.
    void count_levels(const picking::SceneAccel& broad);

    /// What a heatmap depends on: any change starts it again.
    struct HeatmapKey {
        glm::mat4 view{1.0f}, projection{1.0f};
        glm::ivec2 size{0, 0};
        picking::RayTriangleMethod method{};
        picking::BroadPhase phase{};
        picking::RaySpace space{};
        bool cull = false, seed_t = false, first_found = false, simd = true;
        float epsilons[3] = {0, 0, 0};
        Accel accel = Accel::None;
        bool accel_ready = false;
        bool packets = false;
        std::uint64_t pose = 0;
        bool operator==(const HeatmapKey& other) const;
    };

    std::shared_ptr<AccelBuildJob> job_;
    picking::BvhBuildMethod job_bvh_build_ = picking::BvhBuildMethod::Sah;  ///< job_'s, for a BVH
    std::array<double, 6> build_ms_{};     ///< per Accel: its last finished build
    std::array<std::string, 6> errors_{};  ///< per Accel: why its build failed on this scene
    std::size_t boxes_drawn_ = 0, boxes_at_depth_ = 0, visited_drawn_ = 0;
    /// The levels of the trees the boxes overlay draws (the world tree's while it serves, else
    /// the deepest built mesh BVH's), counted again only when the trees that serve change:
    /// walking every box of a big BVH each frame costs milliseconds.
    int bvh_levels_ = 0;
    std::optional<std::pair<bool, std::size_t>> levels_key_;  ///< world tree?, meshes' built
    CostImage heatmap_;
    std::optional<HeatmapKey> heatmap_key_;
    std::uint32_t heatmap_scale_ = 0;  ///< scale_max() of the picture so far, when it changed
    BudgetedTrace tracing_;            ///< the heatmap's batches
};

/// Whether a build's progress is worth showing: builds over 0.2 s (a short one would flash).
[[nodiscard]] bool show_build_progress(const AccelStatus& status);

}  // namespace app
