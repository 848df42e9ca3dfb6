#pragma once
/// The viewer's Collide mode: the moving object placed (and drawn, for a copy), dragged with a
/// modifier key, the contacts recomputed when anything moved and drawn over the scene.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/collide_state.h"
#include "app/core/viewer_options.h"
#include "app/viewer/panels/collide_panel.h"
#include "render/renderer.h"

namespace app {

class CollideMode {
  public:
    [[nodiscard]] CollideState& state() { return state_; }
    [[nodiscard]] const CollideState& state() const { return state_; }

    /// A newly loaded scene: choose A and B afresh.
    void on_scene(const SceneSession& session) { state_.reset(session); }
    /// The command line's --collide, --move, --turn and --tri-algorithm; returns why not when
    /// an instance does not exist.
    [[nodiscard]] std::optional<std::string> apply(const ViewerOptions& options,
                                                   const SceneSession& session);
    /// Recomputes the contacts if anything changed.
    void update(const SceneSession& session) { (void)state_.update(session); }

    /// Puts the moving instance where the user placed it (not needed for a copy).
    void place(const SceneSession& session, std::vector<glm::mat4>& instance_world) const;
    /// The copy of A, drawn beside the scene's own instances.
    void add_extra_instances(const SceneSession& session,
                             std::vector<render::ExtraInstance>& extra) const;
    /// The intersecting triangles and the contact segments.
    void add_overlay(render::Overlay& overlay) const;
    void draw_panel(const SceneSession& session) { draw_collide_panel(state_, panel_, session); }

    /// Ctrl or Shift at the press: drags move or turn the moving object instead of the camera.
    [[nodiscard]] bool grab(bool move, bool turn);
    [[nodiscard]] bool dragging() const { return drag_ != Drag::None; }
    void drag(glm::vec2 from, glm::vec2 to, const Camera& camera, const Rect& view,
              const SceneSession& session);
    void release() { drag_ = Drag::None; }

    /// {"instance_a", "instance_b", "copy", "algorithm", "intersecting_pairs",
    ///  "candidate_pairs", "milliseconds", "segments", "triangles_a", "triangles_b", "move",
    ///  "turn"}; with `check`, also "brute_force_pairs": the count found by testing every pair
    /// (for tests; null when that would be more than 10^7 tests).
    [[nodiscard]] nlohmann::ordered_json report_json(const SceneSession& session,
                                                     bool check = false) const;

  private:
    enum class Drag { None, Move, Turn };
    CollideState state_;
    CollidePanelState panel_;
    Drag drag_ = Drag::None;
};

}  // namespace app
