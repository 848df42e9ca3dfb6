#include "picking/bvh/wide_bvh.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>

#include "picking/bvh/child_order.h"
#include "picking/core/draw_vec3.h"
#include "picking/primitives/ray_aabb.h"
#include "picking/studies/ray_sets.h"
#include "picking/testing/brute_force.h"
#include "picking/testing/sanitized.h"
#include "picking/testing/test_meshes.h"
#include "picking/testing/wide_queries.h"

namespace picking {
namespace {

using testing::kScale;

using testing::brute_force;
using testing::outside_its_triangle;
using testing::random_soup;
using testing::reach;
using testing::TestMesh;
/// A closed bumpy sphere: every ray from outside aimed inside it must hit a watertight mesh.
using testing::closed_bumpy_sphere;

/// Brute force with the table's watertight test.
std::optional<BvhHit> brute_force_watertight(const MeshView& mesh, const Ray& ray,
                                             bool cull = false) {
    RayTriangleOptions options;
    options.cull_backfaces = cull;
    return brute_force(mesh, ray, intersect_watertight, options);
}

void expect_same_closest_tuv(const std::optional<BvhHit>& got, const std::optional<BvhHit>& want,
                             const std::string& what) {
    if (want && outside_its_triangle(want->hit) && (!got || got->triangle != want->triangle))
        return;  // unity_pick's tolerance hit beyond the triangle: out of any box's reach
    ASSERT_EQ(got.has_value(), want.has_value()) << what;
    if (!got) return;
    // The same triangle even at a tie: closer_hit's rule is brute force's.
    EXPECT_EQ(got->triangle, want->triangle) << what;
    EXPECT_EQ(got->hit.t, want->hit.t) << what;
    EXPECT_EQ(got->hit.u, want->hit.u) << what;
    EXPECT_EQ(got->hit.v, want->hit.v) << what;
}

using testing::block_query;

TEST(WideBvh, EmptyAndTiny) {
    const TestMesh empty;
    const WideBvh none = build_wide_bvh(empty.view());
    EXPECT_TRUE(none.empty());
    EXPECT_EQ(wide_depth(none), 0);
    WideQuery query;
    query.intersect = intersect_moller_trumbore;
    EXPECT_FALSE(raycast(none, empty.view(), Ray{}, query));

    const TestMesh one{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2}};
    const WideBvh bvh = build_wide_bvh(one.view());
    ASSERT_EQ(bvh.nodes.size(), 1u);  // a root holding one leaf
    ASSERT_EQ(bvh.blocks.size(), 1u);
    EXPECT_EQ(bvh.blocks[0].id[1], kEmptyLane);
    EXPECT_EQ(wide_depth(bvh), 1);
    for (Isa level : testing::isa_levels_here()) {
        const WideQuery q = block_query(BlockAlgorithm::Watertight, level);
        const auto hit = raycast(bvh, one.view(), Ray{{0.2f, 0.3f, 1}, {0, 0, -1}}, q);
        ASSERT_TRUE(hit) << isa_name(level);
        EXPECT_EQ(hit->triangle, 0u);
        EXPECT_FLOAT_EQ(hit->hit.t, 1.0f);
        EXPECT_FLOAT_EQ(hit->hit.u, 0.2f);
        EXPECT_FLOAT_EQ(hit->hit.v, 0.3f);
    }
}

/// Rays down onto stacked_grids (from a height of 1, some slanted), x and y drawn in order.
std::vector<Ray> rays_onto_grid(unsigned seed, int count, float cells) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> at(-0.5f, cells + 0.5f), lean(-0.3f, 0.3f);
    std::vector<Ray> rays;
    for (int i = 0; i < count; ++i) {
        const float x = at(rng), y = at(rng), dx = lean(rng), dy = lean(rng);
        rays.push_back(i % 2 ? Ray{{x, y, 1.0f}, {0.0f, 0.0f, -1.0f}}
                             : Ray{{x, y, 1.0f}, {dx, dy, -1.0f}});
    }
    return rays;
}

