// Guigue & Devillers, "Fast and Robust Triangle-Triangle Overlap Test Using Orientation
// Predicates", JGT 8(1), 2003 (and INRIA RR-4488, 2002): every branch is the sign of a 3x3
// determinant [a, b, c, d] = ((b - a) × (c - a))·(d - a), so exact signs make the test exact.
// The signs are taken in float with Shewchuk's error bound as a filter ("Adaptive Precision
// Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997); the rare ones it
// cannot settle are computed exactly. The coplanar case tests the six edge lines in 2D.

#include <array>
#include <cmath>

#include "picking/core/exact_predicates.h"
#include "picking/tritri/triangle_triangle.h"
#include "picking/tritri/triangle_triangle_detail.h"
#include "picking/tritri/triangle_triangle_trace.h"

namespace picking {

namespace {

// Shewchuk's bounds on the rounding error of a 3x3 (2x2) determinant of differences, in float:
// a value larger than bound × permanent has the sign of the exact one. Below 2^-100 the
// permanent's products may have underflowed and the bound no longer holds.
constexpr float kFloatEpsilon = 0x1p-24f;
constexpr float kOrient3dBound = (8.0f + 64.0f * kFloatEpsilon) * kFloatEpsilon;
constexpr float kOrient2dBound = (4.0f + 32.0f * kFloatEpsilon) * kFloatEpsilon;
constexpr float kSmallestPermanent = 0x1p-100f;

/// The sign of a float determinant when its error bound settles it, else 0 with `unsure` set
/// (also for a permanent that underflowed or is not finite). No branches on the sign itself:
/// in a mixed set of pairs those would be coin flips for the branch predictor.
int filtered_sign(float det, float permanent, float bound, bool& unsure) {
    const float margin = bound * permanent;
    unsure |= !(permanent >= kSmallestPermanent) || !(permanent < 3.40282347e38f) ||
              !(std::abs(det) > margin);
    return int(det > margin) - int(det < -margin);
}

/// The orientation signs in float, each checked against its error bound; the few that the
/// bound cannot settle are redone exactly. Every sign is exact, so the answer is too.
struct FilteredOrientation {
    static constexpr bool kExact = false;
    static void plane_signs(const glm::vec3 plane[3], const glm::vec3 other[3], int signs[3]) {
        const glm::vec3 b = plane[1] - plane[0], c = plane[2] - plane[0];
        const glm::vec3 n = glm::cross(b, c);
        const glm::vec3 n_abs(std::abs(b.y * c.z) + std::abs(b.z * c.y),
                              std::abs(b.z * c.x) + std::abs(b.x * c.z),
                              std::abs(b.x * c.y) + std::abs(b.y * c.x));
        bool unsure[3] = {false, false, false};
        for (int i = 0; i < 3; ++i) {
            const glm::vec3 w = other[i] - plane[0];
            signs[i] = filtered_sign(glm::dot(n, w), glm::dot(n_abs, glm::abs(w)), kOrient3dBound,
                                     unsure[i]);
        }
        if (unsure[0] || unsure[1] || unsure[2]) [[unlikely]]
            for (int i = 0; i < 3; ++i)
                if (unsure[i]) signs[i] = orient3d(plane[0], plane[1], plane[2], other[i]);
    }
    static int orient(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d) {
        const glm::vec3 ba = b - a, ca = c - a, da = d - a;
        const float det = glm::dot(glm::cross(ba, ca), da);
        const glm::vec3 n_abs(std::abs(ba.y * ca.z) + std::abs(ba.z * ca.y),
                              std::abs(ba.z * ca.x) + std::abs(ba.x * ca.z),
                              std::abs(ba.x * ca.y) + std::abs(ba.y * ca.x));
        bool unsure = false;
        const int sign = filtered_sign(det, glm::dot(n_abs, glm::abs(da)), kOrient3dBound, unsure);
        if (unsure) [[unlikely]]
            return orient3d(a, b, c, d);
        return sign;
    }
    static int orient2d(glm::vec3 a, glm::vec3 b, glm::vec3 c, int drop) {
        const int i = drop == 0 ? 1 : 0, j = drop == 2 ? 1 : 2;
        const float l = (b[i] - a[i]) * (c[j] - a[j]), r = (b[j] - a[j]) * (c[i] - a[i]);
        bool unsure = false;
        const int sign = filtered_sign(l - r, std::abs(l) + std::abs(r), kOrient2dBound, unsure);
        if (unsure) [[unlikely]]
            return picking::orient2d(a, b, c, drop);
        return sign;
    }
};

/// The same signs, exact (Shewchuk-style filters with an exact fallback).
struct ExactOrientation {
    static constexpr bool kExact = true;
    static void plane_signs(const glm::vec3 plane[3], const glm::vec3 other[3], int signs[3]) {
        for (int i = 0; i < 3; ++i)
            signs[i] = orient3d(plane[0], plane[1], plane[2], other[i]);
    }
    static int orient(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d) {
        return orient3d(a, b, c, d);
    }
    static int orient2d(glm::vec3 a, glm::vec3 b, glm::vec3 c, int drop) {
        return picking::orient2d(a, b, c, drop);
    }
};

/// Zero area: the corners are collinear in every axis-aligned projection.
template <class P>
bool degenerate(const glm::vec3 t[3]) {
    for (int drop = 0; drop < 3; ++drop)
        if (P::orient2d(t[0], t[1], t[2], drop) != 0) return false;
    return true;
}

/// The axis to drop for the 2D test: the largest normal component (in double), checked to leave
/// the triangle its area in the projection.
template <class P>
int coplanar_drop_axis(const glm::vec3 t[3]) {
    const glm::dvec3 a(t[0]), b(t[1]), c(t[2]);
    const int axis = detail::largest_axis(glm::vec3(glm::cross(b - a, c - a)));
    if (P::orient2d(t[0], t[1], t[2], axis) != 0) return axis;
    for (int drop = 0; drop < 3; ++drop)
        if (P::orient2d(t[0], t[1], t[2], drop) != 0) return drop;
    return axis;
}

/// The corner alone on its side of the other plane, and whether that side is the negative one:
/// a corner with a sign whose two neighbours are on the other side or on the plane; failing
/// that (x, x, 0), the corner on the plane, with the other two as "the other side".
struct Apex {
    int corner = 0;
    bool negative = false;
};

constexpr Apex find_apex(const int s[3]) {
    for (int i = 0; i < 3; ++i)
        if (s[i] != 0 && s[(i + 1) % 3] != s[i] && s[(i + 2) % 3] != s[i]) return {i, s[i] < 0};
    for (int i = 0; i < 3; ++i)
        if (s[i] == 0) return {i, s[(i + 1) % 3] > 0};
    return {};
}

/// find_apex for all 27 sign patterns, indexed by (s0 + 1)·9 + (s1 + 1)·3 + (s2 + 1): a table
/// lookup instead of a chain of data-dependent branches.
constexpr std::array<Apex, 27> kApex = [] {
    std::array<Apex, 27> table{};
    for (int code = 0; code < 27; ++code) {
        const int s[3] = {code / 9 - 1, code / 3 % 3 - 1, code % 3 - 1};
        table[std::size_t(code)] = find_apex(s);
    }
    return table;
}();

Apex apex_of(int s0, int s1, int s2) {
    return kApex[std::size_t((s0 + 1) * 9 + (s1 + 1) * 3 + (s2 + 1))];
}

/// The coplanar case in the plane that drops `drop`: the triangles overlap unless an edge line
/// of one has the whole other triangle strictly outside (2D separating axes, as orientations).
template <class P>
bool coplanar_overlap(const glm::vec3 v[3], const glm::vec3 q[3], int drop) {
    // Counter-clockwise copies in the projection, so "outside an edge" is "to its right".
    glm::vec3 a[3] = {v[0], v[1], v[2]}, b[3] = {q[0], q[1], q[2]};
    if (P::orient2d(a[0], a[1], a[2], drop) < 0) std::swap(a[1], a[2]);
    if (P::orient2d(b[0], b[1], b[2], drop) < 0) std::swap(b[1], b[2]);
    const auto separates = [drop](const glm::vec3 t[3], const glm::vec3 other[3]) {
        for (int e = 0; e < 3; ++e) {
            const glm::vec3 from = t[e], to = t[(e + 1) % 3];
            if (P::orient2d(from, to, other[0], drop) < 0 &&
                P::orient2d(from, to, other[1], drop) < 0 &&
                P::orient2d(from, to, other[2], drop) < 0)
                return true;
        }
        return false;
    };
    return !separates(a, b) && !separates(b, a);
}

/// Where edge a→b meets the plane its ends have signed distances da, db to (da != db).
template <class Vec>
Vec edge_plane_point(Vec a, Vec b, double da, double db) {
    using S = typename Vec::value_type;
    return a + (b - a) * S(da / (da - db));
}

/// The contact segment of a canonical pair: V's stretch [i, j] and Q's [k, l] on the line of
/// the two planes, their overlap read along D = n1 × n2 (in double for the exact test).
template <class P>
Segment canonical_segment(const glm::vec3 v[3], const glm::vec3 q[3]) {
    using Vec = std::conditional_t<P::kExact, glm::dvec3, glm::vec3>;
    const Vec p1(v[0]), q1(v[1]), r1(v[2]), p2(q[0]), q2(q[1]), r2(q[2]);
    const Vec n1 = glm::cross(q1 - p1, r1 - p1), n2 = glm::cross(q2 - p2, r2 - p2);
    const auto dist1 = [&](Vec x) { return double(glm::dot(n2, x - p2)); };  // to Q's plane
    const auto dist2 = [&](Vec x) { return double(glm::dot(n1, x - p1)); };  // to V's plane
    const Vec ends_v[2] = {edge_plane_point(p1, q1, dist1(p1), dist1(q1)),
                           edge_plane_point(p1, r1, dist1(p1), dist1(r1))};
    const Vec ends_q[2] = {edge_plane_point(p2, q2, dist2(p2), dist2(q2)),
                           edge_plane_point(p2, r2, dist2(p2), dist2(r2))};
    const Vec dir = glm::cross(n1, n2);
    const float at_v[2] = {float(glm::dot(dir, ends_v[0])), float(glm::dot(dir, ends_v[1]))};
    const float at_q[2] = {float(glm::dot(dir, ends_q[0])), float(glm::dot(dir, ends_q[1]))};
    const glm::vec3 pv[2] = {glm::vec3(ends_v[0]), glm::vec3(ends_v[1])};
    const glm::vec3 pq[2] = {glm::vec3(ends_q[0]), glm::vec3(ends_q[1])};
    return detail::overlap_on_line(at_v, pv, at_q, pq);
}

template <class P, bool kTrace, bool kContact>
bool guigue_devillers(const Triangle& tv, const Triangle& tq, GuigueDevillersTrace* trace,
                      TriangleContact* contact) {
    const auto decide = [&](GuigueDevillersStep step, bool intersect) {
        if constexpr (kTrace) {
            trace->decided_by = step;
            trace->intersect = intersect;
        }
        return intersect;
    };
    if (!detail::finite(tv) || !detail::finite(tq))
        return decide(GuigueDevillersStep::Degenerate, false);
    const glm::vec3 v[3] = {tv.p0, tv.p1, tv.p2};
    const glm::vec3 q[3] = {tq.p0, tq.p1, tq.p2};

    // == Q against V's plane, then V against Q's: one strict sign for all three rejects.
    int sq[3], sv[3] = {0, 0, 0};
    P::plane_signs(v, q, sq);
    if constexpr (kTrace)
        for (int i = 0; i < 3; ++i)
            trace->sign_q[i] = sq[i];
    const int sum_q = sq[0] + sq[1] + sq[2];
    if (sum_q == 3 || sum_q == -3) return decide(GuigueDevillersStep::PlaneOfV, false);
    P::plane_signs(q, v, sv);
    if constexpr (kTrace)
        for (int i = 0; i < 3; ++i)
            trace->sign_v[i] = sv[i];
    const int sum_v = sv[0] + sv[1] + sv[2];
    if (sum_v == 3 || sum_v == -3) return decide(GuigueDevillersStep::PlaneOfQ, false);

    // All of Q on V's "plane": coplanar, or V has no area (then every point is on it).
    if (sq[0] == 0 && sq[1] == 0 && sq[2] == 0) [[unlikely]] {
        if (degenerate<P>(v) || degenerate<P>(q))
            return decide(GuigueDevillersStep::Degenerate, false);
        const int drop = coplanar_drop_axis<P>(v);
        const bool meet = coplanar_overlap<P>(v, q, drop);
        if constexpr (kContact)
            if (meet) *contact = detail::coplanar_contact(tv, tq, drop);
        return decide(GuigueDevillersStep::Coplanar, meet);
    }
    // All of V on Q's plane but not the other way round: only a Q without area does that.
    if (sv[0] == 0 && sv[1] == 0 && sv[2] == 0) [[unlikely]]
        return decide(GuigueDevillersStep::Degenerate, false);

    // == Canonical form: p1 alone on the positive side of Q's plane, p2 alone on the positive
    // side of V's. Rotations keep a triangle's orientation; swapping q and r of one triangle
    // flips its plane, which turns the other's apex positive.
    static constexpr int kNext[3] = {1, 2, 0}, kLast[3] = {2, 0, 1};
    const Apex a1 = apex_of(sv[0], sv[1], sv[2]);
    int ov[3] = {a1.corner, kNext[a1.corner], kLast[a1.corner]};
    const int oq0[3] = {0, a1.negative ? 2 : 1, a1.negative ? 1 : 2};
    const Apex a2 = apex_of(sq[oq0[0]], sq[oq0[1]], sq[oq0[2]]);
    const int oq[3] = {oq0[a2.corner], oq0[kNext[a2.corner]], oq0[kLast[a2.corner]]};
    if (a2.negative) std::swap(ov[1], ov[2]);

    const glm::vec3 p1 = v[ov[0]], q1 = v[ov[1]], r1 = v[ov[2]];
    const glm::vec3 p2 = q[oq[0]], q2 = q[oq[1]], r2 = q[oq[2]];
    // V's stretch of the line is [i, j] (on p1q1, p1r1), Q's is [k, l] (on p2q2, p2r2); they
    // overlap iff k <= j and i <= l, which are these two orientations.
    const int k_before_j = P::orient(p1, q1, p2, q2);
    const int i_before_l = P::orient(p1, r1, r2, p2);
    const bool intersect = (k_before_j <= 0) & (i_before_l <= 0);
    if constexpr (kTrace) {
        for (int i = 0; i < 3; ++i) {
            trace->order_v[i] = ov[i];
            trace->order_q[i] = oq[i];
        }
        trace->sign_k_before_j = k_before_j;
        trace->sign_i_before_l = i_before_l;
    }
    if constexpr (kContact)
        if (intersect) {
            const glm::vec3 cv[3] = {p1, q1, r1}, cq[3] = {p2, q2, r2};
            contact->segment = canonical_segment<P>(cv, cq);
        }
    return decide(GuigueDevillersStep::Interval, intersect);
}

}  // namespace

bool triangles_intersect_guigue_devillers(const Triangle& v, const Triangle& q) {
    return guigue_devillers<FilteredOrientation, false, false>(v, q, nullptr, nullptr);
}

std::optional<TriangleContact> triangle_contact_guigue_devillers(const Triangle& v,
                                                                 const Triangle& q) {
    TriangleContact contact;
    if (!guigue_devillers<FilteredOrientation, false, true>(v, q, nullptr, &contact))
        return std::nullopt;
    return contact;
}

GuigueDevillersTrace trace_guigue_devillers(const Triangle& v, const Triangle& q) {
    GuigueDevillersTrace trace;
    guigue_devillers<FilteredOrientation, true, false>(v, q, &trace, nullptr);
    return trace;
}

bool triangles_intersect_exact(const Triangle& v, const Triangle& q) {
    return guigue_devillers<ExactOrientation, false, false>(v, q, nullptr, nullptr);
}

std::optional<TriangleContact> triangle_contact_exact(const Triangle& v, const Triangle& q) {
    TriangleContact contact;
    if (!guigue_devillers<ExactOrientation, false, true>(v, q, nullptr, &contact))
        return std::nullopt;
    return contact;
}

}  // namespace picking
