// Ray–sphere by the quadratic of seed 002 (and of XNA's Ray.Intersects(BoundingSphere), which
// seed 001 calls before any triangle): a = D·D, h = (O - C)·D, c = |O - C|^2 - R^2.

#include "picking/primitives/ray_sphere.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace picking {

std::optional<Interval> intersect_sphere(const Ray& ray, const Sphere& sphere) {
    if (sphere.empty()) return std::nullopt;
    const glm::dvec3 d(ray.direction);
    const glm::dvec3 oc = glm::dvec3(ray.origin) - glm::dvec3(sphere.center);
    const double r = double(sphere.radius);
    const double a = glm::dot(d, d);
    const double h = glm::dot(oc, d);
    // c = |O - C|^2 - R^2 cancels badly when the origin is far away; h^2 - a c is the same as
    // a (R^2 - |OC x D|^2 / a), which keeps its precision (the perpendicular distance form).
    const glm::dvec3 perpendicular = oc - (h / a) * d;
    const double discriminant_over_a = r * r - glm::dot(perpendicular, perpendicular);
    if (!(a > 0.0) || !(discriminant_over_a >= 0.0)) return std::nullopt;
    const double half_chord = std::sqrt(discriminant_over_a / a);
    const double t_mid = -h / a;
    const double t0 = t_mid - half_chord, t1 = t_mid + half_chord;
    const double t_enter = std::max(t0, double(ray.t_min));
    const double t_exit = std::min(t1, double(ray.t_max));
    // A little slack on the range: a triangle test's own rounding may put a hit a few ulps
    // outside the exact sphere interval, and a broad phase must never be the one that loses it.
    const double slack = 1e-6 * std::max(std::abs(t_enter), std::abs(t_exit));
    if (!(t_enter <= t_exit + slack)) return std::nullopt;
    return Interval{float(t_enter), float(t_exit)};
}

}  // namespace picking
