// The Triangle lab on an Xvfb of its own: started on a seed case's preset, it must print every
// algorithm's answer and the step of each that decided, and draw the two triangles, and the
// contact segment exactly when they intersect.

#include <array>
#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/png_image.h"
#include "tests/process.h"
#include "tests/scripted_viewer.h"

namespace tests {
namespace lab_gui_test {

// app/viewer/panels/triangle_lab_panel.h: the contact segment's colour (opaque, drawn on top), and
// V's and Q's outlines.
constexpr std::array<int, 3> kSegment = {51, 255, 115};
constexpr std::array<int, 3> kOutlineV = {77, 158, 255};
constexpr std::array<int, 3> kOutlineQ = {255, 148, 51};

ViewerRun run_lab(const std::string& seed_case) {
    return run_viewer({"--lab", seed_case, "--size", "1280x720"}, "lab_" + seed_case);
}

/// The 3D view's rectangle in a lab run's report, as whole pixels.
std::array<int, 4> view_of(const ViewerRun& run) {
    const auto& v = run.pick["view_rect"];
    return {int(v[0].get<double>()), int(v[1].get<double>()), int(v[2].get<double>()),
            int(v[3].get<double>())};
}

TEST(LabGui, PiercingPairShowsTheContactAndEveryAnswer) {
    const ViewerRun run = run_lab("intersect_no_point_inside");
    ASSERT_EQ(run.pick["mode"], "lab");
    const auto& lab = run.pick["lab"];
    EXPECT_EQ(lab["case"], "intersect_no_point_inside");
    for (const char* algorithm : {"seed003", "moller97", "guigue_devillers", "exact"})
        EXPECT_EQ(lab["intersect"][algorithm], true) << algorithm;
    EXPECT_EQ(lab["seed003_step"], "step 3: projections");  // both points outside V
    EXPECT_EQ(lab["moller97_step"], "intervals on the line");
    EXPECT_EQ(lab["corners"].size(), 6u);
    ASSERT_GT(run.png.width, 0);
    // The segment is drawn (two pixels wide, on top) in the 3D view.
    const auto [x0, y0, x1, y1] = view_of(run);
    EXPECT_GT(run.png.count(kSegment, 3, x0, y0, x1, y1), 40);
    EXPECT_GT(run.png.count(kOutlineV, 3, x0, y0, x1, y1), 40);
    EXPECT_GT(run.png.count(kOutlineQ, 3, x0, y0, x1, y1), 40);
}

TEST(LabGui, ParallelPairShowsNoContact) {
    const ViewerRun run = run_lab("parallel_not_coplanar");
    const auto& lab = run.pick["lab"];
    EXPECT_EQ(lab["case"], "parallel_not_coplanar");
    for (const char* algorithm : {"seed003", "moller97", "guigue_devillers", "exact"})
        EXPECT_EQ(lab["intersect"][algorithm], false) << algorithm;
    EXPECT_EQ(lab["seed003_step"], "special case 1: parallel");
    ASSERT_GT(run.png.width, 0);
    const auto [x0, y0, x1, y1] = view_of(run);
    EXPECT_EQ(run.png.count(kSegment, 3, x0, y0, x1, y1), 0);
    EXPECT_GT(run.png.count(kOutlineQ, 3, x0, y0, x1, y1), 40);
}

/// [x0, y0, x1, y1] contains (x, y).
bool inside(const nlohmann::json& rect, double x, double y) {
    return x >= rect[0].get<double>() && x <= rect[2].get<double>() && y >= rect[1].get<double>() &&
           y <= rect[3].get<double>();
}

TEST(LabGui, CornersAndTheirLabelsAreFramedInTheView) {
    // At 1280x720 every corner and its draggable label must be in the 3D view, not behind the
    // lab's panel (the Inspector) or its pictures (the Tools area).
    for (const char* seed_case : {"coplanar_vertex_inside", "coplanar_containment",
                                  "intersect_no_point_inside", "disjoint_two_crossings"}) {
        SCOPED_TRACE(seed_case);
        const ViewerRun run = run_lab(seed_case);
        const auto& lab = run.pick["lab"];
        ASSERT_EQ(lab["labels"].size(), 6u);
        ASSERT_EQ(lab["corners_px"].size(), 6u);
        const auto& region = lab["view_region"];
        const auto& view = run.pick["view_rect"];
        const auto& panel = run.pick["windows"]["Inspector"]["rect"];
        const auto& pictures = run.pick["windows"]["Tools"]["rect"];
        EXPECT_EQ(run.pick["tool"], "lab-pictures");
        for (int k = 0; k < 2; ++k) {
            EXPECT_GE(region[k].get<double>(), view[k].get<double>());
            EXPECT_LE(region[k + 2].get<double>(), view[k + 2].get<double>());
        }
        EXPECT_GT(region[2].get<double>() - region[0].get<double>(), 300.0);
        for (const auto& points : {lab["labels"], lab["corners_px"]})
            for (const auto& p : points) {
                const double x = p[0], y = p[1];
                EXPECT_TRUE(inside(region, x, y)) << x << "," << y;
                EXPECT_FALSE(inside(panel, x, y)) << x << "," << y;
                EXPECT_FALSE(inside(pictures, x, y)) << x << "," << y;
            }
    }
}

TEST(LabGui, CoplanarTrianglesDoNotZFight) {
    // V (0,0) (4,0) (0,4) and Q (1,1) (6,1) (1,6) in z = 0 overlap in the triangle (1,1) (3,1)
    // (1,3): Q is drawn over V there, one even colour, not a speckle of both.
    const ViewerRun run = run_lab("coplanar_vertex_inside");
    ASSERT_EQ(run.png.width, 1280);
    const auto& c = run.pick["lab"]["corners_px"];
    const auto at = [&](int i) { return std::array<double, 2>{c[i][0], c[i][1]}; };
    const auto q0 = at(3), q1 = at(4), q2 = at(5);
    // The overlap's corners on screen (Q0, and 2/5 of the way along Q's edges from it; the
    // perspective bends that by a pixel or two), shrunk halfway to its centre.
    const std::array<double, 2> overlap[3] = {
        q0,
        {q0[0] + 0.4 * (q1[0] - q0[0]), q0[1] + 0.4 * (q1[1] - q0[1])},
        {q0[0] + 0.4 * (q2[0] - q0[0]), q0[1] + 0.4 * (q2[1] - q0[1])}};
    const double cx = (overlap[0][0] + overlap[1][0] + overlap[2][0]) / 3.0;
    const double cy = (overlap[0][1] + overlap[1][1] + overlap[2][1]) / 3.0;
    const std::array<int, 3> first = run.png.at(int(cx), int(cy));
    int samples = 0, differing = 0;
    for (int a = 0; a <= 6; ++a)
        for (int b = 0; a + b <= 6; ++b) {
            const double u = a / 6.0, v = b / 6.0, w = 1.0 - u - v;
            const double x = w * overlap[0][0] + u * overlap[1][0] + v * overlap[2][0];
            const double y = w * overlap[0][1] + u * overlap[1][1] + v * overlap[2][1];
            const std::array<int, 3> p =
                run.png.at(int(0.5 * cx + 0.5 * x), int(0.5 * cy + 0.5 * y));
            ++samples;
            for (int k = 0; k < 3; ++k)
                if (std::abs(p[std::size_t(k)] - first[std::size_t(k)]) > 4) {
                    ++differing;
                    break;
                }
        }
    EXPECT_EQ(differing, 0) << "of " << samples << " pixels in the overlap";
}

TEST(LabGui, UnknownCaseIsAClearError) {
    const ProcessResult r = run_gui_process(
        {raypick_exe(), "--lab", "nope", "--screenshot", "/tmp/raypick_lab_nope.png"}, 60.0);
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("unknown seed case 'nope'"), std::string::npos) << r.err;
}

}  // namespace lab_gui_test
}  // namespace tests
