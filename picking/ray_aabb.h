#pragma once
/// Ray–AABB by slabs (seed 002): per axis the ray enters and leaves the slab between the two
/// planes at t = (P′ − O) / D; the box is entered at the largest entry and left at the
/// smallest exit. The seed's form, with its eps = 0.0001 and its ±inf and NaN behaviour,
/// beside a robust form.

#include <optional>

#include <glm/vec3.hpp>

#include "picking/ray.h"

namespace picking {

struct Aabb {
    glm::vec3 min{0.0f}, max{0.0f};
};

/// Where the ray is inside the box.
struct AabbHit {
    float t_enter = 0.0f, t_exit = 0.0f;
    int enter_axis = -1;  ///< the slab entered last (its face is hit); -1: started inside
    [[nodiscard]] float t() const { return t_enter > 0.0f ? t_enter : t_exit; }
};

/// Seed 002 exactly: t₀ = (min − O)/D and t₁ = (max − O)/D per axis (a zero component
/// gives ±inf, or NaN for 0/0), sorted per axis into T_min and T_max, t_enter = max(T_min),
/// t_exit = min(T_max); a hit iff t_exit > 0 and t_exit + eps > t_enter. As the seed reasons,
/// a NaN stays in the sort and fails the final comparison: a ray lying in a face's plane
/// misses. The ray's own t range is not used (the seed has none).
[[nodiscard]] std::optional<AabbHit> intersect_aabb_slab_seed(const Ray& ray, const Aabb& box,
                                                              float eps = 1e-4f);
/// A robust form: zero direction components handled explicitly (inside the slab or not),
/// the exit widened by 1 + 2γ₃ so rounding never loses a hit (Ize, "Robust BVH Ray
/// Traversal", JCGT 2013), clipped to [t_min, t_max], closed intervals (faces count).
[[nodiscard]] std::optional<AabbHit> intersect_aabb_robust(const Ray& ray, const Aabb& box);

}  // namespace picking
