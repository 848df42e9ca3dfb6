#pragma once
/// The arithmetic of Möller 97, written once for the scalar function and the SIMD batches, so
/// that every lane rounds exactly as the scalar code does (same operations in the same order;
/// no fused multiply-add anywhere). `O` supplies the lane type: O::F (float, or 8 or 16 of
/// them) and O::M (bool, or a lane mask), and the operations below. Header-only templates with
/// no glm, so the AVX translation units can include it without sharing code with baseline ones.

namespace picking::moller97_kernel {

/// A corner: three lane values.
template <class F>
struct Point {
    F x, y, z;
};

template <class O>
Point<typename O::F> sub(const Point<typename O::F>& a, const Point<typename O::F>& b) {
    return {O::sub(a.x, b.x), O::sub(a.y, b.y), O::sub(a.z, b.z)};
}

template <class O>
Point<typename O::F> cross(const Point<typename O::F>& a, const Point<typename O::F>& b) {
    return {O::sub(O::mul(a.y, b.z), O::mul(a.z, b.y)), O::sub(O::mul(a.z, b.x), O::mul(a.x, b.z)),
            O::sub(O::mul(a.x, b.y), O::mul(a.y, b.x))};
}

template <class O>
typename O::F dot(const Point<typename O::F>& a, const Point<typename O::F>& b) {
    return O::add(O::add(O::mul(a.x, b.x), O::mul(a.y, b.y)), O::mul(a.z, b.z));
}

template <class O>
typename O::F max_abs(const Point<typename O::F>& a) {
    return O::max(O::max(O::abs(a.x), O::abs(a.y)), O::abs(a.z));
}

template <class O>
typename O::M is_zero(const Point<typename O::F>& a) {
    const auto zero = O::splat(0.0f);
    return O::and_(O::and_(O::eq(a.x, zero), O::eq(a.y, zero)), O::eq(a.z, zero));
}

/// The sine of the angle between e0 and e1, through their cross product n, is below 1e-2 (in
/// max norms): float cannot be trusted with what depends on n (triangle_triangle_detail.h's
/// kIllConditionedSine; NaN counts as ill-conditioned).
template <class O>
typename O::M ill_conditioned(const Point<typename O::F>& n, const Point<typename O::F>& e0,
                              const Point<typename O::F>& e1) {
    const auto bound = O::mul(O::mul(O::splat(1e-2f), max_abs<O>(e0)), max_abs<O>(e1));
    return O::not_(O::ge(max_abs<O>(n), bound));
}

/// A plane N·X + d = 0 through a triangle, with the edges its normal came from.
template <class F>
struct Plane {
    Point<F> e0, e1, n;
    F d;
};

template <class O>
Plane<typename O::F> plane_of(const Point<typename O::F> t[3]) {
    Plane<typename O::F> p;
    p.e0 = sub<O>(t[1], t[0]);
    p.e1 = sub<O>(t[2], t[0]);
    p.n = cross<O>(p.e0, p.e1);
    p.d = O::neg(dot<O>(p.n, t[0]));
    return p;
}

/// Signed distances (times |N|) of the three corners to the plane, as the paper: N·X + d.
template <class O>
void distances(const Plane<typename O::F>& p, const Point<typename O::F> t[3],
               typename O::F out[3]) {
    for (int i = 0; i < 3; ++i)
        out[i] = O::add(dot<O>(p.n, t[i]), p.d);
}

template <class O>
typename O::M same_strict_sign(typename O::F a, typename O::F b) {
    const auto zero = O::splat(0.0f);
    return O::or_(O::and_(O::gt(a, zero), O::gt(b, zero)), O::and_(O::lt(a, zero), O::lt(b, zero)));
}

/// All three distances strictly positive or all strictly negative: the paper's
/// du0·du1 > 0 && du0·du2 > 0, without the products (which underflow for tiny distances).
template <class O>
typename O::M same_strict_side(const typename O::F d[3]) {
    return O::and_(same_strict_sign<O>(d[0], d[1]), same_strict_sign<O>(d[0], d[2]));
}

template <class O>
typename O::M all_zero(const typename O::F d[3]) {
    const auto zero = O::splat(0.0f);
    return O::and_(O::and_(O::eq(d[0], zero), O::eq(d[1], zero)), O::eq(d[2], zero));
}

/// Their sum is not finite: the float distances overflowed (or an input was not finite).
template <class O>
typename O::M overflowed(const typename O::F d[3]) {
    const auto sum = O::add(O::add(d[0], d[1]), d[2]);
    return O::not_(O::lt(O::abs(sum), O::splat(3.40282347e38f)));
}

/// One triangle's stretch of the line: positions `at` (one coordinate) where its edges from
/// the corner alone on its side cross the other plane, as the paper's COMPUTE_INTERVALS: the
/// corner alone is the one whose neighbours share a strict side (else the first corner off the
/// plane); at = p_alone + ((p_other - p_alone)·d_alone) / (d_alone - d_other).
template <class O>
void interval(const typename O::F p[3], const typename O::F d[3], typename O::F at[2]) {
    using M = typename O::M;
    const auto zero = O::splat(0.0f);
    const M s01 = same_strict_sign<O>(d[0], d[1]), s02 = same_strict_sign<O>(d[0], d[2]);
    const M s12 = same_strict_sign<O>(d[1], d[2]);
    const M first_off = O::or_(s12, O::ne(d[0], zero));
    // alone = s01 ? 2 : s02 ? 1 : first_off ? 0 : d1 != 0 ? 1 : 2, as three lane masks
    const M alone2 = O::or_(s01, O::and_(O::not_(O::or_(s02, first_off)), O::eq(d[1], zero)));
    const M alone1 =
        O::and_(O::not_(s01), O::or_(s02, O::and_(O::not_(first_off), O::ne(d[1], zero))));
    // The alone corner and the other two, in the paper's order (0 1 | 0 2 | 1 2).
    const auto pick = [&](const typename O::F v[3], int which) {
        // which 0: the alone corner; 1: the first other; 2: the second other
        if (which == 0) return O::select(alone2, v[2], O::select(alone1, v[1], v[0]));
        if (which == 1) return O::select(O::or_(alone2, alone1), v[0], v[1]);
        return O::select(alone2, v[1], v[2]);
    };
    const auto pa = pick(p, 0), da = pick(d, 0);
    for (int e = 0; e < 2; ++e) {
        const auto po = pick(p, e + 1), dd = pick(d, e + 1);
        at[e] = O::add(pa, O::div(O::mul(O::sub(po, pa), da), O::sub(da, dd)));
    }
}

/// The coordinate of D (0, 1, 2) with the largest magnitude, first on ties, as masks.
template <class O>
void largest_axis(const Point<typename O::F>& d, typename O::M& is_x, typename O::M& is_y) {
    const auto ax = O::abs(d.x), ay = O::abs(d.y), az = O::abs(d.z);
    is_x = O::and_(O::ge(ax, ay), O::ge(ax, az));
    is_y = O::and_(O::not_(O::ge(ax, ay)), O::ge(ay, az));
}

template <class O>
typename O::F along(const Point<typename O::F>& p, typename O::M is_x, typename O::M is_y) {
    return O::select(is_x, p.x, O::select(is_y, p.y, p.z));
}

/// The intervals [lo, hi] of both triangles overlap (closed).
template <class O>
typename O::M overlap(const typename O::F a[2], const typename O::F b[2]) {
    const auto a_lo = O::min(a[0], a[1]), a_hi = O::max(a[0], a[1]);
    const auto b_lo = O::min(b[0], b[1]), b_hi = O::max(b[0], b[1]);
    return O::not_(O::or_(O::lt(a_hi, b_lo), O::lt(b_hi, a_lo)));
}

// == The coplanar case (the paper's coplanar_tri_tri): project on the axis-aligned plane where
// V's area is largest, then every edge of V against every edge of Q, then either triangle's
// first corner inside the other.

template <class F>
struct Point2 {
    F x, y;
};

template <class O>
typename O::F orient2d(const Point2<typename O::F>& a, const Point2<typename O::F>& b,
                       const Point2<typename O::F>& c) {
    return O::sub(O::mul(O::sub(b.x, a.x), O::sub(c.y, a.y)),
                  O::mul(O::sub(b.y, a.y), O::sub(c.x, a.x)));
}

/// p lies on the closed segment s0 s1, given that it is on its line (side == 0).
template <class O>
typename O::M on_segment(const Point2<typename O::F>& p, const Point2<typename O::F>& s0,
                         const Point2<typename O::F>& s1, typename O::F side) {
    const auto in_x = O::and_(O::ge(p.x, O::min(s0.x, s1.x)), O::ge(O::max(s0.x, s1.x), p.x));
    const auto in_y = O::and_(O::ge(p.y, O::min(s0.y, s1.y)), O::ge(O::max(s0.y, s1.y), p.y));
    return O::and_(O::eq(side, O::splat(0.0f)), O::and_(in_x, in_y));
}

template <class O>
typename O::M opposite_strict(typename O::F a, typename O::F b) {
    const auto zero = O::splat(0.0f);
    return O::or_(O::and_(O::gt(a, zero), O::lt(b, zero)), O::and_(O::lt(a, zero), O::gt(b, zero)));
}

/// Closed 2D segments ab and cd share a point: a proper crossing, or an end on the other.
template <class O>
typename O::M segments_meet(const Point2<typename O::F>& a, const Point2<typename O::F>& b,
                            const Point2<typename O::F>& c, const Point2<typename O::F>& d) {
    const auto abc = orient2d<O>(a, b, c), abd = orient2d<O>(a, b, d);
    const auto cda = orient2d<O>(c, d, a), cdb = orient2d<O>(c, d, b);
    const auto proper = O::and_(opposite_strict<O>(abc, abd), opposite_strict<O>(cda, cdb));
    const auto touch = O::or_(O::or_(on_segment<O>(c, a, b, abc), on_segment<O>(d, a, b, abd)),
                              O::or_(on_segment<O>(a, c, d, cda), on_segment<O>(b, c, d, cdb)));
    return O::or_(proper, touch);
}

/// The closed 2D triangle t contains p (either orientation).
template <class O>
typename O::M contains(const Point2<typename O::F> t[3], const Point2<typename O::F>& p) {
    const auto zero = O::splat(0.0f);
    const auto s0 = orient2d<O>(t[0], t[1], p), s1 = orient2d<O>(t[1], t[2], p);
    const auto s2 = orient2d<O>(t[2], t[0], p);
    const auto all_ge = O::and_(O::and_(O::ge(s0, zero), O::ge(s1, zero)), O::ge(s2, zero));
    const auto all_le = O::and_(O::and_(O::ge(zero, s0), O::ge(zero, s1)), O::ge(zero, s2));
    return O::or_(all_ge, all_le);
}

/// Both triangles in the axis-aligned plane where V's area (normal n) is largest.
template <class O>
void coplanar_projection(const Point<typename O::F>& n, const Point<typename O::F> v[3],
                         const Point<typename O::F> q[3], Point2<typename O::F> a[3],
                         Point2<typename O::F> b[3]) {
    typename O::M drop_x, drop_y;  // the dropped axis: the largest |n| component
    largest_axis<O>(n, drop_x, drop_y);
    const auto keep_z = O::or_(drop_x, drop_y);
    const auto project = [&](const Point<typename O::F>& p) {
        return Point2<typename O::F>{O::select(drop_x, p.y, p.x), O::select(keep_z, p.z, p.y)};
    };
    for (int k = 0; k < 3; ++k) {
        a[k] = project(v[k]);
        b[k] = project(q[k]);
    }
}

/// The coplanar test in every lane (the scalar function asks the same questions one by one and
/// stops at the first yes; the answer is the same).
template <class O>
typename O::M coplanar(const Point<typename O::F>& n, const Point<typename O::F> v[3],
                       const Point<typename O::F> q[3]) {
    Point2<typename O::F> a[3], b[3];
    coplanar_projection<O>(n, v, q, a, b);
    auto meet = O::or_(contains<O>(b, a[0]), contains<O>(a, b[0]));
    for (int e = 0; e < 3; ++e)
        for (int f = 0; f < 3; ++f)
            meet = O::or_(meet, segments_meet<O>(a[e], a[(e + 1) % 3], b[f], b[(f + 1) % 3]));
    return meet;
}

/// How a pair ends in Möller 97, in the order the scalar function decides it.
template <class M>
struct Outcome {
    M intersect;  ///< settled lanes that intersect
    M scalar;     ///< lanes only the scalar function settles (exact test or coplanar 2D test)
};

/// The whole decision without branches, for SIMD lanes: degenerate V → false; sliver V or
/// overflow → scalar; Q strictly on one side → false; then the same for Q against V; coplanar →
/// the 2D test; nearly parallel planes → scalar; else the interval overlap.
template <class O>
Outcome<typename O::M> decide(const Point<typename O::F> v[3], const Point<typename O::F> q[3]) {
    using F = typename O::F;
    using M = typename O::M;
    const Plane<F> pv = plane_of<O>(v);
    F du[3];
    distances<O>(pv, q, du);
    const Plane<F> pq = plane_of<O>(q);
    F dv[3];
    distances<O>(pq, v, dv);

    M decided = is_zero<O>(pv.n);
    const M fallback_v = O::or_(ill_conditioned<O>(pv.n, pv.e0, pv.e1), overflowed<O>(du));
    M scalar = O::and_(O::not_(decided), fallback_v);
    decided = O::or_(O::or_(decided, fallback_v), same_strict_side<O>(du));
    decided = O::or_(decided, is_zero<O>(pq.n));
    const M fallback_q = O::or_(ill_conditioned<O>(pq.n, pq.e0, pq.e1), overflowed<O>(dv));
    scalar = O::or_(scalar, O::and_(O::not_(decided), fallback_q));
    decided = O::or_(O::or_(decided, fallback_q), same_strict_side<O>(dv));

    const M is_coplanar = O::and_(O::not_(decided), O::or_(all_zero<O>(du), all_zero<O>(dv)));
    decided = O::or_(decided, is_coplanar);
    const Point<F> dir = cross<O>(pv.n, pq.n);
    const M parallel = ill_conditioned<O>(dir, pv.n, pq.n);
    scalar = O::or_(scalar, O::and_(O::not_(decided), parallel));
    decided = O::or_(decided, parallel);

    M is_x, is_y;
    largest_axis<O>(dir, is_x, is_y);
    F vp[3], up[3], iv[2], iq[2];
    for (int i = 0; i < 3; ++i) {
        vp[i] = along<O>(v[i], is_x, is_y);
        up[i] = along<O>(q[i], is_x, is_y);
    }
    interval<O>(vp, dv, iv);
    interval<O>(up, du, iq);
    M intersect = O::and_(O::not_(decided), overlap<O>(iv, iq));
    // The 2D test costs as much as the rest: only when a lane needs it.
    if (O::any(is_coplanar))
        intersect = O::or_(intersect, O::and_(is_coplanar, coplanar<O>(pv.n, v, q)));
    return {intersect, scalar};
}

}  // namespace picking::moller97_kernel
