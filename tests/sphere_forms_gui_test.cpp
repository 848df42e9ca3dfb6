// Tools > Sphere forms in scripted viewer runs: the report gives the setting's four forms and
// exact roots as the study computes them, each form's worst over the sweep, and the plot draws
// every form's curve in its colour inside the Tools area.

#include <array>
#include <cmath>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "picking/studies/sphere_form_study.h"
#include "tests/scripted_viewer.h"

namespace tests {
namespace sphere_forms_gui_test {

// The forms' colours (app/viewer/panels/sphere_forms_panel.h), in kSphereAlgorithms' order.
constexpr std::array<std::array<int, 3>, 4> kFormColors = {
    {{255, 84, 84}, {255, 191, 51}, {89, 179, 255}, {64, 230, 102}}};

/// [x0, y0, x1, y1] lies inside `outer`.
bool inside(const nlohmann::json& rect, const nlohmann::json& outer) {
    return rect[0].get<double>() >= outer[0].get<double>() &&
           rect[1].get<double>() >= outer[1].get<double>() &&
           rect[2].get<double>() <= outer[2].get<double>() &&
           rect[3].get<double>() <= outer[3].get<double>();
}

TEST(SphereFormsGui, TheReportAndThePlotShowEveryFormAgainstTheExactSolve) {
    const ViewerRun run = run_viewer({"--tool", "sphere-forms"}, "sphere_forms");
    ASSERT_EQ(run.pick["tool"], "sphere-forms");
    ASSERT_TRUE(run.pick.contains("sphere_forms")) << run.pick.dump();
    const nlohmann::json& s = run.pick["sphere_forms"];
    EXPECT_EQ(s["ratio"], 1e4);  // the tab's opening setting
    EXPECT_EQ(s["offset"], picking::kSphereStudyDefaultOffset);
    EXPECT_EQ(s["sweep_points"], picking::kSphereStudyPoints);

    // The same numbers as the study's, form by form.
    const picking::SpherePointStudy study = picking::study_sphere_forms(1e4, 0.5);
    EXPECT_EQ(s["exact"]["t_near"].get<double>(), study.exact.t_near.value());
    EXPECT_EQ(s["exact"]["t_far"].get<double>(), study.exact.t_far.value());
    ASSERT_EQ(s["forms"].size(), picking::kSphereFormCount);
    for (std::size_t f = 0; f < picking::kSphereFormCount; ++f) {
        const std::string name(picking::kSphereAlgorithms[f].name);
        const nlohmann::json& form = s["forms"][name];
        ASSERT_EQ(form["hit"], study.forms[f].hit) << name;
        EXPECT_EQ(form["t_near"].get<float>(), study.forms[f].t_near) << name;
        EXPECT_EQ(form["t_far"].get<float>(), study.forms[f].t_far) << name;
        EXPECT_EQ(form["ulps_near"].get<double>(), study.forms[f].ulps_near) << name;
    }
    // At 10^4 radii the plain quadratic has lost the discriminant; the precise form has not.
    EXPECT_GE(s["forms"]["quadratic"]["ulps_near"].get<double>(), 100.0);
    EXPECT_LE(s["forms"]["precise"]["ulps_near"].get<double>(), 2.0);
    // Over the sweep: thousands of ULPs and a few misses against a few ULPs and none.
    EXPECT_GE(s["worst"]["quadratic"]["ulps_near"].get<double>(), 1000.0);
    EXPECT_GT(s["worst"]["quadratic"]["misses"].get<int>(), 0);
    EXPECT_LE(s["worst"]["precise"]["ulps_near"].get<double>(), 4.0);
    EXPECT_EQ(s["worst"]["precise"]["misses"], 0);

    // The plot, in the Tools area, draws every point of every form: a curve or a miss mark.
    const nlohmann::json& plot = s["plot"];
    EXPECT_TRUE(inside(plot["rect"], run.pick["windows"]["Tools"]["rect"])) << plot.dump();
    EXPECT_GT(plot["rect"][2].get<double>() - plot["rect"][0].get<double>(), 250.0);
    EXPECT_GT(plot["rect"][3].get<double>() - plot["rect"][1].get<double>(), 120.0);
    for (std::size_t f = 0; f < picking::kSphereFormCount; ++f) {
        SCOPED_TRACE(std::string(picking::kSphereAlgorithms[f].name));
        EXPECT_EQ(plot["curve_points"][f].get<int>() + plot["miss_marks"][f].get<int>(),
                  picking::kSphereStudyPoints);
        // Its colour covers a curve's length, far more than a legend swatch would.
        EXPECT_GT(pixels_in(run.png, kFormColors[f], plot["rect"]), 300);  // measured 510 .. 1420
    }
}

TEST(SphereFormsGui, NothingOfItIsReportedWhileClosed) {
    const ViewerRun run = run_viewer({"--tool", "acceleration"}, "sphere_forms_closed");
    EXPECT_EQ(run.pick["tool"], "acceleration");
    EXPECT_FALSE(run.pick.contains("sphere_forms"));
}

}  // namespace sphere_forms_gui_test
}  // namespace tests
