#include "picking/bvh/bvh.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <utility>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "picking/core/draw_vec3.h"
#include "picking/studies/ray_sets.h"
#include "picking/testing/brute_force.h"
#include "picking/testing/sanitized.h"
#include "picking/testing/test_meshes.h"

namespace picking {
namespace {

using testing::kScale;

using testing::brute_force;
using testing::bumpy_sphere;
using testing::grid;
using testing::outside_its_triangle;
using testing::random_soup;
using testing::reach;
using testing::TestMesh;

/// The closest hit must be the brute-force one.
void expect_same_closest(const std::optional<BvhHit>& got, const std::optional<BvhHit>& want,
                         const std::string& what) {
    if (want && outside_its_triangle(want->hit) && (!got || got->triangle != want->triangle))
        return;  // a tolerance hit, out of reach (see above)
    ASSERT_EQ(got.has_value(), want.has_value()) << what;
    if (!got) return;
    // The same triangle even at a tie: closer_hit's rule is brute force's.
    EXPECT_EQ(got->triangle, want->triangle) << what;
    EXPECT_EQ(got->hit.t, want->hit.t) << what;
    EXPECT_EQ(got->hit.u, want->hit.u) << what;
}

void check_against_brute_force(const TestMesh& mesh, const Bvh& bvh, const std::vector<Ray>& rays,
                               const std::string& name) {
    for (const RayTriangleAlgorithm& algorithm : kRayTriangleAlgorithms) {
        int hits = 0;
        for (std::size_t i = 0; i < rays.size(); ++i) {
            const std::string what =
                name + " " + std::string(algorithm.name) + " ray " + std::to_string(i);
            const auto want = brute_force(mesh.view(), rays[i], algorithm.intersect);
            TraversalStats stats;
            const Ray ray = reach(rays[i], algorithm);
            const auto got =
                raycast_closest(bvh, mesh.view(), ray, algorithm.intersect, {}, &stats);
            expect_same_closest(got, want, what);
            hits += got.has_value();
            // Any-hit agrees on whether there is a hit, and finds a real one, never closer.
            const auto any = raycast_any(bvh, mesh.view(), ray, algorithm.intersect, {});
            if (!want || !outside_its_triangle(want->hit)) {
                ASSERT_EQ(any.has_value(), want.has_value()) << what;
            }
            if (any) {
                EXPECT_GE(any->hit.t, want->hit.t) << what;
                EXPECT_TRUE(algorithm.intersect(rays[i], mesh.view().triangle(any->triangle), {}))
                    << what;
            }
            EXPECT_LE(stats.triangles_tested, mesh.view().triangle_count());
        }
        EXPECT_GT(hits, int(rays.size()) / 20) << name << " " << algorithm.name;
    }
}

// The traversals' next float up is std::nextafter(t, +inf) for every kind of float: zeros,
// denormals, the largest finite, infinities, NaN, and random bit patterns.
TEST(Bvh, NextFloatUpIsNextafterTowardsInfinity_Seed12) {
    std::vector<float> values = {0.0f,
                                 -0.0f,
                                 std::numeric_limits<float>::denorm_min(),
                                 -std::numeric_limits<float>::denorm_min(),
                                 std::numeric_limits<float>::min(),
                                 -std::numeric_limits<float>::min(),
                                 std::numeric_limits<float>::max(),
                                 -std::numeric_limits<float>::max(),
                                 kInf,
                                 -kInf,
                                 1.0f,
                                 -1.0f,
                                 326.85f};
    std::mt19937 rng(12);
    for (int i = 0; i < 100000; ++i)
        values.push_back(std::bit_cast<float>(std::uint32_t(rng())));
    for (const float t : values) {
        const float want = std::nextafter(t, kInf);
        const float got = next_float_up(t);
        if (std::isnan(t)) {
            EXPECT_TRUE(std::isnan(got));
            continue;
        }
        EXPECT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(want))
            << std::hexfloat << t;
    }
    EXPECT_EQ(tie_t_max(2.0f, 9.0f), std::nextafter(2.0f, kInf));
    EXPECT_EQ(tie_t_max(2.0f, 2.0f), 2.0f);  // never beyond the ray's end
}

TEST(Bvh, EmptyMeshGivesEmptyTree) {
    const TestMesh mesh;
    const Bvh bvh = build_bvh(mesh.view());
    EXPECT_TRUE(bvh.empty());
    EXPECT_EQ(bvh.depth(), 0);
    EXPECT_TRUE(bvh.bounds().empty());
    EXPECT_FALSE(
        raycast_closest(bvh, mesh.view(), Ray{}, intersect_moller_trumbore, {}).has_value());
}

TEST(Bvh, OneTriangle) {
    const TestMesh mesh{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2}};
    const Bvh bvh = build_bvh(mesh.view());
    ASSERT_EQ(bvh.nodes.size(), 1u);
    EXPECT_EQ(bvh.depth(), 1);
    const auto hit = raycast_closest(bvh, mesh.view(), Ray{{0.2f, 0.2f, 1}, {0, 0, -1}},
                                     intersect_moller_trumbore, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->triangle, 0u);
    EXPECT_FLOAT_EQ(hit->hit.t, 1.0f);
}

