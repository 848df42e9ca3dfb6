#include "app/core/bind_pose_comparison.h"

#include <gtest/gtest.h>

namespace app {
namespace {

picking::PickResult triangle_hit(std::uint32_t instance, std::uint32_t triangle, float t) {
    picking::PickResult result;
    result.hit.emplace();
    result.hit->instance = instance;
    result.hit->triangle = triangle;
    result.hit->t = t;
    return result;
}

const picking::Ray kRay{{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, -2.0f}};

// The same triangle number met at another t is not agreement: the skinned triangle moved
// (huesitos at 1 s: triangle 43 at t 1606.9 drawn, 1626.8 in the bind pose).
TEST(BindPoseComparison, TheSameTriangleElsewhereHasMoved) {
    const auto c =
        compare_with_bind_pose(triangle_hit(0, 43, 1606.9f), triangle_hit(0, 43, 1626.8f), kRay);
    EXPECT_EQ(c.verdict, BindPoseComparison::Verdict::Moved);
    EXPECT_FALSE(c.agree());
    EXPECT_NEAR(c.distance, 2.0 * (1626.8 - 1606.9), 1e-2);
    const std::string text = describe(c);
    EXPECT_NE(text.find("1606.9"), std::string::npos) << text;
    EXPECT_NE(text.find("1626.8"), std::string::npos) << text;
    EXPECT_STREQ(verdict_name(c.verdict), "moved");
}

TEST(BindPoseComparison, TheSameTriangleAtTheSamePointAgrees) {
    const auto c =
        compare_with_bind_pose(triangle_hit(2, 7, 10.0f), triangle_hit(2, 7, 10.00001f), kRay);
    EXPECT_EQ(c.verdict, BindPoseComparison::Verdict::Agree);
    EXPECT_TRUE(c.agree());
    // Beyond the tolerance it has moved, however little.
    EXPECT_EQ(compare_with_bind_pose(triangle_hit(2, 7, 10.0f), triangle_hit(2, 7, 10.001f), kRay)
                  .verdict,
              BindPoseComparison::Verdict::Moved);
}

TEST(BindPoseComparison, OtherTrianglesAndMisses) {
    using Verdict = BindPoseComparison::Verdict;
    EXPECT_EQ(
        compare_with_bind_pose(triangle_hit(0, 1, 5.0f), triangle_hit(0, 2, 5.0f), kRay).verdict,
        Verdict::DifferentTriangle);
    EXPECT_EQ(
        compare_with_bind_pose(triangle_hit(0, 1, 5.0f), triangle_hit(1, 1, 5.0f), kRay).verdict,
        Verdict::DifferentTriangle);
    EXPECT_EQ(compare_with_bind_pose(triangle_hit(0, 1, 5.0f), {}, kRay).verdict,
              Verdict::BindMisses);
    EXPECT_EQ(compare_with_bind_pose({}, triangle_hit(0, 1, 5.0f), kRay).verdict,
              Verdict::DrawnMisses);
    const auto none = compare_with_bind_pose({}, {}, kRay);
    EXPECT_EQ(none.verdict, Verdict::BothMiss);
    EXPECT_TRUE(none.agree());
    // A shape is not the triangle with its number.
    picking::PickResult shape;
    shape.shape.emplace();
    shape.shape->shape = 0;
    shape.shape->t = 5.0f;
    EXPECT_EQ(compare_with_bind_pose(triangle_hit(0, 0, 5.0f), shape, kRay).verdict,
              Verdict::DifferentTriangle);
    EXPECT_EQ(compare_with_bind_pose(shape, shape, kRay).verdict, Verdict::Agree);
}

}  // namespace
}  // namespace app
