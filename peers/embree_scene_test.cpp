#include "peers/embree_scene.h"

#include <random>

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "picking/core/draw_vec3.h"

namespace peers {
namespace {

struct Ball {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;

    explicit Ball(int rings) {
        const int sectors = 2 * rings;
        for (int r = 0; r <= rings; ++r)
            for (int s = 0; s < sectors; ++s) {
                const float theta = float(r) / float(rings) * glm::pi<float>();
                const float phi = float(s) / float(sectors) * 2.0f * glm::pi<float>();
                positions.push_back({std::sin(theta) * std::cos(phi), std::cos(theta),
                                     std::sin(theta) * std::sin(phi)});
            }
        auto at = [&](int r, int s) { return std::uint32_t(r * sectors + (s % sectors)); };
        for (int r = 0; r < rings; ++r)
            for (int s = 0; s < sectors; ++s) {
                indices.insert(indices.end(), {at(r, s), at(r + 1, s), at(r + 1, s + 1)});
                indices.insert(indices.end(), {at(r, s), at(r + 1, s + 1), at(r, s + 1)});
            }
    }
};

TEST(EmbreeScene, AgreesWithTheBvhOnInstancedMeshes_Seed51) {
    if (!embree_available()) GTEST_SKIP() << "built without Embree";
    const Ball ball(16);
    picking::SceneView view;
    view.meshes.push_back({ball.positions, ball.indices});
    std::mt19937 rng(51);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (std::uint32_t i = 0; i < 5; ++i) {
        glm::mat4 m = glm::translate(glm::mat4(1.0f), {4 * u(rng), 4 * u(rng), 4 * u(rng)});
        const float z = u(rng), x = u(rng), angle = 2.0f * u(rng);  // the order GCC drew them in
        m = glm::rotate(m, angle, glm::normalize(glm::vec3(x, 1.0f, z)));
        view.instances.push_back({0, i, glm::scale(m, {1.0f, 1.5f + u(rng), 1.0f})});
    }
    picking::SceneAccel accel(view);
    accel.build_bvhs(view);
    for (bool robust : {false, true}) {
        const EmbreeScene embree(view, {robust, 1});
        EXPECT_GT(embree.memory_bytes(), 0u);
        EXPECT_GE(embree.build_milliseconds(), 0.0);
        int hits = 0;
        for (int i = 0; i < 2000; ++i) {
            const glm::vec3 from =
                20.0f * glm::normalize(picking::draw_vec3<glm::vec3>(u, rng) + 0.01f);
            const glm::vec3 aim = 5.0f * picking::draw_vec3<glm::vec3>(u, rng);
            const picking::Ray ray{from, aim - from};
            picking::PickSettings settings;
            settings.method = picking::RayTriangleMethod::Watertight;
            settings.broad_phase = picking::BroadPhase::Bvh;
            picking::PickStats stats;
            const auto ours = picking::intersect_scene(view, ray, settings, &accel, stats);
            const auto theirs = embree.intersect(ray);
            ASSERT_EQ(ours.has_value(), theirs.has_value()) << "ray " << i;
            if (!ours) continue;
            ++hits;
            EXPECT_NEAR(ours->hit.t, theirs->hit.t, 1e-5f * ours->hit.t) << "ray " << i;
            if (ours->instance == theirs->instance && ours->triangle == theirs->triangle) {
                EXPECT_NEAR(ours->hit.u, theirs->hit.u, 1e-3f);  // Embree moves rays in float
                EXPECT_NEAR(ours->hit.v, theirs->hit.v, 1e-3f);
            }
        }
        EXPECT_GT(hits, 300);
    }
}

TEST(EmbreeScene, FollowsThePoseAndOneMeshAtTheIdentityIsDirect) {
    if (!embree_available()) GTEST_SKIP() << "built without Embree";
    const Ball ball(8);
    picking::SceneView view;
    view.meshes.push_back({ball.positions, ball.indices});
    view.instances.push_back({0, 0, glm::mat4(1.0f)});
    const EmbreeScene direct(view, {});
    const picking::Ray ray{{0.0f, 0.0f, 5.0f}, {0.0f, 0.0f, -1.0f}};
    const auto hit = direct.intersect(ray);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->hit.t, 4.0f, 0.02f);