/// Every triangle exactly once, every leaf small enough and its box exactly its triangles',
/// every child after its parent and the parent's box exactly its children's.
void expect_sound(const Bvh& bvh, const MeshView& mesh, std::uint32_t max_leaf) {
    std::vector<int> seen(mesh.triangle_count(), 0);
    for (std::uint32_t id : bvh.primitive_ids)
        ++seen.at(id);
    for (int s : seen)
        EXPECT_EQ(s, 1);
    for (std::size_t i = 0; i < bvh.nodes.size(); ++i) {
        const BvhNode& node = bvh.nodes[i];
        Aabb contents;
        if (node.is_leaf()) {
            EXPECT_LE(node.count, max_leaf);
            for (std::uint32_t p = node.first; p < node.first + node.count; ++p)
                contents.extend(bounds_of(mesh.triangle(bvh.primitive_ids[p])));
        } else {
            ASSERT_GT(node.first, i);  // children after parents: refit relies on it
            for (std::uint32_t c : {node.first, node.first + 1})
                contents.extend(bvh.nodes[c].bounds);
        }
        EXPECT_EQ(node.bounds.min, contents.min) << "node " << i;
        EXPECT_EQ(node.bounds.max, contents.max) << "node " << i;
    }
}

/// The triangles of each leaf (sorted), leaves in sorted order: the tree's partition of the
/// triangles, whatever order the nodes and the triangles within a leaf were written in.
std::vector<std::vector<std::uint32_t>> leaf_sets(const Bvh& bvh) {
    std::vector<std::vector<std::uint32_t>> sets;
    for (const BvhNode& node : bvh.nodes) {
        if (!node.is_leaf()) continue;
        std::vector<std::uint32_t> ids(bvh.primitive_ids.begin() + node.first,
                                       bvh.primitive_ids.begin() + node.first + node.count);
        std::sort(ids.begin(), ids.end());
        sets.push_back(std::move(ids));
    }
    std::sort(sets.begin(), sets.end());
    return sets;
}

TEST(Bvh, StructureIsSound_Seed1) {
    const TestMesh mesh = random_soup(1, 5000);
    BvhBuildOptions options;
    options.max_leaf_size = 4;
    const Bvh bvh = build_bvh(mesh.view(), options);
    expect_sound(bvh, mesh.view(), 4);
    EXPECT_LT(bvh.depth(), 40);
    EXPECT_EQ(bvh.memory_bytes(),
              bvh.nodes.size() * sizeof(BvhNode) + bvh.primitive_ids.size() * 4);
}

/// The mesh's tree built on one thread and on three (in uneven chunks), both sound and with
/// the same leaves; the one-thread tree.
Bvh same_leaves_on_one_and_three_threads(const TestMesh& mesh) {
    BvhBuildOptions one, three;
    one.threads = 1;
    three.threads = 3;
    Bvh a = build_bvh(mesh.view(), one);
    const Bvh b = build_bvh(mesh.view(), three);
    expect_sound(a, mesh.view(), 8);
    expect_sound(b, mesh.view(), 8);
    EXPECT_EQ(leaf_sets(a), leaf_sets(b));
    return a;
}

