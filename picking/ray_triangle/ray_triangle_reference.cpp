// The reference ray–triangle test: the oracle that the other algorithms are graded against.
// Inside/outside comes from the exact signs of the three ray–edge orientations (Plücker-style
// side tests, computed without rounding), so the answer is exact for float input and rays
// through a shared edge or vertex hit every triangle that touches it (edges are inclusive).
// t, u and v are then computed in double precision.

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "picking/core/exact_predicates.h"
#include "picking/core/finite.h"
#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_mesh_loop.h"

namespace picking {

namespace {

template <class Trace>
std::optional<RayHit> reference(const Ray& ray, const Triangle& tri,
                                const RayTriangleOptions& options, Trace& trace) {
    if (!finite(ray.origin) || !finite(ray.direction) || !finite(tri.p0) || !finite(tri.p1) ||
        !finite(tri.p2))
        return trace.reject("a coordinate is NaN or infinite");

    // == Exact side of the ray against each edge. s0 belongs to the edge opposite p0, etc.
    const int s0 = orient_ray_edge(ray.origin, ray.direction, tri.p1, tri.p2);
    const int s1 = orient_ray_edge(ray.origin, ray.direction, tri.p2, tri.p0);
    const int s2 = orient_ray_edge(ray.origin, ray.direction, tri.p0, tri.p1);
    trace.value("signs", "exact sign of ((p_j - O) × (p_k - O)) · D per edge",
                glm::vec3(float(s0), float(s1), float(s2)), 3 * (2 * kFlopsSub + 14));
    const bool has_negative = s0 < 0 || s1 < 0 || s2 < 0;
    const bool has_positive = s0 > 0 || s1 > 0 || s2 > 0;
    if (has_negative && has_positive) return trace.reject("signs differ: the ray passes outside");
    if (!has_negative && !has_positive)
        return trace.reject("all signs zero: the ray lies in the plane, or zero area");
    // The three sides sum to D · n (n = (p1 - p0) × (p2 - p0)): all positive means the ray
    // leaves through the front, i.e. sees the back face.
    if (options.cull_backfaces && has_positive) return trace.reject("a back face (culling)");

    // == Weights and distance in double precision
    const glm::dvec3 o = ray.origin, d = ray.direction;
    const glm::dvec3 p0 = tri.p0, p1 = tri.p1, p2 = tri.p2;
    const double w0 = glm::dot(glm::cross(p1 - o, p2 - o), d);
    const double w1 = glm::dot(glm::cross(p2 - o, p0 - o), d);
    const double w2 = glm::dot(glm::cross(p0 - o, p1 - o), d);
    trace.value("w0, w1, w2", "((p_j - O) × (p_k - O)) · D in double",
                glm::vec3(float(w0), float(w1), float(w2)), 3 * (2 * kFlopsSub + 14));
    const double sum = w0 + w1 + w2;
    const glm::dvec3 n = glm::cross(p1 - p0, p2 - p0);
    const double n_dot_d = glm::dot(n, d);
    if (sum == 0.0 || n_dot_d == 0.0) return trace.reject("zero determinant in double");
    const double t = glm::dot(p0 - o, n) / n_dot_d;
    trace.value("t", "(p0 - O) · n / (n · D) in double", float(t), 2 * kFlopsSub + 19);
    // Rounded weights may stray outside [0, 1] by an ulp where the exact signs say inside.
    const double u = std::clamp(w1 / sum, 0.0, 1.0);
    const double v = std::clamp(w2 / sum, 0.0, 1.0 - u);
    trace.value("u", "w1 / (w0 + w1 + w2)", float(u), 3);
    trace.value("v", "w2 / (w0 + w1 + w2)", float(v), 1);

    if (!(t >= double(ray.t_min) && t <= double(ray.t_max)))
        return trace.reject("t outside [t_min, t_max]");
    if (!std::isfinite(float(t))) return trace.reject("t overflows a float");
    return RayHit{float(t), float(u), float(v)};
}

}  // namespace

std::optional<RayHit> intersect_reference(const Ray& ray, const Triangle& tri,
                                          const RayTriangleOptions& options) {
    NoTrace trace;
    return reference(ray, tri, options, trace);
}

RayTriangleExplanation explain_reference(const Ray& ray, const Triangle& tri,
                                         const RayTriangleOptions& options) {
    ExplainTrace trace;
    const auto hit = reference(ray, tri, options, trace);
    return trace.finish(hit);
}

MeshQuery closest_in_mesh_reference(const Ray& ray, const MeshView& mesh,
                                    const RayTriangleOptions& options, bool first_found) {
    const RayTriangleOptions o = options;  // a local copy the loop can keep in registers
    return detail::closest_in_mesh(ray, mesh, first_found, [&](const Ray& r, const Triangle& t) {
        NoTrace trace;
        return reference(r, t, o, trace);
    });
}

}  // namespace picking
