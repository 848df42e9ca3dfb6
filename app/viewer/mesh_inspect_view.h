#pragma once
/// The Inspect mesh tool: the mesh inspector (app/core/scene_inspection.h) on the scene shown,
/// its counts in the Tools area and its findings drawn over the view: degenerate triangles,
/// slivers, open boundary edges, non-manifold edges and duplicate vertices, each in its own
/// colour and switch.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/rect.h"
#include "app/core/scene_inspection.h"
#include "app/core/scene_session.h"
#include "render/renderer.h"

struct ImDrawList;

namespace app {

class MeshInspectView {
  public:
    /// Inspects `session` on a thread of its own when it is not the scene (or the epsilon)
    /// inspected last, and takes the result when that is done.
    void update(const std::shared_ptr<SceneSession>& session, float dx_det_epsilon);
    /// An inspection is under way, or the last one taken is not drawn yet (the view is drawn
    /// before the panels take it): a screenshot now would miss it.
    [[nodiscard]] bool busy() const {
        return job_ != nullptr || (shown && inspection_ && drawn_serial_ != serial_);
    }
    /// Scripted runs: blocks until the inspection under way ends (the next update() takes it).
    void finish() const {
        if (job_) job_->wait(-1.0);
    }
    /// The panel: counts, switches, thresholds, the DirectX verdicts.
    void draw_panel();
    /// The findings on every instance, where it is drawn now (capped: kMaxDrawn).
    void add_overlay(const SceneSession& session, render::Overlay& overlay);
    /// A ring around every degenerate triangle, sliver and non-manifold edge drawn (at most
    /// kMaxRings),
    /// over the view: they are often a few pixels or less, too small to find by their lines.
    void draw_rings(const Camera& camera, const Rect& view, ImDrawList& draw_list) const;
    /// The report's "mesh_inspection": the command's JSON, plus what is drawn; null before the
    /// tool was first shown.
    [[nodiscard]] nlohmann::ordered_json report(const assets::Scene& scene) const;

    /// Whether its findings are drawn: the tool is on show (set every frame by the viewer).
    bool shown = false;
    /// At most this many findings of each kind are drawn (a broken scan can have millions).
    static constexpr std::size_t kMaxDrawn = 20000;
    static constexpr std::size_t kMaxRings = 2000;

  private:
    std::shared_ptr<SceneInspectionJob> job_;
    std::weak_ptr<SceneSession> job_session_;  ///< what job_ inspects, with which epsilon
    float job_epsilon_ = 0.0f;
    std::weak_ptr<SceneSession> inspected_;
    std::uint64_t serial_ = 0;        ///< counts the inspections taken
    std::uint64_t drawn_serial_ = 0;  ///< the one add_overlay() drew last
    std::optional<SceneInspection> inspection_;
    float epsilon_ = 0.0f;
    bool show_degenerate_ = true, show_slivers_ = true, show_boundary_ = true,
         show_non_manifold_ = true, show_duplicates_ = true;
    struct Ring {
        glm::vec3 world;
        glm::vec4 color;
    };
    std::vector<Ring> rings_;  ///< this frame's
    /// Drawn last frame, per kind (degenerate, slivers, boundary, non-manifold, the places of
    /// duplicate vertices).
    std::size_t drawn_[5] = {0, 0, 0, 0, 0};
};

}  // namespace app