TEST(Bvh, CentroidsOnEveryBinEdgeGoWhereBinningPutThem_Seed9) {
    // Triangles across the x axis at consecutive floats: every bin's edge falls between two
    // neighbouring centroids, one unit in the last place apart, at every level. A partition
    // that placed a single one of them on the other side of its bin's edge would leave a
    // child's box (made from the bins) not quite its triangles' (expect_sound).
    for (const float first : {1.0f, -3.0f, 1000.0f}) {
        TestMesh mesh;
        float x = first;
        for (int i = 0; i < 3 * int(kBinnedSample); ++i, x = std::nextafter(x, 2e3f)) {
            const auto corner = std::uint32_t(mesh.positions.size());
            mesh.positions.insert(mesh.positions.end(), {{x, 0, 0}, {x, 1, 0}, {x, 0, 1}});
            mesh.indices.insert(mesh.indices.end(), {corner, corner + 1, corner + 2});
        }
        // In a seeded random order, so that the partitions move them about.
        std::mt19937 random(9);
        const std::size_t n = mesh.indices.size() / 3;
        for (std::size_t i = n - 1; i > 0; --i) {
            const std::size_t j = random() % (i + 1);
            for (std::size_t k = 0; k < 3; ++k)
                std::swap(mesh.indices[3 * i + k], mesh.indices[3 * j + k]);
        }
        BvhBuildOptions options;
        options.threads = 1;
        const Bvh bvh = build_bvh(mesh.view(), options);
        expect_sound(bvh, mesh.view(), 8);
        EXPECT_GT(bvh.depth(), 8) << first;
    }
}

TEST(Bvh, ThreadsShareTheWorkButNotTheAnswer_Seed7) {
    // Past the size where every thread bins and partitions the root, and on a grid whose
    // triangles lie in order: the partition moves nearly every one. Binning does not depend on
    // the order of the triangles, and the root's partition leaves them in the same order on any
    // number of threads, so the root's halves (which bin a sample, every k-th triangle in that
    // order) split them into the same leaves however many threads built the tree.
    (void)same_leaves_on_one_and_three_threads(random_soup(7, 10 * kBinnedSample));
    (void)same_leaves_on_one_and_three_threads(grid(300));
}

TEST(Bvh, ABigNodeChoosesItsPlaneFromASampleTheSameOnAnyThreads_Seed8) {
    // Past the size where a node bins only a sample of its triangles: the sample is the same
    // on one thread or three, and the sides' boxes (from the partition, not the sample's bins)
    // are still exactly their triangles'.
    const TestMesh mesh = random_soup(8, 5 * kBinnedSample);
    const Bvh a = same_leaves_on_one_and_three_threads(mesh);
    for (const Ray& ray : incoherent_rays(a.bounds(), 300, 8, 4)) {
        const auto want = brute_force(mesh.view(), ray, intersect_watertight);
        const auto got = raycast_closest(a, mesh.view(), ray, intersect_watertight, {});
        ASSERT_EQ(got.has_value(), want.has_value());
        if (got) {
            EXPECT_EQ(got->triangle, want->triangle);
        }
    }
}

TEST(Bvh, SameTreeOnOneOrManyThreads_Seed2) {
    // Big enough for the parallel top phase; the tree may be laid out differently, but every
    // query must give the same answer.
    const TestMesh mesh = random_soup(2, 120000 / kScale);
    BvhBuildOptions one, many;
    one.threads = 1;
    many.threads = 4;
    const Bvh a = build_bvh(mesh.view(), one), b = build_bvh(mesh.view(), many);
    EXPECT_EQ(a.primitive_ids.size(), b.primitive_ids.size());
    for (const Ray& ray : incoherent_rays(a.bounds(), 500, 2, 4)) {
        const auto ha = raycast_closest(a, mesh.view(), ray, intersect_moller_trumbore, {});
        const auto hb = raycast_closest(b, mesh.view(), ray, intersect_moller_trumbore, {});
        ASSERT_EQ(ha.has_value(), hb.has_value());
        if (ha) {
            EXPECT_EQ(ha->hit.t, hb->hit.t);
        }
    }
}

TEST(Bvh, MatchesBruteForceOnASoup_Seed3) {
    const TestMesh mesh = random_soup(3, 3000);
    const Bvh bvh = build_bvh(mesh.view());
    check_against_brute_force(mesh, bvh, incoherent_rays(bvh.bounds(), 1500 / kScale, 3, 4),
                              "soup");
}

