#include "app/core/triangle_lessons.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "picking/testing/seeded_draws.h"

namespace app {
namespace {

using picking::testing::between;

/// The hit of a ray on the plane of `t` at (u, v), exactly in double, rounded to float.
picking::PickHit hit_at(const picking::Triangle& t, const picking::Ray& bone_ray, double u,
                        double v) {
    const glm::dvec3 p0(t.p0), p1(t.p1), p2(t.p2);
    const glm::dvec3 target = (1.0 - u - v) * p0 + u * p1 + v * p2;
    const glm::dvec3 d(bone_ray.direction);
    picking::PickHit hit;
    hit.local_triangle = t;
    hit.u = float(u);
    hit.v = float(v);
    hit.t = float(glm::dot(target - glm::dvec3(bone_ray.origin), d) / glm::dot(d, d));
    return hit;
}

TEST(TriangleLessons, AreaAndVolumeOfAHandTriangle) {
    const picking::Triangle t{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const picking::Ray ray{{0.25f, 0.25f, 2.0f}, {0.0f, 0.0f, -1.0f}};
    const glm::mat4 scaled = glm::scale(glm::mat4(1.0f), glm::vec3(2.0f, 2.0f, 5.0f));
    // The world ray through the same point: bone space is world scaled by 1/2, 1/2, 1/5.
    const picking::Ray world{{0.5f, 0.5f, 10.0f}, {0.0f, 0.0f, -5.0f}};
    const TriangleLessons l = triangle_lessons(hit_at(t, ray, 0.25, 0.25), world, scaled);
    EXPECT_EQ(l.area_bone, 0.5);
    EXPECT_EQ(l.area_world, 2.0);  // x and y doubled: four times the area
    EXPECT_EQ(l.volume, 1.0);      // |(0, 0, -1) . (0, 0, 1)|
    // Both ways land on the same point here: every value is exact in float.
    EXPECT_EQ(l.from_ray, glm::vec3(0.25f, 0.25f, 0.0f));
    EXPECT_EQ(l.from_barycentric, glm::vec3(0.25f, 0.25f, 0.0f));
    EXPECT_EQ(l.difference, 0.0);
    EXPECT_EQ(l.ulps, 0.0);
}

// Seeded triangles near and far from the origin: the two hit points differ by a few ULPs of
// the coordinates at most, each lies within a float's rounding of the exact point, and the area
// and volume equal a double-precision reference.
TEST(TriangleLessons, BothHitPointsLieNearTheExactOneAndDifferMoreFarAway) {
    std::mt19937 rng(41);
    double near_worst = 0.0, far_worst = 0.0;
    for (int i = 0; i < 400; ++i) {
        const float offset = i < 200 ? 0.0f : 1e4f;
        picking::Triangle t;
        for (glm::vec3* p : {&t.p0, &t.p1, &t.p2}) {
            const float x = between(rng, -1.0f, 1.0f);
            const float y = between(rng, -1.0f, 1.0f);
            const float z = between(rng, -1.0f, 1.0f);
            *p = glm::vec3(x + offset, y, z);
        }
        const double u = double(between(rng, 0.05f, 0.45f));
        const double v = double(between(rng, 0.05f, 0.45f));
        const glm::dvec3 exact =
            (1.0 - u - v) * glm::dvec3(t.p0) + u * glm::dvec3(t.p1) + v * glm::dvec3(t.p2);
        picking::Ray ray;
        ray.origin = glm::vec3(exact + glm::dvec3(0.3, 2.0, 0.7));
        ray.direction = glm::vec3(glm::dvec3(exact) - glm::dvec3(ray.origin));
        const picking::PickHit hit = hit_at(t, ray, u, v);
        const TriangleLessons l = triangle_lessons(hit, ray, glm::mat4(1.0f));
        const glm::dvec3 e1 = glm::dvec3(t.p1) - glm::dvec3(t.p0);
        const glm::dvec3 e2 = glm::dvec3(t.p2) - glm::dvec3(t.p0);
        EXPECT_NEAR(l.area_bone, 0.5 * glm::length(glm::cross(e1, e2)),
                    1e-12 * (1.0 + double(offset)));
        EXPECT_EQ(l.area_world, l.area_bone);
        EXPECT_NEAR(l.volume, std::abs(glm::dot(glm::dvec3(ray.direction), glm::cross(e1, e2))),
                    1e-9 * (1.0 + double(offset)));
        const double scale = 1.0 + std::abs(double(offset));
        EXPECT_LT(glm::length(glm::dvec3(l.from_barycentric) - exact), 1e-5 * scale) << i;
        EXPECT_LT(glm::length(glm::dvec3(l.from_ray) - exact), 1e-5 * scale) << i;
        EXPECT_LT(l.ulps, 64.0) << i;  // a few roundings apart, near or far
        (i < 200 ? near_worst : far_worst) =
            std::max(i < 200 ? near_worst : far_worst, l.difference);
    }
    // The lesson: the same point computed two ways drifts apart as coordinates grow.
    EXPECT_GT(far_worst, 100.0 * near_worst);
}

}  // namespace
}  // namespace app
