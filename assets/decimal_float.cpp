// Clinger's fast path ("How to read floating point numbers accurately", PLDI 1990): a decimal
// w * 10^-k with w < 2^53 and k <= 22 is w / 10^k in double, correctly rounded, because both w
// and 10^k are exact doubles. Rounding that double to float rounds twice, which is wrong only
// when the double lies exactly halfway between two floats: then std::from_chars decides.

#include "assets/decimal_float.h"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <system_error>

namespace assets {

namespace {

constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr std::size_t kMaxFractionDigits = 22;
/// Up to 19 digits fit in 64 bits whatever they are.
constexpr std::size_t kMaxDigits = 19;
constexpr std::uint64_t kMaxExactInDouble = std::uint64_t(1) << 53;

bool is_digit(char c) {
    return static_cast<unsigned char>(c - '0') < 10;
}

/// Whether d, a double in float's normal range, lies halfway between two floats: its 29 bits
/// below float's last one are 1 followed by zeros.
bool halfway_between_floats(double d) {
    constexpr std::uint64_t kBelowFloat = (std::uint64_t(1) << 29) - 1;
    return (std::bit_cast<std::uint64_t>(d) & kBelowFloat) == (std::uint64_t(1) << 28);
}

}  // namespace

std::from_chars_result read_float(const char* first, const char* last, float& value) {
    const char* p = first;
    const bool negative = p != last && *p == '-';
    if (negative) ++p;
    std::uint64_t w = 0;
    // Counted in size_t: a hostile text may hold billions of digits in a row.
    std::size_t digits = 0, fraction_digits = 0;
    for (; p != last && is_digit(*p); ++p, ++digits)
        w = 10 * w + std::uint64_t(*p - '0');
    if (p != last && *p == '.') {
        for (++p; p != last && is_digit(*p); ++p, ++digits, ++fraction_digits)
            w = 10 * w + std::uint64_t(*p - '0');
    }
    // An exponent, too many digits, no digit at all (inf, nan, ".", "-"): the full reader.
    const bool exponent = p != last && (*p == 'e' || *p == 'E');
    if (exponent || digits == 0 || digits > kMaxDigits || fraction_digits > kMaxFractionDigits ||
        w > kMaxExactInDouble)
        return std::from_chars(first, last, value);
    const double d = double(w) / kPowersOfTen[fraction_digits];
    if (halfway_between_floats(d)) return std::from_chars(first, last, value);
    value = negative ? -float(d) : float(d);
    return {p, std::errc()};
}

}  // namespace assets