TEST(Bvh, MatchesBruteForceOnAClosedMesh_Seed4) {
    const TestMesh mesh = bumpy_sphere(40, 60);
    const Bvh bvh = build_bvh(mesh.view());
    check_against_brute_force(mesh, bvh, incoherent_rays(bvh.bounds(), 1500 / kScale, 4, 4),
                              "sphere");
}

TEST(Bvh, AxisAlignedRaysThroughVerticesAndEdges) {
    // Rays along -z through every vertex and every edge midpoint of a grid: direction x and y
    // are zero and the origins lie on the planes of many boxes' faces (0 * inf = NaN in the
    // slab test). Nothing may be lost: the reference algorithm counts edges as inside, so
    // every one of these rays hits.
    const TestMesh mesh = grid(12);
    BvhBuildOptions options;
    options.max_leaf_size = 2;
    const Bvh bvh = build_bvh(mesh.view(), options);
    std::vector<Ray> rays;
    for (int y = 0; y <= 24; ++y)
        for (int x = 0; x <= 24; ++x)
            for (float dz : {-1.0f, -0.0f}) {
                if (dz == 0.0f) continue;
                rays.push_back({{0.5f * float(x), 0.5f * float(y), 2.0f}, {0.0f, -0.0f, dz}});
            }
    // Rays in the plane of the grid along a grid line: parallel to every triangle.
    rays.push_back({{-1.0f, 3.0f, 0.0f}, {1.0f, 0.0f, 0.0f}});
    for (const Ray& ray : rays) {
        const auto got = raycast_closest(bvh, mesh.view(), ray, intersect_reference, {});
        const auto want = brute_force(mesh.view(), ray, intersect_reference);
        expect_same_closest(got, want, "grid");
        if (ray.direction.z != 0.0f) {
            EXPECT_TRUE(got) << ray.origin.x << ", " << ray.origin.y;
        }
    }
}

TEST(Bvh, EqualHitsGoToTheLowestId_Seed63) {
    // Four copies of every triangle, ids shuffled into different leaves: at equal t the lowest
    // id wins, as in a loop over every triangle, whatever leaf the traversal reaches first.
    const TestMesh mesh = testing::stacked_grids(63, 5, 4);
    const Bvh bvh = build_bvh(mesh.view());
    std::mt19937 rng(64);
    std::uniform_real_distribution<float> at(-0.5f, 5.5f);
    int hits = 0;
    for (int i = 0; i < 1500; ++i) {
        const float x = at(rng), y = at(rng);
        const Ray ray{{x, y, 1.0f}, {0.0f, 0.0f, -1.0f}};
        for (const RayTriangleAlgorithm& algorithm : kRayTriangleAlgorithms) {
            const auto want = brute_force(mesh.view(), ray, algorithm.intersect);
            const auto got =
                raycast_closest(bvh, mesh.view(), reach(ray, algorithm), algorithm.intersect, {});
            if (want && outside_its_triangle(want->hit)) continue;
            ASSERT_EQ(got.has_value(), want.has_value()) << algorithm.name;
            if (!want) continue;
            ++hits;
            EXPECT_EQ(got->triangle, want->triangle) << algorithm.name << " ray " << i;
            EXPECT_EQ(got->hit.t, want->hit.t) << algorithm.name;
        }
    }
    EXPECT_GT(hits, 10000);
}

