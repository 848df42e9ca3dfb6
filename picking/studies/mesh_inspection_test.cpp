#include "picking/studies/mesh_inspection.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "picking/studies/leak_sweep.h"
#include "picking/testing/test_meshes.h"

namespace picking {
namespace {

using testing::TestMesh;

std::uint32_t below(std::mt19937& rng, std::uint32_t n) {
    return std::uint32_t(rng() % n);
}

/// A closed tetrahedron, counter-clockwise from outside.
TestMesh tetrahedron() {
    return {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}};
}

TEST(MeshInspection, AClosedTetrahedronHasNoProblem) {
    const TestMesh mesh = tetrahedron();
    const MeshInspection r = inspect_mesh(mesh.view());
    EXPECT_EQ(r.triangles, 4u);
    EXPECT_EQ(r.vertices, 4u);
    EXPECT_TRUE(r.degenerate.empty());
    EXPECT_TRUE(r.slivers.empty());
    EXPECT_EQ(r.duplicate_vertices, 0u);
    EXPECT_EQ(r.near_duplicate_vertices, std::optional<std::size_t>(0));
    EXPECT_TRUE(r.boundary_edges.empty());
    EXPECT_TRUE(r.non_manifold_edges.empty());
    EXPECT_EQ(r.dx_epsilon_rejects, 0u);
}

TEST(MeshInspection, AGridIsOpenAlongItsFourSides) {
    const TestMesh mesh = testing::grid(5);
    const MeshInspection r = inspect_mesh(mesh.view());
    EXPECT_EQ(r.boundary_edges.size(), 20u);
    EXPECT_TRUE(r.non_manifold_edges.empty());
    for (const InspectedEdge& e : r.boundary_edges) {
        EXPECT_EQ(e.triangles, 1u);
        // Both ends on the grid's rim.
        for (const std::uint32_t v : e.vertices) {
            const glm::vec3 p = mesh.positions[v];
            EXPECT_TRUE(p.x == 0 || p.x == 5 || p.y == 0 || p.y == 5);
        }
    }
}

TEST(MeshInspection, SplitVerticesAreDuplicatesAndEdgesJoinThroughThem) {
    // A square as two triangles that share no vertex index (flat shading's split vertices).
    const TestMesh mesh{{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 0, 0}, {1, 1, 0}, {0, 1, 0}},
                        {0, 1, 2, 3, 4, 5}};
    const MeshInspection r = inspect_mesh(mesh.view());
    EXPECT_EQ(r.duplicate_vertices, 2u);
    EXPECT_EQ(r.duplicated_positions, (std::vector<std::uint32_t>{0, 2}));
    EXPECT_EQ(r.boundary_edges.size(), 4u);  // not 6: the diagonal is shared by position
    // Each end named by the lowest index at its position: 3 is 0, 4 is 2.
    for (const InspectedEdge& e : r.boundary_edges)
        for (const std::uint32_t v : e.vertices)
            EXPECT_TRUE(v == 0 || v == 1 || v == 2 || v == 5) << v;
}

TEST(MeshInspection, NegativeZeroIsTheSamePosition) {
    const TestMesh mesh{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {-0.0f, 0, 0}}, {0, 1, 2, 3, 2, 1}};
    EXPECT_EQ(inspect_mesh(mesh.view()).duplicate_vertices, 1u);
    EXPECT_EQ(inspect_mesh(mesh.view()).duplicated_positions, std::vector<std::uint32_t>{0});
}

TEST(MeshInspection, ThreeTrianglesOnOneEdgeMakeItNonManifold) {
    const TestMesh mesh{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}},
                        {0, 1, 2, 1, 0, 3, 0, 1, 4}};
    const MeshInspection r = inspect_mesh(mesh.view());
    ASSERT_EQ(r.non_manifold_edges.size(), 1u);
    EXPECT_EQ(r.non_manifold_edges[0].triangles, 3u);
    EXPECT_EQ(r.non_manifold_edges[0].vertices, (std::array<std::uint32_t, 2>{0, 1}));
    EXPECT_EQ(r.boundary_edges.size(), 6u);
}

