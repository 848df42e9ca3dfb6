// Möller & Trumbore, "Fast, Minimum Storage Ray/Triangle Intersection", JGT 1997,
// written as seed 002 derives it: O + tD = αA + βB + (1 − α − β)C solved by Cramer's rule,
// with S = O − C, E1 = A − C, E2 = B − C, S1 = D × E2, S2 = S × E1. The paper's names are
// the same computation with its V0, V1, V2 = the seed's C, A, B: E1 = V1 − V0, E2 = V2 − V0,
// P = D × E2 = S1, T = O − V0 = S, Q = T × E1 = S2, u = T · P / det = α (the weight of V1 = A),
// v = D · Q / det = β (the weight of V2 = B). Explain shows both names.

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_mesh_loop.h"

#include <glm/geometric.hpp>

namespace picking {

namespace {

template <class Trace>
std::optional<RayHit> moller_trumbore(const Ray& ray, const Triangle& tri,
                                      const RayTriangleOptions& options, Trace& trace) {
    // The seed names the corners A, B, C; ours are p0, p1, p2 in that order.
    const glm::vec3& a = tri.p0;
    const glm::vec3& b = tri.p1;
    const glm::vec3& c = tri.p2;

    // Seed 002's name first, then the paper's ("S1 = P"): see the note.
    trace.note(
        "After '=', Moller & Trumbore's names: the paper's V0, V1, V2 are the seed's C, A, B, "
        "so T = S, P = S1, Q = S2, u = alpha (weight of A = p0), v = beta (weight of B = p1). "
        "The hit reports u = beta (p1), v = 1 - alpha - beta (p2).");
    const glm::vec3 e1 = a - c;
    trace.value("E1", "A - C   (V1 - V0)", e1, kFlopsSub);
    const glm::vec3 e2 = b - c;
    trace.value("E2", "B - C   (V2 - V0)", e2, kFlopsSub);
    const glm::vec3 s = ray.origin - c;
    trace.value("S = T", "O - C   (O - V0)", s, kFlopsSub);
    const glm::vec3 s1 = glm::cross(ray.direction, e2);
    trace.value("S1 = P", "D × E2", s1, kFlopsCross);
    // det = E1 · S1 = −D · (E1 × E2): positive when the ray meets the front (CCW) face.
    const float det = glm::dot(e1, s1);
    trace.value("det", "E1 · S1   (E1 · P)", det, kFlopsDot);
    if (options.cull_backfaces ? !(det > 0.0f) : !(det != 0.0f))
        return trace.reject(options.cull_backfaces ? "det <= 0: a back face (culling) or parallel"
                                                   : "det = 0: the ray is parallel to the plane");

    const float inv_det = 1.0f / det;
    const float alpha = glm::dot(s, s1) * inv_det;
    trace.value("alpha = u", "(S · S1) / det   (T · P / det)", alpha, kFlopsDot + 2);
    // α alone can already fail the seed's test: with β > 0, α + β < 1 needs α < 1 (rounding
    // is monotonic, so this holds in float too). Deciding it before S2 skips half the work for
    // most triangles of a brute-force loop, with exactly the same answers.
    if (!((alpha > 0.0f) & (alpha < 1.0f)))
        return trace.reject("not 0 < alpha < 1: outside (or on) an edge");

    const glm::vec3 s2 = glm::cross(s, e1);
    trace.value("S2 = Q", "S × E1   (T × E1)", s2, kFlopsCross);
    const float t = glm::dot(s2, e2) * inv_det;
    trace.value("t", "(S2 · E2) / det   (E2 · Q / det)", t, kFlopsDot + 1);
    const float beta = glm::dot(ray.direction, s2) * inv_det;
    trace.value("beta = v", "(D · S2) / det   (D · Q / det)", beta, kFlopsDot + 1);

    // The rest of the seed's acceptance test: t_min < t < t_max, β > 0, α + β < 1. Written so
    // that a NaN anywhere fails it, and evaluated whole (& not &&): one branch instead of four
    // unpredictable ones.
    const bool in_range = (t > ray.t_min) & (t < ray.t_max);
    const bool inside = (beta > 0.0f) & (alpha + beta < 1.0f);
    trace.work(1);
    if (!(in_range & inside))
        return trace.reject(!in_range ? "not t_min < t < t_max"
                                      : "not (beta > 0, alpha + beta < 1): outside (or on) an "
                                        "edge");

    // α weighs A = p0 and β weighs B = p1, so p1's weight u is β and p2's weight v is 1 − α − β.
    return RayHit{t, beta, 1.0f - alpha - beta};
}

}  // namespace

std::optional<RayHit> intersect_moller_trumbore(const Ray& ray, const Triangle& tri,
                                                const RayTriangleOptions& options) {
    NoTrace trace;
    return moller_trumbore(ray, tri, options, trace);
}

RayTriangleExplanation explain_moller_trumbore(const Ray& ray, const Triangle& tri,
                                               const RayTriangleOptions& options) {
    ExplainTrace trace;
    const auto hit = moller_trumbore(ray, tri, options, trace);
    return trace.finish(hit);
}

MeshQuery closest_in_mesh_moller_trumbore(const Ray& ray, const MeshView& mesh,
                                          const RayTriangleOptions& options, bool first_found) {
    const RayTriangleOptions o = options;  // a local copy the loop can keep in registers
    return detail::closest_in_mesh(ray, mesh, first_found, [&](const Ray& r, const Triangle& t) {
        NoTrace trace;
        return moller_trumbore(r, t, o, trace);
    });
}

}  // namespace picking
