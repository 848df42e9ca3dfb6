#pragma once
/// Ray against axis-aligned box: seed 002's slab test as written, and the conservative slab
/// test the BVH uses (Ize, "Robust BVH Ray Traversal", JCGT 2013), which never culls a box that
/// the ray touches, whatever the rounding or a zero direction component does.

#include <limits>
#include <optional>

#include "picking/core/aabb.h"
#include "picking/core/ray.h"

namespace picking {

/// Where a ray is inside a box: from t_enter to t_exit.
struct Interval {
    float t_enter = 0.0f;
    float t_exit = 0.0f;
};

/// Seed 002's "about 0.0001" correction of the slab test.
inline constexpr float kSeedSlabEpsilon = 1e-4f;

/// Seed 002's slab test: t = (P' - O) / D for both corners, sorted per axis, t_enter = the
/// largest entry, t_exit = the smallest exit; a hit iff t_exit > 0 and t_exit + epsilon >
/// t_enter, with the seed's epsilon = 0.0001 by default (ShapeTestSettings::slab_epsilon).
/// Its quirks are kept: the ray's t range is ignored (only t_exit > 0), the epsilon is absolute
/// (too large for a tiny model, too small far away), and a ray lying in a face's plane with a
/// zero direction component gets 0/0 = NaN, which the seed compares to false: a miss.
[[nodiscard]] std::optional<Interval> intersect_slab_seed002(const Ray& ray, const Aabb& box,
                                                             float epsilon = kSeedSlabEpsilon);

/// The conservative slab test: entry and exit are computed as (corner - O) * (1 / D) and the
/// comparison allows for their rounding (Ize 2013: each is within γ(3) of the exact value), so
/// a box the ray touches within [t_min, t_max] is never missed. A NaN from 0 * inf (the origin
/// on a face plane, direction component zero) is ignored rather than propagated, and the
/// ray then counts as inside that slab, which it is. Boxes exactly touched count as hit.
[[nodiscard]] std::optional<Interval> intersect_slab_robust(const Ray& ray, const Aabb& box);

/// A ray prepared for many robust slab tests (the BVH's inner loop).
struct SlabRay {
    glm::vec3 origin{0.0f};
    glm::vec3 inv_direction{0.0f};  ///< 1 / D per component: ±inf for a zero component
    /// 1 / D for the near planes (entries): the same, but ±FLT_MAX where 1 / D overflows for a
    /// component that is not zero (below 2^-128). An entry (plane - O) * inv_entry is then at
    /// most the exact one when it is >= 0 (1 / |D| > FLT_MAX), where ±inf made a finite entry
    /// +inf and lost the box; exits keep ±inf, at least the exact one.
    glm::vec3 inv_entry{0.0f};
    float t_min = 0.0f;
    float t_max = 0.0f;  ///< the ray's t_max, clamped to the largest finite float

    /// The robust test's slack: a box hits when lowered(t_enter) <= t_exit, where lowered(t)
    /// = t - |t| * kNearSlack. Rounded entry and exit are within γ(3) = 3u / (1 - 3u) of exact
    /// (Ize 2013; u = 2^-24); the slack is a power of two (the product is exact) and the
    /// subtraction rounds once, so 8u covers 2γ(3) + u with room, for entries before the
    /// origin as well as after it.
    static constexpr float kNearSlack = 8.0f * 0x1p-24f;
    /// The entry moved back by the slack; +inf (parallel, outside) becomes NaN, which fails.
    [[nodiscard]] static float lowered(float t_enter) {
        return t_enter - std::abs(t_enter) * kNearSlack;
    }

