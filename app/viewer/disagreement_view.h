#pragma once
/// The Disagreement tab's picture over the 3D view: every pixel of the view cast with two
/// algorithms and coloured by its verdict (app/core/disagreement.h), traced a few rows per
/// frame, and traced again from the top whenever what it shows changes (the camera, the pose,
/// the Far from origin offset, either algorithm or its options, the ULPs allowed).

#include <cstdint>
#include <optional>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/disagreement.h"
#include "app/core/pick_choice.h"
#include "app/core/scene_session.h"
#include "app/viewer/budgeted_trace.h"

namespace app {

/// The two choices a picture is cast with: the pick's options with algorithm A and B, through
/// the BVH whatever the pick's accel (the broad phase does not change which triangle a test
/// hits, and no other makes a million triangles cast twice per pixel quick).
struct DisagreementPair {
    PickChoice a, b;
};
[[nodiscard]] DisagreementPair disagreement_pair(const PickChoice& pick,
                                                 picking::RayTriangleMethod a,
                                                 picking::RayTriangleMethod b);

class DisagreementView {
  public:
    /// Traces rows until `budget_ms` is spent or the picture is complete, starting again when
    /// anything it shows changed; true when pixels were added (or the picture restarted).
    /// `image` is the Algorithms model's (the tab shows its counts).
    bool trace(const SceneSession& session, const Camera& camera, glm::ivec2 window,
               const DisagreementPair& pair, int t_ulps, double budget_ms,
               DisagreementImage& image);
    /// The next trace starts from the top (a new scene, or the picture switched off).
    void forget() { key_.reset(); }

  private:
    struct Key {
        glm::mat4 view{1.0f}, projection{1.0f};
        glm::ivec2 size{0, 0};
        nlohmann::ordered_json a, b;  ///< each choice's settings (setup_fields' JSON)
        bool accels_ready = false;
        std::uint64_t pose = 0;
        glm::dvec3 offset{0.0};
        int t_ulps = 0;
        bool operator==(const Key&) const = default;
    };
    std::optional<Key> key_;
    BudgetedTrace tracing_;
};

}  // namespace app
