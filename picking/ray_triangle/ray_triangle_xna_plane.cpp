// XNA 3.0 Recipes 4-18 (seed 001): RayPlaneIntersection on new Plane(P0, P1, P2), then
// PointInsideTriangle, which crosses each edge with (point − edge start) and accepts when all
// three cross products point the same way (CompareSigns: dot > 0). NaN points are rejected.

#include <cmath>

#include <glm/geometric.hpp>

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_mesh_loop.h"

namespace picking {

namespace {

template <class Trace>
std::optional<RayHit> xna_plane(const Ray& ray, const Triangle& tri, const RayTriangleOptions& o,
                                Trace& trace) {
    // == new Plane(P0, P1, P2): a unit normal and D = −Normal · P0
    const glm::vec3 n = glm::cross(tri.p1 - tri.p0, tri.p2 - tri.p0);
    trace.value("n", "(P1 - P0) × (P2 - P0)", n, 2 * kFlopsSub + kFlopsCross);
    const float inv_length = 1.0f / std::sqrt(glm::dot(n, n));
    const glm::vec3 normal = n * inv_length;
    const float d = -glm::dot(normal, tri.p0);
    trace.value("Normal", "n / |n|", normal, kFlopsDot + 5);
    trace.value("D", "-Normal · P0", d, kFlopsDot + 1);

    // == RayPlaneIntersection(ray, plane)
    const float ray_point_dist = -glm::dot(normal, ray.origin);
    trace.value("rayPointDist", "-Normal · Position", ray_point_dist, kFlopsDot + 1);
    const float ray_point_to_plane_dist = ray_point_dist - d;
    trace.value("rayPointToPlaneDist", "rayPointDist - D", ray_point_to_plane_dist, 1);
    const float direction_projected_length = glm::dot(normal, ray.direction);
    trace.value("directionProjectedLength", "Normal · Direction", direction_projected_length,
                kFlopsDot);
    // Not in the seed: the option shared by every algorithm (front faces see Normal · D < 0).
    if (o.cull_backfaces && !(direction_projected_length < 0.0f))
        return trace.reject("Normal · Direction >= 0: a back face (culling)");
    const float factor = ray_point_to_plane_dist / direction_projected_length;
    trace.value("distanceOnRay", "rayPointToPlaneDist / directionProjectedLength", factor, 1);
    const glm::vec3 point = ray.origin + factor * ray.direction;
    trace.value("intersectionPoint", "Position + distanceOnRay * Direction", point, 6);

    // == PointInsideTriangle(P0, P1, P2, intersectionPoint)
    if (std::isnan(point.x)) return trace.reject("intersectionPoint.X is NaN: the ray is parallel");
    const glm::vec3 cross0 = glm::cross(point - tri.p0, tri.p1 - tri.p0);
    trace.value("cross0", "(point - P0) × (P1 - P0)", cross0, 2 * kFlopsSub + kFlopsCross);
    const glm::vec3 cross1 = glm::cross(point - tri.p1, tri.p2 - tri.p1);
    trace.value("cross1", "(point - P1) × (P2 - P1)", cross1, 2 * kFlopsSub + kFlopsCross);
    const glm::vec3 cross2 = glm::cross(point - tri.p2, tri.p0 - tri.p2);
    trace.value("cross2", "(point - P2) × (P0 - P2)", cross2, 2 * kFlopsSub + kFlopsCross);
    const float dot01 = glm::dot(cross0, cross1);
    trace.value("CompareSigns(cross0, cross1)", "cross0 · cross1 > 0", dot01, kFlopsDot);
    if (!(dot01 > 0.0f)) return trace.reject("cross0 · cross1 <= 0: outside (or on) an edge");
    const float dot02 = glm::dot(cross0, cross2);
    trace.value("CompareSigns(cross0, cross2)", "cross0 · cross2 > 0", dot02, kFlopsDot);
    if (!(dot02 > 0.0f)) return trace.reject("cross0 · cross2 <= 0: outside (or on) an edge");

    // == Not in the seed, which returns only true: t is distanceOnRay, and u, v come from the
    // same cross products (each is minus twice the area opposite one corner, along n).
    const float area2 = glm::dot(n, n);
    const float u = -glm::dot(cross2, n) / area2;
    const float v = -glm::dot(cross0, n) / area2;
    trace.value("u", "-(cross2 · n) / (n · n)", u, 2 * kFlopsDot + 2);
    trace.value("v", "-(cross0 · n) / (n · n)", v, kFlopsDot + 2);
    // Not in the seed: a parallel ray whose direction has no zero component reaches here with
    // an infinite distance and infinite point (only NaN is checked above).
    if (!std::isfinite(factor) || !std::isfinite(u) || !std::isfinite(v))
        return trace.reject("distanceOnRay, u or v is not finite (our guard)");
    // The seed never rejects hits behind Ray.Position.
    if (!t_accepted(factor, ray, true, o)) return trace.reject("t outside [t_min, t_max]");
    return RayHit{factor, u, v};
}

}  // namespace

std::optional<RayHit> intersect_xna_plane(const Ray& ray, const Triangle& tri,
                                          const RayTriangleOptions& options) {
    NoTrace trace;
    return xna_plane(ray, tri, options, trace);
}

RayTriangleExplanation explain_xna_plane(const Ray& ray, const Triangle& tri,
                                         const RayTriangleOptions& options) {
    ExplainTrace trace;
    const auto hit = xna_plane(ray, tri, options, trace);
    return trace.finish(hit);
}

MeshQuery closest_in_mesh_xna_plane(const Ray& ray, const MeshView& mesh,
                                    const RayTriangleOptions& options, bool first_found) {
    const RayTriangleOptions o = options;  // a local copy the loop can keep in registers
    return detail::closest_in_mesh(ray, mesh, first_found, [&](const Ray& r, const Triangle& t) {
        NoTrace trace;
        return xna_plane(r, t, o, trace);
    });
}

}  // namespace picking
