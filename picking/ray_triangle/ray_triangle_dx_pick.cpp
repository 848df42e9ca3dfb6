// IntersectTriangle of the DirectX SDK "Pick" sample (the end of Pick.cpp), as quoted and
// explained in seed 000 ("射线和三角形的相交检测", cnblogs 2010): Möller–Trumbore by Cramer's
// rule with E1 = V1 − V0, E2 = V2 − V0, T = O − V0, P = D × E2, Q = T × E1, det = E1 · P.

#include <cmath>

#include <glm/geometric.hpp>

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_mesh_loop.h"

namespace picking {

namespace {

template <class Trace>
std::optional<RayHit> dx_pick(const Ray& ray, const Triangle& tri, const RayTriangleOptions& o,
                              Trace& trace) {
    const glm::vec3 e1 = tri.p1 - tri.p0;
    trace.value("E1", "V1 - V0", e1, kFlopsSub);
    const glm::vec3 e2 = tri.p2 - tri.p0;
    trace.value("E2", "V2 - V0", e2, kFlopsSub);
    const glm::vec3 p = glm::cross(ray.direction, e2);
    trace.value("P", "D × E2", p, kFlopsCross);
    float det = glm::dot(e1, p);
    trace.value("det", "E1 · P", det, kFlopsDot);
    // Not in the seed: the option shared by every algorithm. det > 0 is the front face.
    if (o.cull_backfaces && !(det > 0.0f)) return trace.reject("det <= 0: a back face (culling)");

    // == Keep det > 0, modify T accordingly
    glm::vec3 t_vec;
    if (det > 0.0f) {
        t_vec = ray.origin - tri.p0;
        trace.value("T", "O - V0  (det > 0)", t_vec, kFlopsSub);
    } else {
        t_vec = tri.p0 - ray.origin;
        det = -det;
        trace.value("T", "V0 - O  (det <= 0: T and det flipped)", t_vec, kFlopsSub + 1);
        trace.value("det", "-det", det);
    }
    // If the determinant is near zero, the ray lies in the plane of the triangle.
    if (det < o.dx_det_epsilon)
        return trace.reject("det < epsilon (0.0001 in the seed): parallel to the plane");

    // == u and v still scaled by det: the early exits come before any division
    float u = glm::dot(t_vec, p);
    trace.value("u * det", "T · P", u, kFlopsDot);
    if (u < 0.0f || u > det) return trace.reject("u < 0 or u > det: outside (u not in [0, 1])");
    const glm::vec3 q = glm::cross(t_vec, e1);
    trace.value("Q", "T × E1", q, kFlopsCross);
    float v = glm::dot(ray.direction, q);
    trace.value("v * det", "D · Q", v, kFlopsDot);
    if (v < 0.0f || u + v > det)
        return trace.reject("v < 0 or u + v > det: outside (v < 0 or u + v > 1)");

    // == Calculate t, scale the parameters: the ray intersects the triangle
    float t = glm::dot(e2, q);
    const float inv_det = 1.0f / det;
    t *= inv_det;
    u *= inv_det;
    v *= inv_det;
    trace.value("t", "(E2 · Q) / det", t, kFlopsDot + 2);
    trace.value("u", "(T · P) / det", u, 1);
    trace.value("v", "(D · Q) / det", v, 1);
    // Not in the seed: every comparison with NaN is false, so NaN or infinite input passes all
    // the tests above and would come out as a "hit" at a NaN t.
    if (!std::isfinite(t) || !std::isfinite(u) || !std::isfinite(v))
        return trace.reject("t, u or v is not finite (our guard: the seed would report it)");
    // The seed never rejects t < 0: a triangle behind the eye counts.
    if (!t_accepted(t, ray, true, o)) return trace.reject("t outside [t_min, t_max]");
    return RayHit{t, u, v};
}

}  // namespace

std::optional<RayHit> intersect_dx_pick(const Ray& ray, const Triangle& tri,
                                        const RayTriangleOptions& options) {
    NoTrace trace;
    return dx_pick(ray, tri, options, trace);
}

RayTriangleExplanation explain_dx_pick(const Ray& ray, const Triangle& tri,
                                       const RayTriangleOptions& options) {
    ExplainTrace trace;
    const auto hit = dx_pick(ray, tri, options, trace);
    return trace.finish(hit);
}

MeshQuery closest_in_mesh_dx_pick(const Ray& ray, const MeshView& mesh,
                                  const RayTriangleOptions& options, bool first_found) {
    const RayTriangleOptions o = options;  // a local copy the loop can keep in registers
    return detail::closest_in_mesh(ray, mesh, first_found, [&](const Ray& r, const Triangle& t) {
        NoTrace trace;
        return dx_pick(r, t, o, trace);
    });
}

}  // namespace picking
