#include <random>

#include <gtest/gtest.h>

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/testing/unit_triangle.h"

namespace picking {
namespace {

using testing::down_through;
using testing::kUnitTriangle;
std::optional<RayHit> ref(const Ray& ray, const Triangle& tri = kUnitTriangle,
                          RayTriangleOptions o = {}) {
    return intersect_reference(ray, tri, o);
}

TEST(Reference, CentreAndWeights) {
    const auto hit = ref(down_through(0.6f, 0.25f));
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 1.0f);
    EXPECT_NEAR(hit->u, 0.6f, 1e-7);
    EXPECT_NEAR(hit->v, 0.25f, 1e-7);
}

// Unlike the seed's strict test, the oracle counts edges and vertices as inside, so a ray
// through a shared edge hits both triangles and never slips between them.
TEST(Reference, EdgesAndVerticesAreInside) {
    for (const auto& [x, y] : {std::pair{0.5f, 0.0f},
                               {0.0f, 0.5f},
                               {0.5f, 0.5f},
                               {0.0f, 0.0f},
                               {1.0f, 0.0f},
                               {0.0f, 1.0f}})
        EXPECT_TRUE(ref(down_through(x, y))) << x << "," << y;
    EXPECT_FALSE(ref(down_through(0.5f, std::nextafter(0.0f, -1.0f))));
    EXPECT_FALSE(ref(down_through(std::nextafter(0.5f, 1.0f), 0.5f)));
}

TEST(Reference, SharedEdgeNeverLeaks) {
    // Two triangles sharing the diagonal of a quad; rays exactly on and one ulp around it.
    const Triangle lower{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
    const Triangle upper{{0, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> along(0.0f, 1.0f);
    for (int i = 0; i < 10000; ++i) {
        const float x = along(rng);
        for (const float y : {x, std::nextafter(x, 0.0f), std::nextafter(x, 1.0f)}) {
            const Ray ray = down_through(x, y);
            ASSERT_TRUE(ref(ray, lower) || ref(ray, upper)) << x << "," << y;
        }
    }
}

TEST(Reference, BehindParallelDegenerate) {
    EXPECT_FALSE(ref(Ray{{0.25f, 0.25f, -1.0f}, {0, 0, -1}}));
    EXPECT_FALSE(ref(Ray{{0.25f, 0.25f, 1.0f}, {1, 0, 0}}));
    EXPECT_FALSE(ref(Ray{{-1.0f, 0.25f, 0.0f}, {1, 0, 0}}));
    EXPECT_FALSE(ref(down_through(1, 1), Triangle{{0, 0, 0}, {1, 1, 0}, {2, 2, 0}}));
}

TEST(Reference, BackfaceCulling) {
    const Ray from_below{{0.25f, 0.25f, -1.0f}, {0, 0, 1}};
    EXPECT_TRUE(ref(from_below));
    EXPECT_FALSE(ref(from_below, kUnitTriangle, {.cull_backfaces = true}));
    EXPECT_TRUE(ref(down_through(0.25f, 0.25f), kUnitTriangle, {.cull_backfaces = true}));
}

TEST(Reference, BadInputMisses) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(ref(Ray{{nan, 0, 1}, {0, 0, -1}}));
    EXPECT_FALSE(ref(Ray{{0.25f, 0.25f, 1}, {0, 0, 0}}));
    EXPECT_FALSE(ref(down_through(0.25f, 0.25f), Triangle{{nan, 0, 0}, {1, 0, 0}, {0, 1, 0}}));
}

// Away from edges the seed's float Möller–Trumbore and the oracle must agree.
TEST(Reference, AgreesWithMollerTrumboreAwayFromEdges_Seed42) {
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> c(-1.0f, 1.0f);
    int hits = 0;
    for (int i = 0; i < 100000; ++i) {
        const Triangle tri{
            {c(rng), c(rng), c(rng)}, {c(rng), c(rng), c(rng)}, {c(rng), c(rng), c(rng)}};
        const Ray ray{{2 * c(rng), 2 * c(rng), 2 * c(rng)}, {c(rng), c(rng), c(rng)}};
        const auto a = intersect_moller_trumbore(ray, tri, {});
        const auto b = ref(ray, tri);
        if (b && std::min({b->u, b->v, 1 - b->u - b->v}) < 1e-4f) continue;  // near an edge
        if (b && b->t < 1e-4f) continue;                                     // near the origin
        ASSERT_EQ(bool(a), bool(b)) << "case " << i;
        if (a) {
            ++hits;
            EXPECT_NEAR(a->t, b->t, 1e-4f * std::max(1.0f, std::abs(b->t)));
            EXPECT_NEAR(a->u, b->u, 1e-4f);
            EXPECT_NEAR(a->v, b->v, 1e-4f);
        }
    }
    EXPECT_GT(hits, 1000);
}

}  // namespace
}  // namespace picking
