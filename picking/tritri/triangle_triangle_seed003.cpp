// Seed 003 (../shared/seeds/003_*.txt): a triangle–triangle test in three steps that reuse each
// other's results. Step 1: V0 + a p0 + b p1 = Q_i + c_i q_i solved for c_i by Cramer's rule,
// the four determinants |p0, p1, X| sharing one p0 × p1. Step 2: the crossing points' (a, b)
// in V's basis. Step 3: T0'T1' against the unit triangle by projection on four axes.

#include <cmath>

#include "picking/tritri/triangle_triangle.h"
#include "picking/tritri/triangle_triangle_detail.h"
#include "picking/tritri/triangle_triangle_trace.h"

namespace picking {

namespace {

/// (a, b) of a point in V's basis: a p0 + b p1 = w, solved on the rows (i, j) whose 2x2
/// determinant is n_k (k the dropped axis), i.e. reusing p0 × p1 as the seed says, by Cramer's
/// rule: each coordinate is a 2x2 determinant divided by n_k, as the seed writes its c_i as
/// quotients of determinants. Multiplying by a reciprocal 1 / n_k instead rounds twice: on the
/// seed's mix (10^7 pairs) that put 2,361 touching coplanar pairs outside V, the division
/// 1,198 (docs/triangle_triangle.md, seed 003's rounding).
struct Basis2d {
    glm::vec3 v0, p0, p1;
    int i = 0, j = 1;
    float det = 1.0f;

