#pragma once
/// Whether numbers are finite (neither NaN nor ±inf), one definition for all of picking: by the
/// exponent bits, so it vectorises, never traps, and cannot be folded away by a fast-math build
/// the way std::isfinite can.

#include <bit>
#include <cstdint>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "picking/core/triangle.h"

namespace picking {

[[nodiscard]] constexpr bool finite(float x) {
    return (std::bit_cast<std::uint32_t>(x) & 0x7f800000u) != 0x7f800000u;
}
[[nodiscard]] constexpr bool finite(double x) {
    return (std::bit_cast<std::uint64_t>(x) & 0x7ff0000000000000ull) != 0x7ff0000000000000ull;
}
[[nodiscard]] inline bool finite(glm::vec3 v) {
    return finite(v.x) & finite(v.y) & finite(v.z);
}
[[nodiscard]] inline bool finite(glm::dvec3 v) {
    return finite(v.x) & finite(v.y) & finite(v.z);
}
[[nodiscard]] inline bool finite(const Triangle& t) {
    return finite(t.p0) & finite(t.p1) & finite(t.p2);
}
template <class T, glm::qualifier Q>
[[nodiscard]] bool finite(const glm::mat<4, 4, T, Q>& m) {
    bool ok = true;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            ok &= finite(m[c][r]);
    return ok;
}

}  // namespace picking