TEST(Bvh, CoincidentTrianglesStillSplitAndStayShallow) {
    // Every centroid the same: SAH finds no plane, so nodes are halved by index.
    TestMesh mesh;
    for (std::uint32_t i = 0; i < 1000; ++i) {
        mesh.positions.insert(mesh.positions.end(), {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
        mesh.indices.insert(mesh.indices.end(), {3 * i, 3 * i + 1, 3 * i + 2});
    }
    BvhBuildOptions options;
    options.max_leaf_size = 4;
    const Bvh bvh = build_bvh(mesh.view(), options);
    EXPECT_EQ(bvh.primitive_ids.size(), 1000u);
    EXPECT_LE(bvh.depth(), 12);
    for (const BvhNode& node : bvh.nodes)
        if (node.is_leaf()) {
            EXPECT_LE(node.count, 4u);
        }
    const auto hit = raycast_closest(bvh, mesh.view(), Ray{{0.2f, 0.2f, 1}, {0, 0, -1}},
                                     intersect_moller_trumbore, {});
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->hit.t, 1.0f);
}

/// `per_cluster` small triangles around each of `centres`, spread by `spread` on each axis
/// (seeded, drawn in a fixed order).
TestMesh clusters(const std::vector<glm::vec3>& centres, glm::vec3 spread, int per_cluster) {
    TestMesh mesh;
    std::mt19937 rng(11);
    auto draw = [&rng] { return float(rng() % 1001) / 1000.0f - 0.5f; };  // in [-0.5, 0.5]
    for (const glm::vec3& centre : centres)
        for (int i = 0; i < per_cluster; ++i) {
            const float x = draw(), y = draw(), z = draw();  // in this order on every compiler
            const glm::vec3 p = centre + spread * glm::vec3(x, y, z);
            const auto first = std::uint32_t(mesh.positions.size());
            mesh.positions.insert(mesh.positions.end(),
                                  {p, p + glm::vec3(0.01f, 0, 0), p + glm::vec3(0, 0.01f, 0.01f)});
            mesh.indices.insert(mesh.indices.end(), {first, first + 1, first + 2});
        }
    return mesh;
}

/// The boxes of the two children of the root of `mesh`'s BVH (empty when the root is a leaf).
std::pair<Aabb, Aabb> root_children(const TestMesh& mesh) {
    const Bvh bvh = build_bvh(mesh.view());
    if (bvh.empty() || bvh.nodes[0].is_leaf()) {
        ADD_FAILURE() << "the root is a leaf";
        return {};
    }
    return {bvh.nodes[bvh.nodes[0].first].bounds, bvh.nodes[bvh.nodes[0].first + 1].bounds};
}

TEST(Bvh, TheRootSplitsAtItsCheapestPlaneAndATieGoesToTheFirstAxis) {
    // Two wide, flat layers, one above the other: only a plane across y separates them into
    // two thin boxes; any plane across x or z leaves two boxes as tall as both layers.
    {
        const auto [left, right] =
            root_children(clusters({{5, 0, 5}, {5, 6, 5}}, {10, 0.1f, 10}, 64));
        EXPECT_LT(left.max.y, 1.0f);
        EXPECT_GT(right.min.y, 5.0f);
    }
    // Four clusters at the corners of a square in the xy plane, the same under x and y
    // swapped, every coordinate a multiple of 1/16 (so every area is exact): the planes across
    // x cost exactly what those across y cost, and the first axis, x, takes the root.
    {
        TestMesh mesh;
        for (const glm::vec2 centre : {glm::vec2(0, 0), {8, 0}, {0, 8}, {8, 8}})
            for (int i = 0; i < 8; ++i)
                for (int j = 0; j < 8; ++j) {
                    const glm::vec3 p = glm::vec3(centre, 0) +
                                        glm::vec3(float(i), float(j), float((i + j) % 8)) / 16.0f;
                    const auto first = std::uint32_t(mesh.positions.size());
                    mesh.positions.insert(mesh.positions.end(), {p, p + glm::vec3(1, 1, 0) / 16.0f,
                                                                 p + glm::vec3(0, 0, 1) / 16.0f});
                    mesh.indices.insert(mesh.indices.end(), {first, first + 1, first + 2});
                }
        const auto [left, right] = root_children(mesh);
        EXPECT_LT(left.max.x, 1.0f);
        EXPECT_GT(left.max.y, 8.0f);
        EXPECT_GT(right.min.x, 7.0f);
        EXPECT_LT(right.min.y, 1.0f);
    }
}

TEST(Bvh, UnhittableTrianglesAreLeftOut) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    TestMesh mesh{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {nan, 0, 0}, {inf, 1, 1}},
                  {0, 1, 2, 0, 3, 1, 4, 1, 2, 0, 1, 99}};
    const Bvh bvh = build_bvh(mesh.view());
    ASSERT_EQ(bvh.primitive_ids.size(), 1u);
    EXPECT_EQ(bvh.primitive_ids[0], 0u);
    EXPECT_FALSE(bvh.bounds().empty());
    EXPECT_EQ(bvh.bounds().max.x, 1.0f);  // not poisoned by the NaN or the infinity
}