    view.instances.push_back({0, 1, glm::translate(glm::mat4(1.0f), {0.0f, 0.0f, 3.0f})});
    EmbreeScene two(view, {});
    auto closer = two.intersect(ray);
    ASSERT_TRUE(closer);
    EXPECT_EQ(closer->instance, 1u);
    EXPECT_NEAR(closer->hit.t, 1.0f, 0.02f);
    view.instances[1].world_from_mesh = glm::translate(glm::mat4(1.0f), {10.0f, 0.0f, 0.0f});
    two.update_instances(view);
    closer = two.intersect(ray);
    ASSERT_TRUE(closer);
    EXPECT_EQ(closer->instance, 0u);
}

// A deformed mesh's new vertices reach Embree (they used to be dropped: picks kept the
// vertices it was built with), directly and under instances, robust or not.
TEST(EmbreeScene, UpdatePoseTakesTheDeformedVertices) {
    if (!embree_available()) GTEST_SKIP() << "built without Embree";
    const Ball ball(8);
    std::vector<glm::vec3> moved = ball.positions;
    picking::SceneView view;
    view.meshes.push_back({moved, ball.indices});
    view.instances.push_back({0, 0, glm::mat4(1.0f)});
    const picking::Ray ray{{0.0f, 0.0f, 5.0f}, {0.0f, 0.0f, -1.0f}};
    const std::uint32_t deformed[] = {0};
    for (bool robust : {false, true}) {
        for (bool instanced : {false, true}) {
            moved = ball.positions;
            view.instances.resize(1);
            if (instanced)
                view.instances.push_back(
                    {0, 1, glm::translate(glm::mat4(1.0f), {30.0f, 0.0f, 0.0f})});
            EmbreeScene embree(view, {robust, 1});
            ASSERT_NEAR(embree.intersect(ray)->hit.t, 4.0f, 0.02f);
            // The ball shrinks to half its size about its centre, twice (a refit after a refit).
            for (const float scale : {0.5f, 0.25f}) {
                for (std::size_t i = 0; i < moved.size(); ++i)
                    moved[i] = scale * ball.positions[i];
                embree.update_pose(view, deformed);
                const auto hit = embree.intersect(ray);
                ASSERT_TRUE(hit);
                EXPECT_EQ(hit->instance, 0u);
                EXPECT_NEAR(hit->hit.t, 5.0f - scale, 0.02f) << robust << instanced << scale;
            }
            // Instance transforms alone leave the vertices as they are.
            embree.update_instances(view);
            EXPECT_NEAR(embree.intersect(ray)->hit.t, 4.75f, 0.02f);
        }
    }
}

// A single mesh built at the identity (no instancing layer) that its node then moves.
TEST(EmbreeScene, ADirectMeshThatMovesFollowsItsTransform) {
    if (!embree_available()) GTEST_SKIP() << "built without Embree";
    const Ball ball(8);
    std::vector<glm::vec3> moved = ball.positions;
    picking::SceneView view;
    view.meshes.push_back({moved, ball.indices});
    view.instances.push_back({0, 7, glm::mat4(1.0f)});
    EmbreeScene embree(view, {});
    const picking::Ray ray{{0.0f, 0.0f, 5.0f}, {0.0f, 0.0f, -1.0f}};
    ASSERT_NEAR(embree.intersect(ray)->hit.t, 4.0f, 0.02f);
    view.instances[0].world_from_mesh = glm::translate(glm::mat4(1.0f), {0.0f, 0.0f, 2.0f});
    embree.update_instances(view);
    auto hit = embree.intersect(ray);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->instance, 0u);
    EXPECT_NEAR(hit->hit.t, 2.0f, 0.02f);
    // Its vertices still follow too, now under the instance.
    for (std::size_t i = 0; i < moved.size(); ++i)
        moved[i] = 0.5f * ball.positions[i];
    const std::uint32_t deformed[] = {0};
    embree.update_pose(view, deformed);
    hit = embree.intersect(ray);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->hit.t, 2.5f, 0.02f);
    // And back to the identity.
    view.instances[0].world_from_mesh = glm::mat4(1.0f);
    embree.update_instances(view);
    EXPECT_NEAR(embree.intersect(ray)->hit.t, 4.5f, 0.02f);
}

}  // namespace
}  // namespace peers
