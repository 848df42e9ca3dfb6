#include "picking/select/snap.h"

#include <random>

#include <gtest/gtest.h>
#include <glm/ext/matrix_clip_space.hpp>
#include <glm/ext/matrix_transform.hpp>

#include "picking/scene/scene_pick.h"
#include "picking/testing/sanitized.h"
#include "picking/testing/seeded_draws.h"
#include "picking/testing/test_meshes.h"

namespace picking {
namespace {

using testing::TestMesh;

using testing::uniform;

/// A 640x480 view looking at the origin from +z (and a little above).
ScreenMapping screen() {
    ScreenMapping s;
    s.clip_from_world =
        glm::dmat4(glm::perspective(glm::radians(45.0f), 640.0f / 480.0f, 0.1f, 100.0f)) *
        glm::dmat4(glm::lookAt(glm::vec3(1.0f, 3.0f, 12.0f), glm::vec3(0.0f), glm::vec3(0, 1, 0)));
    s.view_min = {0.0, 20.0};
    s.view_size = {640.0, 480.0};
    return s;
}

struct OneInstance {
    TestMesh mesh;
    SceneView view;
    SceneAccel accel;
    OneInstance(TestMesh m, glm::mat4 world) : mesh(std::move(m)) {
        view.meshes.push_back(mesh.view());
        view.instances.push_back({0, 0, world});
        accel = SceneAccel(view);
        accel.build_bvhs(view);
    }
    /// The pick under a window pixel, as a SnapQuery.
    [[nodiscard]] std::optional<SnapQuery> hit_at(const ScreenMapping& s, glm::dvec2 cursor,
                                                  double radius) const {
        glm::dvec3 o, d;
        s.ray_through(cursor, o, d);
        PickSettings settings;
        const PickResult r = pick(view, Ray{glm::vec3(o), glm::vec3(d)}, settings, &accel);
        if (!r.hit) return std::nullopt;
        SnapQuery q;
        q.instance = r.hit->instance;
        q.triangle = r.hit->triangle;
        q.world_hit = glm::dvec3(r.hit->point);
        q.cursor = cursor;
        q.radius_px = radius;
        return q;
    }
};

/// A flat grid of unit cells in the x-z plane, turned to face the camera a little and scaled
/// unevenly (so the bone space differs from the world).
const OneInstance& grid() {
    static const OneInstance g(testing::grid(8),
                               glm::scale(glm::rotate(glm::mat4(1.0f), 1.2f, glm::vec3(1, 0, 0)),
                                          glm::vec3(0.6f, 1.0f, 0.45f)));
    return g;
}

TEST(Snap, ACursorNearAVertexSnapsToThatVertexExactly) {
    const OneInstance& g = grid();
    const ScreenMapping s = screen();
    const glm::mat4& world_from_mesh = g.view.instances[0].world_from_mesh;
    // Aim a few pixels off a vertex in the middle of the grid.
    const std::uint32_t vertex = g.mesh.indices[3 * 40];
    const glm::dvec3 world = glm::dvec3(glm::dmat4(world_from_mesh) *
                                        glm::dvec4(glm::dvec3(g.mesh.positions[vertex]), 1.0));
    const glm::dvec2 at = *s.window_of(world);
    const auto q = g.hit_at(s, at + glm::dvec2(3.0, -2.0), 10.0);
    ASSERT_TRUE(q);
    const auto snapped = snap_near(g.view, &g.accel, s, *q);
    ASSERT_TRUE(snapped);
    EXPECT_EQ(snapped->kind, SnapKind::Vertex);
    EXPECT_EQ(snapped->vertex, vertex);
    EXPECT_EQ(snapped->mesh, glm::dvec3(g.mesh.positions[vertex]));  // the vertex as stored
    EXPECT_NEAR(glm::length(snapped->world - world), 0.0, 1e-12);
    EXPECT_NEAR(snapped->distance_px, std::sqrt(13.0), 0.05);
    // With vertices off, the nearest edge point or midpoint instead.
    SnapQuery no_vertex = *q;
    no_vertex.targets.vertex = false;
    EXPECT_NE(snap_near(g.view, &g.accel, s, no_vertex)->kind, SnapKind::Vertex);
}

TEST(Snap, AnEdgeSnapIsOnTheEdgeAndNearestTheCursorAmongItsPoints) {
    const OneInstance& g = grid();
    const ScreenMapping s = screen();
    std::mt19937 rng(21);
    int edges = 0;
    for (int round = 0; round < 200 && edges < 20; ++round) {
        const glm::dvec2 cursor{uniform(rng, 150.0, 490.0), uniform(rng, 150.0, 350.0)};
        auto q = g.hit_at(s, cursor, 6.0);
        if (!q) continue;
        q->targets.vertex = q->targets.edge_midpoint = false;
        const auto snapped = snap_near(g.view, &g.accel, s, *q);
        ASSERT_TRUE(snapped);
        if (snapped->kind != SnapKind::Edge) continue;
        ++edges;
        // On the segment, in both spaces.
        const glm::dmat4 world_from_mesh(g.view.instances[0].world_from_mesh);
        const auto corner = [&](int c) {
            return glm::dvec3(
                g.mesh.positions[g.mesh.indices[3 * snapped->triangle + std::uint32_t(c)]]);
        };
        const glm::dvec3 a = corner(snapped->corner_a), b = corner(snapped->corner_b);
        EXPECT_NEAR(glm::length(snapped->mesh - glm::mix(a, b, snapped->edge_fraction)), 0.0,
                    1e-12);
        EXPECT_NEAR(glm::length(snapped->world -
                                glm::dvec3(world_from_mesh * glm::dvec4(snapped->mesh, 1.0))),
                    0.0, 1e-9);
        // No point of the edge, sampled finely, is nearer the cursor on screen by more than a
        // hair (the snap minimises the distance to the cursor's ray, almost the same thing).
        double nearest = 1e300;
        for (int i = 0; i <= 4000; ++i) {
            const glm::dvec3 p =
                glm::dvec3(world_from_mesh * glm::dvec4(glm::mix(a, b, i / 4000.0), 1.0));
            nearest = std::min(nearest, glm::length(*s.window_of(p) - cursor));
        }
        EXPECT_LE(snapped->distance_px, nearest + 0.05) << "round " << round;
    }
    EXPECT_GE(edges, 5);
}

TEST(Snap, FarFromEveryEdgeTheFaceItselfIsTheAnswer) {
    const OneInstance& g = grid();
    const ScreenMapping s = screen();
    // The middle of a cell, with a radius too small to reach its sides.
    const glm::dmat4 world_from_mesh(g.view.instances[0].world_from_mesh);
    const glm::dvec3 centre = glm::dvec3(
        world_from_mesh * glm::dvec4((glm::dvec3(g.mesh.positions[g.mesh.indices[3 * 40]]) +
                                      glm::dvec3(g.mesh.positions[g.mesh.indices[3 * 40 + 1]]) +
                                      glm::dvec3(g.mesh.positions[g.mesh.indices[3 * 40 + 2]])) /
                                         3.0,
                                     1.0));
    const auto q = g.hit_at(s, *s.window_of(centre), 1.0);
    ASSERT_TRUE(q);
    const auto snapped = snap_near(g.view, &g.accel, s, *q);
    ASSERT_TRUE(snapped);
    EXPECT_EQ(snapped->kind, SnapKind::Face);
    EXPECT_EQ(snapped->world, q->world_hit);
    SnapQuery no_face = *q;
    no_face.targets.face = false;
    EXPECT_FALSE(snap_near(g.view, &g.accel, s, no_face));
}

// The BVH finds the same candidates as looking at every triangle of the instance, on a bumpy
// sphere (whose far side projects right behind the near one: it never snaps).
TEST(Snap, TheBvhSnapsAsLookingAtEveryTriangleDoes) {
    const OneInstance sphere(testing::bumpy_sphere(30, 40, 3.0f),
                             glm::translate(glm::mat4(1.0f), glm::vec3(0.5f, 0.0f, 0.0f)));
    const ScreenMapping s = screen();
    std::mt19937 rng(8);
    int compared = 0, kinds[4] = {};
    for (int round = 0; round < 300 / testing::kScale; ++round) {
        const glm::dvec2 cursor{uniform(rng, 200.0, 440.0), uniform(rng, 120.0, 380.0)};
        const auto q = sphere.hit_at(s, cursor, uniform(rng, 2.0, 25.0));
        if (!q) continue;
        std::size_t looked = 0;
        const auto fast = snap_near(sphere.view, &sphere.accel, s, *q, &looked);
        const auto slow = snap_near_every_triangle(sphere.view, s, *q);
        ASSERT_TRUE(fast && slow);
        EXPECT_EQ(fast->kind, slow->kind) << "round " << round;
        EXPECT_EQ(fast->world, slow->world) << "round " << round;
        EXPECT_EQ(fast->distance_px, slow->distance_px) << "round " << round;
        EXPECT_LT(looked, sphere.mesh.indices.size() / 3);  // not every triangle
        ++kinds[int(fast->kind)];
        ++compared;
    }
    EXPECT_GT(compared, 20);
    EXPECT_GT(kinds[int(SnapKind::Vertex)], 0);
    EXPECT_GT(kinds[int(SnapKind::Edge)] + kinds[int(SnapKind::EdgeMidpoint)], 0);
}

/// Every field of two answers, so a failure says which differs.
void expect_same_answer(const std::optional<SnapResult>& fast,
                        const std::optional<SnapResult>& slow, int round) {
    ASSERT_EQ(fast.has_value(), slow.has_value()) << "round " << round;
    if (!fast) return;
    EXPECT_EQ(fast->kind, slow->kind) << "round " << round;
    EXPECT_EQ(fast->triangle, slow->triangle) << "round " << round;
    EXPECT_EQ(fast->corner_a, slow->corner_a) << "round " << round;
    EXPECT_EQ(fast->corner_b, slow->corner_b) << "round " << round;
    EXPECT_EQ(fast->vertex, slow->vertex) << "round " << round;
    EXPECT_EQ(fast->edge_fraction, slow->edge_fraction) << "round " << round;
    EXPECT_EQ(fast->world, slow->world) << "round " << round;
    EXPECT_EQ(fast->mesh, slow->mesh) << "round " << round;
    EXPECT_EQ(fast->distance_px, slow->distance_px) << "round " << round;
}

// A vertex or an edge that several triangles share is one candidate, answered through the
// lowest of them (then the lowest corner) whatever order the search offers them in: the BVH,
// which visits the triangles nearest the hit first, answers field for field as the brute force
// in index order does. (It used to keep whichever triangle came first, so a vertex snap on a
// dense mesh named another triangle and corner than the brute force.) On meshes dense enough
// that the nearest vertices shrink the search to a few pixels, with every mix of kinds.
TEST(Snap, ASharedVertexOrEdgeAnswersThroughItsLowestTriangleWhateverTheSearchOrder) {
    const OneInstance dense_sphere(testing::bumpy_sphere(150, 200, 3.0f),
                                   glm::translate(glm::mat4(1.0f), glm::vec3(0.5f, 0.0f, 0.0f)));
    const OneInstance dense_grid(testing::grid(90),
                                 glm::scale(glm::rotate(glm::mat4(1.0f), 1.2f, glm::vec3(1, 0, 0)),
                                            glm::vec3(0.06f, 1.0f, 0.045f)));
    const ScreenMapping s = screen();
    std::mt19937 rng(31);
    int compared = 0, vertices = 0, shared_edges = 0;
    for (const OneInstance* m : {&dense_sphere, &dense_grid, &grid()})
        for (int round = 0; round < 120 / testing::kScale; ++round) {
            const glm::dvec2 cursor{uniform(rng, 200.0, 440.0), uniform(rng, 120.0, 380.0)};
            const double radius = uniform(rng, 1.0, 20.0);
            const std::uint32_t kinds = rng() % 4;
            auto q = m->hit_at(s, cursor, radius);
            if (!q) continue;
            // All kinds, or one of vertices, midpoints and faces left out.
            q->targets.vertex = kinds != 1;
            q->targets.edge_midpoint = kinds != 2;
            q->targets.face = kinds != 3;
            const auto fast = snap_near(m->view, &m->accel, s, *q);
            const auto slow = snap_near_every_triangle(m->view, s, *q);
            expect_same_answer(fast, slow, round);
            ++compared;
            vertices += fast && fast->kind == SnapKind::Vertex;
            shared_edges += fast && fast->kind != SnapKind::Vertex && fast->corner_b >= 0;
        }
    EXPECT_GT(compared, 150 / testing::kScale);
    EXPECT_GT(vertices, 20 / testing::kScale);
    EXPECT_GT(shared_edges, 10 / testing::kScale);
}

TEST(Snap, KindsHaveNamesForPeople) {
    EXPECT_STREQ(snap_kind_name(SnapKind::EdgeMidpoint), "edge midpoint");
    EXPECT_STREQ(snap_kind_name(SnapKind::Face), "face");
}

}  // namespace
}  // namespace picking
