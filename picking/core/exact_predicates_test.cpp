#include "picking/core/exact_predicates.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "picking/core/draw_vec3.h"

namespace picking {
namespace {

// Kettner et al., "Classroom examples of robustness problems": points one float ulp apart
// near (0.5, 0.5) against the line through (12, 12) and (24, 24). The exact orientation is
// 12 * (py - px), so its sign is known without any arithmetic.
TEST(ExactPredicates, Orient2dOnTheKettnerGrid) {
    const float ulp = std::ldexp(1.0f, -24);  // the spacing of floats in [0.5, 1)
    for (int i = 0; i < 64; ++i)
        for (int j = 0; j < 64; ++j) {
            const glm::vec3 p(0.5f + float(i) * ulp, 0.5f + float(j) * ulp, 0.0f);
            const int expected = (j > i) - (j < i);
            ASSERT_EQ(orient2d(p, {12, 12, 0}, {24, 24, 0}, 2), expected) << i << "," << j;
        }
}

TEST(ExactPredicates, Orient3dCoplanarAndOneUlpOff) {
    // Four points on the plane z = x + y, every coordinate exact in float.
    const glm::vec3 a(0.25f, 0.5f, 0.75f), b(3.0f, 0.5f, 3.5f), c(-1.0f, 2.0f, 1.0f);
    const glm::vec3 d(0.75f, 0.5f, 1.25f);
    EXPECT_EQ(orient3d(a, b, c, d), 0);
    const glm::vec3 up(d.x, d.y, std::nextafter(d.z, 10.0f));
    const glm::vec3 down(d.x, d.y, std::nextafter(d.z, -10.0f));
    EXPECT_NE(orient3d(a, b, c, up), 0);
    EXPECT_EQ(orient3d(a, b, c, up), -orient3d(a, b, c, down));
    // Swapping two points flips the sign.
    EXPECT_EQ(orient3d(b, a, c, up), -orient3d(a, b, c, up));
}

TEST(ExactPredicates, Orient3dAgreesWithDoubleWhenFarFromZero) {
    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> coord(-10.0f, 10.0f);
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        const auto a = draw_vec3<glm::vec3>(coord, rng), b = draw_vec3<glm::vec3>(coord, rng);
        const auto c = draw_vec3<glm::vec3>(coord, rng), d = draw_vec3<glm::vec3>(coord, rng);
        const glm::dvec3 ab = glm::dvec3(b) - glm::dvec3(a), ac = glm::dvec3(c) - glm::dvec3(a);
        const glm::dvec3 ad = glm::dvec3(d) - glm::dvec3(a);
        const double det = glm::dot(ab, glm::cross(ac, ad));
        if (std::abs(det) < 1e-6) continue;
        ASSERT_EQ(orient3d(a, b, c, d), det > 0 ? 1 : -1);
        ++checked;
    }
    EXPECT_GT(checked, 19000);
}

TEST(ExactPredicates, RayThroughAnEdgeIsZeroAndSidesFlip) {
    const glm::vec3 a(0.3f, -1.0f, 0.0f), b(0.3f, 2.0f, 0.0f);  // an edge on x = 0.3
    const glm::vec3 d(0.0f, 0.0f, -1.0f);
    EXPECT_EQ(orient_ray_edge({0.3f, 0.7f, 5.0f}, d, a, b), 0);
    const float left = std::nextafter(0.3f, 0.0f), right = std::nextafter(0.3f, 1.0f);
    const int s_left = orient_ray_edge({left, 0.7f, 5.0f}, d, a, b);
    const int s_right = orient_ray_edge({right, 0.7f, 5.0f}, d, a, b);
    EXPECT_NE(s_left, 0);
    EXPECT_EQ(s_left, -s_right);
}

TEST(ExactPredicates, HugeAndTinyCoordinatesStayExact) {
    const float big = 1e30f, tiny = 1e-30f;
    // Three collinear points scaled to extremes remain collinear.
    EXPECT_EQ(orient2d({0, 0, 0}, {big, big, 0}, {2 * big, 2 * big, 0}, 2), 0);
    EXPECT_EQ(orient2d({0, 0, 0}, {tiny, tiny, 0}, {2 * tiny, 2 * tiny, 0}, 2), 0);
    EXPECT_EQ(orient2d({0, 0, 0}, {tiny, 0, 0}, {0, tiny, 0}, 2), 1);
}

TEST(ExactPredicates, NonFiniteInputGivesZero) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(orient3d({nan, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}), 0);
    EXPECT_EQ(orient_ray_edge({0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {0, INFINITY, 0}), 0);
}

}  // namespace
}  // namespace picking

namespace picking {
namespace {

TEST(ExactPredicates, RepeatedPointsAreExactlyFlat) {
    const glm::vec3 a(0.1f, 0.7f, -3.3f), b(2.9f, -1.3f, 0.01f), c(-0.6f, 5.5f, 1.7f);
    EXPECT_EQ(orient3d(a, b, c, a), 0);
    EXPECT_EQ(orient3d(a, b, c, c), 0);
    EXPECT_EQ(orient3d(a, a, c, b), 0);
}

TEST(ExactPredicates, Seed77_Orient3dIsExactOnTiltedPlanesWithOneUlpNudges) {
    // Points o + i u + j w with small integers on a tilted plane are exactly coplanar; nudging
    // one coordinate of the fourth point by one ulp must give a sign that flips with the nudge.
    std::mt19937 rng(77);
    std::uniform_int_distribution<int> small(-9, 9);
    int checked = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        const auto o = draw_vec3<glm::vec3>(small, rng);
        const auto u = draw_vec3<glm::vec3>(small, rng);
        const auto w = draw_vec3<glm::vec3>(small, rng);
        if (glm::length(glm::cross(u, w)) == 0.0f) continue;
        const auto at = [&](int i, int j) { return o + float(i) * u + float(j) * w; };
        const int dj = small(rng), di = small(rng);  // the order GCC drew them in
        const glm::vec3 a = at(0, 0), b = at(1, 0), c = at(0, 1), d = at(di, dj);
        ASSERT_EQ(orient3d(a, b, c, d), 0);
        const glm::vec3 n = glm::cross(b - a, c - a);
        const int axis = std::abs(n.x) >= std::abs(n.y) && std::abs(n.x) >= std::abs(n.z) ? 0
                         : std::abs(n.y) >= std::abs(n.z)                                 ? 1
                                                                                          : 2;
        glm::vec3 up = d, down = d;
        up[axis] = std::nextafter(d[axis], 1e30f);
        down[axis] = std::nextafter(d[axis], -1e30f);
        const int expected = n[axis] > 0.0f ? 1 : -1;
        ASSERT_EQ(orient3d(a, b, c, up), expected);
        ASSERT_EQ(orient3d(a, b, c, down), -expected);
        // A move within the plane keeps the distance; one off it changes it.
        ASSERT_EQ(orient3d_direction(a, b, c, d, d + u), 0);
        ASSERT_EQ(orient3d_direction(a, b, c, d, up), expected);
        ++checked;
    }
    EXPECT_GT(checked, 1500);
}

}  // namespace
}  // namespace picking
