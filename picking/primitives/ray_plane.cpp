// Ray–plane as seed 002 derives it: substitute the ray into (P − P′)·N = 0.

#include "picking/primitives/ray_plane.h"

#include <cmath>

#include <glm/geometric.hpp>

namespace picking {

std::optional<PlaneHit> intersect_plane(const Ray& ray, const Plane& plane) {
    const float d_dot_n = glm::dot(ray.direction, plane.normal);
    if (!(d_dot_n != 0.0f) || !std::isfinite(d_dot_n)) return std::nullopt;
    const float t = glm::dot(plane.point - ray.origin, plane.normal) / d_dot_n;
    if (!(t >= ray.t_min && t <= ray.t_max) || !std::isfinite(t)) return std::nullopt;
    return PlaneHit{t, d_dot_n};
}

}  // namespace picking
