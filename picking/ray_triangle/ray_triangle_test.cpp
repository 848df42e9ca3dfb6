// Every algorithm of the table on hand-computed cases. The unit right triangle in z = 0,
// p0 = (0,0,0), p1 = (1,0,0), p2 = (0,1,0), is hit from z = 1 looking down -z: a ray through
// (x, y, 0) hits at t = 1 with u = x (weight of p1) and v = y (weight of p2).
// The seeds' quirks each have a test of their own below.

#include <cmath>
#include <limits>
#include <random>

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

}  // namespace

// gtest prints parameters with this (instead of the struct's bytes).
void PrintTo(const RayTriangleAlgorithm& algorithm, std::ostream* out) {
    *out << algorithm.name;
}

namespace {

std::string name_of(const ::testing::TestParamInfo<RayTriangleAlgorithm>& info) {
    return std::string(info.param.name);
}

class EveryAlgorithm : public ::testing::TestWithParam<RayTriangleAlgorithm> {
  protected:
    std::optional<RayHit> hit(const Ray& ray, const Triangle& tri = kUnitTriangle,
                              RayTriangleOptions options = {}) const {
        return GetParam().intersect(ray, tri, options);
    }
};

TEST_P(EveryAlgorithm, HitsInsideWithTheRightTAndWeights) {
    for (const auto& [x, y] : {std::pair{0.25f, 0.25f}, {0.6f, 0.25f}, {0.1f, 0.8f}}) {
        const auto h = hit(down_through(x, y));
        ASSERT_TRUE(h) << x << "," << y;
        EXPECT_NEAR(h->t, 1.0f, 1e-6f);
        EXPECT_NEAR(h->u, x, 1e-6f);
        EXPECT_NEAR(h->v, y, 1e-6f);
    }
}

TEST_P(EveryAlgorithm, ScaledAndMovedTriangle) {
    // The same hit on a triangle far from the origin, of side 1000, seen at an angle.
    const glm::vec3 offset{300.0f, -200.0f, 50.0f};
    const Triangle big{offset, offset + glm::vec3(1000, 0, 0), offset + glm::vec3(0, 1000, 0)};
    const glm::vec3 target = offset + glm::vec3(400, 300, 0);
    const Ray ray{target + glm::vec3(30, -20, 100), glm::vec3(-30, 20, -100) / 50.0f};
    const auto h = hit(ray, big);
    ASSERT_TRUE(h);
    EXPECT_NEAR(h->t, 50.0f, 1e-3f);
    EXPECT_NEAR(h->u, 0.4f, 1e-5f);
    EXPECT_NEAR(h->v, 0.3f, 1e-5f);
}

TEST_P(EveryAlgorithm, MissesOutsideEachEdge) {
    EXPECT_FALSE(hit(down_through(0.5f, -1e-3f)));
    EXPECT_FALSE(hit(down_through(0.5f + 1e-3f, 0.5f + 1e-3f)));
    EXPECT_FALSE(hit(down_through(-1e-3f, 0.5f)));
    EXPECT_FALSE(hit(down_through(2.0f, 2.0f)));
}

TEST_P(EveryAlgorithm, ParallelRaysMiss) {
    EXPECT_FALSE(hit(Ray{{0.25f, 0.25f, 1.0f}, {1, 0, 0}}));
    EXPECT_FALSE(hit(Ray{{-1.0f, 0.25f, 0.0f}, {1, 0, 0}}));  // in the plane, through it
    EXPECT_FALSE(hit(Ray{{-1.0f, 0.2f, 0.5f}, {1, 1, 0}}));
}

TEST_P(EveryAlgorithm, DegenerateTrianglesMiss) {
    const Triangle line{{0, 0, 0}, {1, 1, 0}, {2, 2, 0}};
    const Triangle point{{1, 1, 0}, {1, 1, 0}, {1, 1, 0}};
    const Triangle two_equal{{0, 0, 0}, {1, 0, 0}, {1, 0, 0}};
    for (const Triangle& tri : {line, point, two_equal}) {
        EXPECT_FALSE(hit(down_through(1.0f, 1.0f), tri));
        EXPECT_FALSE(hit(down_through(0.5f, 0.0f), tri));
    }
}

TEST_P(EveryAlgorithm, NonUnitDirectionScalesT) {
    const auto h = hit(Ray{{0.25f, 0.25f, 1.0f}, {0, 0, -4}});
    ASSERT_TRUE(h);
    EXPECT_NEAR(h->t, 0.25f, 1e-7f);
}

TEST_P(EveryAlgorithm, BackfaceCulling) {
    const Ray from_below{{0.25f, 0.25f, -1.0f}, {0, 0, 1}};
    const RayTriangleOptions cull{.cull_backfaces = true};
    EXPECT_TRUE(hit(from_below));
    EXPECT_FALSE(hit(from_below, kUnitTriangle, cull));
    EXPECT_TRUE(hit(down_through(0.25f, 0.25f), kUnitTriangle, cull));
    // A clockwise triangle is a back face from above.
    const Triangle clockwise{kUnitTriangle.p0, kUnitTriangle.p2, kUnitTriangle.p1};
    EXPECT_FALSE(hit(down_through(0.25f, 0.25f), clockwise, cull));
    EXPECT_TRUE(hit(from_below, clockwise, cull));
}

TEST_P(EveryAlgorithm, TRangeIsHonouredWhenTheSeedQuirkIsOff) {
    RayTriangleOptions options;
    options.seed_ignores_t_range = false;
    Ray ray = down_through(0.25f, 0.25f);
    ray.t_max = 0.5f;
    EXPECT_FALSE(hit(ray, kUnitTriangle, options));
    ray.t_max = 2.0f;
    ray.t_min = 1.5f;
    EXPECT_FALSE(hit(ray, kUnitTriangle, options));
    ray.t_min = 0.5f;
    EXPECT_TRUE(hit(ray, kUnitTriangle, options));
    // Behind the origin.
    EXPECT_FALSE(hit(Ray{{0.25f, 0.25f, -1.0f}, {0, 0, -1}}, kUnitTriangle, options));
}

TEST_P(EveryAlgorithm, BadRaysAndTrianglesMissWithoutTrapping) {
    const std::vector<Ray> bad_rays = {
        Ray{{kNaN, 0.25f, 1}, {0, 0, -1}},           Ray{{0.25f, 0.25f, 1}, {kNaN, 0, -1}},
        Ray{{0.25f, 0.25f, 1}, {0, 0, 0}},           Ray{{0.25f, 0.25f, 1}, {0, 0, -kInf}},
        Ray{{0.25f, 0.25f, kInf}, {0, 0, -1}},       Ray{{-kInf, 0.25f, 1}, {1, 0, -1}},
        Ray{{0.25f, 0.25f, 1}, {kInf, kInf, -kInf}}, Ray{{0.25f, 0.25f, 1e38f}, {0, 0, -1e-38f}},
        Ray{{0.25f, 0.25f, 1}, {1e-45f, 0, 0}},
    };
    const RayTriangleOptions seed_quirks{};  // the seeds' t behaviour too
    for (const Ray& ray : bad_rays) {
        const auto h = hit(ray, kUnitTriangle, seed_quirks);
        if (h) {
            // Tiny or huge but finite input may hit; what comes out must then be finite.
            EXPECT_TRUE(std::isfinite(h->t) && std::isfinite(h->u) && std::isfinite(h->v));
        }
    }
    for (int i = 0; i < 7; ++i)
        EXPECT_FALSE(hit(bad_rays[std::size_t(i)]));
    const Triangle nan_tri{{kNaN, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const Triangle inf_tri{{0, 0, 0}, {kInf, 0, 0}, {0, 1, 0}};
    const Triangle nan_last{{0, 0, 0}, {1, 0, 0}, {0, kNaN, 0}};
    for (const Triangle& tri : {nan_tri, inf_tri, nan_last}) {
        EXPECT_FALSE(hit(down_through(0.25f, 0.25f), tri));
        EXPECT_FALSE(hit(down_through(0.25f, 0.25f), tri, seed_quirks));
    }
}

TEST_P(EveryAlgorithm, ExplainAgreesWithTheFastTest_Seed5) {
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> c(-1.0f, 1.0f);
    int hits = 0, misses = 0;
    for (int i = 0; i < 2000; ++i) {
        const Triangle tri{
            {c(rng), c(rng), c(rng)}, {c(rng), c(rng), c(rng)}, {c(rng), c(rng), c(rng)}};
        // Aimed at the triangle's plane around it: about half hit.
        const float v = 0.25f + 0.8f * c(rng), u = 0.5f + 0.8f * c(rng);  // GCC's order
        const glm::vec3 target = tri.point(u, v);
        const glm::vec3 origin{2 * c(rng), 2 * c(rng), 2 * c(rng)};
        const Ray ray{origin, target - origin};
        RayTriangleOptions options;
        options.cull_backfaces = i % 3 == 0;
        const auto fast = GetParam().intersect(ray, tri, options);
        const RayTriangleExplanation why = GetParam().explain(ray, tri, options);
        ASSERT_EQ(fast.has_value(), why.hit.has_value()) << "case " << i;
        EXPECT_FALSE(why.steps.empty());
        if (fast) {
            ++hits;
            EXPECT_EQ(fast->t, why.hit->t);
            EXPECT_EQ(fast->u, why.hit->u);
            EXPECT_EQ(fast->v, why.hit->v);
            EXPECT_TRUE(why.rejected_by.empty()) << why.rejected_by;
        } else {
            ++misses;
            EXPECT_FALSE(why.rejected_by.empty()) << "case " << i;
        }
        EXPECT_GT(why.flops, 0);
    }
    EXPECT_GT(hits, 200);
    EXPECT_GT(misses, 200);
}

INSTANTIATE_TEST_SUITE_P(RayTriangle, EveryAlgorithm, ::testing::ValuesIn(kRayTriangleAlgorithms),
                         name_of);

// == The table

TEST(RayTriangleTable, NamesAreUniqueAndFound) {
    for (const auto& a : kRayTriangleAlgorithms) {
        const RayTriangleAlgorithm* found = find_ray_triangle_algorithm(a.name);
        ASSERT_NE(found, nullptr) << a.name;
        EXPECT_EQ(found->method, a.method);
        EXPECT_EQ(&ray_triangle_algorithm(a.method), found);
        EXPECT_FALSE(a.citation.empty());
    }
    EXPECT_EQ(find_ray_triangle_algorithm("nope"), nullptr);
    EXPECT_EQ(kRayTriangleAlgorithms.size(), 10u);
    EXPECT_NE(ray_triangle_algorithm_names().find("watertight"), std::string_view::npos);
}

// == The seeds' quirks, each visible

TEST(SeedQuirks, DxPickReportsATriangleBehindTheOrigin) {
    const Ray looking_away{{0.25f, 0.25f, 1.0f}, {0, 0, 1}};
    const auto h = intersect_dx_pick(looking_away, kUnitTriangle, {});
    ASSERT_TRUE(h);
    EXPECT_FLOAT_EQ(h->t, -1.0f);
    // The corrected algorithms do not, and dx_pick does not either once the quirk is off.
    EXPECT_FALSE(intersect_moller_trumbore(looking_away, kUnitTriangle, {}));
    EXPECT_FALSE(intersect_watertight(looking_away, kUnitTriangle, {}));
    RayTriangleOptions clipped;
    clipped.seed_ignores_t_range = false;
    EXPECT_FALSE(intersect_dx_pick(looking_away, kUnitTriangle, clipped));
    // The Unity port and XNA share it.
    EXPECT_TRUE(intersect_unity_pick(looking_away, kUnitTriangle, {}));
    EXPECT_TRUE(intersect_xna_plane(looking_away, kUnitTriangle, {}));
}

TEST(SeedQuirks, DxPickAbsoluteEpsilonRejectsSmallTriangles) {
    // det = E1 · (D × E2) scales with the triangle's area: a millimetre triangle seen with a
    // unit direction has det = 1e-6 < 0.0001, and the DirectX test calls it "parallel".
    const Triangle small{{0, 0, 0}, {1e-3f, 0, 0}, {0, 1e-3f, 0}};
    const Ray ray{{2.5e-4f, 2.5e-4f, 1.0f}, {0, 0, -1}};
    EXPECT_FALSE(intersect_dx_pick(ray, small, {}));
    EXPECT_FALSE(intersect_unity_pick(ray, small, {}));  // 1e-6 < 0.00001 as well
    EXPECT_TRUE(intersect_moller_trumbore(ray, small, {}));
    EXPECT_TRUE(intersect_watertight(ray, small, {}));
    RayTriangleOptions smaller;
    smaller.dx_det_epsilon = 1e-8f;
    EXPECT_TRUE(intersect_dx_pick(ray, small, smaller));
}

TEST(SeedQuirks, UnityToleranceAcceptsJustOutsideTheFarEdges) {
    // u - det > 0.00001 in det-scaled units: with det = 1 the test accepts u up to 1.00001.
    const Ray just_past_p1{{1.000005f, 0.0f, 1.0f}, {0, 0, -1}};
    EXPECT_TRUE(intersect_unity_pick(just_past_p1, kUnitTriangle, {}));
    EXPECT_FALSE(intersect_dx_pick(just_past_p1, kUnitTriangle, {}));
    RayTriangleOptions strict;
    strict.unity_edge_tolerance = 0.0f;
    EXPECT_FALSE(intersect_unity_pick(just_past_p1, kUnitTriangle, strict));
}

TEST(SeedQuirks, XnaAndMollerTrumboreLeakOnEdgesWhereInclusiveOnesHit) {
    // Exactly on the edge p0 p1 (v = 0) and on vertex p0.
    for (const Ray& ray : {down_through(0.5f, 0.0f), down_through(0.0f, 0.0f)}) {
        EXPECT_FALSE(intersect_xna_plane(ray, kUnitTriangle, {}));
        EXPECT_FALSE(intersect_moller_trumbore(ray, kUnitTriangle, {}));
        EXPECT_TRUE(intersect_dx_pick(ray, kUnitTriangle, {}));
        EXPECT_TRUE(intersect_watertight(ray, kUnitTriangle, {}));
        EXPECT_TRUE(intersect_reference(ray, kUnitTriangle, {}));
        EXPECT_TRUE(intersect_baldwin_weber(ray, kUnitTriangle, {}));
    }
}

TEST(SeedQuirks, XnaRejectsTheNaNPointOfAParallelRay) {
    const RayTriangleExplanation why =
        explain_xna_plane(Ray{{-1.0f, 0.25f, 0.0f}, {1, 0, 0}}, kUnitTriangle, {});
    EXPECT_FALSE(why.hit);
    EXPECT_NE(why.rejected_by.find("NaN"), std::string_view::npos) << why.rejected_by;
}

TEST(SeedQuirks, Crossing2dGivesASharedEdgeToOneSideOnly) {
    // Two triangles sharing the vertical edge x = 0.5 (in the z = 0 plane, seen from +z):
    // a ray exactly on that edge belongs to exactly one of them.
    const Triangle left{{0, 0, 0}, {0.5f, 0, 0}, {0.5f, 1, 0}};
    const Triangle right{{0.5f, 0, 0}, {1, 0, 0}, {0.5f, 1, 0}};
    for (const float y : {0.25f, 0.5f, 0.75f}) {
        const Ray ray = down_through(0.5f, y * 0.5f);
        const bool l = intersect_crossing_2d(ray, left, {}).has_value();
        const bool r = intersect_crossing_2d(ray, right, {}).has_value();
        EXPECT_NE(l, r) << y;
    }
}

// == Explain names the failing test and shows the papers' formulas

TEST(Explain, MollerTrumboreDxStepsAreTheSeedsNames) {
    const RayTriangleExplanation why =
        explain_dx_pick(down_through(0.25f, 0.25f), kUnitTriangle, {});
    std::vector<std::string_view> names;
    for (const ExplainStep& s : why.steps)
        names.push_back(s.name);
    for (std::string_view expected : {"E1", "E2", "P", "det", "T", "Q", "t", "u", "v"})
        EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
    ASSERT_TRUE(why.hit);
}

// Seed 002's names with the paper's beside them, checked by hand: p0 = (0,0,0), p1 = (1,0,0),
// p2 = (0,1,0) hit from (0.25, 0.5, 1) straight down. The paper's V0, V1, V2 are the seed's
// C, A, B = p2, p0, p1: E1 = (0,-1,0), E2 = (1,-1,0), P = D × E2 = (-1,-1,0), det = 1,
// T = O - V0 = (0.25,-0.5,1), u = T·P = 0.25 (the weight of p0), Q = T × E1 = (1,0,-0.25),
// v = D·Q = 0.25 (the weight of p1), t = E2·Q = 1.
TEST(Explain, MollerTrumboreShowsTheSeedsAndThePapersNames) {
    const RayTriangleExplanation why =
        explain_moller_trumbore(Ray{{0.25f, 0.5f, 1.0f}, {0, 0, -1}}, kUnitTriangle, {});
    auto step = [&](std::string_view name) -> glm::vec3 {
        for (const ExplainStep& s : why.steps)
            if (s.name == name) return s.value;
        ADD_FAILURE() << "no step " << name;
        return glm::vec3(kNaN);
    };
    EXPECT_EQ(step("E1"), glm::vec3(0, -1, 0));
    EXPECT_EQ(step("E2"), glm::vec3(1, -1, 0));
    EXPECT_EQ(step("S1 = P"), glm::vec3(-1, -1, 0));
    EXPECT_EQ(step("det").x, 1.0f);
    EXPECT_EQ(step("S = T"), glm::vec3(0.25f, -0.5f, 1.0f));
    EXPECT_EQ(step("alpha = u").x, 0.25f);
    EXPECT_EQ(step("S2 = Q"), glm::vec3(1.0f, 0.0f, -0.25f));
    EXPECT_EQ(step("beta = v").x, 0.25f);
    EXPECT_EQ(step("t").x, 1.0f);
    // The paper's order of the steps: E1, E2, P, det, T, u, Q, v (then t).
    std::vector<std::string_view> names;
    for (const ExplainStep& s : why.steps)
        names.push_back(s.name);
    const std::vector<std::string_view> expected = {
        "E1", "E2", "S = T", "S1 = P", "det", "alpha = u", "S2 = Q", "t", "beta = v"};
    EXPECT_EQ(names, expected);
    EXPECT_NE(why.note.find("T = S, P = S1"), std::string_view::npos) << why.note;
    ASSERT_TRUE(why.hit);
    EXPECT_EQ(why.hit->u, 0.25f);  // beta: the weight of p1
    EXPECT_EQ(why.hit->v, 0.5f);   // 1 - alpha - beta: the weight of p2
    EXPECT_TRUE(explain_dx_pick(down_through(0.25f, 0.25f), kUnitTriangle, {}).note.empty());
}

TEST(Explain, AMissSaysWhichTestRejectedIt) {
    const auto outside = explain_dx_pick(down_through(0.9f, 0.9f), kUnitTriangle, {});
    EXPECT_FALSE(outside.hit);
    EXPECT_NE(outside.rejected_by.find("u + v > det"), std::string_view::npos)
        << outside.rejected_by;
    const auto parallel = explain_moller_trumbore(Ray{{0, 0, 1}, {1, 0, 0}}, kUnitTriangle, {});
    EXPECT_NE(parallel.rejected_by.find("parallel"), std::string_view::npos);
    const auto watertight = explain_watertight(down_through(-0.5f, 0.5f), kUnitTriangle, {});
    EXPECT_NE(watertight.rejected_by.find("both signs"), std::string_view::npos);
    // Early exits do less work.
    const auto hit = explain_dx_pick(down_through(0.25f, 0.25f), kUnitTriangle, {});
    const auto early = explain_dx_pick(down_through(-0.5f, 0.25f), kUnitTriangle, {});
    EXPECT_LT(early.flops, hit.flops);
}

// == Baldwin–Weber's precomputation

TEST(BaldwinWeber, PrecomputedEqualsOnTheFlyForEveryFreeAxis_Seed9) {
    std::mt19937 rng(9);
    std::uniform_real_distribution<float> c(-1.0f, 1.0f);
    int axes[3] = {0, 0, 0};
    for (int i = 0; i < 3000; ++i) {
        const Triangle tri{
            {c(rng), c(rng), c(rng)}, {c(rng), c(rng), c(rng)}, {c(rng), c(rng), c(rng)}};
        const BaldwinWeberTriangle pre = precompute_baldwin_weber(tri);
        ASSERT_GE(pre.free_axis, 0);
        ++axes[pre.free_axis];
        // The map sends the corners to (0,0), (1,0), (0,1) and the plane to z = 0.
        const Ray to_p1{tri.p1 + tri.normal(), -tri.normal()};
        const auto h = intersect_baldwin_weber(to_p1, pre, {});
        if (h) {
            EXPECT_NEAR(h->u, 1.0f, 1e-3f);
            EXPECT_NEAR(h->v, 0.0f, 1e-3f);
        }
        const Ray ray{{2 * c(rng), 2 * c(rng), 2 * c(rng)}, {c(rng), c(rng), c(rng)}};
        const auto a = intersect_baldwin_weber(ray, pre, {});
        const auto b = intersect_baldwin_weber(ray, tri, {});
        ASSERT_EQ(a.has_value(), b.has_value());
        if (a) {
            EXPECT_EQ(a->t, b->t);
        }
    }
    for (int axis : axes)
        EXPECT_GT(axis, 500);
}

TEST(BaldwinWeber, DegenerateTriangleHasNoTransform) {
    EXPECT_EQ(precompute_baldwin_weber({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}).free_axis, -1);
    EXPECT_EQ(precompute_baldwin_weber({{kNaN, 0, 0}, {1, 0, 0}, {0, 1, 0}}).free_axis, -1);
}

}  // namespace
}  // namespace picking
