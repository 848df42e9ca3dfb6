#include "app/core/leak_sweep_job.h"

#include <gtest/gtest.h>

#include "app/core/scene_session.h"
#include "assets/procedural/default_scene.h"
#include "assets/procedural/torus_knot.h"

namespace app {
namespace {

bool same(const LeakSweepOutcome& a, const LeakSweepOutcome& b) {
    if (a.leaks.size() != b.leaks.size() || a.marks.size() != b.marks.size()) return false;
    for (std::size_t i = 0; i < a.leaks.size(); ++i) {
        if (a.leaks[i].method != b.leaks[i].method || a.leaks[i].rays != b.leaks[i].rays ||
            a.leaks[i].leaks != b.leaks[i].leaks ||
            a.leaks[i].double_hits != b.leaks[i].double_hits)
            return false;
    }
    for (std::size_t i = 0; i < a.marks.size(); ++i)
        if (a.marks[i].point != b.marks[i].point || a.marks[i].leak != b.marks[i].leak)
            return false;
    return true;
}

// The sweep reads a copy of the meshes as they were posed: the pose moving on while the job
// runs changes nothing, and the job's answer is the one the UI thread would have computed.
TEST(LeakSweepJob, TheJobSweepsTheSnapshotWhateverThePoseDoesMeanwhile) {
    SceneSession session(assets::make_default_scene());
    session.set_time(0.5);
    LeakSweepChoice choice;
    choice.marked = picking::RayTriangleMethod::MollerTrumbore;
    const LeakSweepInput input = leak_sweep_input(session, choice);
    const LeakSweepOutcome expected = run_leak_sweep(input);
    ASSERT_EQ(expected.leaks.size(), picking::kRayTriangleAlgorithms.size());
    EXPECT_EQ(expected.marked, choice.marked);

    const auto job = start_leak_sweep(input);
    session.set_time(2.0);  // the scene moves on
    ASSERT_TRUE(job->wait(120.0));
    const std::optional<LeakSweepOutcome> outcome = job->take();
    ASSERT_TRUE(outcome) << job->error();
    EXPECT_TRUE(same(*outcome, expected));
    EXPECT_FLOAT_EQ(job->progress(), 1.0f);

    // A sweep of the new pose is another sweep (the tentacle and the arm moved).
    const LeakSweepOutcome later = run_leak_sweep(leak_sweep_input(session, choice));
    EXPECT_FALSE(same(later, expected));
}

// Each flagged spot is marked wherever its mesh is drawn: a mesh drawn twice, twice.
TEST(LeakSweepJob, MarksFollowEveryInstanceOfTheMesh) {
    LeakSweepInput input;
    const assets::Scene knot = assets::make_knot_scene(2000);
    input.meshes.push_back({knot.meshes[0].positions, knot.meshes[0].indices});
    input.instances.push_back({0, glm::mat4(1.0f)});
    input.choice.rays = 3000;
    input.choice.every_algorithm = false;
    input.choice.marked = picking::RayTriangleMethod::MollerTrumbore;
    const LeakSweepOutcome once = run_leak_sweep(input);
    ASSERT_EQ(once.leaks.size(), 1u);
    ASSERT_GT(once.marks.size(), 0u) << "Möller–Trumbore leaks or hits twice on shared edges";
    glm::mat4 moved(1.0f);
    moved[3] = glm::vec4(10.0f, 0.0f, 0.0f, 1.0f);
    input.instances.push_back({0, moved});
    const LeakSweepOutcome twice = run_leak_sweep(input);
    ASSERT_EQ(twice.marks.size(), 2 * once.marks.size());
    for (std::size_t i = 0; i < once.marks.size(); ++i) {
        const glm::vec3 expected = once.marks[i].point + glm::vec3(10.0f, 0.0f, 0.0f);
        const glm::vec3 got = twice.marks[once.marks.size() + i].point;
        EXPECT_NEAR(got.x, expected.x, 1e-4f);
        EXPECT_EQ(got.y, expected.y);
        EXPECT_EQ(got.z, expected.z);
    }
}

// A cancelled sweep stops between meshes and algorithms and leaves nothing half-counted behind
// a finished row.
TEST(LeakSweepJob, ACancelStopsTheSweep) {
    LeakSweepInput input;
    const assets::Scene knot = assets::make_knot_scene(20000);
    input.meshes.push_back({knot.meshes[0].positions, knot.meshes[0].indices});
    input.instances.push_back({0, glm::mat4(1.0f)});
    LeakSweepProgress progress;
    progress.cancel = true;
    const LeakSweepOutcome outcome = run_leak_sweep(input, &progress);
    EXPECT_TRUE(outcome.leaks.empty());
    EXPECT_TRUE(outcome.marks.empty());
}

}  // namespace
}  // namespace app