TEST(Bvh, CountsWhatItDoes) {
    const TestMesh mesh = grid(8);
    const Bvh bvh = build_bvh(mesh.view());
    TraversalStats stats;
    const auto hit = raycast_closest(bvh, mesh.view(), Ray{{3.3f, 4.6f, 5}, {0, 0, -1}},
                                     intersect_moller_trumbore, {}, &stats);
    ASSERT_TRUE(hit);
    EXPECT_GE(stats.nodes_visited, 2u);
    EXPECT_GE(stats.box_tests, stats.nodes_visited);
    EXPECT_GE(stats.triangles_tested, 1u);
    EXPECT_LT(stats.triangles_tested, 20u);  // not 128: the tree culls
    TraversalStats miss;
    EXPECT_FALSE(raycast_closest(bvh, mesh.view(), Ray{{30, 30, 5}, {0, 0, -1}},
                                 intersect_moller_trumbore, {}, &miss));
    EXPECT_EQ(miss.box_tests, 1u);  // the root box only
    EXPECT_EQ(miss.triangles_tested, 0u);
}

TEST(Bvh, RefitAfterDeformingGivesTheSamePicksAsARebuild_Seed5) {
    TestMesh mesh = bumpy_sphere(30, 40);
    Bvh bvh = build_bvh(mesh.view());
    // Deform: twist around y and stretch, far enough that the old boxes are wrong.
    for (glm::vec3& p : mesh.positions) {
        const float angle = 0.6f * p.y;
        p = glm::vec3(std::cos(angle) * p.x - std::sin(angle) * p.z, 1.7f * p.y,
                      std::sin(angle) * p.x + std::cos(angle) * p.z) +
            glm::vec3(2.0f, 0.0f, 0.0f);
    }
    refit(bvh, mesh.view());
    const Bvh rebuilt = build_bvh(mesh.view());
    EXPECT_EQ(bvh.bounds().min, rebuilt.bounds().min);
    EXPECT_EQ(bvh.bounds().max, rebuilt.bounds().max);
    for (const Ray& ray : incoherent_rays(rebuilt.bounds(), 2000 / kScale, 5, 4)) {
        const auto a = raycast_closest(bvh, mesh.view(), ray, intersect_moller_trumbore, {});
        const auto b = raycast_closest(rebuilt, mesh.view(), ray, intersect_moller_trumbore, {});
        expect_same_closest(a, b, "refit");
        expect_same_closest(a, brute_force(mesh.view(), ray, intersect_moller_trumbore), "refit");
    }
}

TEST(Bvh, OverlappingPairsFindEveryOverlappingBoxPair_Seed6) {
    const TestMesh a = random_soup(6, 400), b = random_soup(7, 300);
    const Bvh bvh_a = build_bvh(a.view()), bvh_b = build_bvh(b.view());
    glm::mat4 a_from_b = glm::translate(glm::mat4(1.0f), {1.5f, -2.0f, 0.5f});
    a_from_b = glm::rotate(a_from_b, 0.7f, glm::normalize(glm::vec3(1, 2, 3)));
    a_from_b = glm::scale(a_from_b, {1.2f, 0.8f, 1.0f});
    std::set<std::pair<std::uint32_t, std::uint32_t>> found;
    overlapping_pairs(bvh_a, a.view(), bvh_b, b.view(), a_from_b,
                      [&](std::uint32_t i, std::uint32_t j) {
                          EXPECT_TRUE(found.insert({i, j}).second) << "reported twice";
                          return true;
                      });
    // Brute force in double: every pair whose boxes overlap must be there.
    const glm::dmat4 m(a_from_b);
    int expected = 0;
    for (std::uint32_t i = 0; i < a.view().triangle_count(); ++i) {
        const Aabb box_a = bounds_of(a.view().triangle(i));
        for (std::uint32_t j = 0; j < b.view().triangle_count(); ++j) {
            const Triangle t = b.view().triangle(j);
            glm::dvec3 lo(std::numeric_limits<double>::infinity()), hi(-lo);
            for (glm::vec3 p : {t.p0, t.p1, t.p2}) {
                const glm::dvec3 q(m * glm::dvec4(glm::dvec3(p), 1.0));
                lo = glm::min(lo, q);
                hi = glm::max(hi, q);
            }
            const bool overlap = glm::all(glm::lessThanEqual(glm::dvec3(box_a.min), hi)) &&
                                 glm::all(glm::lessThanEqual(lo, glm::dvec3(box_a.max)));
            if (!overlap) continue;
            ++expected;
            EXPECT_TRUE(found.count({i, j})) << i << ", " << j;
        }
    }
    EXPECT_GT(expected, 10);
    EXPECT_LE(found.size(), std::size_t(expected) + 2);  // padding admits at most a hair more
    // Stopping early stops.
    int calls = 0;
    overlapping_pairs(bvh_a, a.view(), bvh_b, b.view(), a_from_b,
                      [&](std::uint32_t, std::uint32_t) { return ++calls < 3; });
    EXPECT_EQ(calls, 3);
}

