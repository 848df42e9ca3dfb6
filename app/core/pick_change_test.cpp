#include "app/core/pick_change.h"

#include <limits>

#include <gtest/gtest.h>

namespace app {
namespace {

PickInputs inputs() {
    PickInputs in;
    in.choice.options().method = picking::RayTriangleMethod::MollerTrumbore;
    in.t_max = std::numeric_limits<float>::infinity();
    return in;
}

TEST(PickChange, TheSameSettingsAreNoChange) {
    EXPECT_TRUE(pick_changes(inputs(), inputs()).empty());
    EXPECT_EQ(join_changes({}), "");
}

TEST(PickChange, EverySettingThatDecidesAPickIsNamed) {
    const PickInputs before = inputs();
    PickInputs after = before;
    after.choice.options().method = picking::RayTriangleMethod::Watertight;
    after.choice.set_accel(Accel::Bvh);
    after.t_max = 100.0f;
    after.choice.options().triangle_options.cull_backfaces = true;
    after.choice.options().space = picking::RaySpace::WorldTriangles;
    after.choice.options().shapes.sphere = picking::SphereForm::Quadratic;
    const std::vector<std::string> changes = pick_changes(before, after);
    ASSERT_EQ(changes.size(), 6u);
    EXPECT_EQ(changes[0], "algorithm moller_trumbore -> watertight");
    EXPECT_EQ(changes[1], "broad phase none -> bvh");
    EXPECT_EQ(changes[2], "t max inf -> 100");
    EXPECT_EQ(changes[3], "back-face culling off -> on");
    EXPECT_EQ(changes[4], "triangles tested in bone space -> world");
    EXPECT_EQ(changes[5], "sphere form precise -> quadratic");
    EXPECT_EQ(join_changes({changes[0], changes[1]}),
              "algorithm moller_trumbore -> watertight; broad phase none -> bvh");
}

TEST(PickChange, TheSeedsTolerancesAreSettingsToo) {
    const PickInputs before = inputs();
    PickInputs after = before;
    after.choice.options().triangle_options.unity_edge_tolerance = 1e-3f;
    after.choice.options().triangle_options.seed_ignores_t_range = false;
    const std::vector<std::string> changes = pick_changes(before, after);
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0], "the seeds' missing t range kept -> clipped");
    EXPECT_EQ(changes[1], "Unity edge tolerance 1e-05 -> 0.001");
}

TEST(PickChange, WhatCannotChangeTheAnswerIsNotAChange) {
    const PickInputs before = inputs();
    PickInputs after = before;
    after.choice.options().record_visited = true;
    after.choice.options().simd = false;
    after.choice.options().precomputed = false;
    EXPECT_TRUE(pick_changes(before, after).empty());
}

}  // namespace
}  // namespace app
