// Möller & Trumbore, "Fast, Minimum Storage Ray/Triangle Intersection", JGT 1997,
// written as seed 002 derives it: O + tD = αA + βB + (1 − α − β)C solved by Cramer's rule,
// with S = O − C, E1 = A − C, E2 = B − C, S1 = D × E2, S2 = S × E1.

#include "picking/ray_triangle.h"

namespace picking {

std::optional<RayHit> intersect_moller_trumbore(const Ray& ray, const Triangle& tri,
                                                const RayTriangleOptions& options) {
    // The seed names the corners A, B, C; ours are p0, p1, p2 in that order.
    const glm::vec3& a = tri.p0;
    const glm::vec3& b = tri.p1;
    const glm::vec3& c = tri.p2;

    const glm::vec3 e1 = a - c;
    const glm::vec3 e2 = b - c;
    const glm::vec3 s = ray.origin - c;
    const glm::vec3 s1 = glm::cross(ray.direction, e2);
    // det = E1 · S1 = −D · (E1 × E2): positive when the ray meets the front (CCW) face.
    const float det = glm::dot(e1, s1);
    if (options.cull_backfaces ? !(det > 0.0f) : !(det != 0.0f)) return std::nullopt;

    const glm::vec3 s2 = glm::cross(s, e1);
    const float inv_det = 1.0f / det;
    const float t = glm::dot(s2, e2) * inv_det;
    const float alpha = glm::dot(s, s1) * inv_det;
    const float beta = glm::dot(ray.direction, s2) * inv_det;

    // The seed's acceptance test: t_min < t < t_max, α > 0, β > 0, α + β < 1. Written so that
    // a NaN anywhere fails it.
    if (!(t > ray.t_min && t < ray.t_max)) return std::nullopt;
    if (!(alpha > 0.0f && beta > 0.0f && alpha + beta < 1.0f)) return std::nullopt;

    // α weighs A = p0 and β weighs B = p1, so p1's weight u is β and p2's weight v is 1 − α − β.
    return RayHit{t, beta, 1.0f - alpha - beta};
}

}  // namespace picking
