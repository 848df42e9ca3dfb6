#include "app/core/display_text.h"

#include <gtest/gtest.h>

namespace app {
namespace {

TEST(DisplayText, ShortTextIsDrawnWhole) {
    EXPECT_EQ(shortened_text("cube.obj: no such file"), "cube.obj: no such file");
    EXPECT_EQ(shortened_text(std::string(kMaxDisplayedBytes, 'x')),
              std::string(kMaxDisplayedBytes, 'x'));
}

TEST(DisplayText, LongTextIsCutAndSaysHowMuchIsLeft) {
    const std::string text(100000, 'w');
    EXPECT_EQ(shortened_text(text, 10), "wwwwwwwwww ... (99990 more bytes)");
    EXPECT_LT(shortened_text(text).size(), kMaxDisplayedBytes + 40);
}

TEST(DisplayText, NoCharacterIsCutInTwo) {
    // "é" is two bytes: a cut after 5 bytes would split the third one.
    EXPECT_EQ(shortened_text("ééééé", 5), "éé ... (6 more bytes)");
}

TEST(DisplayText, CountsHaveTheirThousandsSeparated) {
    EXPECT_EQ(thousands(0), "0");
    EXPECT_EQ(thousands(999), "999");
    EXPECT_EQ(thousands(1000), "1,000");
    EXPECT_EQ(thousands(927024), "927,024");
    EXPECT_EQ(thousands(18446744073709551615ull), "18,446,744,073,709,551,615");
}

TEST(DisplayText, AnEmptyNameIsUnnamedAndOddBytesAreReplaced) {
    EXPECT_EQ(shown_name(""), "(unnamed)");
    EXPECT_EQ(shown_name("Cube"), "Cube");
    EXPECT_EQ(shown_name("a\xC3"), "a\xEF\xBF\xBD");
}

}  // namespace
}  // namespace app
