#include "app/core/accel_store.h"

#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "app/core/scene_session.h"
#include "assets/procedural/default_scene.h"
#include "picking/bvh/bvh.h"

namespace app {
namespace {

// The thread rule: after a new pose, queries from several threads at once refit the structures
// exactly once, and each thread's picks equal those of a session picked on one thread.
TEST(AccelStore, ThreadsQueryingAfterANewPoseRefitOnceAndPickAlike) {
    SceneSession shared(assets::make_default_scene());
    SceneSession alone(assets::make_default_scene());
    for (SceneSession* s : {&shared, &alone}) {
        s->prepare(Accel::Bvh, 1);
        s->set_time(1.25);
    }
    const std::uint64_t refits = shared.accels().last_refit().count;
    const PickChoice bvh({}, Accel::Bvh);
    std::vector<picking::Ray> rays;
    for (int i = 0; i < 64; ++i) {
        const float x = -6.0f + 0.19f * float(i);
        rays.push_back({{x, 3.0f, 12.0f}, {0.0f, -0.15f, -1.0f}});
    }
    std::vector<std::vector<picking::PickResult>> got(4);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < got.size(); ++t)
        threads.emplace_back([&, t] {
            for (const picking::Ray& ray : rays)
                got[t].push_back(shared.pick(ray, bvh));
        });
    for (std::thread& thread : threads)
        thread.join();
    EXPECT_EQ(shared.accels().last_refit().count, refits + 1);
    EXPECT_EQ(shared.accels().last_refit().pose_version, shared.pose_version());
    int hits = 0;
    for (std::size_t i = 0; i < rays.size(); ++i) {
        const picking::PickResult want = alone.pick(rays[i], bvh);
        hits += want.hit.has_value();
        for (const auto& thread : got) {
            ASSERT_EQ(thread[i].hit.has_value(), want.hit.has_value()) << i;
            if (!want.hit) continue;
            EXPECT_EQ(thread[i].hit->instance, want.hit->instance) << i;
            EXPECT_EQ(thread[i].hit->triangle, want.hit->triangle) << i;
            EXPECT_EQ(thread[i].hit->t, want.hit->t) << i;
        }
    }
    EXPECT_GT(hits, 10);
}

TEST(AccelStore, ABuildThatFailedOrWasCancelledChangesNothing) {
    SceneSession session(assets::make_default_scene());
    AccelBuild failed = AccelStore::build(session.build_view(), Accel::Bvh, 1, nullptr,
                                          picking::BvhBuildMethod::Sah);
    failed.error = "out of memory";
    session.accels().adopt(std::move(failed));
    EXPECT_FALSE(session.accels().ready(Accel::Bvh));
    AccelBuild cancelled = AccelStore::build(session.build_view(), Accel::Bvh, 1, nullptr,
                                             picking::BvhBuildMethod::Sah);
    cancelled.cancelled = true;
    session.accels().adopt(std::move(cancelled));
    EXPECT_FALSE(session.accels().ready(Accel::Bvh));
    session.accels().adopt(AccelStore::build(session.build_view(), Accel::Bvh, 1, nullptr,
                                             picking::BvhBuildMethod::Sah));
    EXPECT_TRUE(session.accels().ready(Accel::Bvh));
    EXPECT_GT(session.accels().bytes(Accel::Bvh), 0u);
    EXPECT_TRUE(session.accels().ready(Accel::Sphere)) << "nothing to build";
    EXPECT_EQ(session.accels().bytes(Accel::None), 0u);
}

// The session's BVH build method: BVHs built the other way serve until the next prepare()
// builds them its way, and picks do not change (any complete tree gives the closest hit by the
// same tie rule).
TEST(AccelStore, TheBvhBuildMethodRebuildsAndPicksTheSame) {
    SceneSession session(assets::make_default_scene());
    session.prepare(Accel::Bvh, 1);
    ASSERT_EQ(session.accels().bvh_build(), picking::BvhBuildMethod::Sah);
    const PickChoice bvh({}, Accel::Bvh);
    std::vector<picking::PickResult> by_sah;
    std::vector<picking::Ray> rays;
    for (int i = 0; i < 64; ++i) {
        const float x = -6.0f + 0.19f * float(i);
        rays.push_back({{x, 3.0f, 12.0f}, {0.0f, -0.15f, -1.0f}});
        by_sah.push_back(session.pick(rays.back(), bvh));
    }
    session.set_bvh_build(picking::BvhBuildMethod::Morton);
    EXPECT_TRUE(session.accels().ready(Accel::Bvh)) << "the SAH tree serves meanwhile";
    EXPECT_FALSE(session.bvh_current());
    EXPECT_GT(session.prepare(Accel::Bvh, 1), 0.0);
    EXPECT_TRUE(session.bvh_current());
    EXPECT_EQ(session.accels().bvh_build(), picking::BvhBuildMethod::Morton);
    int hits = 0;
    for (std::size_t i = 0; i < rays.size(); ++i) {
        const picking::PickResult got = session.pick(rays[i], bvh);
        ASSERT_EQ(got.hit.has_value(), by_sah[i].hit.has_value()) << i;
        if (!got.hit) continue;
        ++hits;
        EXPECT_EQ(got.hit->instance, by_sah[i].hit->instance) << i;
        EXPECT_EQ(got.hit->triangle, by_sah[i].hit->triangle) << i;
        EXPECT_EQ(got.hit->t, by_sah[i].hit->t) << i;
    }
    EXPECT_GT(hits, 10);
    EXPECT_EQ(session.prepare(Accel::Bvh, 1), 0.0) << "built as asked: nothing to do";
}

}  // namespace
}  // namespace app