TEST(Bvh, BuildCanBeCancelled) {
    const TestMesh mesh = random_soup(8, 20000);
    BuildProgress progress;
    progress.cancel = true;
    EXPECT_TRUE(build_bvh(mesh.view(), {}, &progress).empty());
    BuildProgress fresh;
    EXPECT_FALSE(build_bvh(mesh.view(), {}, &fresh).empty());
    EXPECT_EQ(fresh.fraction.load(), 1.0f);
}

// == The Morton build

BvhBuildOptions morton(int max_leaf_size = 8, unsigned threads = 0) {
    BvhBuildOptions options;
    options.method = BvhBuildMethod::Morton;
    options.max_leaf_size = max_leaf_size;
    options.threads = threads;
    return options;
}

TEST(BvhMorton, StructureIsSoundForEveryLeafSize_Seed91) {
    const TestMesh mesh = random_soup(91, 5000);
    for (int leaf : {1, 3, 8}) {
        const Bvh bvh = build_bvh(mesh.view(), morton(leaf));
        expect_sound(bvh, mesh.view(), std::uint32_t(leaf));
        // 30 bits of code split at most 30 times on a path, then halves.
        EXPECT_LE(bvh.depth(), 30 + 14) << "leaves of " << leaf;
    }
}

TEST(BvhMorton, OneTwoAndNineTriangles_Seed96) {
    // {triangles, leaf size, nodes}: leaves of one make 2n - 1 nodes; nine triangles in
    // leaves of eight are halved into two leaves under a root.
    const int cases[][3] = {{1, 1, 1}, {2, 1, 3}, {9, 1, 17}, {1, 8, 1}, {2, 8, 1}, {9, 8, 3}};
    for (const auto& [n, leaf, nodes] : cases) {
        const TestMesh mesh = random_soup(96, n);
        const Bvh bvh = build_bvh(mesh.view(), morton(leaf));
        expect_sound(bvh, mesh.view(), std::uint32_t(leaf));
        ASSERT_EQ(bvh.primitive_ids.size(), std::size_t(n));
        EXPECT_EQ(bvh.nodes.size(), std::size_t(nodes)) << n << " triangles, leaves of " << leaf;
    }
}

TEST(BvhMorton, MatchesBruteForceOnASoupAndAClosedMesh_Seed92) {
    const TestMesh soup = random_soup(92, 3000);
    const Bvh a = build_bvh(soup.view(), morton());
    check_against_brute_force(soup, a, incoherent_rays(a.bounds(), 600 / kScale, 92, 4), "soup");
    const TestMesh sphere = bumpy_sphere(40, 60);
    const Bvh b = build_bvh(sphere.view(), morton());
    check_against_brute_force(sphere, b, incoherent_rays(b.bounds(), 600 / kScale, 93, 4),
                              "sphere");
}

TEST(BvhMorton, TheSameTreeNodeForNodeOnOneOrThreeThreads) {
    // Above the size from which its passes and pieces run on several threads.
    const TestMesh mesh = bumpy_sphere(200, 200);
    ASSERT_GT(mesh.view().triangle_count(), std::size_t(1) << 16);
    const Bvh a = build_bvh(mesh.view(), morton(8, 1));
    const Bvh b = build_bvh(mesh.view(), morton(8, 3));
    expect_sound(a, mesh.view(), 8);
    ASSERT_EQ(a.nodes.size(), b.nodes.size());
    EXPECT_EQ(a.primitive_ids, b.primitive_ids);
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        ASSERT_EQ(a.nodes[i].first, b.nodes[i].first) << "node " << i;
        ASSERT_EQ(a.nodes[i].count, b.nodes[i].count) << "node " << i;
        ASSERT_EQ(a.nodes[i].bounds.min, b.nodes[i].bounds.min) << "node " << i;
        ASSERT_EQ(a.nodes[i].bounds.max, b.nodes[i].bounds.max) << "node " << i;
    }
}

