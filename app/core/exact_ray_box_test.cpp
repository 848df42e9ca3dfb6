#include "app/core/exact_ray_box.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>

#include <gtest/gtest.h>

#include "picking/testing/seeded_draws.h"

namespace app {
namespace {

using picking::testing::below;
using picking::testing::coin;

/// t = num / den with den > 0, compared exactly (numbers here are small integers).
struct Fraction {
    std::int64_t num = 0, den = 1;
};
bool less(Fraction a, Fraction b) {
    return __int128(a.num) * b.den < __int128(b.num) * a.den;
}

/// The oracle: the latest entry and the earliest exit as exact fractions of integers, t >= 0.
bool touches_by_fractions(std::array<int, 3> o, std::array<int, 3> d, std::array<int, 3> lo,
                          std::array<int, 3> hi) {
    Fraction enter{0, 1};
    std::optional<Fraction> exit;
    for (int k = 0; k < 3; ++k) {
        const auto i = std::size_t(k);
        if (lo[i] > hi[i]) return false;
        if (d[i] == 0) {
            if (o[i] < lo[i] || o[i] > hi[i]) return false;
            continue;
        }
        Fraction a{lo[i] - o[i], d[i]}, b{hi[i] - o[i], d[i]};
        if (d[i] < 0) {
            a = {-a.num, -a.den};
            b = {-b.num, -b.den};
        }
        const Fraction near = less(b, a) ? b : a, far = less(b, a) ? a : b;
        if (less(enter, near)) enter = near;
        if (!exit || less(far, *exit)) exit = far;
    }
    return !exit || !less(*exit, enter);
}

glm::vec3 as_vec3(std::array<int, 3> v) {
    return {float(v[0]), float(v[1]), float(v[2])};
}

TEST(ExactRayBox, DifferenceProductsSignMatchesIntegers) {
    EXPECT_EQ(exact_sign_of_difference_products(3, 1, 2, 5, 1, 1), 0);   // 2*2 - 4*1
    EXPECT_EQ(exact_sign_of_difference_products(3, 1, 2, 5, 0, 1), -1);  // 4 - 5
    EXPECT_EQ(exact_sign_of_difference_products(3, -1, 2, 5, 0, 1), 1);  // 8 - 5
    // Far apart in magnitude: (1 - 2^-40) * 1 - 1 * 1 = -2^-40, which a double product of the
    // rounded difference would also get, but (2^30 - 2^-30) * (1 + 2^-23) - ... needs more.
    const float big = 0x1p30f, tiny = 0x1p-30f, one_up = 1.0f + 0x1p-23f;
    // (big - tiny) * one_up - (big - 0) * one_up = -tiny * one_up < 0.
    EXPECT_EQ(exact_sign_of_difference_products(big, tiny, one_up, big, 0.0f, one_up), -1);
    EXPECT_EQ(exact_sign_of_difference_products(big, -tiny, one_up, big, 0.0f, one_up), 1);
    EXPECT_EQ(exact_sign_of_difference_products(big, tiny, one_up, big, tiny, one_up), 0);
}

TEST(ExactRayBox, GrazingAnEdgeTouchesAndOneFloatAboveMisses) {
    // From (-3, 0, 0) along (1, 0.5, 0): at x = -1 (t = 2) y = 1, the box's edge exactly.
    const glm::vec3 lo{-1.0f}, hi{1.0f};
    EXPECT_TRUE(ray_touches_box_exactly({-3, 0, 0}, {1, 0.5f, 0}, lo, hi));
    EXPECT_FALSE(ray_touches_box_exactly({-3, 0, 0}, {1, std::nextafter(0.5f, 1.0f), 0}, lo, hi));
    EXPECT_TRUE(ray_touches_box_exactly({-3, 0, 0}, {1, std::nextafter(0.5f, 0.0f), 0}, lo, hi));
    // Lying in the face x = -1 (D.x = 0): touches. Beside it by one float: misses.
    EXPECT_TRUE(ray_touches_box_exactly({-1, -3, 0}, {0, 1, 0}, lo, hi));
    EXPECT_FALSE(ray_touches_box_exactly({std::nextafter(-1.0f, -2.0f), -3, 0}, {0, 1, 0}, lo, hi));
    // The origin on the far face, leaving: t = 0 touches. Behind: misses.
    EXPECT_TRUE(ray_touches_box_exactly({1, 0, 0}, {1, 0, 0}, lo, hi));
    EXPECT_FALSE(ray_touches_box_exactly({std::nextafter(1.0f, 2.0f), 0, 0}, {1, 0, 0}, lo, hi));
    // An empty box (min > max) is never touched.
    EXPECT_FALSE(ray_touches_box_exactly({0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {-1, 1, 1}));
}

TEST(ExactRayBox, Seed20261126MatchesFractionsOnIntegerRays) {
    std::mt19937 rng(20261126u);
    int hits = 0;
    for (int n = 0; n < 20000; ++n) {
        std::array<int, 3> o{}, d{}, lo{}, hi{};
        for (std::size_t k = 0; k < 3; ++k) {
            lo[k] = int(below(rng, 9)) - 4;
            hi[k] = lo[k] + int(below(rng, 5));
            // Origins on the planes and zero direction components happen often.
            const std::size_t kind = below(rng, 4);
            const int free_origin = int(below(rng, 17)) - 8;
            o[k] = kind == 0 ? lo[k] : kind == 1 ? hi[k] : free_origin;
            const int component = int(below(rng, 7)) - 3;
            d[k] = coin(rng) ? 0 : component;
        }
        if (d == std::array<int, 3>{0, 0, 0}) d[0] = 1;
        const bool expected = touches_by_fractions(o, d, lo, hi);
        hits += expected ? 1 : 0;
        ASSERT_EQ(ray_touches_box_exactly(as_vec3(o), as_vec3(d), as_vec3(lo), as_vec3(hi)),
                  expected)
            << "case " << n;
    }
    EXPECT_GT(hits, 2000);  // both answers are well represented
    EXPECT_LT(hits, 18000);
}

}  // namespace
}  // namespace app