TEST(MeshInspection, DegenerateTrianglesByKind) {
    const TestMesh mesh{{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 0, 0}},
                        {
                            0, 1, 3,  // fine
                            0, 0, 3,  // a repeated index
                            4, 0, 3,  // vertex 4 is where vertex 0 is
                            0, 1, 2,  // three points on the x axis
                        }};
    const MeshInspection r = inspect_mesh(mesh.view());
    ASSERT_EQ(r.degenerate.size(), 3u);
    EXPECT_EQ(r.degenerate[0].triangle, 1u);
    EXPECT_EQ(r.degenerate[0].kind, DegenerateKind::RepeatedIndex);
    EXPECT_EQ(r.degenerate[1].triangle, 2u);
    EXPECT_EQ(r.degenerate[1].kind, DegenerateKind::Coincident);
    EXPECT_EQ(r.degenerate[2].triangle, 3u);
    EXPECT_EQ(r.degenerate[2].kind, DegenerateKind::Collinear);
    EXPECT_TRUE(r.slivers.empty());
    for (const ProblemTriangle& t : r.degenerate)
        EXPECT_NE(t.dx, DxVerdict::Hit) << t.triangle;  // no area: nothing to hit
    EXPECT_EQ(r.duplicate_vertices, 1u);
}

TEST(MeshInspection, CollinearIsExactNotWithinRounding) {
    // Off the line by 2^-23: not degenerate, a sliver.
    const float y = 1.1920929e-07f;  // 2^-23
    const TestMesh mesh{{{0, 0, 0}, {2, 0, 0}, {1, y, 0}}, {0, 1, 2}};
    const MeshInspection r = inspect_mesh(mesh.view());
    EXPECT_TRUE(r.degenerate.empty());
    ASSERT_EQ(r.slivers.size(), 1u);
    EXPECT_NEAR(r.slivers[0].height_ratio, 2.0 * double(y) / 4.0, 1e-15);
}

TEST(MeshInspection, SliversAndWhatTheDirectXEpsilonMakesOfThem) {
    const TestMesh mesh{{
                            // a sliver of some area: 2A = 0.001 >= 0.0001
                            {0, 0, 0},
                            {1, 0, 0},
                            {0.5f, 0.001f, 0},
                            // a sliver of little: 2A = 1e-7 < 0.0001
                            {0, 0, 5},
                            {0.01f, 0, 5},
                            {0.005f, 0.00001f, 5},
                            // well shaped but small: 2A = 2.5e-5 < 0.0001, not a sliver
                            {0, 0, 9},
                            {0.005f, 0, 9},
                            {0, 0.005f, 9},
                        },
                        {0, 1, 2, 3, 4, 5, 6, 7, 8}};
    const MeshInspection r = inspect_mesh(mesh.view());
    ASSERT_EQ(r.slivers.size(), 2u);
    EXPECT_EQ(r.slivers[0].triangle, 0u);
    EXPECT_NEAR(r.slivers[0].height_ratio, 0.001, 1e-6);
    EXPECT_EQ(r.slivers[0].dx, DxVerdict::Hit);
    EXPECT_EQ(r.slivers[1].triangle, 1u);
    EXPECT_EQ(r.slivers[1].dx, DxVerdict::EpsilonRejects);
    EXPECT_EQ(r.dx_epsilon_rejects, 2u);  // the small sliver and the small triangle
    EXPECT_EQ(r.count(DxVerdict::EpsilonRejects, true), 1u);
    EXPECT_EQ(r.count(DxVerdict::Hit, true), 1u);

    // A smaller epsilon takes them back.
    RayTriangleOptions lenient;
    lenient.dx_det_epsilon = 1e-8f;
    const MeshInspection l = inspect_mesh(mesh.view(), lenient);
    EXPECT_EQ(l.dx_epsilon_rejects, 0u);
    EXPECT_EQ(l.dx_det_epsilon, 1e-8f);
}

TEST(MeshInspection, NearDuplicatesMergeWithinTheTolerance) {
    // Diagonal sqrt(3): tolerance 1.73e-6. Two positions 1e-6 apart merge; 1e-5 apart do not.
    TestMesh mesh = tetrahedron();
    mesh.positions[3] = {1, 1, 1};
    mesh.positions.push_back({1.0f, 1.0f, 1.0f - 1e-6f});
    mesh.positions.push_back({1.0f, 1.0f - 1e-5f, 1.0f});
    const MeshInspection r = inspect_mesh(mesh.view());
    EXPECT_NEAR(r.merge_tolerance, 1e-6 * std::sqrt(3.0), 1e-12);
    EXPECT_EQ(r.near_duplicate_vertices, std::optional<std::size_t>(1));
    EXPECT_EQ(r.duplicate_vertices, 0u);
}

TEST(MeshInspection, EmptyMeshesAndBadCornersAreNotProblemsOfTheirOwn) {
    const MeshInspection empty = inspect_mesh({});
    EXPECT_EQ(empty.triangles, 0u);
    EXPECT_EQ(empty.near_duplicate_vertices, std::optional<std::size_t>(0));
    // An index past the positions and a corner that is not finite: counted as triangles only.
    const float inf = std::numeric_limits<float>::infinity();
    const TestMesh bad{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {inf, 0, 0}}, {0, 1, 7, 0, 1, 3, 0, 1, 2}};
    const MeshInspection r = inspect_mesh(bad.view());
    EXPECT_EQ(r.triangles, 3u);
    EXPECT_TRUE(r.degenerate.empty());
    EXPECT_EQ(r.boundary_edges.size(), 3u);  // the one good triangle's
}

