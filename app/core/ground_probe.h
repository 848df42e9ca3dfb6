#pragma once
/// Seed 000's ground probe, `TestPos(x, z)`: a vertical ray from (x, 0.2, z) up towards
/// (x, 10, z) against every triangle of one mesh with the Unity port of the DirectX test, which
/// has no t range, so ground below the start (t < 0, behind the origin) counts as a hit; its
/// loop overwrites the point on every hit, so it ends with the last triangle found, not the
/// ground. Beside it the corrected probe: a ray straight down from above the scene, with the
/// watertight test and t >= 0, whose nearest hit on the mesh is the height there.

#include <cstdint>
#include <optional>
#include <vector>

#include "app/core/scene_session.h"
#include "picking/scene/all_hits.h"

namespace app {

/// The seed's start height: `new Vector3(x, 0.2f, z)`.
inline constexpr float kSeedProbeStartY = 0.2f;

struct GroundProbe {
    float x = 0.0f, z = 0.0f;
    std::uint32_t instance = 0;  ///< the mesh instance probed (the seed probes one mesh)
    picking::Ray seed_ray;       ///< (x, 0.2, z) towards +y
    /// Every hit of the seed's test on the instance along the whole vertical line, by t: t < 0
    /// lies below the start, behind the origin, and a test with a t range would drop it.
    std::vector<picking::PickHit> seed_hits;
    /// The hit the seed's loop ends with: the last triangle in index order (into seed_hits).
    std::optional<std::size_t> seed_last;
    picking::Ray ground_ray;  ///< from above the scene's bounds, straight down
    /// The corrected probe's answer: the nearest hit on the instance at t >= 0.
    std::optional<picking::PickHit> ground;

    /// The height the corrected probe finds.
    [[nodiscard]] std::optional<float> height() const {
        return ground ? std::optional<float>(ground->point.y) : std::nullopt;
    }
    [[nodiscard]] std::size_t seed_hits_behind() const;
};

/// Probes `instance` of `session` (as posed now) at (x, z), both ways.
[[nodiscard]] GroundProbe probe_ground(const SceneSession& session, std::uint32_t instance, float x,
                                       float z);

}  // namespace app
