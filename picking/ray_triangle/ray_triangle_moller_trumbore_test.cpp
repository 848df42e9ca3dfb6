// Hand-computed cases for seed 002's Möller–Trumbore. The unit right triangle in z = 0,
// p0 = (0,0,0), p1 = (1,0,0), p2 = (0,1,0), is hit from z = 1 looking down -z: a ray through
// (x, y, 0) hits at t = 1 with u = x (weight of p1) and v = y (weight of p2).

#include <gtest/gtest.h>

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/testing/special_floats.h"
#include "picking/testing/unit_triangle.h"

namespace picking {
namespace {

using testing::down_through;
using testing::kInf;
using testing::kNaN;
using testing::kUnitTriangle;

std::optional<RayHit> mt(const Ray& ray, const Triangle& tri = kUnitTriangle,
                         RayTriangleOptions opts = {}) {
    return intersect_moller_trumbore(ray, tri, opts);
}

TEST(MollerTrumbore, Centre) {
    const auto hit = mt(down_through(1.0f / 3, 1.0f / 3));
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 1.0f);
    EXPECT_NEAR(hit->u, 1.0f / 3, 1e-6);
    EXPECT_NEAR(hit->v, 1.0f / 3, 1e-6);
}

TEST(MollerTrumbore, WeightsMatchTheHitPoint) {
    const auto hit = mt(down_through(0.6f, 0.25f));
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->u, 0.6f, 1e-6);
    EXPECT_NEAR(hit->v, 0.25f, 1e-6);
    const glm::vec3 p = kUnitTriangle.point(hit->u, hit->v);
    EXPECT_NEAR(p.x, 0.6f, 1e-6);
    EXPECT_NEAR(p.y, 0.25f, 1e-6);
}

TEST(MollerTrumbore, JustInsideEachEdgeHits) {
    EXPECT_TRUE(mt(down_through(0.5f, 1e-4f)));            // edge p0 p1
    EXPECT_TRUE(mt(down_through(0.4999f, 0.5f - 1e-4f)));  // edge p1 p2
    EXPECT_TRUE(mt(down_through(1e-4f, 0.5f)));            // edge p2 p0
}

TEST(MollerTrumbore, JustOutsideEachEdgeMisses) {
    EXPECT_FALSE(mt(down_through(0.5f, -1e-4f)));
    EXPECT_FALSE(mt(down_through(0.5f, 0.5f + 1e-4f)));
    EXPECT_FALSE(mt(down_through(-1e-4f, 0.5f)));
}

// Seed 002 accepts only α > 0, β > 0, α + β < 1: a ray exactly on an edge or a vertex is a
// miss. That strictness is the seed's, and it is what lets rays leak between two triangles.
TEST(MollerTrumbore, ExactlyOnAnEdgeMissesAsTheSeedSays) {
    EXPECT_FALSE(mt(down_through(0.5f, 0.0f)));
    EXPECT_FALSE(mt(down_through(0.0f, 0.5f)));
    EXPECT_FALSE(mt(down_through(0.5f, 0.5f)));
}

TEST(MollerTrumbore, ExactlyOnAVertexMisses) {
    EXPECT_FALSE(mt(down_through(0.0f, 0.0f)));
    EXPECT_FALSE(mt(down_through(1.0f, 0.0f)));
    EXPECT_FALSE(mt(down_through(0.0f, 1.0f)));
}

TEST(MollerTrumbore, BehindTheOriginMisses) {
    EXPECT_FALSE(mt(Ray{{0.25f, 0.25f, -1.0f}, {0, 0, -1}}));
    // ... and the same triangle in front of it hits at t = 1.
    const auto hit = mt(Ray{{0.25f, 0.25f, -1.0f}, {0, 0, 1}});
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 1.0f);
}

TEST(MollerTrumbore, ParallelRayMisses) {
    EXPECT_FALSE(mt(Ray{{0.25f, 0.25f, 1.0f}, {1, 0, 0}}));
    EXPECT_FALSE(mt(Ray{{-1.0f, 0.25f, 0.0f}, {1, 0, 0}}));  // in the plane, through it
}

TEST(MollerTrumbore, DegenerateTriangleMisses) {
    const Triangle line{{0, 0, 0}, {1, 1, 0}, {2, 2, 0}};
    const Triangle point{{1, 1, 0}, {1, 1, 0}, {1, 1, 0}};
    EXPECT_FALSE(mt(down_through(1.0f, 1.0f), line));
    EXPECT_FALSE(mt(down_through(1.0f, 1.0f), point));
}

TEST(MollerTrumbore, TRangeIsExclusive) {
    Ray ray = down_through(0.25f, 0.25f);
    ray.t_max = 1.0f;
    EXPECT_FALSE(mt(ray));  // t < t_max is strict
    ray.t_max = 1.0001f;
    EXPECT_TRUE(mt(ray));
    ray.t_min = 1.0f;
    EXPECT_FALSE(mt(ray));  // t_min < t is strict
}

TEST(MollerTrumbore, NonUnitDirectionScalesT) {
    const auto hit = mt(Ray{{0.25f, 0.25f, 1.0f}, {0, 0, -4}});
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 0.25f);
}

TEST(MollerTrumbore, BackfaceCulling) {
    const Ray from_below{{0.25f, 0.25f, -1.0f}, {0, 0, 1}};
    EXPECT_TRUE(mt(from_below));
    EXPECT_FALSE(mt(from_below, kUnitTriangle, {.cull_backfaces = true}));
    EXPECT_TRUE(mt(down_through(0.25f, 0.25f), kUnitTriangle, {.cull_backfaces = true}));
}

TEST(MollerTrumbore, BadRaysMissWithoutTrapping) {
    EXPECT_FALSE(mt(Ray{{kNaN, 0.25f, 1}, {0, 0, -1}}));
    EXPECT_FALSE(mt(Ray{{0.25f, 0.25f, 1}, {kNaN, 0, -1}}));
    EXPECT_FALSE(mt(Ray{{0.25f, 0.25f, 1}, {0, 0, 0}}));
    EXPECT_FALSE(mt(Ray{{0.25f, 0.25f, 1}, {0, 0, -kInf}}));
    EXPECT_FALSE(mt(Ray{{0.25f, 0.25f, kInf}, {0, 0, -1}}));
    const Triangle nan_tri{{kNaN, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    EXPECT_FALSE(mt(down_through(0.25f, 0.25f), nan_tri));
}

}  // namespace
}  // namespace picking
