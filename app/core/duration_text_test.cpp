#include "app/core/duration_text.h"

#include <gtest/gtest.h>

#include <limits>

namespace app {
namespace {

TEST(DurationText, EachUnitItsOwnDigits) {
    EXPECT_EQ(duration_text(0), "0ns");
    EXPECT_EQ(duration_text(820.4), "820ns");
    EXPECT_EQ(duration_text(8673), "8.7us");
    EXPECT_EQ(duration_text(643745), "644us");
    EXPECT_EQ(duration_text(1'234'567), "1.2ms");
    EXPECT_EQ(duration_text(35e9), "35.0s");
    EXPECT_EQ(duration_text(2e12), "2000s");  // no unit above seconds
}

TEST(DurationText, RoundingNeverPrintsAThousandOfAUnit) {
    EXPECT_EQ(duration_text(999.4), "999ns");
    EXPECT_EQ(duration_text(999.6), "1.0us");
    EXPECT_EQ(duration_text(99'960), "100us");
    EXPECT_EQ(duration_text(999'700), "1.0ms");
}

TEST(DurationText, AtMostSixCharactersUpToAnHour) {
    for (double ns = 1; ns < 3.6e12; ns *= 1.37)
        EXPECT_LE(duration_text(ns).size(), 6u) << ns;
}

TEST(DurationText, NoNumberIsADash) {
    EXPECT_EQ(duration_text(std::numeric_limits<double>::quiet_NaN()), "-");
    EXPECT_EQ(duration_text(-1), "-");
    EXPECT_EQ(duration_text(std::numeric_limits<double>::infinity()), "-");
}

}  // namespace
}  // namespace app
