// `raypick sphere-forms`: one JSON line per distance of the sweep, the study's own numbers (a
// miss as null), and clear errors for options out of range.

#include <cmath>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "picking/studies/sphere_form_study.h"
#include "tests/process.h"

namespace tests {
namespace sphere_forms_cli_test {

TEST(SphereFormsCli, OneLinePerDistanceWithTheStudysNumbers) {
    const ProcessResult r =
        run_process({raypick_exe(), "sphere-forms", "--points", "15", "--offset", "0.75"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), 15u);
    const picking::SphereFormSweep sweep = picking::sweep_sphere_forms(0.75, 15);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const nlohmann::json j = nlohmann::json::parse(out[i]);
        const picking::SpherePointStudy& p = sweep.points[i];
        EXPECT_EQ(j["ratio"].get<double>(), p.ratio);
        EXPECT_EQ(j["offset"].get<double>(), 0.75);
        EXPECT_EQ(j["exact"]["t_near"].get<double>(), p.exact.t_near.value());
        EXPECT_EQ(j["exact"]["t_far"].get<double>(), p.exact.t_far.value());
        for (std::size_t f = 0; f < picking::kSphereFormCount; ++f) {
            const std::string name(picking::kSphereAlgorithms[f].name);
            const nlohmann::json& form = j["forms"][name];
            ASSERT_EQ(form["hit"], p.forms[f].hit) << name << " at " << p.ratio;
            if (!p.forms[f].hit) {
                EXPECT_TRUE(form["t_near"].is_null() && form["rel_error_near"].is_null());
                continue;
            }
            EXPECT_EQ(form["t_near"].get<float>(), p.forms[f].t_near);
            EXPECT_EQ(form["t_far"].get<float>(), p.forms[f].t_far);
            EXPECT_EQ(form["rel_error_near"].get<double>(), p.forms[f].rel_error_near);
            EXPECT_EQ(form["ulps_near"].get<double>(), p.forms[f].ulps_near);
        }
    }
    EXPECT_EQ(nlohmann::json::parse(out.front())["ratio"], picking::kSphereStudyMinRatio);
    EXPECT_EQ(nlohmann::json::parse(out.back())["ratio"], picking::kSphereStudyMaxRatio);
}

TEST(SphereFormsCli, OptionsOutOfRangeAreRefused) {
    for (const char* points : {"1", "100001", "x"}) {
        const ProcessResult r = run_process({raypick_exe(), "sphere-forms", "--points", points});
        EXPECT_NE(r.exit_code, 0) << points;
        EXPECT_NE(r.err.find("--points"), std::string::npos) << r.err;
    }
    for (const char* offset : {"1", "-0.1", "nan"}) {
        const ProcessResult r = run_process({raypick_exe(), "sphere-forms", "--offset", offset});
        EXPECT_NE(r.exit_code, 0) << offset;
        EXPECT_NE(r.err.find("--offset"), std::string::npos) << r.err;
    }
}

}  // namespace sphere_forms_cli_test
}  // namespace tests
