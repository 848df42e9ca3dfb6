#include "picking/studies/algorithm_compare.h"

#include <limits>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include "picking/testing/test_meshes.h"

namespace picking {
namespace {

TEST(UlpDistance, CountsRepresentableSteps) {
    EXPECT_EQ(ulp_distance(1.0f, 1.0f), 0);
    EXPECT_EQ(ulp_distance(1.0f, std::nextafter(1.0f, 2.0f)), 1);
    EXPECT_EQ(ulp_distance(std::nextafter(1.0f, 2.0f), 1.0f), 1);
    EXPECT_EQ(ulp_distance(0.0f, -0.0f), 0);
    const float tiny = std::numeric_limits<float>::denorm_min();
    EXPECT_EQ(ulp_distance(-tiny, tiny), 2);
    EXPECT_EQ(ulp_distance(1.0f, std::numeric_limits<float>::quiet_NaN()),
              std::numeric_limits<std::int64_t>::max());
}

using testing::kQuad;
using testing::kQuadIndices;

TEST(CompareAlgorithms, OneRowPerAlgorithmGradedAgainstTheReference) {
    SceneView scene;
    scene.meshes.push_back({kQuad, kQuadIndices});
    scene.instances.push_back({0, 0, glm::translate(glm::mat4(1.0f), {0, 0, -3})});
    const auto rows = compare_algorithms(scene, Ray{{0.5f, -0.25f, 0}, {0, 0, -1}}, {}, 3);
    ASSERT_EQ(rows.size(), kRayTriangleAlgorithms.size());
    for (const CompareRow& row : rows) {
        EXPECT_TRUE(row.agrees) << ray_triangle_algorithm(row.method).name;
        ASSERT_TRUE(row.t_ulps);
        EXPECT_LE(*row.t_ulps, 4) << ray_triangle_algorithm(row.method).name;
        EXPECT_LE(*row.u_ulps, 64) << ray_triangle_algorithm(row.method).name;
        EXPECT_GT(row.nanoseconds, 0.0);
        if (row.method == RayTriangleMethod::Reference) {
            EXPECT_EQ(*row.t_ulps, 0);
        }
    }
    // On the shared diagonal the strict tests miss while the reference hits: they disagree.
    const auto edge = compare_algorithms(scene, Ray{{0.25f, 0.25f, 0}, {0, 0, -1}}, {}, 1);
    for (const CompareRow& row : edge) {
        const auto& a = ray_triangle_algorithm(row.method);
        if (a.edges == EdgeRule::Strict) {
            EXPECT_FALSE(row.agrees) << a.name;
        }
        if (a.method == RayTriangleMethod::Watertight) {
            EXPECT_TRUE(row.agrees);
        }
    }
}

// A sphere shape in front of the quad stops the pick, but Compare runs on the triangles only:
// every algorithm still reports the quad behind it, and Baldwin–Weber's row is the same with
// the accel's precomputed transforms as without.
TEST(CompareAlgorithms, ShapesAreLeftOutAndTheTrianglesBehindThemCompared) {
    SceneView scene;
    scene.meshes.push_back({kQuad, kQuadIndices});
    scene.instances.push_back({0, 0, glm::translate(glm::mat4(1.0f), {0, 0, -3})});
    ShapeInstance ball;
    ball.shape.kind = ShapeKind::Sphere;
    ball.shape.sphere = {{0.5f, -0.25f, -1.5f}, 0.5f};
    scene.shapes.push_back(ball);
    const Ray ray{{0.5f, -0.25f, 0}, {0, 0, -1}};
    ASSERT_TRUE(pick(scene, ray, {}).shape) << "the pick itself stops at the sphere";
    const SceneAccel accel(scene);
    PickSettings settings;
    settings.broad_phase = BroadPhase::Bvh;  // Compare ignores it: every triangle, no BVH built
    for (const SceneAccel* with : {static_cast<const SceneAccel*>(nullptr), &accel}) {
        const auto rows = compare_algorithms(scene, ray, settings, 1, with);
        ASSERT_EQ(rows.size(), kRayTriangleAlgorithms.size());
        for (const CompareRow& row : rows) {
            const auto name = ray_triangle_algorithm(row.method).name;
            ASSERT_TRUE(row.result.hit) << name;
            EXPECT_FALSE(row.result.shape) << name;
            EXPECT_EQ(row.result.broad_phase, BroadPhase::None) << name;
            // Both triangles, but xna_plane's "first found" stops at the first it hits.
            EXPECT_EQ(row.result.stats.triangles_tested,
                      row.method == RayTriangleMethod::XnaPlane ? 1u : 2u)
                << name;
            EXPECT_NEAR(row.result.hit->t, 3.0f, 1e-5f) << name;
            EXPECT_TRUE(row.agrees) << name;
        }
    }
    EXPECT_TRUE(accel.baldwin_weber_cache().ready(0)) << "baldwin_weber's row used the cache";
}

}  // namespace
}  // namespace picking