// A pile of distinct positions all within the tolerance of each other (a far outlier makes the
// tolerance large) would take a test per pair: past the budget the count is not given.
TEST(MeshInspection, NearDuplicatesOfACrowdAreNotCountedPastTheBudget) {
    TestMesh mesh;
    mesh.positions.push_back({1000, 1000, 1000});
    for (int i = 0; i < 3000; ++i) {
        const float step = float(i) * 2.4e-7f;  // two units in the last place of 1
        mesh.positions.push_back({1.0f + step, 1.0f, 1.0f});
    }
    mesh.indices = {0, 1, 2};
    const MeshInspection r = inspect_mesh(mesh.view());
    EXPECT_GT(r.merge_tolerance, 1e-3);
    EXPECT_FALSE(r.near_duplicate_vertices.has_value());
    EXPECT_EQ(r.duplicate_vertices, 0u);
}

TEST(MeshInspection, TheKnownMeshesOfTheTests) {
    const TestMesh closed = testing::closed_bumpy_sphere(12, 16);
    const MeshInspection c = inspect_mesh(closed.view());
    EXPECT_TRUE(c.boundary_edges.empty());
    EXPECT_TRUE(c.non_manifold_edges.empty());
    EXPECT_TRUE(c.degenerate.empty());
    EXPECT_EQ(c.duplicate_vertices, 0u);

    // Its north pole is one point sixteen times: sixteen coincident triangles.
    const TestMesh poles = testing::bumpy_sphere(12, 16);
    const MeshInspection p = inspect_mesh(poles.view());
    EXPECT_GE(p.duplicate_vertices, 15u);
    const auto coincident = std::count_if(p.degenerate.begin(), p.degenerate.end(), [](auto& t) {
        return t.kind == DegenerateKind::Coincident && t.triangle < 2 * 16;
    });
    EXPECT_EQ(coincident, 16);
}

// == Against brute force: every pair of triangle sides, every pair of vertices

struct Oracle {
    std::size_t degenerate = 0, slivers = 0, duplicates = 0, boundary = 0, non_manifold = 0;
    std::size_t near_merged = 0;
    std::vector<std::uint32_t> duplicated;  ///< lowest index of each position held twice or more
};

/// Small integer coordinates: every product is exact in double, so the cross product's zero
/// is the exact answer.
Oracle brute_force(const TestMesh& mesh, double tolerance) {
    Oracle o;
    const auto& P = mesh.positions;
    const std::size_t n = mesh.indices.size() / 3;
    for (std::size_t i = 0; i < P.size(); ++i) {
        bool first = true, copied = false;
        for (std::size_t j = 0; j < P.size(); ++j) {
            if (j < i && P[i] == P[j]) first = false;
            if (j != i && P[i] == P[j]) copied = true;
        }
        o.duplicates += !first;
        if (first && copied) o.duplicated.push_back(std::uint32_t(i));
    }
    struct Side {
        glm::vec3 a, b;
    };
    std::vector<Side> sides;
    for (std::size_t t = 0; t < n; ++t) {
        const glm::vec3 p[3] = {P[mesh.indices[3 * t]], P[mesh.indices[3 * t + 1]],
                                P[mesh.indices[3 * t + 2]]};
        const glm::dvec3 cross =
            glm::cross(glm::dvec3(p[1]) - glm::dvec3(p[0]), glm::dvec3(p[2]) - glm::dvec3(p[0]));
        const bool distinct = p[0] != p[1] && p[1] != p[2] && p[2] != p[0];
        if (distinct)
            for (int e = 0; e < 3; ++e)
                sides.push_back({p[e], p[(e + 1) % 3]});
        if (cross == glm::dvec3(0.0)) {
            ++o.degenerate;
            continue;
        }
        const double longest2 =
            std::max({glm::dot(glm::dvec3(p[1] - p[0]), glm::dvec3(p[1] - p[0])),
                      glm::dot(glm::dvec3(p[2] - p[1]), glm::dvec3(p[2] - p[1])),
                      glm::dot(glm::dvec3(p[0] - p[2]), glm::dvec3(p[0] - p[2]))});
        o.slivers += glm::length(cross) / longest2 < kSliverHeightRatio;
    }
    auto same = [](const Side& s, const Side& t) {
        return (s.a == t.a && s.b == t.b) || (s.a == t.b && s.b == t.a);
    };
    for (std::size_t i = 0; i < sides.size(); ++i) {
        bool first = true;
        std::size_t uses = 0;
        for (std::size_t j = 0; j < sides.size(); ++j) {
            if (!same(sides[i], sides[j])) continue;
            first = first && j >= i;
            ++uses;
        }
        if (!first) continue;
        o.boundary += uses == 1;
        o.non_manifold += uses >= 3;
    }
    // Distinct positions joined within the tolerance, transitively.
    std::vector<glm::vec3> distinct;
    for (const glm::vec3& p : P)
        if (std::find(distinct.begin(), distinct.end(), p) == distinct.end()) distinct.push_back(p);
    std::vector<std::size_t> group(distinct.size());
    std::iota(group.begin(), group.end(), std::size_t{0});
    for (std::size_t i = 0; i < distinct.size(); ++i)
        for (std::size_t j = 0; j < distinct.size(); ++j)
            if (group[i] != group[j] &&
                glm::distance(glm::dvec3(distinct[i]), glm::dvec3(distinct[j])) <= tolerance) {
                const std::size_t from = std::max(group[i], group[j]);
                const std::size_t to = std::min(group[i], group[j]);
                for (std::size_t& g : group)
                    if (g == from) g = to;
            }
    o.near_merged = distinct.size() - std::set<std::size_t>(group.begin(), group.end()).size();
    return o;
}

