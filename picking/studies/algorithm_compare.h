#pragma once
/// Compare: every algorithm of the table on the same ray against the same scene, each row
/// graded against `reference` — same triangle or not, and how many float steps (ULPs) its
/// t, u and v lie from the reference's.

#include <cstdint>
#include <optional>
#include <vector>

#include "picking/scene/scene_pick.h"

namespace picking {

/// How many representable floats lie between a and b (0 when equal; a NaN gives the largest
/// value). Signed zeros are equal.
[[nodiscard]] std::int64_t ulp_distance(float a, float b);

struct CompareRow {
    RayTriangleMethod method{};
    PickResult result;
    double nanoseconds = 0.0;  ///< the median of the repeated picks
    bool agrees = false;       ///< hit or miss like the reference, and the same triangle
    /// Set when this row and the reference hit the same triangle.
    std::optional<std::int64_t> t_ulps, u_ulps, v_ulps;
};

/// Runs each algorithm `repeats` times (for the median time) with `base`'s options, on every
/// triangle of the scene (no broad phase) and on triangles only: the analytic shapes are not
/// triangles, so they are left out, and a ray that a shape stops still compares the algorithms
/// on the triangles along it. `accel`, made from `scene`, lends baldwin_weber its precomputed
/// transforms (PickSettings::precomputed); without it they are computed per test.
[[nodiscard]] std::vector<CompareRow> compare_algorithms(const SceneView& scene, const Ray& ray,
                                                         const PickSettings& base, int repeats = 3,
                                                         const SceneAccel* accel = nullptr);

}  // namespace picking
