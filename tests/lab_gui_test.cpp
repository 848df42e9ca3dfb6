// The Triangle lab under xvfb-run: started on a seed case's preset, it must print every
// algorithm's answer and the step of each that decided, and draw the two triangles, and the
// contact segment exactly when they intersect.

#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/png_image.h"
#include "tests/process.h"

namespace tests {
namespace {

// app/panels/triangle_lab_panel.h: the contact segment's colour (opaque, drawn on top), and
// V's and Q's outlines.
constexpr std::array<int, 3> kSegment = {51, 255, 115};
constexpr std::array<int, 3> kOutlineV = {77, 158, 255};
constexpr std::array<int, 3> kOutlineQ = {255, 148, 51};

struct LabRun {
    nlohmann::json out;
    PngImage png;
};

LabRun run_lab(const std::string& seed_case) {
    const auto shot =
        std::filesystem::temp_directory_path() / ("raypick_lab_" + seed_case + ".png");
    std::filesystem::remove(shot);
    const ProcessResult r = run_gui_process(
        {raypick_exe(), "--lab", seed_case, "--size", "1280x720", "--screenshot", shot.string()},
        180.0);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    LabRun run;
    const auto out = lines(r.out);
    EXPECT_EQ(out.size(), 1u) << r.out;
    if (out.size() == 1) run.out = nlohmann::json::parse(out[0]);
    run.png = read_png_image(shot);
    EXPECT_EQ(run.png.width, 1280) << "no screenshot at " << shot;
    return run;
}

TEST(LabGui, PiercingPairShowsTheContactAndEveryAnswer) {
    const LabRun run = run_lab("intersect_no_point_inside");
    ASSERT_EQ(run.out["mode"], "lab");
    const auto& lab = run.out["lab"];
    EXPECT_EQ(lab["case"], "intersect_no_point_inside");
    for (const char* algorithm : {"seed003", "moller97", "guigue_devillers", "exact"})
        EXPECT_EQ(lab["intersect"][algorithm], true) << algorithm;
    EXPECT_EQ(lab["seed003_step"], "step 3: projections");  // both points outside V
    EXPECT_EQ(lab["moller97_step"], "intervals on the line");
    EXPECT_EQ(lab["corners"].size(), 6u);
    ASSERT_GT(run.png.width, 0);
    // The segment is drawn (two pixels wide, on top) in the 3D view, left of the right panels.
    EXPECT_GT(run.png.count(kSegment, 3, 440, 40, 830, 720), 40);
    EXPECT_GT(run.png.count(kOutlineV, 3, 440, 40, 830, 720), 40);
    EXPECT_GT(run.png.count(kOutlineQ, 3, 440, 40, 830, 720), 40);
}

TEST(LabGui, ParallelPairShowsNoContact) {
    const LabRun run = run_lab("parallel_not_coplanar");
    const auto& lab = run.out["lab"];
    EXPECT_EQ(lab["case"], "parallel_not_coplanar");
    for (const char* algorithm : {"seed003", "moller97", "guigue_devillers", "exact"})
        EXPECT_EQ(lab["intersect"][algorithm], false) << algorithm;
    EXPECT_EQ(lab["seed003_step"], "special case 1: parallel");
    ASSERT_GT(run.png.width, 0);
    EXPECT_EQ(run.png.count(kSegment, 3, 440, 40, 830, 720), 0);
    EXPECT_GT(run.png.count(kOutlineQ, 3, 440, 40, 830, 720), 40);
}

TEST(LabGui, UnknownCaseIsAClearError) {
    const ProcessResult r = run_gui_process(
        {raypick_exe(), "--lab", "nope", "--screenshot", "/tmp/raypick_lab_nope.png"}, 60.0);
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("unknown seed case 'nope'"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace tests
