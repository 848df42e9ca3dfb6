#include "picking/core/draw_vec3.h"

#include <gtest/gtest.h>

#include <random>

#include <glm/glm.hpp>

namespace picking {
namespace {

TEST(DrawVec3, DrawsZThenYThenX_Seed7) {
    std::mt19937 a(7), b(7);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const glm::vec3 v = draw_vec3<glm::vec3>(u, a);
    const float z = u(b), y = u(b), x = u(b);
    EXPECT_EQ(v, glm::vec3(x, y, z));
    EXPECT_NE(v.x, v.z);
}

TEST(DrawVec3, DoublesKeepTheirPrecision_Seed8) {
    std::mt19937 a(8), b(8);
    std::normal_distribution<double> n(0.0, 1.0), m(0.0, 1.0);
    const glm::dvec3 v = draw_vec3<glm::dvec3>(n, a);
    const double z = m(b), y = m(b), x = m(b);
    EXPECT_EQ(v, glm::dvec3(x, y, z));
}

}  // namespace
}  // namespace picking
