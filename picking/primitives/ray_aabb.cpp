// Seed 002's slab test, kept as the seed writes it, and the conservative version the BVH uses:
// Ize, "Robust BVH Ray Traversal", JCGT 2(2), 2013 (slack for the rounding of (b - o) * (1/d)),
// with NaN from 0 * inf ignored so that a ray in a face plane counts as inside that slab.

#include "picking/primitives/ray_aabb.h"

#include <algorithm>
#include <cmath>

namespace picking {

std::optional<Interval> intersect_slab_seed002(const Ray& ray, const Aabb& box, float epsilon) {
    float t_enter = -std::numeric_limits<float>::infinity();
    float t_exit = std::numeric_limits<float>::infinity();
    bool saw_nan = false;
    for (int axis = 0; axis < 3; ++axis) {
        // t = (P' - O) / D for the min and the max corner; the order comes from the direction.
        const float t0 = (box.min[axis] - ray.origin[axis]) / ray.direction[axis];
        const float t1 = (box.max[axis] - ray.origin[axis]) / ray.direction[axis];
        saw_nan = saw_nan || std::isnan(t0) || std::isnan(t1);
        t_enter = std::max(t_enter, std::min(t0, t1));
        t_exit = std::min(t_exit, std::max(t0, t1));
    }
    // The seed: "NaN compared with anything is false", so 0/0 on any axis fails the test.
    if (saw_nan) return std::nullopt;
    if (!(t_exit > 0.0f && t_exit + epsilon > t_enter)) return std::nullopt;
    return Interval{t_enter, t_exit};
}

std::optional<Interval> intersect_slab_robust(const Ray& ray, const Aabb& box) {
    const SlabRay slab = make_slab_ray(ray);
    float t_enter = 0.0f;
    if (!slab_hit(slab, box, slab.t_max, t_enter)) return std::nullopt;
    // Report the exit too (for drawing and the UI), with the same NaN rule.
    float t_exit = slab.t_max;
    for (int axis = 0; axis < 3; ++axis) {
        const float inv = slab.inv_direction[axis];
        const float far_plane = std::signbit(inv) ? box.min[axis] : box.max[axis];
        const float t = (far_plane - slab.origin[axis]) * inv;
        t_exit = t < t_exit ? t : t_exit;
    }
    return Interval{t_enter, std::max(t_enter, t_exit)};
}

}  // namespace picking
