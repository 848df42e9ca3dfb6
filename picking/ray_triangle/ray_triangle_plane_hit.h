#pragma once
/// The first half of seed 002's plane-based triangle tests (barycentric, its cross-product
/// form, the 2D crossing test): where the ray meets the triangle's plane, t = (P′ − O)·N / (D·N)
/// with P′ = A, and the two axes on which the triangle's projection is largest.
/// Internal to the algorithm files.

#include <cmath>
#include <optional>

#include <glm/geometric.hpp>

#include "picking/ray_triangle/ray_triangle.h"

namespace picking::detail {

struct PlaneHit {
    glm::vec3 normal;  ///< (B − A) × (C − A), not normalised
    float t;
    glm::vec3 point;  ///< O + tD
    int i, j;         ///< the kept axes: the normal's largest axis is dropped
};

template <class Trace>
std::optional<PlaneHit> plane_hit(const Ray& ray, const Triangle& tri,
                                  const RayTriangleOptions& options, Trace& trace) {
    const glm::vec3 n = glm::cross(tri.p1 - tri.p0, tri.p2 - tri.p0);
    trace.value("N", "(B - A) × (C - A)", n, 2 * kFlopsSub + kFlopsCross);
    const float d_dot_n = glm::dot(ray.direction, n);
    trace.value("D · N", "D · N", d_dot_n, kFlopsDot);
    if (options.cull_backfaces && !(d_dot_n < 0.0f))
        return trace.reject("D · N >= 0: a back face (culling) or parallel");
    if (!(d_dot_n != 0.0f)) return trace.reject("D · N = 0: the ray is parallel to the plane");
    const float t = glm::dot(tri.p0 - ray.origin, n) / d_dot_n;
    trace.value("t", "(A - O) · N / (D · N)", t, kFlopsSub + kFlopsDot + 1);
    if (!std::isfinite(t)) return trace.reject("t is not finite");
    const glm::vec3 point = ray.origin + t * ray.direction;
    trace.value("P", "O + t D", point, 6);
    // An infinite direction gives t = 0 and a NaN coordinate in the hit point.
    if (!std::isfinite(point.x) || !std::isfinite(point.y) || !std::isfinite(point.z))
        return trace.reject("the hit point is not finite");

    // Drop the axis where |N| is largest: the projection on the other two is the biggest.
    const glm::vec3 a = glm::abs(n);
    const int k = a.x >= a.y ? (a.x >= a.z ? 0 : 2) : (a.y >= a.z ? 1 : 2);
    trace.value("dropped axis", "argmax |N|", float(k));
    return PlaneHit{n, t, point, k == 0 ? 1 : 0, k == 2 ? 1 : 2};
}

}  // namespace picking::detail
