// Collide mode on an Xvfb of its own: instances of the default scene (or one and a copy of itself),
// the moving one placed from the command line. The printed report must count the intersecting
// triangle pairs as testing every pair does (the BVH traversal lost none), and the picture must
// show the contact segments exactly when there are any.

#include <array>
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/png_image.h"
#include "tests/process.h"

namespace tests {
namespace collide_gui_test {

// app/viewer/panels/collide_panel.h: the contact segments' colour (opaque, drawn on top), 8-bit.
constexpr std::array<int, 3> kSegment = {255, 242, 51};
// The default scene's instances: 3 is the ring (a torus), 1 the ball, 4 the crate.
constexpr const char* kRing = "3";

struct CollideRun {
    int exit_code = -1;
    std::string err;
    nlohmann::json out;
    PngImage png;
};

CollideRun run_collide(const std::vector<std::string>& extra, const std::string& name) {
    const auto shot = std::filesystem::temp_directory_path() / ("raypick_collide_" + name + ".png");
    std::filesystem::remove(shot);
    std::vector<std::string> args = {raypick_exe(), "--time", "0"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {"--screenshot", shot.string()});
    const ProcessResult r = run_gui_process(args, 180.0);
    CollideRun run;
    run.exit_code = r.exit_code;
    run.err = r.err;
    if (r.exit_code != 0) return run;
    const auto out = lines(r.out);
    EXPECT_EQ(out.size(), 1u) << r.out;
    if (out.size() == 1) run.out = nlohmann::json::parse(out[0]);
    run.png = read_png_image(shot);
    EXPECT_EQ(run.png.width, 1280) << "no screenshot at " << shot;
    return run;
}

TEST(CollideGui, ACopyOfTheRingTurnedThroughItselfShowsEveryContact) {
    const CollideRun run = run_collide(
        {"--collide", kRing, "--tri-algorithm", "guigue_devillers", "--turn", "0,40,0"}, "copy");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    ASSERT_EQ(run.out["mode"], "collide");
    const auto& c = run.out["collide"];
    EXPECT_EQ(c["copy"], true);
    EXPECT_EQ(c["instance_a"], 3);
    EXPECT_EQ(c["algorithm"], "guigue_devillers");
    EXPECT_GT(c["intersecting_pairs"].get<int>(), 100);
    EXPECT_EQ(c["intersecting_pairs"], c["brute_force_pairs"]);  // the BVH missed none
    EXPECT_GE(c["candidate_pairs"].get<int>(), c["intersecting_pairs"].get<int>());
    // Far fewer candidates than all pairs: the traversal did the culling.
    EXPECT_LT(c["candidate_pairs"].get<double>(),
              0.01 * c["triangles_a"].get<double>() * c["triangles_b"].get<double>());
    EXPECT_EQ(c["segments"], c["intersecting_pairs"]);  // none coplanar here
    ASSERT_EQ(run.png.width, 1280);
    EXPECT_GT(run.png.count(kSegment, 3), 200);
}

// The Collide panel takes the Inspector's place: the view keeps most of the window, as in
// Pick mode, and nothing floats over it.
TEST(CollideGui, ThePanelSitsBesideTheViewNotOverIt) {
    const CollideRun run = run_collide({"--mode", "collide"}, "layout");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    ASSERT_EQ(run.out["mode"], "collide");
    const auto& view = run.out["view_rect"];
    const double area = (view[2].get<double>() - view[0].get<double>()) *
                        (view[3].get<double>() - view[1].get<double>());
    EXPECT_GE(area, 0.7 * 1280.0 * 720.0);
    const auto& windows = run.out["windows"];
    ASSERT_TRUE(windows.contains("Inspector")) << windows.dump();
    EXPECT_GE(windows["Inspector"]["rect"][0].get<double>(), view[2].get<double>());
}

TEST(CollideGui, TwoInstancesMovedIntoEachOtherWithEachAlgorithm) {
    // The ball (1) moved onto the crate (4): the contact count of every algorithm matches its
    // own brute force.
    for (const char* algorithm : {"seed003", "moller97", "guigue_devillers", "exact"}) {
        const CollideRun run = run_collide(
            {"--collide", "4,1", "--move", "4.9,-0.25,0.8", "--tri-algorithm", algorithm},
            std::string("pair_") + algorithm);
        ASSERT_EQ(run.exit_code, 0) << run.err;
        const auto& c = run.out["collide"];
        EXPECT_EQ(c["copy"], false);
        EXPECT_EQ(c["instance_b"], 1);
        EXPECT_EQ(c["algorithm"], algorithm);
        EXPECT_GT(c["intersecting_pairs"].get<int>(), 5) << algorithm;
        EXPECT_EQ(c["intersecting_pairs"], c["brute_force_pairs"]) << algorithm;
    }
}

TEST(CollideGui, MovedApartThereIsNothing) {
    const CollideRun run = run_collide({"--collide", kRing, "--move", "0,100,0"}, "apart");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const auto& c = run.out["collide"];
    EXPECT_EQ(c["intersecting_pairs"], 0);
    EXPECT_EQ(c["brute_force_pairs"], 0);
    EXPECT_EQ(c["candidate_pairs"], 0);
    ASSERT_EQ(run.png.width, 1280);
    EXPECT_EQ(run.png.count(kSegment, 3), 0);
}

TEST(CollideGui, BadChoicesAreClearErrors) {
    const CollideRun missing = run_collide({"--collide", "99"}, "missing");
    EXPECT_NE(missing.exit_code, 0);
    EXPECT_NE(missing.err.find("no instance 99"), std::string::npos) << missing.err;
    const CollideRun algorithm =
        run_collide({"--collide", kRing, "--tri-algorithm", "nope"}, "bad");
    EXPECT_NE(algorithm.exit_code, 0);
    EXPECT_NE(algorithm.err.find("--tri-algorithm"), std::string::npos) << algorithm.err;
    const CollideRun move = run_collide({"--collide", kRing, "--move", "1,nan,0"}, "nan");
    EXPECT_NE(move.exit_code, 0);
    EXPECT_NE(move.err.find("--move"), std::string::npos) << move.err;
}

}  // namespace collide_gui_test
}  // namespace tests
