#pragma once
/// How much smaller heavy randomized tests run in sanitized builds (RAYPICK_SANITIZED, set by
/// cmake/RaypickSanitizers.cmake): there every operation costs several times more, and a tenth
/// of the random cases still covers every branch the tests aim at.

namespace picking::testing {

#if defined(RAYPICK_SANITIZED)
inline constexpr int kScale = 10;  ///< divide random case counts by this
#else
inline constexpr int kScale = 1;
#endif

}  // namespace picking::testing
