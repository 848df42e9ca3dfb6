#include "picking/core/aabb.h"

#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "picking/core/finite.h"
#include "picking/testing/special_floats.h"

namespace picking {
namespace {

using testing::kInf;
using testing::kNaN;

TEST(Finite, NaNAndInfinitiesAreNotFiniteEverythingElseIs) {
    for (float x : {0.0f, -0.0f, 1.0f, -3.3e38f, std::numeric_limits<float>::max(),
                    std::numeric_limits<float>::denorm_min()})
        EXPECT_TRUE(finite(x)) << x;
    for (float x : {kNaN, kInf, -kInf})
        EXPECT_FALSE(finite(x)) << x;
    EXPECT_TRUE(finite(std::numeric_limits<double>::max()));
    EXPECT_FALSE(finite(std::numeric_limits<double>::quiet_NaN()));
    EXPECT_FALSE(finite(glm::vec3(1.0f, kNaN, 2.0f)));
    EXPECT_FALSE(finite(Triangle{{0, 0, 0}, {1, 0, 0}, {0, -kInf, 0}}));
    EXPECT_TRUE(finite(Triangle{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}));
    glm::dmat4 m(1.0);
    EXPECT_TRUE(finite(m));
    m[3][1] = std::numeric_limits<double>::infinity();
    EXPECT_FALSE(finite(m));
}

TEST(Aabb, BoundsOfSkipsPointsThatAreNotFinite) {
    const std::vector<glm::vec3> points = {
        {1, 2, 3}, {kNaN, 0, 0}, {-1, 5, 0}, {0, kInf, 0}, {0.5f, 0, 9}};
    const Aabb box = bounds_of(points);
    EXPECT_EQ(box.min, glm::vec3(-1, 0, 0));
    EXPECT_EQ(box.max, glm::vec3(1, 5, 9));
    EXPECT_TRUE(bounds_of(std::vector<glm::vec3>{{kNaN, 0, 0}}).empty());
    EXPECT_TRUE(bounds_of(std::vector<glm::vec3>{}).empty());
}

// A big mesh's box is found on every core: the same corners as one point after another.
TEST(Aabb, ABigMeshsBoundsAreThoseOfOnePointAfterAnother_Seed25) {
    std::mt19937 rng(25);
    std::uniform_real_distribution<float> coord(-100.0f, 100.0f);
    std::vector<glm::vec3> points((std::size_t(1) << 20) + 333);
    for (glm::vec3& p : points) {
        const float x = coord(rng), y = coord(rng), z = coord(rng);  // in order on any compiler
        p = {x, y, z};
    }
    points[5] = {kNaN, 1e6f, 0.0f};  // bounds nothing
    points[points.size() - 1] = {0.0f, 0.0f, -kInf};
    points[points.size() / 2 + 1] = {0.0f, 0.0f, 500.0f};  // the top, in the second half
    points[1] = {-300.0f, 0.0f, 0.0f};                     // the bottom, in the first
    Aabb oracle;
    for (const glm::vec3& p : points)
        if (finite(p)) oracle.extend(p);
    const Aabb box = bounds_of(points);
    EXPECT_EQ(box.min, oracle.min);
    EXPECT_EQ(box.max, oracle.max);
    EXPECT_EQ(box.max.z, 500.0f);
    EXPECT_EQ(box.min.x, -300.0f);
}

TEST(Aabb, RadiusIsHalfTheDiagonalAndZeroWhenEmpty) {
    EXPECT_FLOAT_EQ((Aabb{{0, 0, 0}, {2, 3, 6}}.radius()), 3.5f);
    EXPECT_EQ(Aabb{}.radius(), 0.0f);
    EXPECT_EQ((Aabb{{1, 1, 1}, {1, 1, 1}}.radius()), 0.0f);
}

TEST(Aabb, TransformedHoldsEveryMovedCorner) {
    const Aabb box{{0, 0, 0}, {2, 1, 1}};
    const glm::mat4 m = glm::translate(glm::mat4(1.0f), glm::vec3(10, 0, 0)) *
                        glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), glm::vec3(0, 0, 1));
    const Aabb moved = transformed(box, m);
    // (x, y) -> (-y, x), then +10 in x.
    EXPECT_NEAR(moved.min.x, 9.0f, 1e-5f);
    EXPECT_NEAR(moved.max.x, 10.0f, 1e-5f);
    EXPECT_NEAR(moved.min.y, 0.0f, 1e-5f);
    EXPECT_NEAR(moved.max.y, 2.0f, 1e-5f);
    EXPECT_NEAR(moved.max.z, 1.0f, 1e-5f);
    EXPECT_TRUE(transformed(Aabb{}, m).empty());
    const Aabb tilted =
        transformed(box, glm::rotate(glm::mat4(1.0f), glm::radians(45.0f), glm::vec3(0, 0, 1)));
    for (int i = 0; i < 8; ++i) {
        const glm::vec3 corner((i & 1) ? 2.0f : 0.0f, (i & 2) ? 1.0f : 0.0f, (i & 4) ? 1.0f : 0.0f);
        const glm::vec3 p(glm::rotate(glm::mat4(1.0f), glm::radians(45.0f), glm::vec3(0, 0, 1)) *
                          glm::vec4(corner, 1.0f));
        EXPECT_TRUE(tilted.contains(p)) << i;
    }
}

}  // namespace
}  // namespace picking
