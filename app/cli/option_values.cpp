#include "app/cli/option_values.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace app {

namespace {

/// The whole of `text` as an int; false for anything else (a sign is the caller's concern).
bool whole_int(std::string_view text, int& value) {
    if (text.empty()) return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

bool whole_float(std::string_view text, float& value) {
    if (text.empty()) return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size() && std::isfinite(value);
}

}  // namespace

std::optional<glm::ivec2> parse_size_value(std::string_view text) {
    const auto x = text.find_first_of("xX");
    if (x == std::string_view::npos) return {};
    int w = 0, h = 0;
    const std::string_view a = text.substr(0, x), b = text.substr(x + 1);
    // from_chars takes a leading '-' for int: a size has none.
    if (a.starts_with('-') || b.starts_with('-') || !whole_int(a, w) || !whole_int(b, h)) return {};
    return glm::ivec2{w, h};
}

std::optional<glm::ivec2> parse_point_value(std::string_view text) {
    const auto comma = text.find(',');
    if (comma == std::string_view::npos) return {};
    int x = 0, y = 0;
    if (!whole_int(text.substr(0, comma), x) || !whole_int(text.substr(comma + 1), y)) return {};
    return glm::ivec2{x, y};
}

std::optional<glm::vec3> parse_vec3_value(std::string_view text) {
    const auto first = text.find(',');
    if (first == std::string_view::npos) return {};
    const auto second = text.find(',', first + 1);
    if (second == std::string_view::npos) return {};
    glm::vec3 v{0.0f};
    if (!whole_float(text.substr(0, first), v.x) ||
        !whole_float(text.substr(first + 1, second - first - 1), v.y) ||
        !whole_float(text.substr(second + 1), v.z))
        return {};
    return v;
}

std::optional<double> number_value(std::string_view text) {
    // strtod needs a terminated string; it also skips leading spaces, which a whole number has
    // none of.
    if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return {};
    const std::string copy(text);
    char* end = nullptr;
    const double value = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size()) return {};
    return value;
}

bool is_non_finite_number(std::string_view text) {
    const auto value = number_value(text);
    return value && !std::isfinite(*value);
}

bool is_finite_number(std::string_view text) {
    const auto value = number_value(text);
    return value && std::isfinite(*value);
}

}  // namespace app
