#include "app/core/accel_build_job.h"

#include <random>

#include <gtest/gtest.h>

#include "assets/procedural/default_scene.h"
#include "assets/procedural/torus_knot.h"
#include "picking/core/draw_vec3.h"

namespace app {
namespace {

// A build off the UI thread, adopted by the session, picks exactly like one made in place.
TEST(AccelBuildJob, ABuildOffTheThreadPicksLikeOneMadeInPlace_Seed7) {
    auto session = std::make_shared<SceneSession>(assets::make_default_scene());
    session->set_time(2.5);
    ASSERT_FALSE(session->accels().ready(Accel::Bvh));
    const auto job = start_accel_build(session, Accel::Bvh, 1);
    session->set_time(3.0);  // the pose may move while the job runs
    ASSERT_TRUE(job->wait(60.0));
    EXPECT_FLOAT_EQ(job->progress(), 1.0f);
    auto build = job->take();
    ASSERT_TRUE(build.has_value());
    EXPECT_FALSE(job->take().has_value()) << "a build is handed over once";
    EXPECT_TRUE(build->error.empty()) << build->error;
    EXPECT_FALSE(build->cancelled);
    EXPECT_GT(build->milliseconds, 0.0);
    session->accels().adopt(std::move(*build));
    ASSERT_TRUE(session->accels().ready(Accel::Bvh));

    SceneSession in_place(assets::make_default_scene());
    in_place.set_time(3.0);
    in_place.prepare(Accel::Bvh, 1);
    const PickChoice bvh({}, Accel::Bvh);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const picking::Aabb b = session->world_bounds();
    int hits = 0;
    for (int i = 0; i < 300; ++i) {
        const glm::vec3 origin =
            b.center() + 2.0f * b.radius() * glm::normalize(picking::draw_vec3<glm::vec3>(u, rng));
        const glm::vec3 aim =
            b.center() + 0.5f * (b.max - b.min) * picking::draw_vec3<glm::vec3>(u, rng);
        const picking::Ray ray{origin, aim - origin};
        const auto a = session->pick(ray, bvh);
        const auto c = in_place.pick(ray, bvh);
        ASSERT_EQ(a.broad_phase, picking::BroadPhase::Bvh);
        ASSERT_EQ(a.hit.has_value(), c.hit.has_value());
        if (!a.hit) continue;
        ++hits;
        EXPECT_EQ(a.hit->instance, c.hit->instance);
        EXPECT_EQ(a.hit->triangle, c.hit->triangle);
        EXPECT_EQ(a.hit->t, c.hit->t);
    }
    EXPECT_GT(hits, 60);
}

// Cancel stops a big build early, and the job outlives a session the viewer has dropped.
TEST(AccelBuildJob, CancelStopsABigBuildAndTheJobOutlivesItsSession) {
    auto session = std::make_shared<SceneSession>(assets::make_knot_scene(400'000));
    const auto job = start_accel_build(session, Accel::Bvh, 1);
    session.reset();  // the viewer moved on to another scene
    job->cancel();
    ASSERT_TRUE(job->wait(60.0));
    const auto build = job->take();
    ASSERT_TRUE(build.has_value());
    EXPECT_TRUE(build->cancelled);
    EXPECT_TRUE(build->bvhs.meshes.empty());
    EXPECT_EQ(running_background_jobs(), 0);
}

// An accel with nothing to build (none, sphere, aabb) is done at once.
TEST(AccelBuildJob, NothingToBuildFinishesEmpty) {
    auto session = std::make_shared<SceneSession>(assets::make_default_scene());
    const auto job = start_accel_build(session, Accel::Aabb, 1);
    ASSERT_TRUE(job->wait(60.0));
    const auto build = job->take();
    ASSERT_TRUE(build.has_value());
    EXPECT_TRUE(build->error.empty());
    EXPECT_TRUE(build->bvhs.meshes.empty());
    EXPECT_TRUE(session->accels().ready(Accel::Aabb));
}

}  // namespace
}  // namespace app
