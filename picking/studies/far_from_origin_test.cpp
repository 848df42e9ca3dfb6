#include "picking/studies/far_from_origin.h"

#include <gtest/gtest.h>

namespace picking {
namespace {

/// A small grid of triangles about one unit across, like a model near the origin.
std::vector<TriangleD> small_model() {
    std::vector<TriangleD> tris;
    for (int x = 0; x < 8; ++x)
        for (int z = 0; z < 8; ++z) {
            const glm::dvec3 a(0.125 * x, 0.01 * (x ^ z), 0.125 * z);
            const glm::dvec3 b = a + glm::dvec3(0.125, 0.0, 0.0),
                             c = a + glm::dvec3(0, 0.02, 0.125);
            tris.push_back({a, b, c});
        }
    return tris;
}

const FarFromOriginRow& row(const FarFromOriginStudy& s, std::string_view name) {
    for (const auto& r : s.rows)
        if (r.name == name) return r;
    throw std::runtime_error("no row " + std::string(name));
}

// == A case checked by hand
//
// The unit right triangle p0 = (0,0,0), p1 = (1,0,0), p2 = (0,1,0), a ray straight down -z
// from (0.3, 0.3, 1) aimed at u = 0.3 (weight of p1, = x) and v = 0.3 (weight of p2, = y).

const std::vector<TriangleD> kUnit = {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}};
const std::vector<FarAim> kAim = {{0, 0.3, 0.3, {0.3, 0.3, 1.0}, {0.0, 0.0, -1.0}}};

// 2^20 along x: floats there are 1/8 apart. The corners (2^20, 2^20 + 1) stay exact, but the
// ray's x = 2^20 + 0.3 rounds to 2^20 + 0.25: in the float world every algorithm, and the
// reference, hits at u = 0.25, 0.05 from the aim. Against the reference on that same input the
// algorithms are exact to float rounding. The app's bone-space picking starts from that
// rounded float world ray and inherits the 0.05; a double world rebased near the origin does not.
TEST(FarFromOrigin, TheRoundedOriginShiftsUByTheFloatStepAtTwoToTheTwenty) {
    const FarFromOriginStudy s = grade_far_from_origin(kUnit, kAim, {1048576.0, 0, 0}, {});
    ASSERT_EQ(s.rows.size(), kRayTriangleAlgorithms.size());
    EXPECT_EQ(s.distance, 1048576.0);
    for (const FarFromOriginRow& r : s.rows) {
        for (FarInput input : {FarInput::Float, FarInput::BoneSpace}) {
            const FarGrades& g = r.on(input);
            ASSERT_EQ(g.vs_aim.rays, 1) << r.name;
            ASSERT_EQ(g.vs_aim.misses, 0) << r.name << " " << far_input_name(input);
            EXPECT_NEAR(g.vs_aim.u_max, 0.05, 1e-6) << r.name << " " << far_input_name(input);
            EXPECT_NEAR(g.vs_aim.v_max, 0.0, 1e-6) << r.name;  // |0.3f - 0.3| = 1.2e-8
            EXPECT_NEAR(g.vs_aim.t_max, 0.0, 1e-6) << r.name;
            ASSERT_EQ(g.vs_reference.compared, 1) << r.name;
            EXPECT_LT(g.vs_reference.u_max, 1e-6) << r.name;
            EXPECT_LT(g.vs_reference.v_max, 1e-6) << r.name;
            EXPECT_LT(g.vs_reference.t_max, 1e-6) << r.name;
            EXPECT_EQ(g.disagreements, 0) << r.name;
        }
        const FarGrades& d = r.on(FarInput::Double);
        ASSERT_EQ(d.vs_aim.misses, 0) << r.name;
        EXPECT_LT(d.vs_aim.u_max, 1e-6) << r.name;
        EXPECT_LT(d.vs_aim.v_max, 1e-6) << r.name;
    }
    // The reference itself, graded against itself, is exact.
    EXPECT_EQ(row(s, "reference").on(FarInput::Float).vs_reference.u_max, 0.0);
}

// 2^24 along x: floats there are 2 apart, so p1's x = 2^24 + 1 rounds (to even) onto p0's
// 2^24 and the triangle collapses in the float world: every algorithm misses, the reference
// too, and they agree. In bone space the triangle is whole but the float world ray's x rounds
// to 2^24, which moved back is 0: the ray runs exactly down the edge p0 p2, where the strict
// algorithms miss and the inclusive ones hit at u = 0. The double world hits everywhere.
TEST(FarFromOrigin, AtTwoToTheTwentyFourTheTriangleCollapses) {
    const FarFromOriginStudy s = grade_far_from_origin(kUnit, kAim, {16777216.0, 0, 0}, {});
    for (const FarFromOriginRow& r : s.rows) {
        const FarGrades& f = r.on(FarInput::Float);
        EXPECT_EQ(f.vs_aim.misses, 1) << r.name;
        EXPECT_EQ(f.disagreements, 0) << r.name;
        EXPECT_EQ(f.vs_reference.compared, 0) << r.name;
        EXPECT_EQ(r.on(FarInput::Double).vs_aim.misses, 0) << r.name;
    }
    const FarGrades& mt = row(s, "moller_trumbore").on(FarInput::BoneSpace);
    EXPECT_EQ(mt.vs_aim.misses, 1) << "strict edges: the ray on the edge misses";
    EXPECT_EQ(mt.disagreements, 1) << "the reference (edges inclusive) hits";
    const FarGrades& wt = row(s, "watertight").on(FarInput::BoneSpace);
    ASSERT_EQ(wt.vs_aim.misses, 0);
    EXPECT_NEAR(wt.vs_aim.u_max, 0.3, 1e-6);  // u = 0 instead of 0.3
    EXPECT_LT(wt.vs_reference.u_max, 1e-6);
}

// == The seeded study on a small model

TEST(FarFromOrigin, NearTheOriginEverythingHitsAccurately_Seed1) {
    const FarFromOriginStudy s = far_from_origin_study(small_model(), 1.0, {}, {.rays = 500});
    ASSERT_EQ(s.rows.size(), kRayTriangleAlgorithms.size());
    for (const auto& r : s.rows)
        for (FarInput input : kFarInputs) {
            const FarGrades& g = r.on(input);
            EXPECT_EQ(g.vs_aim.rays, 500) << r.name;
            EXPECT_EQ(g.vs_aim.misses, 0) << r.name;
            EXPECT_EQ(g.disagreements, 0) << r.name;
            EXPECT_LT(g.vs_aim.t_max, 1e-4) << r.name;
            EXPECT_LT(std::max(g.vs_aim.u_max, g.vs_aim.v_max), 1e-3) << r.name;
            EXPECT_LT(g.vs_reference.t_max, 1e-4) << r.name;
        }
}

TEST(FarFromOrigin, AtTenMillionUnitsTheFloatWorldFailsAndADoubleOneDoesNot_Seed1) {
    const FarFromOriginStudy s = far_from_origin_study(small_model(), 1e7, {}, {.rays = 500});
    // A float at 10^7 has a step of 1: the 0.125-unit triangles collapse.
    EXPECT_GT(row(s, "moller_trumbore").on(FarInput::Float).vs_aim.miss_rate(), 0.5);
    EXPECT_GT(row(s, "reference").on(FarInput::Float).vs_aim.miss_rate(), 0.5);
    // Bone space keeps the triangles small, but a float world ray's origin is already rounded
    // to the step of 1 there; a double world rebased near the origin keeps it exact.
    EXPECT_GT(row(s, "watertight").on(FarInput::BoneSpace).vs_aim.miss_rate(), 0.5);
    for (const auto& r : s.rows) {
        const FarGrades& d = r.on(FarInput::Double);
        EXPECT_EQ(d.vs_aim.misses, 0) << r.name;
        EXPECT_LT(std::max(d.vs_aim.u_max, d.vs_aim.v_max), 1e-4) << r.name;
    }
}

TEST(FarFromOrigin, ErrorsGrowWithDistance_Seed2) {
    double previous = -1.0;
    for (const double d : {1e2, 1e4, 1e6}) {
        const auto s = far_from_origin_study(small_model(), d, {}, {.rays = 300, .seed = 2});
        const FarErrors& e = row(s, "watertight").on(FarInput::Float).vs_aim;
        const double err = e.u_median + double(e.misses);
        EXPECT_GE(err, previous) << d;
        previous = err;
    }
}

TEST(FarFromOrigin, EmptyOrDegenerateModelGivesNoRows) {
    EXPECT_TRUE(far_from_origin_study({}, 10.0, {}).rows.empty());
    EXPECT_TRUE(far_from_origin_study({{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}}, 10.0, {}).rows.empty());
}

}  // namespace
}  // namespace picking
