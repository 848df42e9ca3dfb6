// Where two coplanar triangles meet, for every algorithm's contact: an area (`coplanar`), or,
// when they only touch (a shared edge, corner to corner, a corner on an edge), the segment or
// point they share. Decided with exact orientation signs, and the segment's ends are corners of
// the input, so it is exact whatever algorithm found the pair intersecting.

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include <glm/geometric.hpp>

#include "picking/core/exact_predicates.h"
#include "picking/tritri/triangle_triangle_detail.h"

namespace picking::detail {

namespace {

/// The closest points of segment s0 s1 to p (in double), and their squared distance.
double closest_on_segment(glm::dvec3 p, glm::dvec3 s0, glm::dvec3 s1, glm::dvec3& on) {
    const glm::dvec3 d = s1 - s0;
    const double length2 = glm::dot(d, d);
    const double t = length2 > 0.0 ? std::clamp(glm::dot(p - s0, d) / length2, 0.0, 1.0) : 0.0;
    on = s0 + d * t;
    return glm::dot(p - on, p - on);
}

/// Where a float algorithm called a pair intersecting that the exact signs keep apart (rounding
/// near touching), or the projection flattened a triangle: the point halfway between the
/// closest corner–edge points of the two triangles, as a zero-length segment.
TriangleContact nearest_point(const glm::vec3 a[3], const glm::vec3 b[3]) {
    double best = std::numeric_limits<double>::infinity();
    glm::dvec3 at(a[0]);
    const auto consider = [&](const glm::vec3 corners[3], const glm::vec3 edges[3]) {
        for (int c = 0; c < 3; ++c)
            for (int e = 0; e < 3; ++e) {
                glm::dvec3 on;
                const glm::dvec3 p(corners[c]);
                const double d2 =
                    closest_on_segment(p, glm::dvec3(edges[e]), glm::dvec3(edges[(e + 1) % 3]), on);
                if (d2 < best) best = d2, at = 0.5 * (p + on);
            }
    };
    consider(a, b);
    consider(b, a);
    TriangleContact contact;
    contact.segment.a = contact.segment.b = glm::vec3(at);
    return contact;
}

}  // namespace

TriangleContact coplanar_contact(const Triangle& v, const Triangle& q, int drop) {
    glm::vec3 a[3] = {v.p0, v.p1, v.p2}, b[3] = {q.p0, q.p1, q.p2};
    const int orient_a = orient2d(a[0], a[1], a[2], drop);
    const int orient_b = orient2d(b[0], b[1], b[2], drop);
    if (orient_a == 0 || orient_b == 0) return nearest_point(a, b);
    // Counter-clockwise in the projection: "outside an edge" is "to its right".
    if (orient_a < 0) std::swap(a[1], a[2]);
    if (orient_b < 0) std::swap(b[1], b[2]);

    // Convex polygons whose interiors are disjoint are separated by the line of one of their
    // edges, with the other polygon on the closed outside. The triangles then meet where that
    // edge meets the other's corners on the line (one corner, or the edge between two).
    const std::pair<const glm::vec3*, const glm::vec3*> orders[2] = {{a, b}, {b, a}};
    for (const auto& [t, other] : orders)
        for (int e = 0; e < 3; ++e) {
            const glm::vec3 from = t[e], to = t[(e + 1) % 3];
            int sides[3];
            bool outside = true;
            for (int k = 0; k < 3; ++k) {
                sides[k] = orient2d(from, to, other[k], drop);
                outside = outside && sides[k] <= 0;
            }
            if (!outside) continue;
            // Positions along the edge's line, read on the axis where the edge is longest.
            const int i = drop == 0 ? 1 : 0, j = drop == 2 ? 1 : 2;
            const int axis = std::abs(to[i] - from[i]) >= std::abs(to[j] - from[j]) ? i : j;
            const float sign = to[axis] >= from[axis] ? 1.0f : -1.0f;
            const auto along = [&](glm::vec3 p) { return p[axis] * sign; };
            glm::vec3 start = from, end = to;
            bool any = false;
            glm::vec3 lo{}, hi{};
            for (int k = 0; k < 3; ++k) {
                if (sides[k] != 0) continue;
                if (!any || along(other[k]) < along(lo)) lo = other[k];
                if (!any || along(other[k]) > along(hi)) hi = other[k];
                any = true;
            }
            if (!any) return nearest_point(a, b);  // strictly apart
            if (along(lo) > along(start)) start = lo;
            if (along(hi) < along(end)) end = hi;
            if (along(start) > along(end)) return nearest_point(a, b);  // apart along the line
            TriangleContact contact;
            contact.segment = {start, end};
            return contact;
        }
    TriangleContact contact;
    contact.coplanar = true;
    return contact;
}

}  // namespace picking::detail