TEST(WideBvh, EqualHitsGoToTheLowestIdOnEveryPath_Seed61) {
    // Five copies of every triangle, their ids shuffled into different leaves: whichever leaf
    // a traversal reaches first, the lowest id among equally close hits wins, as in a loop
    // over every triangle.
    const TestMesh mesh = testing::stacked_grids(61, 6, 5);
    const WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    int ties = 0;
    for (const Ray& ray : rays_onto_grid(62, 3000, 6.0f)) {
        for (BlockAlgorithm algorithm :
             {BlockAlgorithm::MollerTrumbore, BlockAlgorithm::Watertight}) {
            const WideQuery base = block_query(algorithm, Isa::Scalar);
            const auto want = brute_force(mesh.view(), ray, base.intersect);
            if (!want) continue;
            ties += algorithm == BlockAlgorithm::Watertight;
            for (Isa level : testing::isa_levels_here()) {
                const auto got = raycast(bvh, mesh.view(), ray, block_query(algorithm, level));
                ASSERT_TRUE(got) << isa_name(level);
                EXPECT_EQ(got->triangle, want->triangle) << isa_name(level);
                EXPECT_EQ(got->hit.t, want->hit.t);
                EXPECT_EQ(got->hit.u, want->hit.u);
                EXPECT_EQ(got->hit.v, want->hit.v);
            }
        }
    }
    EXPECT_GT(ties, 2000);  // nearly every ray lands on the grid, on five copies at once
}

TEST(WideBvh, StructureIsSoundAndCompact_Seed31) {
    const TestMesh mesh = closed_bumpy_sphere(120, 160);
    const WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    std::vector<int> seen(mesh.view().triangle_count(), 0);
    for (const TriangleBlock8& block : bvh.blocks)
        for (std::uint32_t id : block.id)
            if (id != kEmptyLane) ++seen.at(id);
    for (int s : seen)
        ASSERT_EQ(s, 1);
    EXPECT_EQ(bvh.triangle_count, mesh.view().triangle_count());
    // Every leaf's block holds its triangles' corners; every box contains what is below it.
    std::size_t leaves = 0;
    for (std::size_t n = 0; n < bvh.nodes.size(); ++n) {
        const WideNode& node = bvh.nodes[n];
        for (int i = 0; i < WideNode::kWidth && node.child[i] != WideNode::kEmpty; ++i) {
            const Aabb box = node.child_bounds(i);
            const std::uint32_t ref = node.child[i];
            if (WideNode::is_leaf(ref)) {
                ++leaves;
                const TriangleBlock8& block = bvh.blocks[WideNode::leaf_block(ref)];
                for (std::uint32_t lane = 0; lane < 8; ++lane) {
                    if (lane >= WideNode::leaf_count(ref)) {
                        EXPECT_EQ(block.id[lane], kEmptyLane);
                        continue;
                    }
                    const Triangle t = block_triangle(block, lane);
                    const Triangle m = mesh.view().triangle(block.id[lane]);
                    EXPECT_EQ(t.p0, m.p0);
                    EXPECT_EQ(t.p2, m.p2);
                    EXPECT_TRUE(box.contains(t.p0) && box.contains(t.p1) && box.contains(t.p2));
                }
            } else {
                ASSERT_GT(ref, n);
                EXPECT_TRUE(box.contains(bvh.nodes[ref].child_bounds(0).min));
            }
        }
    }
    // Acceleration memory within the budget of 64 bytes per triangle.
    const double per_triangle = double(bvh.memory_bytes()) / double(mesh.view().triangle_count());
    EXPECT_LE(per_triangle, 64.0);
    EXPECT_GT(leaves, mesh.view().triangle_count() / 8);
    int boxes = 0;
    for_each_box(bvh, 0, [&](const Aabb&, int level) {
        EXPECT_EQ(level, 0);
        ++boxes;
    });
    EXPECT_GE(boxes, 2);
    EXPECT_LE(boxes, 8);
    EXPECT_GE(wide_depth(bvh), 3);
}

