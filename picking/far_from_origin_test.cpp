#include "picking/far_from_origin.h"

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
        if (r.name.starts_with(name)) return r;
    throw std::runtime_error("no row " + std::string(name));
}

TEST(FarFromOrigin, NearTheOriginEverythingHitsAccurately_Seed1) {
    const FarFromOriginStudy s = far_from_origin_study(small_model(), 1.0, {}, {.rays = 500});
    ASSERT_EQ(s.rows.size(), kRayTriangleAlgorithms.size() + 3);
    for (const auto& r : s.rows) {
        EXPECT_EQ(r.rays, 500) << r.name;
        EXPECT_EQ(r.misses, 0) << r.name;
        EXPECT_LT(r.t_error_max, 1e-4) << r.name;
        EXPECT_LT(r.uv_error_max, 1e-3) << r.name;
    }
}

TEST(FarFromOrigin, AtTenMillionUnitsFloatFailsAndTheRemediesDoNot_Seed1) {
    const FarFromOriginStudy s = far_from_origin_study(small_model(), 1e7, {}, {.rays = 500});
    // A float at 10^7 has a step of 1: the 0.125-unit triangles collapse.
    EXPECT_GT(row(s, "moller_trumbore").miss_rate(), 0.5);
    EXPECT_GT(row(s, "reference").miss_rate(), 0.5);  // exact arithmetic on rounded input
    EXPECT_EQ(row(s, "double").misses, 0);
    EXPECT_LT(row(s, "double").uv_error_max, 1e-6);
    // Bone space keeps the triangles small, but a float world ray's origin is already rounded
    // to the step of 1 there; from a double world ray it is exact.
    EXPECT_GT(row(s, "bone space, float").miss_rate(), 0.5);
    EXPECT_EQ(row(s, "bone space, double").misses, 0);
    EXPECT_LT(row(s, "bone space, double").uv_error_max, 1e-5);
}

TEST(FarFromOrigin, ErrorsGrowWithDistance_Seed2) {
    double previous = -1.0;
    for (const double d : {1e2, 1e4, 1e6}) {
        const auto s = far_from_origin_study(small_model(), d, {}, {.rays = 300, .seed = 2});
        const auto& mt = row(s, "watertight");
        const double err = mt.uv_error_median + double(mt.misses);
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
