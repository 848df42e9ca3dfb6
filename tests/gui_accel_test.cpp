// The broad phases in scripted viewer runs: a BVH click against every triangle, the BVH's boxes,
// and the cost heatmap against the one `raypick heatmap` writes.

#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/core/heatmap.h"
#include "tests/process.h"
#include "tests/scripted_viewer.h"

namespace tests {
namespace gui_accel_test {

const std::string kBunny = "/usr/share/glmark2/models/bunny.obj";

TEST(Gui, BvhClickEqualsEveryTriangleAndSaysWhatItCost) {
    if (!std::filesystem::exists(kBunny)) GTEST_SKIP() << kBunny << " is not installed";
    const ViewerRun bvh = run_viewer({kBunny, "--accel", "bvh", "--click", "490,360"}, "bvh");
    const ViewerRun none = run_viewer({kBunny, "--click", "490,360"}, "nobvh");
    ASSERT_EQ(bvh.pick["hit"], true) << bvh.pick.dump();
    EXPECT_EQ(bvh.pick["broad_phase"], "bvh") << "the click waited for the build";
    EXPECT_EQ(none.pick["broad_phase"], "none");
    EXPECT_EQ(bvh.pick["triangle"], none.pick["triangle"]);
    EXPECT_EQ(bvh.pick["t"], none.pick["t"]);
    EXPECT_GT(bvh.pick["nodes_visited"].get<int>(), 0);
    EXPECT_GT(bvh.pick["box_tests"].get<int>(), 0);
    EXPECT_LT(bvh.pick["triangles_tested"].get<int>(), 500);
    EXPECT_EQ(none.pick["triangles_tested"].get<int>(), 69666);
    EXPECT_GT(bvh.pick["accel_build"]["milliseconds"].get<double>(), 0.0);
    // Acceleration memory within the budget of 64 bytes per triangle.
    const double bytes = bvh.pick["accel_build"]["bytes"].get<double>();
    EXPECT_GT(bytes, 0.0);
    EXPECT_LE(bytes / 69666.0, 64.0);
    expect_highlight_at_click(bvh);
}

// --bvh-build morton: the viewer builds the BVH from Morton codes, says so, and the click's
// answer is the SAH tree's (its work per ray may differ).
TEST(Gui, AMortonBuiltBvhClicksTheSameTriangle) {
    if (!std::filesystem::exists(kBunny)) GTEST_SKIP() << kBunny << " is not installed";
    const ViewerRun sah = run_viewer({kBunny, "--accel", "bvh", "--click", "490,360"}, "sah");
    const ViewerRun morton = run_viewer(
        {kBunny, "--accel", "bvh", "--bvh-build", "morton", "--click", "490,360"}, "morton");
    ASSERT_EQ(morton.pick["hit"], true) << morton.pick.dump();
    EXPECT_EQ(sah.pick["accel_build"]["built_by"], "SAH");
    EXPECT_EQ(morton.pick["accel_build"]["built_by"], "Morton");
    EXPECT_EQ(morton.pick["broad_phase"], "bvh");
    EXPECT_EQ(morton.pick["triangle"], sah.pick["triangle"]);
    EXPECT_EQ(morton.pick["t"], sah.pick["t"]);
    EXPECT_EQ(morton.pick["u"], sah.pick["u"]);
    EXPECT_NE(morton.pick["accel_build"]["bytes"], sah.pick["accel_build"]["bytes"])
        << "another tree";
}

// --bvh-depth draws every box of that level (in its level's colour), --show-visited the boxes
// the click entered (orange).
TEST(Gui, BvhBoxesAtADepthAndTheBoxesAPickEntered) {
    if (!std::filesystem::exists(kBunny)) GTEST_SKIP() << kBunny << " is not installed";
    const ViewerRun run = run_viewer(
        {kBunny, "--accel", "bvh", "--bvh-depth", "1", "--show-visited", "--click", "490,360"},
        "boxes");
    const auto& boxes = run.pick["bvh_boxes"];
    ASSERT_TRUE(boxes.is_object()) << run.pick.dump();
    EXPECT_EQ(boxes["depth"], 1);
    EXPECT_GT(boxes["drawn"].get<int>(), 8);   // more than the root's eight children
    EXPECT_LE(boxes["drawn"].get<int>(), 64);  // at most eight of each of them
    EXPECT_EQ(boxes["drawn"], boxes["at_depth"]);
    EXPECT_GE(boxes["levels"].get<int>(), 3);
    EXPECT_GT(run.pick["visited_boxes"].get<int>(), 0);
    // Level 1's colour (app/viewer/accel_view.cpp) and the visited boxes' orange, in the view.
    EXPECT_GT(pixels_in(run.png, {115, 255, 140}, run.pick["view_rect"]), 1000);
    EXPECT_GT(pixels_in(run.png, {255, 140, 26}, run.pick["view_rect"]), 100);
}

/// The viewer's heatmap (per ray, or with `packets` in 4x4 packets) is the picture `raypick
/// heatmap` writes: the same rays through the same camera, the same totals, the same colours
/// where no panel covers the view.
void expect_the_heatmap_the_command_line_writes(bool packets) {
    std::vector<std::string> args = {kBunny, "--accel", "bvh", "--heatmap"};
    if (packets) args.push_back("--heatmap-packets");
    const ViewerRun run = run_viewer(args, packets ? "heatmap_packets" : "heatmap");
    const auto& heat = run.pick["heatmap"];
    ASSERT_TRUE(heat.is_object()) << run.pick.dump();
    EXPECT_EQ(heat["complete"], true);
    EXPECT_EQ(heat["metric"], packets ? "packets" : "work");
    const auto out =
        std::filesystem::temp_directory_path() /
        (packets ? "raypick_gui_heatmap_packets_cli.png" : "raypick_gui_heatmap_cli.png");
    // The viewer's default algorithm is the CLI's.
    const ProcessResult r =
        run_process({raypick_exe(), "heatmap", kBunny, "--out", out.string(), "--accel", "bvh",
                     "--size", "980x678", "--metric", packets ? "packets" : "work"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto cli = nlohmann::json::parse(r.out);
    for (const char* total : {"rays", "hits", "nodes", "triangles", "scale_max"})
        EXPECT_EQ(heat[total], cli[total]) << total;
    // The view's picture, pixel for pixel (the view is the window less the bars and the
    // Inspector: 980x678 from 0,21), above the keys both draw at their bottoms.
    const Png written = read_png(out);
    const auto& view = run.pick["view_rect"];
    ASSERT_EQ(view, nlohmann::json::array({0.0, 21.0, 980.0, 699.0})) << run.pick.dump();
    ASSERT_EQ(written.width, 980);
    ASSERT_EQ(written.height, 678);
    int same = 0, compared = 0, coloured = 0;
    for (int y = 0; y < written.height - 50; y += 3)
        for (int x = 0; x < written.width; x += 3) {
            ++compared;
            const auto a = run.png.at(x, y + 21), b = written.at(x, y);
            same += std::abs(a[0] - b[0]) <= 2 && std::abs(a[1] - b[1]) <= 2 &&
                    std::abs(a[2] - b[2]) <= 2;
            coloured += a[1] > 120;  // green and yellow: the bunny's costlier pixels
        }
    EXPECT_GE(same, compared * 99 / 100);
    EXPECT_GT(coloured, compared / 20);
    // The viewer's key, in the view's lower left corner (the bunny is far from it): the
    // colour bar's warm end, which the empty corner of the picture would not have.
    for (const int step : {30, 38, 46}) {
        const glm::u8vec3 c = app::heat_color((float(step) + 0.5f) / 48.0f);
        EXPECT_GE(pixels_in(run.png, {c.r, c.g, c.b}, 0, 649, 420, 699), 3)
            << "colour bar step " << step;
    }
}

TEST(Gui, TheHeatmapIsTheOneTheCommandLineWrites) {
    if (!std::filesystem::exists(kBunny)) GTEST_SKIP() << kBunny << " is not installed";
    expect_the_heatmap_the_command_line_writes(false);
}

TEST(Gui, ThePacketHeatmapIsTheOneTheCommandLineWrites) {
    if (!std::filesystem::exists(kBunny)) GTEST_SKIP() << kBunny << " is not installed";
    expect_the_heatmap_the_command_line_writes(true);
}

}  // namespace gui_accel_test
}  // namespace tests
