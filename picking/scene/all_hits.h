#pragma once
/// Every intersection along a ray, not just the closest: the All hits view and
/// `raypick pick --all-hits`. Sorted by t, each marked front or back face; hits whose t
/// nearly equals the previous one are flagged, since that is what one surface point hit
/// twice (a shared edge or vertex under an inclusive test) looks like.

#include <vector>

#include "picking/scene/scene_pick.h"

namespace picking {

struct AllHit {
    PickHit hit;
    /// |t − t of the previous hit| <= duplicate_tolerance · max(1, |t|): probably the same
    /// surface point reported by two triangles.
    bool near_duplicate = false;
};

struct AllHitsResult {
    std::vector<AllHit> hits;  ///< by increasing t (ties: instance, then triangle order)
    PickStats stats;
};

/// Every triangle the chosen algorithm reports within the ray's range (or at any t for the
/// seeds without a t range, when their quirk is on). "First found" does not apply here.
[[nodiscard]] AllHitsResult all_hits(const SceneView& scene, const Ray& world_ray,
                                     const PickSettings& settings,
                                     float duplicate_tolerance = 1e-5f);

}  // namespace picking
