#pragma once
/// The glue between assets and picking: a loaded Scene posed at a time, seen by picking as a
/// SceneView whose instances carry each mesh's current world_from_mesh. The viewer and the
/// command line both pick through this class, so they give the same answers.

#include <cstdint>
#include <optional>
#include <vector>

#include "assets/scene.h"
#include "picking/scene_pick.h"

namespace app {

struct Bounds {
    glm::vec3 min{0.0f}, max{0.0f};
    [[nodiscard]] glm::vec3 center() const { return 0.5f * (min + max); }
    [[nodiscard]] float radius() const { return 0.5f * glm::length(max - min); }
};

class SceneSession {
  public:
    explicit SceneSession(assets::Scene scene);
    SceneSession(const SceneSession&) = delete;  // the SceneView points into scene_
    SceneSession& operator=(const SceneSession&) = delete;

    [[nodiscard]] const assets::Scene& scene() const { return scene_; }
    [[nodiscard]] const picking::SceneView& view() const { return view_; }

    /// Poses the scene at `seconds` of the current clip (the rest pose when there is none).
    void set_time(double seconds);
    [[nodiscard]] double time() const { return time_; }
    /// -1 for the rest pose.
    void set_clip(int clip);
    [[nodiscard]] int clip() const { return clip_; }
    [[nodiscard]] double duration() const;

    /// world_from_node for every node in the current pose.
    [[nodiscard]] const std::vector<glm::mat4>& world_transforms() const { return world_; }
    /// The world-space box around every instance in the current pose.
    [[nodiscard]] Bounds world_bounds() const;
    /// The box the scene occupies over its whole clip (sampled), for a camera that keeps still.
    [[nodiscard]] Bounds animated_bounds() const;

    [[nodiscard]] picking::PickResult pick(const picking::Ray& world_ray,
                                           const picking::PickSettings& settings) const {
        return picking::pick(view_, world_ray, settings);
    }
    /// The picked triangle's corners in world space.
    [[nodiscard]] picking::Triangle world_triangle(const picking::PickHit& hit) const;

  private:
    [[nodiscard]] std::vector<glm::mat4> pose_at(double seconds) const;
    [[nodiscard]] Bounds bounds_in(const std::vector<glm::mat4>& world) const;

    assets::Scene scene_;
    std::vector<Bounds> mesh_bounds_;  ///< in each mesh's own space
    picking::SceneView view_;
    std::vector<glm::mat4> world_;
    double time_ = 0.0;
    int clip_ = -1;
};

}  // namespace app
