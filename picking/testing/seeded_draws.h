#pragma once
/// Draws for seeded tests, from the generator's raw output in a fixed order, so a seed gives the
/// same cases under any standard library (std's distributions may differ between them). Call
/// them once per statement (scripts/check-draws): argument order is the compiler's choice.

#include <cstddef>
#include <random>

namespace picking::testing {

/// In [0, 1), 24 bits.
inline float unit(std::mt19937& rng) {
    return float(rng() >> 8) * (1.0f / 16777216.0f);
}
inline float between(std::mt19937& rng, float lo, float hi) {
    return lo + (hi - lo) * unit(rng);
}
/// In [0, n).
inline std::size_t below(std::mt19937& rng, std::size_t n) {
    return std::size_t(rng() % n);
}
inline bool coin(std::mt19937& rng) {
    return (rng() & 1u) != 0;
}
/// In [lo, hi), in double, from one 32-bit draw.
inline double uniform(std::mt19937& rng, double lo, double hi) {
    return lo + (hi - lo) * (double(rng()) / 4294967296.0);
}

}  // namespace picking::testing
