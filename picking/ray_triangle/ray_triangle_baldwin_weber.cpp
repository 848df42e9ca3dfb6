// Baldwin & Weber, "Fast Ray-Triangle Intersections by Coordinate Transformation", JCGT 5(3),
// 2016. Per triangle, an affine map takes it to the unit triangle in the z = 0 plane; per ray,
// one row gives t (where z crosses 0) and two rows the barycentric coordinates of the hit.

#include <cmath>

#include <glm/geometric.hpp>

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_mesh_loop.h"

namespace picking {

BaldwinWeberTriangle precompute_baldwin_weber(const Triangle& tri) {
    // The map is [E1 E2 F]⁻¹ (x − p0) with the free column F a unit axis instead of the normal:
    // its rows are (E2 × F)/n_k, (F × E1)/n_k and N/n_k for F the normal's largest axis k, so
    // the k column is always (0, 0, 1)ᵀ. Computed in double and rounded once.
    BaldwinWeberTriangle result;
    const glm::dvec3 p0(tri.p0), p1(tri.p1), p2(tri.p2);
    const glm::dvec3 e1 = p1 - p0, e2 = p2 - p0;
    const glm::dvec3 n = glm::cross(e1, e2);
    const glm::dvec3 an = glm::abs(n);
    const int k = an.x >= an.y ? (an.x >= an.z ? 0 : 2) : (an.y >= an.z ? 1 : 2);
    if (!(an[k] > 0.0) || !std::isfinite(an[k])) return result;  // degenerate or not finite
    const int i = k == 0 ? 1 : 0, j = k == 2 ? 1 : 2;
    glm::dvec3 axis(0.0);
    axis[k] = 1.0;
    const glm::dvec3 row_b1 = glm::cross(e2, axis) / n[k];
    const glm::dvec3 row_b2 = glm::cross(axis, e1) / n[k];
    const glm::dvec3 row_plane = n / n[k];
    const glm::dvec3 rows[3] = {row_b1, row_b2, row_plane};
    for (int r = 0; r < 3; ++r) {
        result.m[std::size_t(3 * r)] = float(rows[r][i]);
        result.m[std::size_t(3 * r + 1)] = float(rows[r][j]);
        result.m[std::size_t(3 * r + 2)] = float(-glm::dot(rows[r], p0));  // p0 maps to 0
    }
    for (float x : result.m)
        if (!std::isfinite(x)) return BaldwinWeberTriangle{};
    result.free_axis = std::int8_t(k);
    result.normal_axis_negative = n[k] < 0.0;
    return result;
}

namespace {

template <class Trace>
std::optional<RayHit> baldwin_weber(const Ray& ray, const BaldwinWeberTriangle& tri,
                                    const RayTriangleOptions& options, Trace& trace) {
    if (tri.free_axis < 0) return trace.reject("degenerate triangle (no transform)");
    const int k = tri.free_axis, i = k == 0 ? 1 : 0, j = k == 2 ? 1 : 2;
    const auto& m = tri.m;
    const glm::vec3& o = ray.origin;
    const glm::vec3& d = ray.direction;

    // == The plane row: the transformed z of the origin and of the direction
    const float trans_o = o[k] + m[6] * o[i] + m[7] * o[j] + m[8];
    const float trans_d = d[k] + m[6] * d[i] + m[7] * d[j];
    trace.value("z(O)", "O[k] + m6 O[i] + m7 O[j] + m8", trans_o, 6);
    trace.value("z(D)", "D[k] + m6 D[i] + m7 D[j]", trans_d, 4);
    if (!std::isfinite(trans_d)) return trace.reject("z(D) is not finite (a bad ray)");
    // z(D) = N · D / N[k]: its sign against N[k]'s tells the front face (N · D < 0).
    if (options.cull_backfaces && !((trans_d < 0.0f) != tri.normal_axis_negative))
        return trace.reject("N · D >= 0: a back face (culling) or parallel");
    const float t = -trans_o / trans_d;
    trace.value("t", "-z(O) / z(D)", t, 2);
    if (!(t >= ray.t_min && t <= ray.t_max) || !std::isfinite(t))
        return trace.reject("t outside [t_min, t_max]");

    // == The hit point, then its two barycentric coordinates
    const float x = o[i] + t * d[i];
    const float y = o[j] + t * d[j];
    trace.value("P (axes i, j)", "O + t D", glm::vec3(x, y, 0.0f), 4);
    // The k column of the b rows is zero: P[k] is never needed (only Explain shows it).
    const float b1 = m[0] * x + m[1] * y + m[2];
    trace.value("b1 = u", "m0 P[i] + m1 P[j] + m2", b1, 4);
    if (!(b1 >= 0.0f)) return trace.reject("b1 < 0: outside the triangle");
    const float b2 = m[3] * x + m[4] * y + m[5];
    trace.value("b2 = v", "m3 P[i] + m4 P[j] + m5", b2, 4);
    if (!(b2 >= 0.0f)) return trace.reject("b2 < 0: outside the triangle");
    trace.work(1);
    if (!(b1 + b2 <= 1.0f)) return trace.reject("b1 + b2 > 1: outside the triangle");
    return RayHit{t, b1, b2};
}

template <class Trace>
std::optional<RayHit> baldwin_weber_on_the_fly(const Ray& ray, const Triangle& tri,
                                               const RayTriangleOptions& options, Trace& trace) {
    const BaldwinWeberTriangle pre = precompute_baldwin_weber(tri);
    trace.value("row b1 (i, j, offset)", "(E2 × F) / N[k], -row · p0",
                glm::vec3(pre.m[0], pre.m[1], pre.m[2]));
    trace.value("row b2 (i, j, offset)", "(F × E1) / N[k], -row · p0",
                glm::vec3(pre.m[3], pre.m[4], pre.m[5]));
    trace.value("row z (i, j, offset)", "N / N[k], -N · p0 / N[k]",
                glm::vec3(pre.m[6], pre.m[7], pre.m[8]));
    trace.value("free axis k", "argmax |N|", float(pre.free_axis));
    return baldwin_weber(ray, pre, options, trace);
}

}  // namespace

std::optional<RayHit> intersect_baldwin_weber(const Ray& ray, const BaldwinWeberTriangle& tri,
                                              const RayTriangleOptions& options) {
    NoTrace trace;
    return baldwin_weber(ray, tri, options, trace);
}

std::optional<RayHit> intersect_baldwin_weber(const Ray& ray, const Triangle& tri,
                                              const RayTriangleOptions& options) {
    NoTrace trace;
    return baldwin_weber_on_the_fly(ray, tri, options, trace);
}

RayTriangleExplanation explain_baldwin_weber(const Ray& ray, const Triangle& tri,
                                             const RayTriangleOptions& options) {
    ExplainTrace trace;
    const auto hit = baldwin_weber_on_the_fly(ray, tri, options, trace);
    return trace.finish(hit);
}

MeshQuery closest_in_mesh_baldwin_weber(const Ray& ray, const MeshView& mesh,
                                        const RayTriangleOptions& options, bool first_found) {
    const RayTriangleOptions o = options;  // a local copy the loop can keep in registers
    return detail::closest_in_mesh(ray, mesh, first_found, [&](const Ray& r, const Triangle& t) {
        NoTrace trace;
        return baldwin_weber_on_the_fly(r, t, o, trace);
    });
}

MeshQuery closest_in_mesh_baldwin_weber(const Ray& ray, const MeshView& mesh,
                                        std::span<const BaldwinWeberTriangle> precomputed,
                                        const RayTriangleOptions& options, bool first_found) {
    if (precomputed.size() != mesh.triangle_count())
        return closest_in_mesh_baldwin_weber(ray, mesh, options, first_found);
    const RayTriangleOptions o = options;
    const BaldwinWeberTriangle* table = precomputed.data();
    // The loop of the on-the-fly form with the transform read instead of computed: the same
    // float arithmetic per ray, so the same answers.
    auto test = [&](const Ray& r, const BaldwinWeberTriangle& t) {
        NoTrace trace;
        return baldwin_weber(r, t, o, trace);
    };
    return detail::closest_in_loop(
        ray, precomputed.size(), first_found, test,
        [=](std::size_t i) -> const BaldwinWeberTriangle& { return table[i]; });
}

}  // namespace picking
