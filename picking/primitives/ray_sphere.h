#pragma once
/// Ray against sphere, seed 002's quadratic: |O + tD - C|^2 = R^2.

#include <optional>

#include "picking/core/ray.h"
#include "picking/core/sphere.h"
#include "picking/primitives/ray_aabb.h"

namespace picking {

/// Seed 002's quadratic a t^2 + b t + c = 0 with a = D·D, b = 2 (O - C)·D, c = |O - C|^2 - R^2,
/// written with h = b / 2 as the seed simplifies it: t = (-h ± sqrt(h^2 - a c)) / a. The seed's
/// further step (a = 1) only holds for unit directions, which a bone-space ray is not, so a is
/// kept. Evaluated in double precision: as a broad phase it must not miss a grazing ray.
/// Returns where the ray is inside the sphere, clipped to [t_min, t_max], or nothing.
[[nodiscard]] std::optional<Interval> intersect_sphere(const Ray& ray, const Sphere& sphere);

}  // namespace picking
