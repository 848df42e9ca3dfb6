#pragma once
/// Double-double arithmetic: a number as the unevaluated sum hi + lo of two doubles, about 106
/// bits of significand (Dekker 1971; the algorithms of Hida, Li & Bailey's QD library). Enough
/// to serve as the exact reference of a float computation: a product of two floats or a
/// difference of two is exact in it, and a few further operations lose about 2^-104 each.
/// Products use std::fma, so they are exact whether or not the compiler contracts.

#include <cmath>

namespace picking {

struct DoubleDouble {
    double hi = 0.0;
    double lo = 0.0;  ///< |lo| <= half an ulp of hi

    DoubleDouble() = default;
    constexpr DoubleDouble(double value) : hi(value) {}  // NOLINT: a double is one exactly
    constexpr DoubleDouble(double high, double low) : hi(high), lo(low) {}

    [[nodiscard]] double value() const { return hi + lo; }
};

namespace dd_detail {

/// a + b = s + e exactly, for any a and b (Knuth's TwoSum).
inline DoubleDouble two_sum(double a, double b) {
    const double s = a + b;
    const double bb = s - a;
    const double e = (a - (s - bb)) + (b - bb);
    return {s, e};
}

/// a + b = s + e exactly when |a| >= |b| (Dekker's FastTwoSum).
inline DoubleDouble quick_two_sum(double a, double b) {
    const double s = a + b;
    return {s, b - (s - a)};
}

/// a × b = p + e exactly (barring overflow and underflow).
inline DoubleDouble two_prod(double a, double b) {
    const double p = a * b;
    return {p, std::fma(a, b, -p)};
}

}  // namespace dd_detail

inline DoubleDouble operator-(DoubleDouble a) {
    return {-a.hi, -a.lo};
}

/// The accurate sum (QD's "IEEE" add): two TwoSums, so that cancelling terms keep their low
/// parts.
inline DoubleDouble operator+(DoubleDouble a, DoubleDouble b) {
    DoubleDouble s = dd_detail::two_sum(a.hi, b.hi);
    const DoubleDouble t = dd_detail::two_sum(a.lo, b.lo);
    s.lo += t.hi;
    s = dd_detail::quick_two_sum(s.hi, s.lo);
    s.lo += t.lo;
    return dd_detail::quick_two_sum(s.hi, s.lo);
}

inline DoubleDouble operator-(DoubleDouble a, DoubleDouble b) {
    return a + (-b);
}

inline DoubleDouble operator*(DoubleDouble a, DoubleDouble b) {
    DoubleDouble p = dd_detail::two_prod(a.hi, b.hi);
    p.lo += a.hi * b.lo + a.lo * b.hi;
    return dd_detail::quick_two_sum(p.hi, p.lo);
}

inline DoubleDouble operator/(DoubleDouble a, DoubleDouble b) {
    // Three quotient digits, each from the remainder the previous left (QD's accurate_div).
    const double q1 = a.hi / b.hi;
    DoubleDouble r = a - b * DoubleDouble(q1);
    const double q2 = r.hi / b.hi;
    r = r - b * DoubleDouble(q2);
    const double q3 = r.hi / b.hi;
    return dd_detail::quick_two_sum(q1, q2) + DoubleDouble(q3);
}

/// The square root of a >= 0 (NaN below 0): a double's root, then two Newton steps in
/// double-double, each doubling the correct bits.
inline DoubleDouble dd_sqrt(DoubleDouble a) {
    if (a.hi == 0.0 && a.lo == 0.0) return {};
    if (a.hi < 0.0) return {std::nan(""), 0.0};
    DoubleDouble x(std::sqrt(a.hi));
    for (int step = 0; step < 2; ++step)
        x = x + (a - x * x) / (DoubleDouble(2.0) * x);
    return x;
}

inline bool operator<(DoubleDouble a, DoubleDouble b) {
    return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/// -1, 0 or +1: the sign of hi + lo (hi carries it unless hi is 0, which makes lo 0 too).
inline int dd_sign(DoubleDouble a) {
    return a.hi > 0.0 ? 1 : a.hi < 0.0 ? -1 : 0;
}

}  // namespace picking
