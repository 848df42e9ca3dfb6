// Ray–AABB slab tests: seed 002's form with its floating-point behaviour, and a robust form
// after Williams et al. 2005 and Ize 2013 (as pbrt-v4's Bounds3::IntersectP does it).

#include "picking/ray_aabb.h"

#include <cmath>
#include <limits>

namespace picking {

namespace {

// The seed's sort and reductions, written so that a NaN is kept (the seed relies on it
// reaching the final comparison); std::min and std::max would drop it or keep it depending
// on the argument order.
float keep_nan_min(float a, float b) {
    return (a < b || std::isnan(a)) ? a : b;
}
float keep_nan_max(float a, float b) {
    return (a > b || std::isnan(a)) ? a : b;
}

}  // namespace

std::optional<AabbHit> intersect_aabb_slab_seed(const Ray& ray, const Aabb& box, float eps) {
    float t_enter = -std::numeric_limits<float>::infinity();
    float t_exit = std::numeric_limits<float>::infinity();
    int enter_axis = -1;
    bool first = true;
    for (int axis = 0; axis < 3; ++axis) {
        const float t0 = (box.min[axis] - ray.origin[axis]) / ray.direction[axis];
        const float t1 = (box.max[axis] - ray.origin[axis]) / ray.direction[axis];
        const float lo = keep_nan_min(t0, t1), hi = keep_nan_max(t0, t1);
        if (first || lo > t_enter || std::isnan(lo)) enter_axis = axis;
        t_enter = first ? lo : keep_nan_max(t_enter, lo);
        t_exit = first ? hi : keep_nan_min(t_exit, hi);
        first = false;
    }
    if (!(t_exit > 0.0f && t_exit + eps > t_enter)) return std::nullopt;
    return AabbHit{t_enter, t_exit, t_enter > 0.0f ? enter_axis : -1};
}

std::optional<AabbHit> intersect_aabb_robust(const Ray& ray, const Aabb& box) {
    if (ray_problem(ray)) return std::nullopt;
    // γ(3) = 3ε / (1 − 3ε) with ε = 2⁻²⁴: the relative error bound of the three roundings in
    // (P′ − O) · (1/D).
    constexpr float kEps = 0x1p-24f;
    constexpr float kWiden = 1.0f + 2.0f * (3.0f * kEps) / (1.0f - 3.0f * kEps);
    float t_enter = ray.t_min, t_exit = ray.t_max;
    int enter_axis = -1;
    for (int axis = 0; axis < 3; ++axis) {
        const float o = ray.origin[axis], d = ray.direction[axis];
        if (!(box.min[axis] <= box.max[axis])) return std::nullopt;  // empty or NaN box
        if (d == 0.0f) {
            // Parallel to this slab: inside it for every t, or never.
            if (o < box.min[axis] || o > box.max[axis]) return std::nullopt;
            continue;
        }
        const float inverse = 1.0f / d;
        float t_near = (box.min[axis] - o) * inverse;
        float t_far = (box.max[axis] - o) * inverse;
        if (t_near > t_far) std::swap(t_near, t_far);
        t_far *= kWiden;
        if (t_near > t_enter) {
            t_enter = t_near;
            enter_axis = axis;
        }
        if (t_far < t_exit) t_exit = t_far;
        if (t_enter > t_exit) return std::nullopt;
    }
    return AabbHit{t_enter, t_exit, enter_axis};
}

}  // namespace picking
