#include "picking/studies/sphere_form_study.h"

#include <cmath>
#include <cstring>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

namespace picking {
namespace {

std::size_t form_index(SphereForm form) {
    for (std::size_t i = 0; i < kSphereFormCount; ++i)
        if (kSphereAlgorithms[i].form == form) return i;
    return kSphereFormCount;
}

const std::size_t kQuadratic = form_index(SphereForm::Quadratic);
const std::size_t kPrecise = form_index(SphereForm::Precise);

TEST(SphereFormStudy, FloatUlpIsTheSpacingOfFloats) {
    EXPECT_EQ(float_ulp(1.0), std::ldexp(1.0, -23));
    EXPECT_EQ(float_ulp(1.5), std::ldexp(1.0, -23));
    EXPECT_EQ(float_ulp(0.75), std::ldexp(1.0, -24));
    EXPECT_EQ(float_ulp(-3.0), std::ldexp(1.0, -22));
    EXPECT_EQ(float_ulp(1e7), 1.0);  // 2^23 <= 1e7 < 2^24
    EXPECT_EQ(float_ulp(0.0), double(std::numeric_limits<float>::denorm_min()));
    for (float f : {0.001f, 1.0f, 3.7f, 123456.7f, 9.9e6f})
        EXPECT_EQ(float_ulp(double(f)), double(std::nextafter(f, 1e30f) - f)) << f;
}

TEST(SphereFormStudy, TheSettingPutsTheRayWhereItSays) {
    for (const double ratio : {1.0001, 1.3, 2.0, 250.0, 1e7})
        for (const double offset : {0.0, 0.5, 0.9}) {
            SCOPED_TRACE(::testing::Message() << "ratio " << ratio << " offset " << offset);
            const Ray ray = sphere_study_ray(ratio, offset);
            const Sphere sphere = sphere_study_sphere();
            const glm::dvec3 f = glm::dvec3(ray.origin) - glm::dvec3(sphere.center);
            const glm::dvec3 d(ray.direction);
            // The origin's distance to the centre, in radii (its z rounded to float).
            const double radius = double(sphere.radius);
            EXPECT_NEAR(glm::length(f) / radius, ratio, 1e-6 * ratio);
            // The line's distance from the centre, in radii: the offset.
            const double across = glm::length(glm::cross(f, d)) / glm::length(d);
            EXPECT_NEAR(across / radius, offset, 1e-5) << across;
            EXPECT_NEAR(glm::length(d), 1.0, 1e-7);
            EXPECT_LT(glm::dot(f, d), 0.0);  // towards the sphere
        }
}

TEST(SphereFormStudy, TheSweepIsDeterministicAndSpansItsRange) {
    const SphereFormSweep a = sweep_sphere_forms(0.5);
    const SphereFormSweep b = sweep_sphere_forms(0.5);
    ASSERT_EQ(a.points.size(), std::size_t(kSphereStudyPoints));
    EXPECT_EQ(a.points.front().ratio, kSphereStudyMinRatio);
    EXPECT_EQ(a.points.back().ratio, kSphereStudyMaxRatio);
    for (std::size_t i = 0; i < a.points.size(); ++i) {
        const SpherePointStudy& p = a.points[i];
        const SpherePointStudy& q = b.points[i];
        if (i > 0) {
            EXPECT_GT(p.ratio, a.points[i - 1].ratio);
        }
        EXPECT_EQ(p.ratio, q.ratio);
        EXPECT_EQ(std::memcmp(&p.ray, &q.ray, sizeof p.ray), 0);
        ASSERT_TRUE(p.exact.hit) << p.ratio;  // the float ray meets the sphere everywhere
        for (std::size_t f = 0; f < kSphereFormCount; ++f) {
            EXPECT_EQ(p.forms[f].hit, q.forms[f].hit);
            EXPECT_EQ(p.forms[f].t_near, q.forms[f].t_near);
            EXPECT_EQ(p.forms[f].t_far, q.forms[f].t_far);
        }
    }
    // About 20 points a decade.
    EXPECT_NEAR(a.points[20].ratio, 10.0 * kSphereStudyMinRatio, 0.1);
}

TEST(SphereFormStudy, AMissIsFlaggedNotANumber) {
    // The quadratic forms lose the discriminant's sign somewhere far away; wherever a form
    // misses, its errors are NaN and the sweep counts the miss.
    const SphereFormSweep sweep = sweep_sphere_forms(0.5);
    int misses = 0;
    for (const SpherePointStudy& p : sweep.points)
        for (const SphereFormGrade& g : p.forms) {
            if (g.hit) {
                EXPECT_TRUE(std::isfinite(g.ulps_near) && std::isfinite(g.ulps_far));
                continue;
            }
            ++misses;
            EXPECT_TRUE(std::isnan(g.ulps_near) && std::isnan(g.rel_error_near));
            EXPECT_TRUE(std::isnan(g.ulps_far) && std::isnan(g.rel_error_far));
        }
    int counted = 0;
    for (const SphereFormWorst& w : sweep.worst)
        counted += w.misses;
    EXPECT_EQ(counted, misses);
    EXPECT_GT(sweep.worst[kQuadratic].misses, 0);
    EXPECT_GT(sweep.worst[kQuadratic].first_miss_ratio, 1000.0);
    EXPECT_EQ(sweep.worst[kPrecise].misses, 0);
}

TEST(SphereFormStudy, FarAwayTheQuadraticCancelsAndThePreciseFormDoesNot) {
    // At 10^4 radii b² and 4ac agree in their first ~8 digits: the plain quadratic keeps
    // about none of the discriminant, the precise form all of it. Measured at offset 0.5:
    // 1240 ULPs against 0.16.
    for (const double offset : {0.0, 0.25, 0.5, 0.75, 0.9}) {
        SCOPED_TRACE(::testing::Message() << "offset " << offset);
        const SpherePointStudy p = study_sphere_forms(1e4, offset);
        const SphereFormGrade& quadratic = p.forms[kQuadratic];
        const SphereFormGrade& precise = p.forms[kPrecise];
        ASSERT_TRUE(precise.hit);
        EXPECT_LE(precise.ulps_near, 2.0);
        if (!quadratic.hit) continue;  // lost altogether: flagged as a miss
        EXPECT_GE(quadratic.ulps_near, 100.0);
        EXPECT_GE(quadratic.ulps_near, 100.0 * std::max(precise.ulps_near, 1.0));
    }
}

TEST(SphereFormStudy, ThePreciseFormStaysWithinAFewUlpsEverywhere) {
    // At every point of the sweep, for lines through the centre to nearly grazing ones, the
    // precise form's roots are within 4 ULPs (measured: at most 3.0, at offset 0.99), while the
    // plain quadratic's worst is thousands (measured: 2480 at offset 0.5).
    for (const double offset : {0.0, 0.25, 0.5, 0.75, 0.9, 0.99}) {
        const SphereFormSweep sweep = sweep_sphere_forms(offset);
        for (const SpherePointStudy& p : sweep.points) {
            const SphereFormGrade& g = p.forms[kPrecise];
            ASSERT_TRUE(g.hit) << p.ratio;
            EXPECT_LE(g.ulps_near, 4.0) << "offset " << offset << " ratio " << p.ratio;
            EXPECT_LE(g.ulps_far, 4.0) << "offset " << offset << " ratio " << p.ratio;
        }
        EXPECT_LE(sweep.worst[kPrecise].ulps_near, 4.0);
        EXPECT_GE(sweep.worst[kQuadratic].ulps_near, 1000.0) << offset;
    }
}

TEST(SphereFormStudy, TheWorstIsTheLargestErrorOfTheSweep) {
    const SphereFormSweep sweep = sweep_sphere_forms(0.5, 41);
    for (std::size_t f = 0; f < kSphereFormCount; ++f) {
        double worst = 0.0, at = 0.0;
        for (const SpherePointStudy& p : sweep.points)
            if (p.forms[f].hit && p.forms[f].ulps_near > worst) {
                worst = p.forms[f].ulps_near;
                at = p.ratio;
            }
        EXPECT_EQ(sweep.worst[f].ulps_near, worst);
        EXPECT_EQ(sweep.worst[f].ratio_near, at);
    }
}

TEST(SphereFormStudy, BadSweepArgumentsGiveNoPoints) {
    EXPECT_TRUE(sweep_sphere_forms(0.5, 1).points.empty());
    EXPECT_TRUE(sweep_sphere_forms(0.5, 10, 0.0, 1.0).points.empty());
    EXPECT_TRUE(sweep_sphere_forms(0.5, 10, 5.0, 1.0).points.empty());
}

}  // namespace
}  // namespace picking
