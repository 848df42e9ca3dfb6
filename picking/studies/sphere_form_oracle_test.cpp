// The sphere forms' exact reference against an independent oracle: Boost.Multiprecision's
// cpp_bin_float_50 (about 166 bits), which holds a, h, c and the discriminant of float inputs
// without rounding and solves the plain quadratic t = (−h ∓ √(h² − ac)) / a. The double-double
// arithmetic, the exact solve and every point the Sphere forms plot draws must agree with it.

#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <boost/multiprecision/cpp_bin_float.hpp>

#include "picking/core/double_double.h"
#include "picking/primitives/ray_sphere_exact.h"
#include "picking/studies/sphere_form_study.h"
#include "picking/testing/seeded_draws.h"

namespace picking {
namespace {

using Big = boost::multiprecision::cpp_bin_float_50;

Big big(const DoubleDouble& x) {
    return Big(x.hi) + Big(x.lo);
}

/// |x − y| / |y|, in double.
double relative(const Big& x, const Big& y) {
    return double(abs(x - y) / abs(y));
}

struct OracleRoots {
    bool hit = false;
    Big t_near, t_far;
};

OracleRoots oracle_roots(const Ray& ray, const Sphere& sphere) {
    Big f[3], d[3];
    for (int i = 0; i < 3; ++i) {
        f[i] = Big(ray.origin[i]) - Big(sphere.center[i]);
        d[i] = Big(ray.direction[i]);
    }
    const Big a = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    const Big h = f[0] * d[0] + f[1] * d[1] + f[2] * d[2];
    const Big c = f[0] * f[0] + f[1] * f[1] + f[2] * f[2] - Big(sphere.radius) * sphere.radius;
    const Big discriminant = h * h - a * c;
    OracleRoots r;
    if (discriminant < 0) return r;
    r.hit = true;
    r.t_near = (-h - sqrt(discriminant)) / a;
    r.t_far = (-h + sqrt(discriminant)) / a;
    return r;
}

/// A double with a random significand and an exponent in [-30, 30], of either sign.
double draw_double(std::mt19937& rng) {
    const double high = double(rng()) / 4294967296.0;
    const double low = double(rng()) / 1.8446744073709552e19;
    const int exponent = int(testing::below(rng, 61)) - 30;
    const double value = std::ldexp(1.0 + high + low, exponent);
    return testing::coin(rng) ? -value : value;
}

DoubleDouble draw_dd(std::mt19937& rng) {
    const double hi = draw_double(rng);
    const double lo = hi * 0x1p-60 * double(testing::unit(rng));
    return dd_detail::quick_two_sum(hi, lo);
}

TEST(SphereFormOracle, DoubleDoubleArithmeticKeepsAbout104Bits_Seed16) {
    std::mt19937 rng(16);
    const double bound = 0x1p-100;
    for (int i = 0; i < 2000; ++i) {
        const DoubleDouble x = draw_dd(rng);
        const DoubleDouble y = draw_dd(rng);
        const Big bx = big(x), by = big(y);
        // Sums may cancel: their error is bounded by the operands, not by the result.
        EXPECT_LE(double(abs(big(x + y) - (bx + by)) / (abs(bx) + abs(by))), bound);
        EXPECT_LE(double(abs(big(x - y) - (bx - by)) / (abs(bx) + abs(by))), bound);
        EXPECT_LE(relative(big(x * y), bx * by), bound);
        EXPECT_LE(relative(big(x / y), bx / by), bound);
        const DoubleDouble magnitude = x.hi < 0.0 ? -x : x;
        EXPECT_LE(relative(big(dd_sqrt(magnitude)), sqrt(big(magnitude))), bound);
        // TwoSum and the fused product are exact.
        const DoubleDouble s = dd_detail::two_sum(x.hi, y.hi);
        EXPECT_EQ(big(s), Big(x.hi) + Big(y.hi));
        const DoubleDouble p = dd_detail::two_prod(x.hi, y.hi);
        EXPECT_EQ(big(p), Big(x.hi) * Big(y.hi));
    }
    EXPECT_EQ(dd_sqrt(DoubleDouble(0.0)).hi, 0.0);
    EXPECT_TRUE(std::isnan(dd_sqrt(DoubleDouble(-1.0)).hi));
}

TEST(SphereFormOracle, ExactRootsAgreeOnRandomRays_Seed17) {
    // Rays from up to 10^6 radii, aimed anywhere near the sphere, of any length.
    std::mt19937 rng(17);
    int hits = 0;
    for (int i = 0; i < 3000; ++i) {
        Sphere sphere;
        for (int k = 0; k < 3; ++k)
            sphere.center[k] = testing::between(rng, -10.0f, 10.0f);
        const float scale = testing::between(rng, 1.0f, 2.0f);
        sphere.radius = std::ldexp(scale, int(testing::below(rng, 9)) - 4);
        const float distance = sphere.radius * std::pow(10.0f, testing::between(rng, -3.0f, 6.0f));
        Ray ray;
        for (int k = 0; k < 3; ++k) {
            const float along = testing::between(rng, -1.0f, 1.0f);
            ray.origin[k] = sphere.center[k] + along * distance;
        }
        for (int k = 0; k < 3; ++k) {
            const float miss = testing::between(rng, -1.5f, 1.5f);
            ray.direction[k] = sphere.center[k] - ray.origin[k] + miss * sphere.radius;
        }
        const float length = testing::between(rng, 0.01f, 100.0f);
        ray.direction *= length / std::max(distance, 1e-3f);
        const ExactSphereRoots exact = exact_sphere_roots(ray, sphere);
        const OracleRoots oracle = oracle_roots(ray, sphere);
        ASSERT_EQ(exact.hit, oracle.hit) << i;
        if (!exact.hit) continue;
        ++hits;
        EXPECT_LE(relative(big(exact.t_near), oracle.t_near), 0x1p-80) << i;
        EXPECT_LE(relative(big(exact.t_far), oracle.t_far), 0x1p-80) << i;
    }
    EXPECT_GT(hits, 1000);
}

TEST(SphereFormOracle, EveryPlottedErrorMatchesTheOracle) {
    // The Sphere forms plot draws each form's error at each ratio of the sweep: recomputed
    // from the oracle's roots, the same to within 1e-9 ULP (the double-double roots are good
    // to about 2^-100 of t, 2^-76 of a float's ULP).
    const double tolerance = 1e-9;
    for (const double offset : {0.0, kSphereStudyDefaultOffset, 0.9, 0.99}) {
        const SphereFormSweep sweep = sweep_sphere_forms(offset);
        ASSERT_EQ(sweep.points.size(), std::size_t(kSphereStudyPoints));
        for (const SpherePointStudy& p : sweep.points) {
            SCOPED_TRACE(::testing::Message() << "offset " << offset << " ratio " << p.ratio);
            const OracleRoots oracle = oracle_roots(p.ray, p.sphere);
            ASSERT_TRUE(oracle.hit);
            ASSERT_TRUE(p.exact.hit);
            for (std::size_t f = 0; f < kSphereFormCount; ++f) {
                const SphereFormGrade& g = p.forms[f];
                SCOPED_TRACE(kSphereAlgorithms[f].name);
                const std::optional<SphereHit> hit =
                    kSphereAlgorithms[f].intersect(p.ray, p.sphere);
                ASSERT_EQ(g.hit, hit.has_value());
                if (!g.hit) continue;
                const auto ulps = [](float t, const Big& exact) {
                    return double(abs(Big(t) - exact)) / float_ulp(double(exact));
                };
                EXPECT_NEAR(g.ulps_near, ulps(hit->t_near, oracle.t_near), tolerance);
                EXPECT_NEAR(g.ulps_far, ulps(hit->t_far, oracle.t_far), tolerance);
                EXPECT_NEAR(g.rel_error_near,
                            double((Big(hit->t_near) - oracle.t_near) / oracle.t_near),
                            tolerance * 1e-7);
            }
        }
    }
}

}  // namespace
}  // namespace picking