TEST(WideBvh, BuildsOnOneTwoAndFourThreadsAreSoundAndAgree_Seed36) {
    // Big enough for the parallel root, the shared queue and the parallel collapse (over 64K
    // triangles): whatever the threads' timing, every triangle once, boxes that hold what is
    // below them, children after parents, and the same picks as brute force.
    const TestMesh mesh = closed_bumpy_sphere(200, 200);
    ASSERT_GT(mesh.view().triangle_count(), std::size_t(1) << 16);
    const std::vector<Ray> rays =
        incoherent_rays(Aabb{{-3.3f, -3.3f, -3.3f}, {3.3f, 3.3f, 3.3f}}, 400 / kScale, 36, 4);
    std::vector<std::optional<BvhHit>> want;
    for (const Ray& ray : rays)
        want.push_back(brute_force_watertight(mesh.view(), ray));
    for (const unsigned threads : {1u, 2u, 4u}) {
        BvhBuildOptions options = wide_bvh_build_options();
        options.threads = threads;
        const WideBvh bvh = build_wide_bvh(mesh.view(), options);
        std::vector<int> seen(mesh.view().triangle_count(), 0);
        for (const TriangleBlock8& block : bvh.blocks)
            for (std::uint32_t id : block.id)
                if (id != kEmptyLane) ++seen.at(id);
        ASSERT_TRUE(std::all_of(seen.begin(), seen.end(), [](int s) { return s == 1; }))
            << threads << " threads";
        std::size_t children = 0;
        for (std::size_t n = 0; n < bvh.nodes.size(); ++n) {
            const WideNode& node = bvh.nodes[n];
            children += node.child_count;
            for (std::uint32_t i = 0; i < node.child_count; ++i)
                if (!WideNode::is_leaf(node.child[i])) {
                    ASSERT_GT(node.child[i], n);
                    const Aabb box = node.child_bounds(int(i));
                    const WideNode& below = bvh.nodes[node.child[i]];
                    for (std::uint32_t k = 0; k < below.child_count; ++k) {
                        EXPECT_TRUE(box.contains(below.child_bounds(int(k)).min));
                        EXPECT_TRUE(box.contains(below.child_bounds(int(k)).max));
                    }
                }
        }
        // The collapse fills nodes (the greedy one left 4.4 children per node on average).
        EXPECT_GT(double(children) / double(bvh.nodes.size()), 5.0) << threads << " threads";
        const WideQuery query = block_query(BlockAlgorithm::Watertight, active_isa());
        for (std::size_t r = 0; r < rays.size(); ++r)
            expect_same_closest_tuv(raycast(bvh, mesh.view(), rays[r], query), want[r],
                                    std::to_string(threads) + " threads, ray " + std::to_string(r));
    }
}

TEST(WideBvh, AnyAlgorithmMatchesBruteForce_Seed32) {
    const TestMesh mesh = random_soup(32, 3000);
    const WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    for (const RayTriangleAlgorithm& algorithm : kRayTriangleAlgorithms) {
        int hits = 0;
        for (const Ray& ray : incoherent_rays(bvh.bounds, 1000 / kScale, 32, 4)) {
            WideQuery query;
            query.intersect = algorithm.intersect;
            const auto got = raycast(bvh, mesh.view(), reach(ray, algorithm), query);
            expect_same_closest_tuv(got, brute_force(mesh.view(), ray, algorithm.intersect),
                                    std::string(algorithm.name));
            hits += got.has_value();
            query.any_hit = true;
            EXPECT_EQ(raycast(bvh, mesh.view(), reach(ray, algorithm), query).has_value(),
                      got.has_value());
        }
        EXPECT_GT(hits, 100 / kScale);
    }
}

