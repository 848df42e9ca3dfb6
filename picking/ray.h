#pragma once
/// A ray O + tD with a parameter range, and the checks that keep bad rays out of the kernels.

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include <glm/vec3.hpp>

namespace picking {

struct Ray {
    glm::vec3 origin{0.0f};
    glm::vec3 direction{0.0f, 0.0f, -1.0f};  ///< not necessarily unit length: t is in its units
    float t_min = 0.0f;
    float t_max = std::numeric_limits<float>::infinity();

    [[nodiscard]] glm::vec3 at(float t) const { return origin + t * direction; }
};

/// Returns why a ray cannot be cast (non-finite origin or direction, zero-length direction,
/// an empty or NaN t range), or nothing when it is fine.
[[nodiscard]] std::optional<std::string> ray_problem(const Ray& ray);

/// The same check without the message, for loops over many rays: true when ray_problem()
/// finds nothing.
[[nodiscard]] inline bool ray_usable(const Ray& ray) {
    const glm::vec3 o = ray.origin, d = ray.direction;
    // Every test evaluated (& and |, not && and ||): one branch per ray instead of nine.
    constexpr float kMax = std::numeric_limits<float>::max();  // |x| <= max: finite, not NaN
    const bool finite = (std::abs(o.x) <= kMax) & (std::abs(o.y) <= kMax) &
                        (std::abs(o.z) <= kMax) & (std::abs(d.x) <= kMax) &
                        (std::abs(d.y) <= kMax) & (std::abs(d.z) <= kMax);
    const bool some_direction = (d.x != 0.0f) | (d.y != 0.0f) | (d.z != 0.0f);
    return finite & some_direction & (ray.t_min <= ray.t_max);
}

}  // namespace picking
