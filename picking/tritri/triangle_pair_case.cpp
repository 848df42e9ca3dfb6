// Seed 003's case table, decided with exact orientation signs: where Q's corners lie against
// V's plane, where Q's boundary crosses it, whether a crossing point lies in V, and the exact
// Guigue–Devillers answer for the rest.

#include "picking/tritri/triangle_pair_case.h"
#include "picking/core/finite.h"

#include <cmath>

#include "picking/core/exact_predicates.h"
#include "picking/tritri/triangle_triangle.h"

namespace picking {

namespace {

bool collinear(const Triangle& t) {
    for (int drop = 0; drop < 3; ++drop)
        if (orient2d(t.p0, t.p1, t.p2, drop) != 0) return false;
    return true;
}

/// A point of V's plane inside closed V, by 2D orientations in a projection where V has area.
bool inside_in_plane(const Triangle& v, glm::vec3 x) {
    for (int drop = 2; drop >= 0; --drop) {
        const int o = orient2d(v.p0, v.p1, v.p2, drop);
        if (o == 0) continue;
        return orient2d(v.p0, v.p1, x, drop) * o >= 0 && orient2d(v.p1, v.p2, x, drop) * o >= 0 &&
               orient2d(v.p2, v.p0, x, drop) * o >= 0;
    }
    return false;
}

/// Where edge a→b (a strictly on side `side_a` of V's plane, b strictly on the other) meets the
/// plane, inside closed V: on the inner side of each of V's edge lines. With V counter-clockwise
/// about n = (V1 - V0) × (V2 - V0), the crossing lies left of edge Vi→Vj exactly when
/// [Vi, Vj, a, b] has the sign opposite to side_a (zero: on the edge's line).
bool crossing_inside(const Triangle& v, glm::vec3 a, glm::vec3 b, int side_a) {
    const glm::vec3 c[3] = {v.p0, v.p1, v.p2};
    for (int i = 0; i < 3; ++i)
        if (orient3d(c[i], c[(i + 1) % 3], a, b) * side_a > 0) return false;
    return true;
}

}  // namespace

const TriTriCaseInfo& tri_tri_case_info(TriTriCase id) {
    for (const auto& info : kTriTriCases)
        if (info.id == id) return info;
    return kTriTriCases.back();
}

std::optional<TriTriCase> find_tri_tri_case(std::string_view name) {
    for (const auto& info : kTriTriCases)
        if (info.name == name) return info.id;
    return std::nullopt;
}

TriTriCase classify_triangle_pair(const Triangle& v, const Triangle& q) {
    if (!finite(v) || !finite(q) || collinear(v) || collinear(q)) return TriTriCase::Degenerate;
    const glm::vec3 qs[3] = {q.p0, q.p1, q.p2};
    int s[3];
    for (int i = 0; i < 3; ++i)
        s[i] = orient3d(v.p0, v.p1, v.p2, qs[i]);

    if (s[0] == 0 && s[1] == 0 && s[2] == 0) {
        for (const glm::vec3& corner : qs)
            if (inside_in_plane(v, corner)) return TriTriCase::CoplanarVertexInside;
        return triangles_intersect_exact(v, q) ? TriTriCase::CoplanarContainment
                                               : TriTriCase::CoplanarDisjoint;
    }
    if (s[0] == s[1] && s[1] == s[2]) {
        // Parallel when no edge of Q moves towards or away from V's plane.
        const bool parallel = orient3d_direction(v.p0, v.p1, v.p2, qs[0], qs[1]) == 0 &&
                              orient3d_direction(v.p0, v.p1, v.p2, qs[1], qs[2]) == 0;
        return parallel ? TriTriCase::ParallelNotCoplanar : TriTriCase::DisjointNoCrossing;
    }

    // Crossing points: corners on the plane, and edges whose ends lie strictly on both sides.
    int crossings = 0;
    bool point_inside = false;
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3;
        if (s[i] == 0) {
            ++crossings;
            point_inside = point_inside || inside_in_plane(v, qs[i]);
        } else if (s[i] == -s[j]) {
            ++crossings;
            point_inside = point_inside || crossing_inside(v, qs[i], qs[j], s[i]);
        }
    }
    if (point_inside) return TriTriCase::IntersectPointInside;
    if (triangles_intersect_exact(v, q)) return TriTriCase::IntersectNoPointInside;
    return crossings == 1 ? TriTriCase::DisjointOneCrossing : TriTriCase::DisjointTwoCrossings;
}

}  // namespace picking