TEST(WideBvh, SimdTraversalsEqualTheScalarReferenceBitForBit_Seed33) {
    const TestMesh soup = random_soup(33, 4000);
    const TestMesh sphere = closed_bumpy_sphere(60, 80);
    for (const TestMesh* mesh : {&soup, &sphere}) {
        const WideBvh bvh = build_wide_bvh(mesh->view(), wide_bvh_build_options());
        for (BlockAlgorithm algorithm :
             {BlockAlgorithm::Watertight, BlockAlgorithm::MollerTrumbore})
            for (bool cull : {false, true}) {
                const auto rays = incoherent_rays(bvh.bounds, 1000 / kScale, 33, 4);
                for (std::size_t r = 0; r < rays.size(); ++r) {
                    const Ray& ray = rays[r];
                    WideQuery query = block_query(algorithm, Isa::Scalar);
                    query.options.cull_backfaces = cull;
                    TraversalStats reference_stats;
                    const auto reference = raycast(bvh, mesh->view(), ray, query, &reference_stats);
                    // The brute force with the same triangle test agrees (every third ray: it
                    // is the slow part).
                    if (r % 3 == 0 && algorithm == BlockAlgorithm::Watertight)
                        expect_same_closest_tuv(reference,
                                                brute_force_watertight(mesh->view(), ray, cull),
                                                "watertight brute force");
                    for (Isa level : testing::isa_levels_here()) {
                        query.isa = level;
                        TraversalStats stats;
                        const auto got = raycast(bvh, mesh->view(), ray, query, &stats);
                        ASSERT_EQ(got.has_value(), reference.has_value()) << isa_name(level);
                        if (got) {
                            EXPECT_EQ(got->triangle, reference->triangle) << isa_name(level);
                            EXPECT_EQ(std::memcmp(&got->hit, &reference->hit, sizeof(RayHit)), 0)
                                << isa_name(level);
                        }
                        EXPECT_EQ(stats.nodes_visited, reference_stats.nodes_visited);
                        EXPECT_EQ(stats.box_tests, reference_stats.box_tests);
                        EXPECT_EQ(stats.triangles_tested, reference_stats.triangles_tested);
                        // Any-hit finds a hit exactly when closest-hit does.
                        query.any_hit = true;
                        EXPECT_EQ(raycast(bvh, mesh->view(), ray, query).has_value(),
                                  got.has_value());
                        query.any_hit = false;
                    }
                }
            }
    }
}

// Repro (found by fuzz_bvh_build): a ray whose direction has a component below 2^-128 (1 / D
// overflows) missed a triangle in every tree; the binary and the wide trees, on every path, now
// find the hit testing every triangle finds.
TEST(WideBvh, ADirectionTooSmallToInvertStillFindsItsHit) {
    const float tiny = 1e-39f;
    // A triangle in the plane x = 5.5 across y in [4, 8] tiny, z in [-1, 1]; beside it, one
    // the ray passes under, so that the tree has more than one leaf.
    TestMesh mesh;
    mesh.positions = {{5.5f, 4 * tiny, -1}, {5.5f, 8 * tiny, -1}, {5.5f, 6 * tiny, 1},
                      {7.5f, 1, -1},        {7.5f, 2, -1},        {7.5f, 1.5f, 1}};
    mesh.indices = {0, 1, 2, 3, 4, 5};
    const Ray ray{{0, 0, 0}, {1, tiny, 0}};
    const auto want = brute_force_watertight(mesh.view(), ray, false);
    ASSERT_TRUE(want);
    EXPECT_EQ(want->triangle, 0u);
    BvhBuildOptions leaves_of_one = wide_bvh_build_options();
    leaves_of_one.max_leaf_size = 1;
    const Bvh binary = build_bvh(mesh.view(), leaves_of_one);
    expect_same_closest_tuv(raycast_closest(binary, mesh.view(), ray, intersect_watertight, {}),
                            want, "binary");
    const WideBvh wide = build_wide_bvh(mesh.view(), leaves_of_one);
    WideQuery query = block_query(BlockAlgorithm::Watertight, Isa::Scalar);
    expect_same_closest_tuv(raycast(wide, mesh.view(), ray, query), want, "wide, scalar");
    for (Isa level : testing::isa_levels_here()) {
        query.isa = level;
        expect_same_closest_tuv(raycast(wide, mesh.view(), ray, query), want,
                                std::string(isa_name(level)));
    }
}

