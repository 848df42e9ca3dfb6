#pragma once
/// The values of command-line options that are more than one number ("1280x720", "640,360",
/// "0,0.5,0") and the check that a number is finite. Whole strings only: no sign where none
/// belongs, no spaces, nothing after the last number; a number too large for its type is
/// refused, never wrapped or undefined.

#include <optional>
#include <string_view>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace app {

/// "1280x720" (or "1280X720") -> {1280, 720}: two whole numbers >= 0 that fit an int. Ranges
/// are the caller's.
[[nodiscard]] std::optional<glm::ivec2> parse_size_value(std::string_view text);

/// "640,360" -> {640, 360}: two whole numbers that fit an int, either may be negative.
[[nodiscard]] std::optional<glm::ivec2> parse_point_value(std::string_view text);

/// "1,2.5,-3" -> {1, 2.5, -3}: three finite floats separated by commas.
[[nodiscard]] std::optional<glm::vec3> parse_vec3_value(std::string_view text);

/// The whole of `text` as one number, as strtod reads it ("-1.5e3", "inf", "nan", "0x1p3"; a
/// number too large for a double is infinite); nothing when it is not one number.
[[nodiscard]] std::optional<double> number_value(std::string_view text);

/// The whole of `text` is a number whose value is not finite, "1e999" included.
[[nodiscard]] bool is_non_finite_number(std::string_view text);

/// The whole of `text` is a finite number.
[[nodiscard]] bool is_finite_number(std::string_view text);

}  // namespace app