TEST(BvhMorton, RaysTestAboutAsMuchAsInTheSahTree_Seed94) {
    // A tree read off the codes is worse than SAH's, but not by much on a closed mesh with
    // leaves as small (measured: 1.51x the triangles, its ranges of a few leaves cut into full
    // ones, and 1.16x the nodes); without the sort, rays visit 77x the nodes.
    const TestMesh mesh = bumpy_sphere(120, 160);
    const Bvh sah = build_bvh(mesh.view());
    const Bvh lbvh = build_bvh(mesh.view(), morton(2));
    TraversalStats by_sah, by_lbvh;
    for (const Ray& ray : incoherent_rays(sah.bounds(), 2000, 94, 4)) {
        const auto a = raycast_closest(sah, mesh.view(), ray, intersect_watertight, {}, &by_sah);
        const auto b = raycast_closest(lbvh, mesh.view(), ray, intersect_watertight, {}, &by_lbvh);
        ASSERT_EQ(a.has_value(), b.has_value());
        if (a) {
            EXPECT_EQ(a->triangle, b->triangle);
        }
    }
    EXPECT_LE(by_lbvh.triangles_tested, by_sah.triangles_tested * 2);
    EXPECT_LE(by_lbvh.nodes_visited, by_sah.nodes_visited * 3 / 2);
}

TEST(BvhMorton, CoincidentHugeAndUnhittableTriangles) {
    // Every centroid the same: every code equal, so ranges are halved by place.
    TestMesh same;
    for (std::uint32_t i = 0; i < 1000; ++i) {
        same.positions.insert(same.positions.end(), {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
        same.indices.insert(same.indices.end(), {3 * i, 3 * i + 1, 3 * i + 2});
    }
    const Bvh halves = build_bvh(same.view(), morton(4));
    expect_sound(halves, same.view(), 4);
    EXPECT_LE(halves.depth(), 10);
    const auto hit = raycast_closest(halves, same.view(), Ray{{0.2f, 0.2f, 1}, {0, 0, -1}},
                                     intersect_watertight, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->triangle, 0u);  // the lowest of the equal hits

    // Near the float range's ends: the extent overflows a float, not the codes.
    const float big = 3.0e38f;
    TestMesh huge{{{-big, -big, 0},
                   {-big, -big + 1e32f, 0},
                   {-big + 1e32f, -big, 0},
                   {big, big, 0},
                   {big, big - 1e32f, 0},
                   {big - 1e32f, big, 0},
                   {0, 0, 0},
                   {1, 0, 0},
                   {0, 1, 0}},
                  {0, 1, 2, 3, 4, 5, 6, 7, 8}};
    const Bvh wide_apart = build_bvh(huge.view(), morton(1));
    expect_sound(wide_apart, huge.view(), 1);
    EXPECT_EQ(wide_apart.nodes.size(), 5u);

    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    TestMesh bad{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {nan, 0, 0}, {inf, 1, 1}},
                 {0, 1, 2, 0, 3, 1, 4, 1, 2, 0, 1, 99}};
    const Bvh kept = build_bvh(bad.view(), morton());
    ASSERT_EQ(kept.primitive_ids.size(), 1u);
    EXPECT_EQ(kept.primitive_ids[0], 0u);
    EXPECT_EQ(kept.bounds().max.x, 1.0f);
    TestMesh none{{{nan, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 1, 2}};
    EXPECT_TRUE(build_bvh(none.view(), morton()).empty());
    EXPECT_TRUE(build_bvh(TestMesh{}.view(), morton()).empty());
}

TEST(BvhMorton, BuildCanBeCancelled) {
    const TestMesh mesh = random_soup(95, 20000);
    BuildProgress progress;
    progress.cancel = true;
    EXPECT_TRUE(build_bvh(mesh.view(), morton(), &progress).empty());
    BuildProgress fresh;
    EXPECT_FALSE(build_bvh(mesh.view(), morton(), &fresh).empty());
    EXPECT_EQ(fresh.fraction.load(), 1.0f);
}

}  // namespace
}  // namespace picking
