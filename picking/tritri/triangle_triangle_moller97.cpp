// Möller, "A Fast Triangle-Triangle Intersection Test", Journal of Graphics Tools 2(2), 1997:
// reject when one triangle lies strictly on one side of the other's plane, else compare the two
// intervals that the triangles cut from the line where their planes meet.
// Departures: the paper's products du0·du1 > 0 are sign comparisons here (the product of two
// tiny distances underflows to zero); its optional absolute epsilon on the distances (1e-6,
// which depends on the model's units) is left out, so only exact zeros count as coplanar; and
// where float cannot be trusted (a sliver's normal, or planes so near parallel that the
// interval ends drift along the edges by about float epsilon / angle) the exact test answers.

#include <algorithm>
#include <cmath>

#include "picking/tritri/triangle_triangle.h"
#include "picking/tritri/triangle_triangle_detail.h"
#include "picking/tritri/triangle_triangle_moller97_kernel.h"
#include "picking/tritri/triangle_triangle_trace.h"

namespace picking {

namespace {

/// The scalar lane of moller97_kernel: plain floats and bools.
struct ScalarOps {
    using F = float;
    using M = bool;
    static F splat(float x) { return x; }
    static F add(F a, F b) { return a + b; }
    static F sub(F a, F b) { return a - b; }
    static F mul(F a, F b) { return a * b; }
    static F div(F a, F b) { return a / b; }
    static F neg(F a) { return -a; }
    static F abs(F a) { return std::fabs(a); }
    static F max(F a, F b) { return a > b ? a : b; }  // as maxps: the second when unordered
    static F min(F a, F b) { return a < b ? a : b; }
    static M lt(F a, F b) { return a < b; }
    static M gt(F a, F b) { return a > b; }
    static M ge(F a, F b) { return a >= b; }
    static M eq(F a, F b) { return a == b; }
    static M ne(F a, F b) { return a != b; }
    static M and_(M a, M b) { return a && b; }
    static M or_(M a, M b) { return a || b; }
    static M not_(M a) { return !a; }
    static F select(M m, F a, F b) { return m ? a : b; }
    static bool any(M m) { return m; }
};

namespace k = moller97_kernel;
using P = k::Point<float>;

P point(glm::vec3 v) {
    return {v.x, v.y, v.z};
}
glm::vec3 vec(const P& p) {
    return {p.x, p.y, p.z};
}

/// The corner alone on its side (the same choice moller97_kernel::interval makes).
int alone_corner(const float d[3]) {
    if (k::same_strict_sign<ScalarOps>(d[0], d[1])) return 2;
    if (k::same_strict_sign<ScalarOps>(d[0], d[2])) return 1;
    if (k::same_strict_sign<ScalarOps>(d[1], d[2]) || d[0] != 0.0f) return 0;
    return d[1] != 0.0f ? 1 : 2;
}

/// The end points of a triangle's stretch as 3D points (for the contact segment).
void interval_points(const glm::vec3 t[3], const float d[3], glm::vec3 out[2]) {
    const int a = alone_corner(d);
    const int others[2] = {a == 0 ? 1 : 0, a == 2 ? 1 : 2};
    for (int e = 0; e < 2; ++e) {
        const float da = d[a], dd = d[others[e]];
        out[e] = t[a] + (t[others[e]] - t[a]) * (da / (da - dd));
    }
}

/// The kernel's coplanar test, leaving at the first edge pair that meets.
bool coplanar(const P& n, const P v[3], const P q[3]) {
    using O = ScalarOps;
    k::Point2<float> a[3], b[3];
    k::coplanar_projection<O>(n, v, q, a, b);
    for (int e = 0; e < 3; ++e)
        for (int f = 0; f < 3; ++f)
            if (k::segments_meet<O>(a[e], a[(e + 1) % 3], b[f], b[(f + 1) % 3])) return true;
    return k::contains<O>(b, a[0]) || k::contains<O>(a, b[0]);
}

// The scalar function takes the kernel's steps in the kernel's order, leaving as soon as the
// answer is known; the batch paths take all of them in every lane and must agree bit for bit.
template <bool kTrace, bool kContact>
bool moller97(const Triangle& tv, const Triangle& tq, Moller97Trace* trace,
              TriangleContact* contact) {
    using O = ScalarOps;
    const auto decide = [&](Moller97Step step, bool intersect) {
        if constexpr (kTrace) {
            trace->decided_by = step;
            trace->intersect = intersect;
        }
        return intersect;
    };
    const auto exact = [&] { return detail::exact_fallback<kContact>(tv, tq, contact); };
    const P v[3] = {point(tv.p0), point(tv.p1), point(tv.p2)};
    const P q[3] = {point(tq.p0), point(tq.p1), point(tq.p2)};

    // == The plane of V, N1·X + d1 = 0, and Q's signed distances to it (times |N1|)
    const k::Plane<float> pv = k::plane_of<O>(v);
    float du[3];
    k::distances<O>(pv, q, du);
    if constexpr (kTrace) {
        trace->normal_v = vec(pv.n);
        for (int i = 0; i < 3; ++i)
            trace->distance_q[i] = du[i];
    }
    if (k::is_zero<O>(pv.n)) return decide(Moller97Step::Degenerate, false);
    if (k::ill_conditioned<O>(pv.n, pv.e0, pv.e1))
        return decide(Moller97Step::IllConditioned, exact());
    if (k::overflowed<O>(du)) return decide(Moller97Step::ExactFallback, exact());
    if (k::same_strict_side<O>(du)) return decide(Moller97Step::PlaneOfV, false);

    // == The plane of Q and V's distances to it
    const k::Plane<float> pq = k::plane_of<O>(q);
    float dv[3];
    k::distances<O>(pq, v, dv);
    if constexpr (kTrace) {
        trace->normal_q = vec(pq.n);
        for (int i = 0; i < 3; ++i)
            trace->distance_v[i] = dv[i];
    }
    if (k::is_zero<O>(pq.n)) return decide(Moller97Step::Degenerate, false);
    if (k::ill_conditioned<O>(pq.n, pq.e0, pq.e1))
        return decide(Moller97Step::IllConditioned, exact());
    if (k::overflowed<O>(dv)) return decide(Moller97Step::ExactFallback, exact());
    if (k::same_strict_side<O>(dv)) return decide(Moller97Step::PlaneOfQ, false);

    const glm::vec3 cv[3] = {tv.p0, tv.p1, tv.p2}, cq[3] = {tq.p0, tq.p1, tq.p2};
    if (k::all_zero<O>(du) || k::all_zero<O>(dv)) {
        const bool meet = coplanar(pv.n, v, q);
        if constexpr (kContact)
            if (meet) *contact = detail::coplanar_contact(tv, tq, detail::largest_axis(vec(pv.n)));
        return decide(Moller97Step::Coplanar, meet);
    }

    // == The line of the planes has direction D = N1 × N2; read positions on its largest axis.
    const P dir = k::cross<O>(pv.n, pq.n);
    if constexpr (kTrace) trace->line_direction = vec(dir);
    if (k::ill_conditioned<O>(dir, pv.n, pq.n))
        return decide(Moller97Step::IllConditioned, exact());
    bool is_x = false, is_y = false;
    k::largest_axis<O>(dir, is_x, is_y);
    float vp[3], up[3], iv[2], iq[2];
    for (int i = 0; i < 3; ++i) {
        vp[i] = k::along<O>(v[i], is_x, is_y);
        up[i] = k::along<O>(q[i], is_x, is_y);
    }
    k::interval<O>(vp, dv, iv);
    k::interval<O>(up, du, iq);
    const bool intersect = k::overlap<O>(iv, iq);
    if constexpr (kTrace) {
        trace->axis = is_x ? 0 : is_y ? 1 : 2;
        trace->interval_v = {std::min(iv[0], iv[1]), std::max(iv[0], iv[1])};
        trace->interval_q = {std::min(iq[0], iq[1]), std::max(iq[0], iq[1])};
    }
    if constexpr (kContact)
        if (intersect) {
            glm::vec3 pv3[2], pq3[2];
            interval_points(cv, dv, pv3);
            interval_points(cq, du, pq3);
            contact->segment = detail::overlap_on_line(iv, pv3, iq, pq3);
        }
    return decide(Moller97Step::Intervals, intersect);
}

}  // namespace

bool triangles_intersect_moller97(const Triangle& v, const Triangle& q) {
    return moller97<false, false>(v, q, nullptr, nullptr);
}

std::optional<TriangleContact> triangle_contact_moller97(const Triangle& v, const Triangle& q) {
    TriangleContact contact;
    if (!moller97<false, true>(v, q, nullptr, &contact)) return std::nullopt;
    return contact;
}

Moller97Trace trace_moller97(const Triangle& v, const Triangle& q) {
    Moller97Trace trace;
    moller97<true, false>(v, q, &trace, nullptr);
    return trace;
}

}  // namespace picking