    [[nodiscard]] glm::vec2 coordinates(glm::vec3 t) const {
        const glm::vec3 w = t - v0;
        return {(w[i] * p1[j] - w[j] * p1[i]) / det, (p0[i] * w[j] - p0[j] * w[i]) / det};
    }
};

bool inside_unit_triangle(glm::vec2 ab) {
    return ab.x >= 0.0f && ab.y >= 0.0f && ab.x + ab.y <= 1.0f;
}

/// True when every value lies strictly below `lo` or every value strictly above `hi`.
bool all_outside(const float* values, int count, float lo, float hi) {
    bool below = true, above = true;
    for (int k = 0; k < count; ++k) {
        below = below && values[k] < lo;
        above = above && values[k] > hi;
    }
    return below || above;
}

/// Step 3: the points (a segment, or Q's triangle when coplanar) against the unit triangle
/// (0,0) (1,0) (0,1): projected on the b axis, the a axis, the (1, 1) axis, then on the normal
/// of each edge of the points' polygon. Returns the separating axis, or empty when none.
std::string_view separating_axis(const glm::vec2* pts, int count) {
    float a[3], b[3], s[3];
    for (int k = 0; k < count; ++k) {
        a[k] = pts[k].x;
        b[k] = pts[k].y;
        s[k] = pts[k].x + pts[k].y;
    }
    // The unit triangle covers [0, 1] on each of these axes.
    if (all_outside(b, count, 0.0f, 1.0f)) return "b";
    if (all_outside(a, count, 0.0f, 1.0f)) return "a";
    if (all_outside(s, count, 0.0f, 1.0f)) return "a+b";

    static constexpr std::string_view kEdgeNames[3] = {"normal of T0'T1'", "normal of T1'T2'",
                                                       "normal of T2'T0'"};
    const int edges = count == 3 ? 3 : 1;
    for (int e = 0; e < edges; ++e) {
        const glm::vec2 t0 = pts[e], t1 = pts[(e + 1) % count];
        // The seed's normal (an, bn) = (b1 - b0, a0 - a1); with T0 as the base the unit
        // triangle's corners project to k, k - an, k - bn, k = (a0, b0)·(an, bn).
        const float an = t1.y - t0.y, bn = t0.x - t1.x;
        const float k = t0.x * an + t0.y * bn;
        const float corners[3] = {k, k - an, k - bn};
        // The points project to 0 (the edge) and, for a triangle, to the third point's side.
        float lo = 0.0f, hi = 0.0f;
        if (count == 3) {
            const glm::vec2 t2 = pts[(e + 2) % 3];
            const float third = k - (t2.x * an + t2.y * bn);
            lo = std::min(lo, third);
            hi = std::max(hi, third);
        }
        if (all_outside(corners, 3, lo, hi)) return kEdgeNames[e];
    }
    return {};
}

/// The part of T0T1 inside V, clipped in (a, b) against a >= 0, b >= 0, a + b <= 1.
Segment clip_to_v(const glm::vec3 t[2], const glm::vec2 ab[2]) {
    float lo = 0.0f, hi = 1.0f;
    const auto clip = [&](float f0, float f1) {  // keep f0 + s (f1 - f0) >= 0
        if (f0 < 0.0f && f1 >= 0.0f) lo = std::max(lo, f0 / (f0 - f1));
        if (f1 < 0.0f && f0 >= 0.0f) hi = std::min(hi, f0 / (f0 - f1));
    };
    clip(ab[0].x, ab[1].x);
    clip(ab[0].y, ab[1].y);
    clip(1.0f - ab[0].x - ab[0].y, 1.0f - ab[1].x - ab[1].y);
    if (lo > hi) lo = hi = 0.5f * (lo + hi);  // touching, and rounding crossed the ends
    return {t[0] + lo * (t[1] - t[0]), t[0] + hi * (t[1] - t[0])};
}

template <bool kTrace, bool kContact>
bool seed003(const Triangle& tv, const Triangle& tq, Seed003Trace* trace,
             TriangleContact* contact) {
    const auto decide = [&](Seed003Step step, bool intersect) {
        if constexpr (kTrace) {
            trace->decided_by = step;
            trace->intersect = intersect;
        }
        return intersect;
    };
    // A non-finite corner needs no test of its own: it makes n or the dot products below
    // non-finite, and the exact test then says "no intersection".
    const glm::vec3 v0 = tv.p0;
    const glm::vec3 p0 = tv.p1 - v0, p1 = tv.p2 - v0;
    const glm::vec3 q[3] = {tq.p0, tq.p1, tq.p2};

    // == Step 1: p0 × p1 once, dotted with Q0, Q1, Q2 and V0; the six determinants by subtraction
    const glm::vec3 n = glm::cross(p0, p1);
    if (detail::is_zero(n) || detail::is_zero(glm::cross(q[1] - q[0], q[2] - q[0])))
        return decide(Seed003Step::Degenerate, false);
    if (detail::ill_conditioned(n, p0, p1))  // a sliver V: its plane is not known well enough
        return decide(Seed003Step::IllConditioned,
                      detail::exact_fallback<kContact>(tv, tq, contact));
    const float nv = glm::dot(n, v0);
    const float nq[3] = {glm::dot(n, q[0]), glm::dot(n, q[1]), glm::dot(n, q[2])};
    if (!(std::abs(nv + nq[0] + nq[1] + nq[2]) < 3.40282347e38f))
        return decide(Seed003Step::ExactFallback,
                      detail::exact_fallback<kContact>(tv, tq, contact));
    const float d[3] = {nq[0] - nv, nq[1] - nv, nq[2] - nv};           // |p0, p1, Q_i - V0|
    const float e[3] = {nq[1] - nq[0], nq[2] - nq[1], nq[0] - nq[2]};  // |p0, p1, q_i|

    const int k = detail::largest_axis(n);
    const Basis2d basis{v0, p0, p1, (k + 1) % 3, (k + 2) % 3, n[k]};
    if constexpr (kTrace) {
        trace->normal = n;
        for (int i = 0; i < 3; ++i) {
            trace->d[i] = d[i];
            trace->e[i] = e[i];
            trace->c[i] = e[i] != 0.0f ? -d[i] / e[i] : NAN;
        }
        trace->drop_axis = k;
    }

    // == Special cases: two |p0, p1, q_i| zero means Q is parallel to V's plane.
    const int zero_edges = (e[0] == 0.0f) + (e[1] == 0.0f) + (e[2] == 0.0f);
    if (zero_edges >= 2) {
        if constexpr (kTrace) trace->parallel = true;
        if (d[0] != 0.0f) return decide(Seed003Step::Parallel, false);

        // Coplanar: Q's three vertices are the points; step 2 on each, step 3 on Q's edges.
        glm::vec2 ab[3];
        for (int i = 0; i < 3; ++i)
            ab[i] = basis.coordinates(q[i]);
        if constexpr (kTrace) {
            trace->coplanar = true;
            trace->point_count = 3;
            for (int i = 0; i < 3; ++i) {
                trace->points[i] = q[i];
                trace->ab[i] = ab[i];
            }
        }
        const auto meet = [&](Seed003Step step, bool intersect) {
            if constexpr (kContact)
                if (intersect) *contact = detail::coplanar_contact(tv, tq, k);
            return decide(step, intersect);
        };
        for (int i = 0; i < 3; ++i)
            if (inside_unit_triangle(ab[i])) return meet(Seed003Step::Step2, true);
        const std::string_view axis = separating_axis(ab, 3);
        if constexpr (kTrace) trace->separating_axis = axis;
        return meet(Seed003Step::Step3, axis.empty());
    }

    // == Step 1 (general case): c_i = -d_i / e_i; no c_i in [0, 1] rejects. A parallel edge
    // gives ±inf or NaN, which fails the range test by itself. At c = 0 or 1 the point is the
    // vertex itself, so a vertex on the plane counts once, however many edges reach it.
    glm::vec3 points[2];
    int vertex_of[2] = {-1, -1};
    int count = 0;
    for (int i = 0; i < 3 && count < 2; ++i) {
        const float c = -d[i] / e[i];
        if (!(c >= 0.0f && c <= 1.0f)) continue;
        const int next = i == 2 ? 0 : i + 1;
        const int vertex = c == 0.0f ? i : c == 1.0f ? next : -1;
        if (vertex >= 0 && count == 1 && vertex_of[0] == vertex) continue;
        points[count] = vertex >= 0 ? q[vertex] : q[i] + c * (q[next] - q[i]);
        vertex_of[count++] = vertex;
    }
    if (count == 0) return decide(Seed003Step::Step1, false);

    // == Step 2: (a, b) of T0, T1; a point inside V settles it.
    glm::vec2 ab[2];
    for (int i = 0; i < count; ++i)
        ab[i] = basis.coordinates(points[i]);
    if constexpr (kTrace) {
        trace->point_count = count;
        for (int i = 0; i < count; ++i) {
            trace->points[i] = points[i];
            trace->ab[i] = ab[i];
        }
    }
    bool inside = false;
    for (int i = 0; i < count; ++i)
        inside = inside || inside_unit_triangle(ab[i]);
    if (inside || count == 1) {
        if constexpr (kContact) {
            if (inside) {
                if (count == 1) points[1] = points[0], ab[1] = ab[0];
                contact->segment = clip_to_v(points, ab);
            }
        }
        return decide(Seed003Step::Step2, inside);
    }

    // == Step 3: both points outside V: project T0'T1' and the unit triangle.
    const std::string_view axis = separating_axis(ab, 2);
    if constexpr (kTrace) trace->separating_axis = axis;
    if constexpr (kContact)
        if (axis.empty()) contact->segment = clip_to_v(points, ab);
    return decide(Seed003Step::Step3, axis.empty());
}

}  // namespace

bool triangles_intersect_seed003(const Triangle& v, const Triangle& q) {
    return seed003<false, false>(v, q, nullptr, nullptr);
}

std::optional<TriangleContact> triangle_contact_seed003(const Triangle& v, const Triangle& q) {
    TriangleContact contact;
    if (!seed003<false, true>(v, q, nullptr, &contact)) return std::nullopt;
    return contact;
}

Seed003Trace trace_seed003(const Triangle& v, const Triangle& q) {
    Seed003Trace trace;
    seed003<true, false>(v, q, &trace, nullptr);
    return trace;
}

}  // namespace picking
