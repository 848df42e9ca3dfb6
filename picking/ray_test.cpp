#include "picking/ray.h"

#include <gtest/gtest.h>

namespace picking {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(Ray, GoodRayHasNoProblem) {
    EXPECT_FALSE(ray_problem(Ray{{0, 0, 0}, {0, 0, -1}}));
    EXPECT_FALSE(ray_problem(Ray{{1e30f, 0, 0}, {1e-30f, 0, 0}}));  // tiny but not zero
}

TEST(Ray, BadRaysAreNamed) {
    EXPECT_EQ(*ray_problem(Ray{{0, 0, 0}, {0, 0, 0}}), "the ray direction has zero length");
    EXPECT_TRUE(ray_problem(Ray{{kNaN, 0, 0}, {0, 0, 1}}));
    EXPECT_TRUE(ray_problem(Ray{{0, 0, 0}, {0, kInf, 1}}));
    Ray empty{{0, 0, 0}, {0, 0, 1}};
    empty.t_min = 2.0f;
    empty.t_max = 1.0f;
    EXPECT_TRUE(ray_problem(empty));
    Ray nan_range{{0, 0, 0}, {0, 0, 1}};
    nan_range.t_max = kNaN;
    EXPECT_TRUE(ray_problem(nan_range));
}

TEST(Ray, AtIsOriginPlusTDirection) {
    const Ray ray{{1, 2, 3}, {0, 0, 2}};
    EXPECT_EQ(ray.at(1.5f), glm::vec3(1, 2, 6));
}

}  // namespace
}  // namespace picking
