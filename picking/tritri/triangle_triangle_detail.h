#pragma once
/// Small pieces the triangle–triangle algorithm files share (not part of the public API).

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "picking/core/finite.h"
#include "picking/core/triangle.h"
#include "picking/tritri/triangle_triangle.h"

namespace picking::detail {

using picking::finite;

inline bool is_zero(glm::vec3 v) {
    return v.x == 0.0f && v.y == 0.0f && v.z == 0.0f;
}

inline float max_abs(glm::vec3 v) {
    return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)});
}

/// Below this sine of the angle between two edges, their float cross product (a triangle's
/// normal) has a relative error of float epsilon / sine or more, which tilts the plane and
/// moves what is computed on it: seed003 and moller97 hand such triangles to the exact test.
/// The same bound guards the angle between two planes in moller97.
constexpr float kIllConditionedSine = 1e-2f;

/// n = e0 × e1 came from edges at an angle whose sine is below kIllConditionedSine (max norms,
/// so within a factor of 3 of the Euclidean sine).
inline bool ill_conditioned(glm::vec3 n, glm::vec3 e0, glm::vec3 e1) {
    return !(max_abs(n) >= kIllConditionedSine * max_abs(e0) * max_abs(e1));
}

/// The index of the largest |component|, the first one on ties.
inline int largest_axis(glm::vec3 v) {
    const glm::vec3 a = glm::abs(v);
    return a.x >= a.y ? (a.x >= a.z ? 0 : 2) : (a.y >= a.z ? 1 : 2);
}

/// Huge coordinates overflow a float algorithm's determinants (|x| beyond about 1e12): the exact
/// test, which works in double, answers instead.
template <bool kContact>
bool exact_fallback(const Triangle& v, const Triangle& q, TriangleContact* contact) {
    if constexpr (kContact) {
        const auto exact = triangle_contact_exact(v, q);
        if (exact) *contact = *exact;
        return exact.has_value();
    } else {
        return triangles_intersect_exact(v, q);
    }
}

/// Where two coplanar triangles, found intersecting, meet (triangle_triangle_coplanar.cpp): with
/// `coplanar` set when they overlap in an area, else the segment (or point) they share, its ends
/// corners of the input. Exact orientation signs in the plane that drops axis `drop` decide.
[[nodiscard]] TriangleContact coplanar_contact(const Triangle& v, const Triangle& q, int drop);

/// Where both triangles cross the line of their planes, as two stretches of one parameter
/// (`v_at`, `q_at`: the parameters of the endpoints `v_points`, `q_points`): the overlap is the
/// contact segment. Rounding may leave a touching pair with an empty overlap; its two ends
/// then meet in the middle.
inline Segment overlap_on_line(const float v_at[2], const glm::vec3 v_points[2],
                               const float q_at[2], const glm::vec3 q_points[2]) {
    const int v_lo = v_at[0] <= v_at[1] ? 0 : 1, q_lo = q_at[0] <= q_at[1] ? 0 : 1;
    const float start_v = v_at[v_lo], end_v = v_at[1 - v_lo];
    const float start_q = q_at[q_lo], end_q = q_at[1 - q_lo];
    Segment s;
    s.a = start_v >= start_q ? v_points[v_lo] : q_points[q_lo];
    s.b = end_v <= end_q ? v_points[1 - v_lo] : q_points[1 - q_lo];
    if (std::max(start_v, start_q) > std::min(end_v, end_q)) s.a = s.b = 0.5f * (s.a + s.b);
    return s;
}

}  // namespace picking::detail
