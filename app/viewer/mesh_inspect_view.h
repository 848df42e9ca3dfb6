#pragma once
/// The Inspect mesh tool: the mesh inspector (app/core/scene_inspection.h) on the scene shown,
/// its counts in the Tools area and its findings drawn over the view: degenerate triangles,
/// slivers, open boundary edges, non-manifold edges and duplicate vertices, each in its own
/// colour and switch.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/rect.h"
#include "app/core/scene_inspection.h"
#include "app/core/scene_session.h"
#include "render/renderer.h"

struct ImDrawList;

namespace app {

/// A finding the camera went to (the panel's "next" buttons).
struct InspectFocus {
    int kind = 0;  ///< 0 degenerate, 1 sliver, 2 open edge, 3 non-manifold edge, 4 duplicate
    std::size_t item = 0;  ///< its place among that kind's findings on every instance
    std::size_t of = 0;    ///< how many there are
    std::uint32_t instance = 0;
    std::uint32_t index = 0;  ///< the triangle, the edge's place in its list, or the vertex
    glm::vec3 center{0.0f};   ///< world space, now
    float size = 0.0f;        ///< its longest extent (0 for a vertex)
};

/// "degenerate", "sliver", "boundary_edge", "non_manifold_edge", "duplicate_vertex".
[[nodiscard]] const char* finding_kind_name(int kind);

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
    /// The panel: counts, switches, "next" buttons, thresholds, the DirectX verdicts.
    void draw_panel();
    /// The kind whose "next" button was pressed since the last call, if any.
    [[nodiscard]] std::optional<int> take_go_to() { return std::exchange(go_to_, std::nullopt); }
    /// The finding of `kind` after the one gone to last (the first after another kind), over
    /// every instance in order, where it is now; nothing when there is none. It is ringed in
    /// white until another is chosen.
    [[nodiscard]] std::optional<InspectFocus> next_focus(const SceneSession& session, int kind);
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
    std::optional<int> go_to_;
    std::optional<InspectFocus> focus_;
    /// Drawn last frame, per kind (degenerate, slivers, boundary, non-manifold, the places of
    /// duplicate vertices).
    std::size_t drawn_[5] = {0, 0, 0, 0, 0};
};

}  // namespace app
