#include "app/core/duration_text.h"

#include <array>
#include <cmath>
#include <cstdio>

namespace app {

std::string duration_text(double nanoseconds) {
    if (!std::isfinite(nanoseconds) || nanoseconds < 0) return "-";
    constexpr std::array<const char*, 4> kUnits = {"ns", "us", "ms", "s"};
    double value = nanoseconds;
    std::size_t unit = 0;
    // Move up a unit while the value would print as 1000 or more (999.6 rounds to 1000).
    while (value >= 999.5 && unit + 1 < kUnits.size()) {
        value /= 1000.0;
        ++unit;
    }
    char text[32];
    // One decimal below 100 where it says something (not for whole nanoseconds).
    if (unit > 0 && value < 99.95)
        std::snprintf(text, sizeof text, "%.1f%s", value, kUnits[unit]);
    else
        std::snprintf(text, sizeof text, "%.0f%s", value, kUnits[unit]);
    return text;
}

}  // namespace app
