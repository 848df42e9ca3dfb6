#pragma once
/// Reading a float from text as std::from_chars does (the same value, the same end, the same
/// errors), faster for the plain decimals that text formats are made of ("-0.00156895758"):
/// up to 19 digits and no exponent are read by Clinger's fast path, anything else by
/// std::from_chars.

#include <charconv>

namespace assets {

/// std::from_chars(first, last, value) for a float (chars_format::general), bit for bit.
[[nodiscard]] std::from_chars_result read_float(const char* first, const char* last, float& value);

}  // namespace assets
