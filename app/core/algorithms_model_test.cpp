#include "app/core/algorithms_model.h"

#include <gtest/gtest.h>

#include "assets/procedural/default_scene.h"

namespace app {
namespace {

/// A pick straight down onto the default scene's ball, as the viewer makes one.
Selection pick_ball(const SceneSession& session) {
    Selection selection;
    selection.ray = {{-2.5f, 10.0f, 1.65f}, {0.0f, -1.0f, 0.0f}};
    selection.result = session.pick(selection.ray, selection.choice);
    return selection;
}

TEST(AlgorithmsModel, ComparesEveryAlgorithmAndListsEveryHitOnThePicksRay) {
    SceneSession session(assets::make_default_scene());
    const Selection selection = pick_ball(session);
    ASSERT_TRUE(selection.result.hit);
    AlgorithmsModel model;
    model.study_pick(session, selection);
    ASSERT_EQ(model.compare.size(), picking::kRayTriangleAlgorithms.size());
    for (const picking::CompareRow& row : model.compare)
        if (row.method == picking::RayTriangleMethod::Reference) {
            ASSERT_TRUE(row.result.hit);
            EXPECT_EQ(row.result.hit->triangle, selection.result.hit->triangle);
        }
    ASSERT_TRUE(model.all_hits);
    EXPECT_GE(model.all_hits->hits.size(), 2u) << "in and out of the ball";
    EXPECT_FALSE(model.compare_shape);
    model.clear_pick();
    EXPECT_TRUE(model.compare.empty());
    EXPECT_FALSE(model.all_hits);
}

TEST(AlgorithmsModel, TheLeakSweepCountsPerAlgorithmAndMarksTheChosenOnesSpots) {
    SceneSession session(assets::make_default_scene());
    AlgorithmsModel model;
    LeakSweepChoice choice;
    choice.rays = 300;
    choice.marked = picking::RayTriangleMethod::DxPick;
    model.sweep_leaks(session, choice);
    ASSERT_EQ(model.leaks.size(), picking::kRayTriangleAlgorithms.size());
    EXPECT_EQ(model.leak_marks_method, picking::RayTriangleMethod::DxPick);
    for (const LeakRow& row : model.leaks) {
        EXPECT_GT(row.rays, 200) << int(row.method);
        EXPECT_LE(row.leaks + row.double_hits, row.rays);
    }
    // The marks are the marked algorithm's leaks and double hits, where its meshes are drawn.
    const auto dx = std::find_if(model.leaks.begin(), model.leaks.end(), [](const LeakRow& r) {
        return r.method == picking::RayTriangleMethod::DxPick;
    });
    ASSERT_NE(dx, model.leaks.end());
    EXPECT_EQ(model.leak_marks.empty(), dx->leaks + dx->double_hits == 0);
    choice.every_algorithm = false;
    model.sweep_leaks(session, choice);
    ASSERT_EQ(model.leaks.size(), 1u);
    EXPECT_EQ(model.leaks[0].method, picking::RayTriangleMethod::DxPick);
}

TEST(AlgorithmsModel, MovingFarGradesEveryAlgorithmThereAndSaysHowFarTheWorldMoved) {
    SceneSession session(assets::make_default_scene());
    AlgorithmsModel model;
    model.study_pick(session, pick_ball(session));
    const glm::dvec3 moved = model.move_far(session, 1000.0, {}, 200);
    EXPECT_NEAR(glm::length(moved), 1000.0, 1e-9);
    EXPECT_EQ(session.world_offset(), moved);
    EXPECT_FLOAT_EQ(model.far_log10, 3.0f);
    ASSERT_TRUE(model.far);
    EXPECT_EQ(model.far->rows.size(), picking::kRayTriangleAlgorithms.size());
    EXPECT_TRUE(model.compare.empty()) << "the pick was where the model was";
    const glm::dvec3 back = model.move_far(session, 0.0, {}, 200);
    EXPECT_EQ(back, -moved);
    EXPECT_EQ(session.world_offset(), glm::dvec3(0.0));
}

}  // namespace
}  // namespace app