// A hit at either end of the ray's range, or one float inside or outside it, at scales from
// 1e-20 (det and t_scaled in the subnormals) to 1e18 (det near 1e36): every path gives what the
// scalar reference gives. (A range test before the leaves' division, tried for speed, lost
// such hits unless its range was widened: this caught it at either end.)
TEST(WideBvh, HitsAtTheEndsOfTheRaysRangeAreKeptOnEveryPath_Seed62) {
    std::mt19937 rng(62);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f), weight(0.05f, 1.0f);
    const float scales[] = {1e-20f, 1e-8f, 1.0f, 1e8f, 1e18f};
    const float inf = std::numeric_limits<float>::infinity();
    int at_the_end = 0;
    for (int i = 0; i < 2000; ++i) {
        const float scale = scales[i % 5];
        TestMesh mesh;
        for (int c = 0; c < 3; ++c)
            mesh.positions.push_back(draw_vec3<glm::vec3>(unit, rng) * scale);
        mesh.indices = {0, 1, 2};
        const float a = weight(rng), b = weight(rng), c = weight(rng);
        const glm::vec3 target =
            (a * mesh.positions[0] + b * mesh.positions[1] + c * mesh.positions[2]) / (a + b + c);
        const glm::vec3 origin = target + draw_vec3<glm::vec3>(unit, rng) * scale;
        const WideBvh bvh = build_wide_bvh(mesh.view());
        const WideQuery scalar = block_query(BlockAlgorithm::Watertight, Isa::Scalar);
        const auto hit = raycast(bvh, mesh.view(), Ray{origin, target - origin}, scalar);
        if (!hit) continue;
        const float t = hit->hit.t;
        const float below = std::nextafter(t, -inf), above = std::nextafter(t, inf);
        const std::pair<float, float> ranges[] = {
            {0.0f, t}, {0.0f, below}, {0.0f, above}, {t, inf}, {below, inf}, {above, inf}, {t, t}};
        for (const auto& [t_min, t_max] : ranges) {
            const Ray ray{origin, target - origin, t_min, t_max};
            const auto want = raycast(bvh, mesh.view(), ray, scalar);
            if (want && t_max == t) ++at_the_end;
            for (Isa level : testing::isa_levels_here()) {
                const auto got =
                    raycast(bvh, mesh.view(), ray, block_query(BlockAlgorithm::Watertight, level));
                ASSERT_EQ(got.has_value(), want.has_value())
                    << isa_name(level) << " triangle " << i << " range " << t_min << " " << t_max;
                if (got) {
                    EXPECT_EQ(std::memcmp(&got->hit, &want->hit, sizeof(RayHit)), 0);
                }
            }
        }
    }
    EXPECT_GT(at_the_end, 1500);  // hits that end the range exactly: the cases that matter
}

TEST(WideBvh, WatertightNeverLetsARayThroughAClosedMesh) {
    // The bumpy sphere is star-shaped around the origin: a ray from outside aimed at the
    // centre crosses its surface exactly once. Aimed through a vertex or an edge midpoint, it
    // passes between triangles that share that vertex or edge; a watertight test may not let
    // it through. The axis rays (zero direction components) go through the poles and through
    // the vertices on the axes exactly.
    const TestMesh mesh = closed_bumpy_sphere(40, 56);
    const WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    std::vector<Ray> rays;
    for (std::size_t i = 0; i < mesh.indices.size(); i += 3 * std::size_t(kScale)) {
        const glm::vec3 a = mesh.positions[mesh.indices[i]],
                        b = mesh.positions[mesh.indices[i + 1]];
        for (const glm::vec3 target : {a, 0.5f * (a + b)})
            rays.push_back({4.0f * target, -3.0f * target});  // through the target at t = 1
    }
    for (int axis = 0; axis < 3; ++axis)
        for (float sign : {1.0f, -1.0f}) {
            glm::vec3 from(0.0f), direction(0.0f);
            from[axis] = 12.0f * sign;
            direction[axis] = -sign;
            rays.push_back({from, direction});
        }
    for (const Ray& ray : rays)
        for (Isa level : testing::isa_levels_here()) {
            const WideQuery query = block_query(BlockAlgorithm::Watertight, level);
            const auto hit = raycast(bvh, mesh.view(), ray, query);
            ASSERT_TRUE(hit) << isa_name(level) << " from " << ray.origin.x << ", " << ray.origin.y
                             << ", " << ray.origin.z;
            if (ray.direction.x != 0.0f && ray.direction.y != 0.0f) {
                EXPECT_NEAR(hit->hit.t, 1.0f, 1e-5f);
            }
        }
    EXPECT_GT(rays.size(), 400u / kScale);
}

