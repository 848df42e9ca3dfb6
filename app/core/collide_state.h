#pragma once
/// Collide mode's model, without a window: two mesh instances of the session (or one and a copy
/// of it), a user placement of the moving one, per-mesh BVHs kept in step with the pose, and
/// the intersecting triangle pairs of the current frame with their contact segments.

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "app/core/scene_session.h"
#include "picking/tritri/mesh_contact.h"

namespace app {

/// Where the moving object is put, on top of its place in the scene: turned about its own
/// centre (degrees, applied x then y then z), then moved.
struct CollidePlacement {
    glm::vec3 translation{0.0f};
    glm::vec3 rotation_degrees{0.0f};
};

struct CollideChoice {
    int instance_a = 0;  ///< index into the session's instances
    int instance_b = 1;  ///< the moving one (ignored when copy_of_a)
    bool copy_of_a = false;
    picking::TriTriMethod method = picking::TriTriMethod::GuigueDevillers;
};

struct CollideReport {
    picking::MeshContacts contacts;
    double milliseconds = 0.0;  ///< the last query: traversal and every triangle test
    std::uint32_t triangles_a = 0, triangles_b = 0;
};

class CollideState {
  public:
    /// A fresh scene: A and B become the two largest instances (or one and its copy).
    void reset(const SceneSession& session);

    [[nodiscard]] CollideChoice& choice() { return choice_; }
    [[nodiscard]] const CollideChoice& choice() const { return choice_; }
    [[nodiscard]] CollidePlacement& placement() { return placement_; }
    [[nodiscard]] const CollidePlacement& placement() const { return placement_; }

    /// The moving object's mesh and world_from_mesh now (B, or the copy of A).
    [[nodiscard]] ViewMesh moving_mesh(const SceneSession& session) const;
    [[nodiscard]] glm::mat4 moving_world_from_mesh(const SceneSession& session) const;
    /// Where the moving object turns: its centre in world space before the user placement.
    [[nodiscard]] glm::vec3 moving_centre(const SceneSession& session) const;
    [[nodiscard]] bool valid(const SceneSession& session) const;
    /// The world box around A and the moving object as placed now (for framing the camera).
    [[nodiscard]] picking::Aabb bounds(const SceneSession& session) const;

    /// Recomputes the contacts when anything they depend on changed (choice, placement,
    /// algorithm, pose); returns true when it did.
    bool update(const SceneSession& session);
    [[nodiscard]] const CollideReport& report() const { return report_; }
    /// The intersecting pairs found by testing every pair of the current choice and placement
    /// with the same algorithm (the traversal's oracle, for tests); nothing when that would be
    /// more than `most_tests` tests.
    [[nodiscard]] std::optional<std::uint64_t> brute_force_count(const SceneSession& session,
                                                                 std::uint64_t most_tests) const;

  private:
    const picking::Bvh& bvh_for(const SceneSession& session, ViewMesh mesh);

    CollideChoice choice_;
    CollidePlacement placement_;
    CollideReport report_;

    struct MeshBvh {
        picking::Bvh bvh;
        std::uint64_t pose_version = 0;
        bool built = false;
    };
    std::vector<MeshBvh> bvhs_;  ///< per mesh of the scene, built on first use

    // What the last report was computed for.
    std::optional<CollideChoice> last_choice_;
    CollidePlacement last_placement_;
    std::uint64_t last_pose_version_ = ~std::uint64_t{0};
};

}  // namespace app
