#include "picking/ray_triangle/watertight_shear.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>

#include <gtest/gtest.h>

namespace picking {
namespace {

/// Woop et al.'s choice written the plain way (branches), as the watertight test had it.
WatertightShear plain(glm::vec3 d) {
    const glm::vec3 ad(std::abs(d.x), std::abs(d.y), std::abs(d.z));
    WatertightShear s;
    s.kz = ad.x >= ad.y ? (ad.x >= ad.z ? 0 : 2) : (ad.y >= ad.z ? 1 : 2);
    s.kx = (s.kz + 1) % 3;
    s.ky = (s.kx + 1) % 3;
    if (d[s.kz] < 0.0f) std::swap(s.kx, s.ky);
    s.degenerate = !(d[s.kz] != 0.0f) || !std::isfinite(d[s.kz]);
    s.sx = d[s.kx] / d[s.kz];
    s.sy = d[s.ky] / d[s.kz];
    s.sz = 1.0f / d[s.kz];
    return s;
}

void expect_same(glm::vec3 d) {
    const WatertightShear got = watertight_shear(d), want = plain(d);
    ASSERT_EQ(got.kx, want.kx) << d.x << " " << d.y << " " << d.z;
    ASSERT_EQ(got.ky, want.ky);
    ASSERT_EQ(got.kz, want.kz);
    ASSERT_EQ(got.degenerate, want.degenerate);
    if (got.degenerate) return;
    // Equal, or both NaN (a NaN component other than kz's).
    auto same = [](float a, float b) { return a == b || (std::isnan(a) && std::isnan(b)); };
    EXPECT_TRUE(same(got.sx, want.sx)) << got.sx << " vs " << want.sx;
    EXPECT_TRUE(same(got.sy, want.sy)) << got.sy << " vs " << want.sy;
    EXPECT_TRUE(same(got.sz, want.sz)) << got.sz << " vs " << want.sz;
}

TEST(WatertightShear, BranchFreeChoiceEqualsThePlainOne_Seed41) {
    // Ties between components (the first of equals wins), signs, zeros, the largest and
    // smallest floats, infinities, NaN.
    const float values[] = {0.0f,
                            -0.0f,
                            1.0f,
                            -1.0f,
                            2.0f,
                            -2.0f,
                            0.5f,
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::max(),
                            -std::numeric_limits<float>::denorm_min(),
                            std::numeric_limits<float>::quiet_NaN()};
    for (float x : values)
        for (float y : values)
            for (float z : values)
                expect_same({x, y, z});
    std::mt19937 rng(41);
    std::normal_distribution<float> n(0.0f, 1.0f);
    for (int i = 0; i < 100000; ++i)
        expect_same({n(rng), n(rng), n(rng)});
}

TEST(WatertightShear, TheLargestComponentBecomesZKeepingTheWinding) {
    const WatertightShear s = watertight_shear({0.1f, -3.0f, 0.2f});
    EXPECT_EQ(s.kz, 1);
    // D[kz] < 0: x and y swapped, so (kx, ky, kz) stays an odd permutation's mirror.
    EXPECT_EQ(s.kx, 0);
    EXPECT_EQ(s.ky, 2);
    EXPECT_FALSE(s.degenerate);
    EXPECT_FLOAT_EQ(s.sz, -1.0f / 3.0f);
    EXPECT_TRUE(watertight_shear({0.0f, 0.0f, 0.0f}).degenerate);
}

}  // namespace
}  // namespace picking