TEST(WideBvh, RefitGivesTheSamePicksAsARebuild_Seed35) {
    TestMesh mesh = closed_bumpy_sphere(30, 40);
    WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    for (glm::vec3& p : mesh.positions) {
        const float angle = 0.6f * p.y;
        p = glm::vec3(std::cos(angle) * p.x - std::sin(angle) * p.z, 1.7f * p.y,
                      std::sin(angle) * p.x + std::cos(angle) * p.z) +
            glm::vec3(0.0f, 2.0f, 0.0f);
    }
    refit(bvh, mesh.view());
    const WideBvh rebuilt = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    EXPECT_EQ(bvh.bounds.min, rebuilt.bounds.min);
    EXPECT_EQ(bvh.bounds.max, rebuilt.bounds.max);
    for (const Ray& ray : incoherent_rays(rebuilt.bounds, 2000 / kScale, 35, 4)) {
        const WideQuery query = block_query(BlockAlgorithm::Watertight, active_isa());
        expect_same_closest_tuv(raycast(bvh, mesh.view(), ray, query),
                                raycast(rebuilt, mesh.view(), ray, query), "refit");
        expect_same_closest_tuv(raycast(bvh, mesh.view(), ray, query),
                                brute_force_watertight(mesh.view(), ray), "refit brute force");
    }
}

TEST(WideBvh, ALeafsTypicalExtentIsThatOfAFewCellsAndFollowsARefit) {
    // A grid of unit cells: a leaf holds up to eight triangles, four cells at most, so its
    // box's largest side is one to four cells.
    TestMesh mesh = testing::grid(64);
    WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    EXPECT_GE(bvh.leaf_extent, 1.0f);
    EXPECT_LE(bvh.leaf_extent, 4.0f);
    const float unit = bvh.leaf_extent;
    EXPECT_EQ(typical_leaf_extent(bvh), unit);
    // Three times as large after a refit (the sides are exact multiples; the sum rounds).
    for (glm::vec3& p : mesh.positions)
        p *= 3.0f;
    refit(bvh, mesh.view());
    EXPECT_NEAR(bvh.leaf_extent, 3.0f * unit, 1e-5f * unit);
    EXPECT_EQ(WideBvh{}.leaf_extent, 0.0f);
    EXPECT_EQ(typical_leaf_extent(WideBvh{}), 0.0f);
}

TEST(WideBvh, RecordsTheBoxesItVisits) {
    const TestMesh mesh = closed_bumpy_sphere(20, 30);
    const WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    for (Isa level : testing::isa_levels_here()) {
        std::vector<VisitedBox> visited;
        WideQuery query = block_query(BlockAlgorithm::Watertight, level);
        query.visited = &visited;
        TraversalStats stats;
        const Ray ray{{0.1f, 0.2f, 10.0f}, {0.0f, 0.0f, -1.0f}};
        ASSERT_TRUE(raycast(bvh, mesh.view(), ray, query, &stats));
        // One record per node entered below the root; each box is one the ray really enters.
        EXPECT_EQ(visited.size() + 1, stats.nodes_visited);
        for (const VisitedBox& v : visited)
            EXPECT_TRUE(intersect_slab_robust(ray, bvh.nodes[v.node].child_bounds(v.slot)));
    }
}