TEST(MeshInspection, RandomMeshesAgreeWithBruteForce) {
    std::mt19937 rng(16);
    for (int round = 0; round < 300; ++round) {
        // Few vertices on a small grid: repeated indices, duplicates, collinear corners and
        // edges shared by one, two or many triangles all happen.
        const std::uint32_t vertices = 4 + below(rng, 20);
        const std::uint32_t triangles = 1 + below(rng, 40);
        const std::uint32_t side = 2 + below(rng, 4);
        TestMesh mesh;
        for (std::uint32_t v = 0; v < vertices; ++v) {
            const float x = float(below(rng, side));
            const float y = float(below(rng, side));
            const float z = float(below(rng, side));
            mesh.positions.push_back({x, y, z});
        }
        for (std::uint32_t i = 0; i < 3 * triangles; ++i)
            mesh.indices.push_back(below(rng, vertices));
        const MeshInspection r = inspect_mesh(mesh.view());
        const Oracle o = brute_force(mesh, r.merge_tolerance);
        ASSERT_EQ(r.degenerate.size(), o.degenerate) << "round " << round;
        ASSERT_EQ(r.slivers.size(), o.slivers) << "round " << round;
        ASSERT_EQ(r.duplicate_vertices, o.duplicates) << "round " << round;
        ASSERT_EQ(r.duplicated_positions, o.duplicated) << "round " << round;
        ASSERT_EQ(r.boundary_edges.size(), o.boundary) << "round " << round;
        ASSERT_EQ(r.non_manifold_edges.size(), o.non_manifold) << "round " << round;
        ASSERT_EQ(r.near_duplicate_vertices, std::optional(o.near_merged)) << "round " << round;
        // The leak sweep's topology welds the same way and agrees on open and non-manifold.
        const MeshTopology topology = mesh_topology(mesh.view());
        ASSERT_EQ(r.boundary_edges.size(), topology.open_edges) << "round " << round;
        ASSERT_EQ(r.non_manifold_edges.size(), topology.nonmanifold_edges) << "round " << round;
    }
}

TEST(MeshInspection, RandomNearDuplicatesAgreeWithBruteForce) {
    std::mt19937 rng(1616);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (int round = 0; round < 100; ++round) {
        // Clusters of points a fraction of the tolerance (about 1.7e-6) to a few of them apart,
        // on both sides of the cells' faces.
        TestMesh mesh;
        mesh.positions.push_back({0, 0, 0});
        mesh.positions.push_back({1, 1, 1});
        const int clusters = 1 + int(below(rng, 6));
        for (int c = 0; c < clusters; ++c) {
            const auto centre = draw_vec3<glm::vec3>(unit, rng);
            const int size = 1 + int(below(rng, 5));
            for (int k = 0; k < size; ++k) {
                const auto jitter = draw_vec3<glm::vec3>(unit, rng) - glm::vec3(0.5f);
                mesh.positions.push_back(centre + jitter * 4e-6f);
            }
        }
        mesh.indices = {0, 1, 2};
        const MeshInspection r = inspect_mesh(mesh.view());
        const Oracle o = brute_force(mesh, r.merge_tolerance);
        ASSERT_EQ(r.near_duplicate_vertices, std::optional(o.near_merged)) << "round " << round;
    }
}

}  // namespace
}  // namespace picking
