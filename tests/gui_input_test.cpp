// The viewer driven as a person drives it: pointer and key events through XTest on an X server
// of the test's own, the results read back from the viewer's UI trace.

#include <gtest/gtest.h>

#include "tests/viewer_under_test.h"

namespace {

using Trace = tests::ViewerUnderTest::Trace;

double triangles_per_ray(const Trace& heatmap) {
    return double(heatmap["triangles"].get<std::uint64_t>()) /
           double(std::max<std::uint64_t>(heatmap["rays"].get<std::uint64_t>(), 1));
}

// Repro: the Pick panel kept the broad phase as a string and the pick settings kept their own;
// switching none -> bvh in the combo left the heatmap traced with no broad phase, labelled bvh.
TEST(GuiInput, ChoosingTheBroadPhaseInTheInspectorRetracesTheHeatmapWithIt) {
    tests::ViewerUnderTest viewer({"--time", "0", "--heatmap"});
    ASSERT_EQ(viewer.error(), "");

    // With no broad phase every ray meets every triangle of the scene. (The panels are laid
    // out from their second frame on: wait for the combo too.)
    const auto none = viewer.wait_for([](const Trace& t) {
        const Trace& report = t["report"];
        return report.contains("heatmap") && report["heatmap"]["accel"] == "none" &&
               report["heatmap"]["rays"].get<std::uint64_t>() > 0 &&
               t["items"].contains("Pick/broad phase");
    });
    ASSERT_TRUE(none) << viewer.last().dump();
    EXPECT_GT(triangles_per_ray((*none)["report"]["heatmap"]), 5000.0);

    // The combo, then its `bvh` entry, where the viewer drew them.
    const auto combo = tests::ViewerUnderTest::centre(*none, "Pick/broad phase");
    ASSERT_TRUE(combo) << none->dump();
    EXPECT_GT(combo->x, 0.0f);
    EXPECT_LT(combo->y, 720.0f);
    viewer.click(*combo);
    const auto open =
        viewer.wait_for([](const Trace& t) { return t["items"].contains("Pick/broad phase/bvh"); });
    ASSERT_TRUE(open) << viewer.last().dump();
    viewer.click(*tests::ViewerUnderTest::centre(*open, "Pick/broad phase/bvh"));

    // The whole picture again, through the BVH: a few triangles per ray.
    const auto bvh = viewer.wait_for([](const Trace& t) {
        const Trace& heatmap = t["report"]["heatmap"];
        return heatmap["accel"] == "bvh" && heatmap["complete"] == true;
    });
    ASSERT_TRUE(bvh) << viewer.last().dump();
    const Trace& heatmap = (*bvh)["report"]["heatmap"];
    EXPECT_EQ((*bvh)["report"]["accel_build"]["accel"], "bvh");
    const auto& view = (*bvh)["report"]["view_rect"];
    EXPECT_EQ(heatmap["rays"], std::uint64_t((view[2].get<double>() - view[0].get<double>()) *
                                             (view[3].get<double>() - view[1].get<double>())));
    EXPECT_GT(heatmap["hits"].get<std::uint64_t>(), 1000u);
    EXPECT_GT(heatmap["nodes"].get<std::uint64_t>(), 0u);
    EXPECT_LT(triangles_per_ray(heatmap), 50.0);

    const tests::ProcessResult ended = viewer.quit();
    EXPECT_FALSE(ended.timed_out);
    EXPECT_EQ(ended.exit_code, 0) << ended.err;
}

}  // namespace
