// Seed 002's 2D crossing test: in the triangle's plane (projected on the two axes where it is
// largest), put the hit point P at the origin and cast a ray along +x; the line y = y_P meets
// the triangle at two points, one on each side of P, exactly when P is inside — an odd number
// of edge crossings on the +x side (Haines, "Point in Polygon Strategies", Graphics Gems IV).

#include <glm/vec2.hpp>

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_mesh_loop.h"
#include "picking/ray_triangle/ray_triangle_plane_hit.h"

namespace picking {

namespace {

template <class Trace>
std::optional<RayHit> crossing_2d(const Ray& ray, const Triangle& tri,
                                  const RayTriangleOptions& options, Trace& trace) {
    const auto plane = detail::plane_hit(ray, tri, options, trace);
    if (!plane) return std::nullopt;
    const int i = plane->i, j = plane->j;
    // The corners relative to P, in the plane's 2D coordinates.
    const glm::vec2 c[3] = {{tri.p0[i] - plane->point[i], tri.p0[j] - plane->point[j]},
                            {tri.p1[i] - plane->point[i], tri.p1[j] - plane->point[j]},
                            {tri.p2[i] - plane->point[i], tri.p2[j] - plane->point[j]}};
    trace.value("A - P (2D)", "(xA - x, yA - y)", glm::vec3(c[0], 0.0f), 2);
    trace.value("B - P (2D)", "(xB - x, yB - y)", glm::vec3(c[1], 0.0f), 2);
    trace.value("C - P (2D)", "(xC - x, yC - y)", glm::vec3(c[2], 0.0f), 2);

    // == Count the edges that cross y = 0 to the right of P. The half-open rule (y >= 0 is
    // "above") gives a point exactly on an edge or at a vertex height to one side only.
    static constexpr std::string_view kEdgeNames[3] = {"crossing x on AB", "crossing x on BC",
                                                       "crossing x on CA"};
    int crossings = 0;
    for (int e = 0; e < 3; ++e) {
        const glm::vec2 a = c[e], b = c[(e + 1) % 3];
        if ((a.y >= 0.0f) == (b.y >= 0.0f)) continue;  // both on one side: no crossing
        const float x = a.x - a.y * (b.x - a.x) / (b.y - a.y);
        trace.value(kEdgeNames[e], "xa - ya (xb - xa) / (yb - ya)", x, 5);
        if (x > 0.0f) ++crossings;
    }
    trace.value("crossings", "edges crossed at x > 0", float(crossings));
    if (crossings != 1) return trace.reject("an even number of crossings: outside the triangle");

    // == Inside: u and v from the 2D areas (the test itself needs no weights)
    auto cross2 = [](glm::vec2 p, glm::vec2 q) { return p.x * q.y - p.y * q.x; };
    const float area = cross2(c[1] - c[0], c[2] - c[0]);
    const float u = cross2(-c[0], c[2] - c[0]) / area;  // area (A, P, C) / area (A, B, C)
    const float v = cross2(c[1] - c[0], -c[0]) / area;  // area (A, B, P) / area (A, B, C)
    trace.value("u", "area(A, P, C) / area(A, B, C)", u, 12);
    trace.value("v", "area(A, B, P) / area(A, B, C)", v, 6);
    if (!std::isfinite(u) || !std::isfinite(v)) return trace.reject("degenerate triangle");
    if (!t_accepted(plane->t, ray, false, options)) return trace.reject("t outside [t_min, t_max]");
    return RayHit{plane->t, u, v};
}

}  // namespace

std::optional<RayHit> intersect_crossing_2d(const Ray& ray, const Triangle& tri,
                                            const RayTriangleOptions& options) {
    NoTrace trace;
    return crossing_2d(ray, tri, options, trace);
}

RayTriangleExplanation explain_crossing_2d(const Ray& ray, const Triangle& tri,
                                           const RayTriangleOptions& options) {
    ExplainTrace trace;
    const auto hit = crossing_2d(ray, tri, options, trace);
    return trace.finish(hit);
}

MeshQuery closest_in_mesh_crossing_2d(const Ray& ray, const MeshView& mesh,
                                      const RayTriangleOptions& options, bool first_found) {
    const RayTriangleOptions o = options;  // a local copy the loop can keep in registers
    return detail::closest_in_mesh(ray, mesh, first_found, [&](const Ray& r, const Triangle& t) {
        NoTrace trace;
        return crossing_2d(r, t, o, trace);
    });
}

}  // namespace picking
