#include "app/cli/option_values.h"

#include <gtest/gtest.h>

namespace app {
namespace {

TEST(OptionValues, SizesAreTwoWholeNumbers) {
    EXPECT_EQ(parse_size_value("1280x720"), glm::ivec2(1280, 720));
    EXPECT_EQ(parse_size_value("16X9"), glm::ivec2(16, 9));
    for (const char* bad : {"", "x", "1280", "1280x", "x720", "1280x720x", "1280x720 ", " 1280x720",
                            "-5x5", "5x-5", "+5x5", "1.5x2", "99999999999x5", "5x99999999999"})
        EXPECT_FALSE(parse_size_value(bad)) << bad;
}

TEST(OptionValues, PointsMayBeNegative) {
    EXPECT_EQ(parse_point_value("640,360"), glm::ivec2(640, 360));
    EXPECT_EQ(parse_point_value("-3,7"), glm::ivec2(-3, 7));
    for (const char* bad :
         {"", ",", "640", "640,", ",360", "640,360,1", "6 40,360", "1e3,4", "2147483648,0"})
        EXPECT_FALSE(parse_point_value(bad)) << bad;
}

TEST(OptionValues, Vec3IsThreeFiniteFloats) {
    EXPECT_EQ(parse_vec3_value("1,2.5,-3"), glm::vec3(1.0f, 2.5f, -3.0f));
    EXPECT_EQ(parse_vec3_value("0,1e-3,4e2"), glm::vec3(0.0f, 1e-3f, 400.0f));
    for (const char* bad :
         {"", "1,2", "1,2,3,4", "1,,3", "inf,0,0", "0,nan,0", "0,0,-inf", "1e39,0,0", "a,b,c"})
        EXPECT_FALSE(parse_vec3_value(bad)) << bad;
}

TEST(OptionValues, FiniteAndNonFiniteNumbers) {
    for (const char* finite : {"0", "-1.5", "2e10", "0x1p3", "1e-400"}) {
        EXPECT_TRUE(is_finite_number(finite)) << finite;
        EXPECT_FALSE(is_non_finite_number(finite)) << finite;
    }
    for (const char* non_finite : {"inf", "-inf", "Infinity", "-nan", "NaN", "1e999", "-1e999"}) {
        EXPECT_TRUE(is_non_finite_number(non_finite)) << non_finite;
        EXPECT_FALSE(is_finite_number(non_finite)) << non_finite;
    }
    for (const char* not_a_number : {"", " 1", "1 ", "1x", "--ray", "-", "e5"}) {
        EXPECT_FALSE(is_finite_number(not_a_number)) << not_a_number;
        EXPECT_FALSE(is_non_finite_number(not_a_number)) << not_a_number;
    }
    EXPECT_EQ(number_value("-2.5"), -2.5);
}

}  // namespace
}  // namespace app
