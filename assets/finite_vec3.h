#pragma once
/// Whether a point read from a file is usable: all three coordinates finite (no NaN, no ±inf).

#include <cmath>

#include <glm/vec3.hpp>

namespace assets {

[[nodiscard]] inline bool is_finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

}  // namespace assets
