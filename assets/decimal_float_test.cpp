// read_float against std::from_chars, its oracle: the same value (bit for bit), the same end
// and the same error on seeded random decimals, on the forms its fast path leaves to
// from_chars, and on the decimals whose double lies halfway between two floats.

#include "assets/decimal_float.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <system_error>

#include <gtest/gtest.h>

namespace assets {
namespace {

/// read_float and std::from_chars give the same on `text`.
void expect_as_from_chars(const std::string& text) {
    float want = 12345.0f, got = 12345.0f;  // a value neither should leave if it reads nothing
    const char* first = text.data();
    const char* last = first + text.size();
    const std::from_chars_result expected = std::from_chars(first, last, want);
    const std::from_chars_result result = read_float(first, last, got);
    EXPECT_EQ(result.ec, expected.ec) << "'" << text << "'";
    EXPECT_EQ(result.ptr - first, expected.ptr - first) << "'" << text << "'";
    EXPECT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(want))
        << "'" << text << "': " << got << " against " << want;
}

TEST(ReadFloat, TheFormsOfAnObjFileAndEveryOtherFormReadAsFromCharsReadsThem) {
    for (const char* text : {"3.34474254",
                             "-0.00156895758",
                             "0",
                             "-0",
                             "0.0",
                             "-0.0",
                             "1",
                             "5.",
                             "-5.",
                             ".5",
                             "-.5",
                             "007.25",
                             "1e5",
                             "1.5e-3",
                             "2E+7",
                             "1.5e",
                             "inf",
                             "-inf",
                             "nan",
                             "infinity",
                             "+1",
                             "",
                             "-",
                             ".",
                             "-.",
                             "..5",
                             "1.2.3",
                             "1.5x",
                             "1,5",
                             "12 34",
                             "0.1",
                             "0.3",
                             "1e-50",
                             "1e39",
                             "3.4028235e38",
                             "3.4028236e38",
                             "16777216",
                             "16777217",
                             "16777219",
                             "9007199254740992",
                             "9007199254740993",
                             "1234567890123456789",
                             "12345678901234567890",
                             "0.0000000000000000000001",
                             "0.00000000000000000000001",
                             "123456.7890123456789",
                             "-340282346638528859811704183484516925440"})
        expect_as_from_chars(text);
}

TEST(ReadFloat, ADoubleHalfwayBetweenTwoFloatsIsLeftToFromChars_Seed43) {
    // Decimals of at most 16 digits whose nearest double lies exactly halfway between two
    // floats, though they do not: rounding that double again to float would go to the even
    // float, which is the wrong one for about half of them.
    for (const char* text : {"0.0002128401756635867", "19.26318073272705", "0.4068256765604019",
                             "14.63850736618042", "0.07064246758818626"})
        expect_as_from_chars(text);
    // More of them: each float's upper halfway point, printed to 16 and 15 digits.
    std::mt19937_64 rng(43);
    int halfway_doubles = 0;
    char buffer[64];
    for (int i = 0; i < 20000; ++i) {
        // One draw per statement: the order of two in one is the compiler's.
        const std::uint64_t mantissa = rng() % (1u << 23);
        const int exponent = int(rng() % 40) - 20;
        const float f = std::ldexp(1.0f + float(mantissa) / float(1u << 23), exponent);
        const double halfway = (double(f) + double(std::nextafter(f, 2.0f * f))) / 2.0;
        for (int digits : {16, 15}) {
            const int point = digits - 1 - int(std::floor(std::log10(halfway)));
            if (point < 0 || point > 22) continue;
            std::snprintf(buffer, sizeof buffer, "%.*f", point, halfway);
            halfway_doubles += std::strtod(buffer, nullptr) == halfway;
            expect_as_from_chars(buffer);
        }
    }
    EXPECT_GT(halfway_doubles, 2000);  // the case is met often, not by luck
}

TEST(ReadFloat, RandomDecimalsReadAsFromCharsReadsThem_Seed41) {
    std::mt19937_64 rng(41);
    char buffer[64];
    for (int i = 0; i < 200000; ++i) {
        // A float in print, the way a writer prints it (9 or 6 significant digits, or fixed).
        const std::uint32_t bits = std::uint32_t(rng());
        const float f = std::bit_cast<float>(bits);
        const int form = int(rng() % 4);
        if (form == 0) std::snprintf(buffer, sizeof buffer, "%.9g", double(f));
        if (form == 1) std::snprintf(buffer, sizeof buffer, "%.6g", double(f));
        if (form == 2) std::snprintf(buffer, sizeof buffer, "%.8f", double(std::fmod(f, 1e6f)));
        if (form == 3) {
            // Digits with a point somewhere: 1 to 24 digits, some of them leading zeros.
            const int digits = 1 + int(rng() % 24);
            const int point = int(rng() % std::uint64_t(digits + 1));
            std::string text = rng() % 2 ? "-" : "";
            for (int d = 0; d < digits; ++d) {
                if (d == point) text += '.';
                text += char('0' + rng() % 10);
            }
            expect_as_from_chars(text);
            continue;
        }
        expect_as_from_chars(buffer);
    }
}

}  // namespace
}  // namespace assets
