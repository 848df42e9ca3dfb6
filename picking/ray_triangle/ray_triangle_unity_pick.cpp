// The Unity C# port of the DirectX IntersectTriangle that closes seed 000: the same
// Möller–Trumbore steps, but det < 0.00001 counts as parallel, and u and u + v may exceed det
// by a tolerance of 0.00001 (compared as u − det > 0.00001, in det-scaled units).

#include <cmath>

#include <glm/geometric.hpp>

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_mesh_loop.h"

namespace picking {

namespace {

template <class Trace>
std::optional<RayHit> unity_pick(const Ray& ray, const Triangle& tri, const RayTriangleOptions& o,
                                 Trace& trace) {
    const glm::vec3 e1 = tri.p1 - tri.p0;
    trace.value("E1", "v1 - v0", e1, kFlopsSub);
    const glm::vec3 e2 = tri.p2 - tri.p0;
    trace.value("E2", "v2 - v0", e2, kFlopsSub);
    const glm::vec3 p = glm::cross(ray.direction, e2);
    trace.value("P", "Cross(dir, E2) = dir × E2", p, kFlopsCross);
    float det = glm::dot(e1, p);
    trace.value("det", "Dot(E1, P) = E1 · P", det, kFlopsDot);
    if (o.cull_backfaces && !(det > 0.0f)) return trace.reject("det <= 0: a back face (culling)");

    glm::vec3 t_vec;
    if (det > 0.0f) {
        t_vec = ray.origin - tri.p0;
        trace.value("T", "orig - v0  (det > 0)", t_vec, kFlopsSub);
    } else {
        t_vec = tri.p0 - ray.origin;
        det = -det;
        trace.value("T", "v0 - orig  (det <= 0: T and det flipped)", t_vec, kFlopsSub + 1);
        trace.value("det", "-det", det);
    }
    if (det < o.unity_det_epsilon)
        return trace.reject("det < epsilon (0.00001 in the seed): parallel to the plane");

    float u = glm::dot(t_vec, p);
    trace.value("u * det", "Dot(T, P)", u, kFlopsDot);
    if (u < 0.0f || u - det > o.unity_edge_tolerance)
        return trace.reject("u < 0 or u - det > tolerance (0.00001): outside");
    const glm::vec3 q = glm::cross(t_vec, e1);
    trace.value("Q", "Cross(T, E1) = T × E1", q, kFlopsCross);
    float v = glm::dot(ray.direction, q);
    trace.value("v * det", "Dot(dir, Q) = dir · Q", v, kFlopsDot);
    if (v < 0.0f || u + v - det > o.unity_edge_tolerance)
        return trace.reject("v < 0 or u + v - det > tolerance (0.00001): outside");

    float t = glm::dot(e2, q);
    const float inv_det = 1.0f / det;
    t *= inv_det;
    u *= inv_det;
    v *= inv_det;
    trace.value("t", "Dot(E2, Q) / det", t, kFlopsDot + 2);
    trace.value("u", "Dot(T, P) / det", u, 1);
    trace.value("v", "Dot(dir, Q) / det", v, 1);
    // Not in the seed: NaN input passes every comparison above (they are all false).
    if (!std::isfinite(t) || !std::isfinite(u) || !std::isfinite(v))
        return trace.reject("t, u or v is not finite (our guard: the seed would report it)");
    if (!t_accepted(t, ray, true, o)) return trace.reject("t outside [t_min, t_max]");
    return RayHit{t, u, v};
}

}  // namespace

std::optional<RayHit> intersect_unity_pick(const Ray& ray, const Triangle& tri,
                                           const RayTriangleOptions& options) {
    NoTrace trace;
    return unity_pick(ray, tri, options, trace);
}

RayTriangleExplanation explain_unity_pick(const Ray& ray, const Triangle& tri,
                                          const RayTriangleOptions& options) {
    ExplainTrace trace;
    const auto hit = unity_pick(ray, tri, options, trace);
    return trace.finish(hit);
}

MeshQuery closest_in_mesh_unity_pick(const Ray& ray, const MeshView& mesh,
                                     const RayTriangleOptions& options, bool first_found) {
    const RayTriangleOptions o = options;  // a local copy the loop can keep in registers
    return detail::closest_in_mesh(ray, mesh, first_found, [&](const Ray& r, const Triangle& t) {
        NoTrace trace;
        return unity_pick(r, t, o, trace);
    });
}

}  // namespace picking