TEST(WideBvh, EachNodeOrdersItsSlotsAlongEveryOctantsDiagonal) {
    const TestMesh mesh = closed_bumpy_sphere(60, 80);
    const WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    ASSERT_GT(bvh.nodes.size(), 10u);
    for (const WideNode& node : bvh.nodes)
        for (unsigned octant = 0; octant < 8; ++octant) {
            const glm::vec3 axis((octant & 1u) ? -1.0f : 1.0f, (octant & 2u) ? -1.0f : 1.0f,
                                 (octant & 4u) ? -1.0f : 1.0f);
            const std::uint32_t order = node.order_for(octant);
            ASSERT_EQ(order >> 24, 0u);
            unsigned seen = 0;
            float last = -std::numeric_limits<float>::infinity();
            for (std::uint32_t k = 0; k < 8; ++k) {
                const std::uint32_t slot = (order >> (3 * k)) & 7u;
                seen |= 1u << slot;
                // The used slots first, by their centres along the diagonal; then the others.
                ASSERT_EQ(slot < node.child_count, k < node.child_count) << octant;
                if (slot >= node.child_count) continue;
                const Aabb box = node.child_bounds(int(slot));
                const float along = glm::dot(0.5f * box.min + 0.5f * box.max, axis);
                EXPECT_LE(last, along) << octant;
                last = along;
            }
            EXPECT_EQ(seen, 0xFFu) << octant;  // a permutation of the eight slots
        }
}

TEST(WideBvh, EveryPathVisitsTheSameBoxesInTheSameOrder_Seed37) {
    const TestMesh mesh = closed_bumpy_sphere(40, 60);
    const WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    std::vector<Ray> rays = incoherent_rays(bvh.bounds, 300 / kScale, 37, 4);
    // Every octant along the axes, with +0 and -0 components (-0 counts as negative).
    for (float zero : {0.0f, -0.0f})
        for (float sign : {1.0f, -1.0f}) {
            rays.push_back({{0.05f, 0.1f, -10.0f * sign}, {zero, zero, sign}});
            rays.push_back({{0.05f, -10.0f * sign, 0.1f}, {zero, sign, zero}});
            rays.push_back({{-10.0f * sign, 0.1f, 0.05f}, {sign, zero, zero}});
        }
    for (const Ray& ray : rays) {
        std::vector<VisitedBox> reference;
        WideQuery query = block_query(BlockAlgorithm::Watertight, Isa::Scalar);
        query.visited = &reference;
        (void)raycast(bvh, mesh.view(), ray, query);
        for (Isa level : testing::isa_levels_here()) {
            std::vector<VisitedBox> got;
            query.isa = level;
            query.visited = &got;
            (void)raycast(bvh, mesh.view(), ray, query);
            ASSERT_EQ(got.size(), reference.size()) << isa_name(level);
            for (std::size_t i = 0; i < got.size(); ++i) {
                EXPECT_EQ(got[i].node, reference[i].node) << isa_name(level) << " visit " << i;
                EXPECT_EQ(got[i].slot, reference[i].slot) << isa_name(level) << " visit " << i;
            }
        }
    }
}

TEST(ChildOrder, TheOctantComesFromTheSignsAndMinusZeroIsNegative) {
    const float inf = std::numeric_limits<float>::infinity();
    EXPECT_EQ(octant_of({1.0f, 2.0f, 3.0f}), 0u);
    EXPECT_EQ(octant_of({-1.0f, 2.0f, 3.0f}), 1u);
    EXPECT_EQ(octant_of({1.0f, -2.0f, 3.0f}), 2u);
    EXPECT_EQ(octant_of({1.0f, 2.0f, -3.0f}), 4u);
    EXPECT_EQ(octant_of({-inf, inf, -inf}), 5u);  // 1 / -0, 1 / +0, 1 / -0
}

TEST(ChildOrder, ChildrenSortByTheirRankInTheOrder) {
    struct Child {
        int slot;
    };
    // Ranks 0..7 hold slots 5, 2, 7, 0, 1, 3, 4, 6.
    const int by_rank[8] = {5, 2, 7, 0, 1, 3, 4, 6};
    std::uint32_t order = 0;
    for (int k = 0; k < 8; ++k)
        order |= std::uint32_t(by_rank[k]) << (3 * k);
    Child children[4] = {{0}, {6}, {5}, {7}};
    order_by_rank(children, 4, order);
    EXPECT_EQ(children[0].slot, 5);
    EXPECT_EQ(children[1].slot, 7);
    EXPECT_EQ(children[2].slot, 0);
    EXPECT_EQ(children[3].slot, 6);
}

}  // namespace
}  // namespace picking
