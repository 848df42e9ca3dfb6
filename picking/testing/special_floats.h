#pragma once
/// The non-finite floats that edge-case tests feed to every test of a ray or a box.

#include <limits>

namespace picking::testing {

inline constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
inline constexpr float kInf = std::numeric_limits<float>::infinity();

}  // namespace picking::testing
