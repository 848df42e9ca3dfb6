#include "picking/core/ray.h"

#include <iterator>
#include <random>

#include <gtest/gtest.h>
#include "picking/testing/special_floats.h"

namespace picking {
namespace {

using testing::kInf;
using testing::kNaN;

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

// ray_usable (two SSE vectors on x86-64) must say what ray_problem says, on every special value
// in every field, one field at a time and seeded random mixes.
TEST(Ray, UsableAgreesWithProblem_Seed21) {
    const float specials[] = {0.0f, -0.0f, 1.0f, -3.5f, 1e-45f, 1e38f, -3.4e38f, kInf, -kInf, kNaN};
    const Ray base{{1, 2, 3}, {0.5f, -0.25f, 2}};
    for (int field = 0; field < 8; ++field)
        for (const float x : specials) {
            Ray ray = base;
            (&ray.origin.x)[field] = x;
            EXPECT_EQ(ray_usable(ray), !ray_problem(ray)) << "field " << field << " = " << x;
        }
    std::mt19937 rng(21);
    std::uniform_int_distribution<int> pick(0, int(std::size(specials)) - 1);
    for (int i = 0; i < 20000; ++i) {
        Ray ray;
        for (int field = 0; field < 8; ++field)
            (&ray.origin.x)[field] = specials[pick(rng)];
        EXPECT_EQ(ray_usable(ray), !ray_problem(ray)) << "case " << i;
    }
}

TEST(Ray, AtIsOriginPlusTDirection) {
    const Ray ray{{1, 2, 3}, {0, 0, 2}};
    EXPECT_EQ(ray.at(1.5f), glm::vec3(1, 2, 6));
}

}  // namespace
}  // namespace picking
