#include "picking/core/exact_predicates.h"

#include <array>
#include <cmath>
#include <cstddef>

#include "picking/core/isa.h"

namespace picking {

namespace {

// == Error-free transformations (Knuth's two-sum, the FMA two-product)

struct Pair {
    double hi, lo;
};

Pair two_sum(double a, double b) {
    const double x = a + b;
    const double bv = x - a;
    const double av = x - bv;
    return {x, (a - av) + (b - bv)};
}

/// Always inlined: the determinant below is compiled twice, once with FMA instructions.
[[gnu::always_inline]] inline Pair two_product(double a, double b) {
    const double x = a * b;
    return {x, std::fma(a, b, -x)};
}

// == Expansions: sums of non-overlapping doubles in increasing magnitude, zeros removed.
// Float inputs keep every term far from double overflow and underflow (|x| < 2^128,
// products of three such values < 2^390 and their error terms > 2^-600), so the sums are exact.

template <std::size_t N>
struct Expansion {
    std::array<double, N> terms{};
    std::size_t size = 0;

    void push(double x) {
        if (x != 0.0) terms[size++] = x;
    }
    [[nodiscard]] int sign() const {
        if (size == 0) return 0;
        return terms[size - 1] > 0.0 ? 1 : -1;
    }
};

/// e + f (Shewchuk's Expansion-Sum, with zero elimination).
template <std::size_t N, std::size_t M>
Expansion<N + M> sum(const Expansion<N>& e, const Expansion<M>& f) {
    Expansion<N + M> h;
    for (std::size_t i = 0; i < e.size; ++i)
        h.terms[h.size++] = e.terms[i];
    for (std::size_t j = 0; j < f.size; ++j) {
        // Grow-Expansion of h by f[j]
        double q = f.terms[j];
        Expansion<N + M> g;
        for (std::size_t i = 0; i < h.size; ++i) {
            const Pair s = two_sum(q, h.terms[i]);
            g.push(s.lo);
            q = s.hi;
        }
        g.push(q);
        h = g;
    }
    return h;
}

/// e * b (Shewchuk's Scale-Expansion, with zero elimination).
template <std::size_t N>
Expansion<2 * N> scale(const Expansion<N>& e, double b) {
    Expansion<2 * N> h;
    if (e.size == 0 || b == 0.0) return h;
    Pair p = two_product(e.terms[0], b);
    h.push(p.lo);
    double q = p.hi;
    for (std::size_t i = 1; i < e.size; ++i) {
        const Pair t = two_product(e.terms[i], b);
        const Pair s = two_sum(q, t.lo);
        h.push(s.lo);
        const Pair r = two_sum(t.hi, s.hi);  // Fast-Two-Sum would do; two_sum is safe
        h.push(r.lo);
        q = r.hi;
    }
    h.push(q);
    return h;
}

template <std::size_t N, std::size_t M>
Expansion<2 * N * M> product(const Expansion<N>& e, const Expansion<M>& f) {
    Expansion<2 * N * M> h;
    for (std::size_t j = 0; j < f.size; ++j) {
        const auto part = scale(e, f.terms[j]);
        const auto s = sum(h, part);
        h.size = s.size;
        for (std::size_t i = 0; i < s.size; ++i)
            h.terms[i] = s.terms[i];
    }
    return h;
}

template <std::size_t N>
Expansion<N> negate(Expansion<N> e) {
    for (std::size_t i = 0; i < e.size; ++i)
        e.terms[i] = -e.terms[i];
    return e;
}

Expansion<2> difference(double a, double b) {
    const Pair d = two_sum(a, -b);
    Expansion<2> e;
    e.push(d.lo);
    e.push(d.hi);
    return e;
}

Expansion<1> single(double a) {
    Expansion<1> e;
    e.push(a);
    return e;
}

/// Exact sign of det[a; b; c] (rows) for expansion-valued entries.
template <std::size_t A, std::size_t B, std::size_t C>
int exact_det3(const std::array<Expansion<A>, 3>& a, const std::array<Expansion<B>, 3>& b,
               const std::array<Expansion<C>, 3>& c) {
    // a · (b × c)
    const auto cx = sum(product(b[1], c[2]), negate(product(b[2], c[1])));
    const auto cy = sum(product(b[2], c[0]), negate(product(b[0], c[2])));
    const auto cz = sum(product(b[0], c[1]), negate(product(b[1], c[0])));
    const auto det = sum(sum(product(a[0], cx), product(a[1], cy)), product(a[2], cz));
    return det.sign();
}

/// Rows whose entries are each one double (the usual case: the difference of two floats is
/// exact in double unless their exponents are far apart) take expansions a quarter the size.
template <std::size_t N>
bool all_single(const std::array<Expansion<N>, 3>& row) {
    return row[0].size <= 1 && row[1].size <= 1 && row[2].size <= 1;
}

/// The exact sign of the sum of `count` doubles: Grow-Expansion term by term (zeros dropped),
/// then the sign of the largest component.
int sign_of_sum(const double* terms, int count) {
    double h[32];
    int size = 0;
    for (int t = 0; t < count; ++t) {
        double q = terms[t];
        if (q == 0.0) continue;
        int grown = 0;
        for (int i = 0; i < size; ++i) {
            const Pair s = two_sum(q, h[i]);
            if (s.lo != 0.0) h[grown++] = s.lo;
            q = s.hi;
        }
        if (q != 0.0) h[grown++] = q;
        size = grown;
    }
    return size == 0 ? 0 : (h[size - 1] > 0.0 ? 1 : -1);
}

/// det[a; b; c] for rows of single doubles: every product exact as a two-term pair (FMA), so
/// the determinant is a sum of 24 doubles whose sign is taken exactly. Written once and inlined
/// into a baseline function and into one in an AVX2 region (isa.h), where std::fma is one
/// instruction rather than a library call.
[[gnu::always_inline]] inline int det3_single_sign(const double a[3], const double b[3],
                                                   const double c[3]) {
    double terms[24];
    int n = 0;
    for (int k = 0; k < 3; ++k) {
        const int i = (k + 1) % 3, j = (k + 2) % 3;
        // a_k (b_i c_j - b_j c_i), each of the two products split exactly, then scaled by a_k
        const Pair p = two_product(b[i], c[j]), q = two_product(b[j], c[i]);
        for (double term : {p.hi, p.lo, -q.hi, -q.lo}) {
            const Pair t = two_product(a[k], term);
            terms[n++] = t.hi;
            terms[n++] = t.lo;
        }
    }
    return sign_of_sum(terms, n);
}

int exact_det3_single_baseline(const double a[3], const double b[3], const double c[3]) {
    return det3_single_sign(a, b, c);
}

#include "picking/core/isa_begin_avx2.h"
int exact_det3_single_fma(const double a[3], const double b[3], const double c[3]) {
    return det3_single_sign(a, b, c);
}
#include "picking/core/isa_end.h"

int exact_det3_single(const double a[3], const double b[3], const double c[3]) {
    static const bool fma = active_isa() != Isa::Scalar;  // the AVX2 path includes FMA
    return fma ? exact_det3_single_fma(a, b, c) : exact_det3_single_baseline(a, b, c);
}

template <std::size_t A, std::size_t B, std::size_t C>
int exact_det3_rows(const std::array<Expansion<A>, 3>& a, const std::array<Expansion<B>, 3>& b,
                    const std::array<Expansion<C>, 3>& c) {
    if (all_single(a) && all_single(b) && all_single(c)) {
        double ra[3], rb[3], rc[3];
        for (int i = 0; i < 3; ++i) {
            ra[i] = a[i].size ? a[i].terms[0] : 0.0;
            rb[i] = b[i].size ? b[i].terms[0] : 0.0;
            rc[i] = c[i].size ? c[i].terms[0] : 0.0;
        }
        return exact_det3_single(ra, rb, rc);
    }
    return exact_det3(a, b, c);
}

constexpr double kEpsilon = 0x1p-53;
// Shewchuk's orient3d bound is (7 + 56ε)ε · permanent for three rounded differences, six
// products and five sums; ours have at most that many rounding steps.
constexpr double kDet3Bound = (8.0 + 64.0 * kEpsilon) * kEpsilon;
constexpr double kDet2Bound = (4.0 + 32.0 * kEpsilon) * kEpsilon;

int sign_of(double x) {
    return (x > 0.0) - (x < 0.0);
}

}  // namespace

int orient_ray_edge(glm::vec3 o, glm::vec3 d, glm::vec3 a, glm::vec3 b) {
    // == Filter: the determinant in double with a bound on its rounding error
    const glm::dvec3 od(o), ad = glm::dvec3(a) - od, bd = glm::dvec3(b) - od, dd(d);
    const double ax = ad.x, ay = ad.y, az = ad.z;
    const double bx = bd.x, by = bd.y, bz = bd.z;
    const double dx = dd.x, dy = dd.y, dz = dd.z;
    const double m0 = by * dz - bz * dy, m1 = bz * dx - bx * dz, m2 = bx * dy - by * dx;
    const double det = ax * m0 + ay * m1 + az * m2;
    const double permanent = std::abs(ax) * (std::abs(by * dz) + std::abs(bz * dy)) +
                             std::abs(ay) * (std::abs(bz * dx) + std::abs(bx * dz)) +
                             std::abs(az) * (std::abs(bx * dy) + std::abs(by * dx));
    if (!std::isfinite(det) || !std::isfinite(permanent)) return 0;  // NaN/inf input: no side
    if (std::abs(det) > kDet3Bound * permanent) return sign_of(det);

    // == Exact: rows a - o, b - o (two-term expansions) and d (exact)
    const std::array<Expansion<2>, 3> ea = {difference(double(a.x), double(od.x)),
                                            difference(double(a.y), double(od.y)),
                                            difference(double(a.z), double(od.z))};
    const std::array<Expansion<2>, 3> eb = {difference(double(b.x), double(od.x)),
                                            difference(double(b.y), double(od.y)),
                                            difference(double(b.z), double(od.z))};
    const std::array<Expansion<1>, 3> ed = {single(dx), single(dy), single(dz)};
    return exact_det3_rows(ea, eb, ed);
}

int orient3d(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d) {
    // A repeated point (shared corners in a mesh) makes the determinant exactly zero.
    if (d == a || d == b || d == c || a == b || b == c || a == c) return 0;
    const glm::dvec3 ad(a), bd = glm::dvec3(b) - ad, cd = glm::dvec3(c) - ad,
                            dd = glm::dvec3(d) - ad;
    const double bx = bd.x, by = bd.y, bz = bd.z;
    const double cx = cd.x, cy = cd.y, cz = cd.z;
    const double dx = dd.x, dy = dd.y, dz = dd.z;
    const double m0 = cy * dz - cz * dy, m1 = cz * dx - cx * dz, m2 = cx * dy - cy * dx;
    const double det = bx * m0 + by * m1 + bz * m2;
    const double permanent = std::abs(bx) * (std::abs(cy * dz) + std::abs(cz * dy)) +
                             std::abs(by) * (std::abs(cz * dx) + std::abs(cx * dz)) +
                             std::abs(bz) * (std::abs(cx * dy) + std::abs(cy * dx));
    if (!std::isfinite(det) || !std::isfinite(permanent)) return 0;
    if (std::abs(det) > kDet3Bound * permanent) return sign_of(det);

    const glm::dvec3 b_(b), c_(c), d_(d);
    const std::array<Expansion<2>, 3> eb = {difference(b_.x, ad.x), difference(b_.y, ad.y),
                                            difference(b_.z, ad.z)};
    const std::array<Expansion<2>, 3> ec = {difference(c_.x, ad.x), difference(c_.y, ad.y),
                                            difference(c_.z, ad.z)};
    const std::array<Expansion<2>, 3> ed = {difference(d_.x, ad.x), difference(d_.y, ad.y),
                                            difference(d_.z, ad.z)};
    return exact_det3_rows(eb, ec, ed);
}

int orient3d_direction(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 from, glm::vec3 to) {
    const glm::dvec3 ad(a), bd = glm::dvec3(b) - ad, cd = glm::dvec3(c) - ad,
                            dd = glm::dvec3(to) - glm::dvec3(from);
    const double bx = bd.x, by = bd.y, bz = bd.z;
    const double cx = cd.x, cy = cd.y, cz = cd.z;
    const double dx = dd.x, dy = dd.y, dz = dd.z;
    const double m0 = cy * dz - cz * dy, m1 = cz * dx - cx * dz, m2 = cx * dy - cy * dx;
    const double det = bx * m0 + by * m1 + bz * m2;
    const double permanent = std::abs(bx) * (std::abs(cy * dz) + std::abs(cz * dy)) +
                             std::abs(by) * (std::abs(cz * dx) + std::abs(cx * dz)) +
                             std::abs(bz) * (std::abs(cx * dy) + std::abs(cy * dx));
    if (!std::isfinite(det) || !std::isfinite(permanent)) return 0;
    if (std::abs(det) > kDet3Bound * permanent) return sign_of(det);

    const glm::dvec3 b_(b), c_(c), from_(from), to_(to);
    const std::array<Expansion<2>, 3> eb = {difference(b_.x, ad.x), difference(b_.y, ad.y),
                                            difference(b_.z, ad.z)};
    const std::array<Expansion<2>, 3> ec = {difference(c_.x, ad.x), difference(c_.y, ad.y),
                                            difference(c_.z, ad.z)};
    const std::array<Expansion<2>, 3> ed = {difference(to_.x, from_.x), difference(to_.y, from_.y),
                                            difference(to_.z, from_.z)};
    return exact_det3_rows(eb, ec, ed);
}

int orient2d(glm::vec3 a, glm::vec3 b, glm::vec3 c, int drop) {
    const int i = drop == 0 ? 1 : 0;
    const int j = drop == 2 ? 1 : 2;
    const glm::dvec3 ad(a), b_(b), c_(c);
    const double bx = b_[i] - ad[i], by = b_[j] - ad[j];
    const double cx = c_[i] - ad[i], cy = c_[j] - ad[j];
    const double det = bx * cy - by * cx;
    const double permanent = std::abs(bx * cy) + std::abs(by * cx);
    if (!std::isfinite(det) || !std::isfinite(permanent)) return 0;
    if (std::abs(det) > kDet2Bound * permanent) return sign_of(det);

    const auto ebx = difference(b_[i], ad[i]), eby = difference(b_[j], ad[j]);
    const auto ecx = difference(c_[i], ad[i]), ecy = difference(c_[j], ad[j]);
    return sum(product(ebx, ecy), negate(product(eby, ecx))).sign();
}

}  // namespace picking
