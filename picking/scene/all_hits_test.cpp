#include "picking/scene/all_hits.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include "picking/testing/test_meshes.h"

namespace picking {
namespace {

// A unit quad in z = 0 made of two triangles sharing the diagonal (-1,-1) – (1,1).
using testing::kQuad;
using testing::kQuadIndices;

SceneView stack_of_quads(std::initializer_list<float> zs) {
    SceneView scene;
    scene.meshes.push_back({kQuad, kQuadIndices});
    std::uint32_t node = 0;
    for (float z : zs)
        scene.instances.push_back(
            {0, node++, glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 0.0f, z))});
    return scene;
}

TEST(AllHits, EveryLayerSortedByTWithItsFace) {
    const SceneView scene = stack_of_quads({-6, -2, -4});
    const AllHitsResult r = all_hits(scene, Ray{{0.5f, -0.2f, 0}, {0, 0, -1}}, {});
    ASSERT_EQ(r.hits.size(), 3u);
    EXPECT_FLOAT_EQ(r.hits[0].hit.t, 2.0f);
    EXPECT_FLOAT_EQ(r.hits[1].hit.t, 4.0f);
    EXPECT_FLOAT_EQ(r.hits[2].hit.t, 6.0f);
    EXPECT_EQ(r.hits[0].hit.instance, 1u);
    for (const AllHit& h : r.hits) {
        EXPECT_TRUE(h.hit.front_face);  // the quads face +z, the ray looks down -z
        EXPECT_FALSE(h.near_duplicate);
    }
    EXPECT_EQ(r.stats.triangles_tested, 6u);
    // From below, every one is a back face.
    const AllHitsResult below = all_hits(scene, Ray{{0.5f, -0.2f, -9}, {0, 0, 1}}, {});
    ASSERT_EQ(below.hits.size(), 3u);
    for (const AllHit& h : below.hits)
        EXPECT_FALSE(h.hit.front_face);
}

TEST(AllHits, ASharedEdgeHitTwiceIsFlagged) {
    const SceneView scene = stack_of_quads({-3});
    // Exactly on the shared diagonal: the inclusive reference reports both triangles.
    PickSettings settings;
    settings.method = RayTriangleMethod::Reference;
    const AllHitsResult r = all_hits(scene, Ray{{0.25f, 0.25f, 0}, {0, 0, -1}}, settings);
    ASSERT_EQ(r.hits.size(), 2u);
    EXPECT_FALSE(r.hits[0].near_duplicate);
    EXPECT_TRUE(r.hits[1].near_duplicate);
    EXPECT_NE(r.hits[0].hit.triangle, r.hits[1].hit.triangle);
    // The strict seed 002 test reports neither: the ray leaks through.
    settings.method = RayTriangleMethod::MollerTrumbore;
    EXPECT_TRUE(all_hits(scene, Ray{{0.25f, 0.25f, 0}, {0, 0, -1}}, settings).hits.empty());
}

TEST(AllHits, SeedsWithoutATRangeListHitsBehindTheOrigin) {
    const SceneView scene = stack_of_quads({-2, 3});
    PickSettings settings;
    settings.method = RayTriangleMethod::DxPick;
    const AllHitsResult r = all_hits(scene, Ray{{0.5f, -0.2f, 0}, {0, 0, -1}}, settings);
    ASSERT_EQ(r.hits.size(), 2u);
    EXPECT_FLOAT_EQ(r.hits[0].hit.t, -3.0f);
    EXPECT_FLOAT_EQ(r.hits[1].hit.t, 2.0f);
}

TEST(AllHits, BadRayGivesNothing) {
    const SceneView scene = stack_of_quads({-2});
    EXPECT_TRUE(all_hits(scene, Ray{{0, 0, 0}, {0, 0, 0}}, {}).hits.empty());
}

}  // namespace
}  // namespace picking
