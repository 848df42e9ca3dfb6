// Distances between triangles in double precision: closest points of a point and a triangle
// and of two segments (Ericson, "Real-Time Collision Detection", 2005, 5.1.5 and 5.1.9), and
// the separating-axis overlaps of two triangles for the penetration depth.

#include "picking/tritri/triangle_pair_distance.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "picking/tritri/triangle_triangle.h"

namespace picking {

namespace {

using glm::dvec3;

dvec3 closest_on_triangle(dvec3 p, dvec3 a, dvec3 b, dvec3 c) {
    const dvec3 ab = b - a, ac = c - a, ap = p - a;
    const double d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
    if (d1 <= 0.0 && d2 <= 0.0) return a;
    const dvec3 bp = p - b;
    const double d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
    if (d3 >= 0.0 && d4 <= d3) return b;
    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) return a + ab * (d1 / (d1 - d3));
    const dvec3 cp = p - c;
    const double d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
    if (d6 >= 0.0 && d5 <= d6) return c;
    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) return a + ac * (d2 / (d2 - d6));
    const double va = d3 * d6 - d5 * d4;
    if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0)
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    const double denom = 1.0 / (va + vb + vc);
    return a + ab * (vb * denom) + ac * (vc * denom);
}

double segment_distance(dvec3 p1, dvec3 q1, dvec3 p2, dvec3 q2) {
    const dvec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
    const double a = glm::dot(d1, d1), e = glm::dot(d2, d2), f = glm::dot(d2, r);
    double s = 0.0, t = 0.0;
    if (a <= 0.0 && e <= 0.0) return glm::length(p1 - p2);
    if (a <= 0.0) {
        t = std::clamp(f / e, 0.0, 1.0);
    } else {
        const double c = glm::dot(d1, r);
        if (e <= 0.0) {
            s = std::clamp(-c / a, 0.0, 1.0);
        } else {
            const double b = glm::dot(d1, d2), denom = a * e - b * b;
            s = denom > 0.0 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
            t = (b * s + f) / e;
            if (t < 0.0) {
                t = 0.0;
                s = std::clamp(-c / a, 0.0, 1.0);
            } else if (t > 1.0) {
                t = 1.0;
                s = std::clamp((b - c) / a, 0.0, 1.0);
            }
        }
    }
    return glm::length((p1 + d1 * s) - (p2 + d2 * t));
}

}  // namespace

namespace {

double gap(const Triangle& v, const Triangle& q) {
    const dvec3 a[3] = {dvec3(v.p0), dvec3(v.p1), dvec3(v.p2)};
    const dvec3 b[3] = {dvec3(q.p0), dvec3(q.p1), dvec3(q.p2)};
    double best = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 3; ++i) {
        best = std::min(best, glm::length(a[i] - closest_on_triangle(a[i], b[0], b[1], b[2])));
        best = std::min(best, glm::length(b[i] - closest_on_triangle(b[i], a[0], a[1], a[2])));
        for (int j = 0; j < 3; ++j)
            best = std::min(best, segment_distance(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3]));
    }
    return best;
}

}  // namespace

double triangle_distance(const Triangle& v, const Triangle& q) {
    return triangles_intersect_exact(v, q) ? 0.0 : gap(v, q);
}

double separation_depth(const Triangle& v, const Triangle& q) {
    const dvec3 a[3] = {dvec3(v.p0), dvec3(v.p1), dvec3(v.p2)};
    const dvec3 b[3] = {dvec3(q.p0), dvec3(q.p1), dvec3(q.p2)};
    dvec3 axes[11];
    axes[0] = glm::cross(a[1] - a[0], a[2] - a[0]);
    axes[1] = glm::cross(b[1] - b[0], b[2] - b[0]);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            axes[2 + 3 * i + j] = glm::cross(a[(i + 1) % 3] - a[i], b[(j + 1) % 3] - b[j]);
    double best = std::numeric_limits<double>::infinity();
    for (const dvec3& axis : axes) {
        const double length = glm::length(axis);
        if (!(length > 0.0)) continue;
        const dvec3 u = axis / length;
        constexpr double kInf = std::numeric_limits<double>::infinity();
        double a_lo = kInf, a_hi = -kInf, b_lo = kInf, b_hi = -kInf;
        for (int i = 0; i < 3; ++i) {
            a_lo = std::min(a_lo, glm::dot(u, a[i]));
            a_hi = std::max(a_hi, glm::dot(u, a[i]));
            b_lo = std::min(b_lo, glm::dot(u, b[i]));
            b_hi = std::max(b_hi, glm::dot(u, b[i]));
        }
        best = std::min(best, std::max(0.0, std::min(a_hi - b_lo, b_hi - a_lo)));
    }
    return std::isfinite(best) ? best : 0.0;
}

double distance_to_touching(const Triangle& v, const Triangle& q) {
    return distance_to_touching(v, q, triangles_intersect_exact(v, q));
}

double distance_to_touching(const Triangle& v, const Triangle& q, bool intersect) {
    return intersect ? separation_depth(v, q) : gap(v, q);
}

}  // namespace picking
