#include "app/core/measure.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <glm/ext/matrix_transform.hpp>

namespace app {
namespace {

/// A point on the face (corners in bone space) at `mesh`, placed by `world_from_mesh`.
MeasurePoint at(glm::dvec3 mesh, std::array<glm::dvec3, 3> face, glm::dmat4 world_from_mesh,
                std::uint32_t instance = 0) {
    MeasurePoint p;
    p.instance = instance;
    p.mesh = mesh;
    p.world = glm::dvec3(world_from_mesh * glm::dvec4(mesh, 1.0));
    for (int i = 0; i < 3; ++i)
        p.corners[i] = face[std::size_t(i)];
    p.world_from_mesh = world_from_mesh;
    return p;
}

const std::array<glm::dvec3, 3> kFloor{glm::dvec3(0, 0, 0), glm::dvec3(0, 0, 1),
                                       glm::dvec3(1, 0, 0)};  // normal +y
const std::array<glm::dvec3, 3> kWall{glm::dvec3(0, 0, 0), glm::dvec3(1, 0, 0),
                                      glm::dvec3(0, 1, 0)};  // normal +z

TEST(Measure, DistanceAngleAndFaceAngleOfARightCornerAreThreeFourFiveAndNinety) {
    const glm::dmat4 id(1.0);
    const MeasurePoint points[] = {at({3, 0, 0}, kFloor, id), at({0, 0, 0}, kWall, id),
                                   at({0, 4, 0}, kWall, id)};
    const Measurement two = measure(std::span(points, 2));
    EXPECT_DOUBLE_EQ(*two.distance_world, 3.0);
    EXPECT_DOUBLE_EQ(*two.distance_bone, 3.0);
    EXPECT_NEAR(*two.face_angle_world, 90.0, 1e-12);
    EXPECT_FALSE(two.angle_world);
    const Measurement three = measure(points);
    EXPECT_NEAR(*three.angle_world, 90.0, 1e-12);
    EXPECT_NEAR(*three.angle_bone, 90.0, 1e-12);
}

// A non-uniform scale changes lengths and angles in the world but not in bone space.
TEST(Measure, BoneSpaceAndWorldDifferUnderANonUniformScale) {
    const glm::dmat4 stretch = glm::scale(glm::dmat4(1.0), glm::dvec3(2.0, 1.0, 1.0));
    const MeasurePoint points[] = {at({1, 0, 0}, kFloor, stretch), at({0, 0, 0}, kFloor, stretch),
                                   at({0, 1, 0}, kFloor, stretch)};
    const Measurement m = measure(points);
    EXPECT_DOUBLE_EQ(*m.distance_world, 2.0);
    EXPECT_DOUBLE_EQ(*m.distance_bone, 1.0);
    EXPECT_NEAR(*m.angle_world, 90.0, 1e-12);
    // A 45-degree roof in bone space is flatter once stretched along x.
    const std::array<glm::dvec3, 3> roof{glm::dvec3(0, 0, 0), glm::dvec3(0, 0, 1),
                                         glm::dvec3(1, 1, 0)};
    const MeasurePoint faces[] = {at({0, 0, 0}, kFloor, stretch), at({0, 0, 0}, roof, stretch)};
    const Measurement f = measure(faces);
    EXPECT_NEAR(*f.face_angle_bone, 45.0, 1e-12);
    EXPECT_NEAR(*f.face_angle_world, std::atan(0.5) * 180.0 / 3.14159265358979323846, 1e-12);
}

TEST(Measure, PointsOnTwoInstancesHaveNoBoneSpaceValues) {
    const glm::dmat4 id(1.0);
    const MeasurePoint points[] = {at({0, 0, 0}, kFloor, id, 0), at({0, 0, 5}, kFloor, id, 1)};
    const Measurement m = measure(points);
    EXPECT_DOUBLE_EQ(*m.distance_world, 5.0);
    EXPECT_FALSE(m.distance_bone);
    EXPECT_FALSE(m.same_instance);
}

// Seeded points against the plain formulas in long double.
TEST(Measure, SeededMeasurementsMatchALongDoubleReference) {
    std::mt19937 rng(17);
    const auto draw = [&] { return -10.0 + 20.0 * (double(rng()) / 4294967296.0); };
    for (int round = 0; round < 200; ++round) {
        const glm::dvec3 p[3] = {
            {draw(), draw(), draw()}, {draw(), draw(), draw()}, {draw(), draw(), draw()}};
        const MeasurePoint points[] = {at(p[0], kFloor, glm::dmat4(1.0)),
                                       at(p[1], kFloor, glm::dmat4(1.0)),
                                       at(p[2], kFloor, glm::dmat4(1.0))};
        const Measurement m = measure(points);
        long double ab[3], cb[3], dot = 0, la = 0, lc = 0;
        for (int i = 0; i < 3; ++i) {
            ab[i] = (long double)p[0][i] - (long double)p[1][i];
            cb[i] = (long double)p[2][i] - (long double)p[1][i];
            dot += ab[i] * cb[i];
            la += ab[i] * ab[i];
            lc += cb[i] * cb[i];
        }
        EXPECT_NEAR(*m.distance_world, double(std::sqrt(la)), 1e-12 * double(std::sqrt(la)));
        const long double angle =
            std::acos(dot / std::sqrt(la * lc)) * 180.0L / 3.14159265358979323846L;
        EXPECT_NEAR(*m.angle_world, double(angle), 1e-9) << "round " << round;
    }
}

TEST(MeasureTool, AFourthPointStartsAgain) {
    MeasureTool tool;
    for (int i = 0; i < 3; ++i)
        tool.add(at({double(i), 0, 0}, kFloor, glm::dmat4(1.0)));
    EXPECT_EQ(tool.points().size(), 3u);
    tool.add(at({9, 0, 0}, kFloor, glm::dmat4(1.0)));
    ASSERT_EQ(tool.points().size(), 1u);
    EXPECT_EQ(tool.points()[0].mesh.x, 9.0);
}

}  // namespace
}  // namespace app