    // == The scaled form (slab_entry), for rays whose 1 / D is finite and t_min >= 0
    /// Every inverse is finite (no zero direction component) and t_min >= 0: slab_entry may
    /// scale instead of lowering.
    bool scaled = false;
    /// 1 / D made smaller and larger in magnitude by kScale: an entry (corner - O) * inv_near
    /// is at most the exact one and an exit (corner - O) * inv_far at least the exact one,
    /// whenever they are >= 0. Each of (corner - O), 1 / D, the scaling and the product
    /// rounds once: (1 + u)^4 (1 - 8u) < 1 < (1 - u)^4 (1 + 8u). An entry below 0 may come out
    /// too high, but stays below 0 <= t_min, which then decides.
    glm::vec3 inv_near{0.0f}, inv_far{0.0f};
    static constexpr float kScale = 8.0f * 0x1p-24f;
};

/// Inline: every BVH query starts with one. Written component by component from scalars:
/// copying one glm::vec3 field into another, GCC stored it a float at a time and read it back
/// whole, a store-forwarding stall that was a fifth of a missing ray's cost.
[[nodiscard]] inline SlabRay make_slab_ray(const Ray& ray) {
    const float ix = 1.0f / ray.direction.x, iy = 1.0f / ray.direction.y,
                iz = 1.0f / ray.direction.z;
    const bool finite = std::isfinite(ix) && std::isfinite(iy) && std::isfinite(iz);
    // ±inf for a component that is not zero (too small to invert) enters at ±FLT_MAX.
    auto entry = [finite](float inverse, float direction) {
        return finite || !(std::isinf(inverse) && direction != 0.0f)
                   ? inverse
                   : std::copysign(std::numeric_limits<float>::max(), inverse);
    };
    SlabRay slab;
    slab.origin = ray.origin;
    slab.inv_direction.x = ix;
    slab.inv_direction.y = iy;
    slab.inv_direction.z = iz;
    slab.inv_entry.x = entry(ix, ray.direction.x);
    slab.inv_entry.y = entry(iy, ray.direction.y);
    slab.inv_entry.z = entry(iz, ray.direction.z);
    slab.t_min = ray.t_min;
    slab.t_max = std::min(ray.t_max, std::numeric_limits<float>::max());
    slab.scaled = finite && ray.t_min >= 0.0f;
    constexpr float kNear = 1.0f - SlabRay::kScale, kFar = 1.0f + SlabRay::kScale;
    slab.inv_near.x = ix * kNear;
    slab.inv_near.y = iy * kNear;
    slab.inv_near.z = iz * kNear;
    slab.inv_far.x = ix * kFar;
    slab.inv_far.y = iy * kFar;
    slab.inv_far.z = iz * kFar;
    return slab;
}

/// The robust test on a prepared ray against [t_min, t_max] with t_max as given (the current
/// closest hit during traversal). On a hit, `t_enter` is the (unscaled) entry parameter.
[[nodiscard]] inline bool slab_hit(const SlabRay& ray, const Aabb& box, float t_max,
                                   float& t_enter) {
    // max/min written as a > b ? a : b: a NaN in `a` yields `b`, the running value.
    auto max_keep = [](float a, float b) { return a > b ? a : b; };
    auto min_keep = [](float a, float b) { return a < b ? a : b; };
    float t_near = ray.t_min, t_far = t_max;
    for (int axis = 0; axis < 3; ++axis) {
        const float inv = ray.inv_direction[axis];
        // The sign bit picks the near plane, so -0 (inv = -inf) is handled like any negative.
        const bool negative = std::signbit(inv);
        const float near_plane = negative ? box.max[axis] : box.min[axis];
        const float far_plane = negative ? box.min[axis] : box.max[axis];
        t_near = max_keep((near_plane - ray.origin[axis]) * ray.inv_entry[axis], t_near);
        t_far = min_keep((far_plane - ray.origin[axis]) * inv, t_far);
    }
    t_enter = t_near;
    return SlabRay::lowered(t_near) <= t_far;
}

/// The wide BVH's box test (wide_bvh_query.cpp, and operation for operation the SIMD one of
/// wide_bvh_simd.inl): like slab_hit, but `entry` is where the ray may enter the box already
/// lowered for rounding, so that entries can be sorted and compared with t_max directly. For
/// a `scaled` ray the planes are met with inv_near and inv_far, and the three axes are
/// reduced as a tree (no NaN can arise then): a shorter chain of dependent operations per node.
[[nodiscard]] inline bool slab_entry(const SlabRay& ray, const Aabb& box, float t_max,
                                     float& entry) {
    auto max_keep = [](float a, float b) { return a > b ? a : b; };
    auto min_keep = [](float a, float b) { return a < b ? a : b; };
    if (ray.scaled) {
        float n[3], f[3];
        for (int axis = 0; axis < 3; ++axis) {
            const bool negative = std::signbit(ray.inv_direction[axis]);
            const float near_plane = negative ? box.max[axis] : box.min[axis];
            const float far_plane = negative ? box.min[axis] : box.max[axis];
            n[axis] = (near_plane - ray.origin[axis]) * ray.inv_near[axis];
            f[axis] = (far_plane - ray.origin[axis]) * ray.inv_far[axis];
        }
        entry = max_keep(max_keep(n[2], n[1]), max_keep(n[0], ray.t_min));
        const float exit = min_keep(min_keep(f[2], f[1]), min_keep(f[0], t_max));
        return entry <= exit;
    }
    float t_enter = 0.0f;
    const bool hit = slab_hit(ray, box, t_max, t_enter);
    entry = SlabRay::lowered(t_enter);
    return hit;
}

}  // namespace picking
