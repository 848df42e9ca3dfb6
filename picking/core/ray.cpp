#include "picking/core/ray.h"

#include <glm/geometric.hpp>

#include "picking/core/finite.h"

namespace picking {

std::optional<std::string> ray_problem(const Ray& ray) {
    if (!finite(ray.origin)) return "the ray origin is not finite (NaN or infinity)";
    if (!finite(ray.direction)) return "the ray direction is not finite (NaN or infinity)";
    if (ray.direction == glm::vec3(0.0f)) return "the ray direction has zero length";
    // Squaring can underflow for tiny but valid directions, so test components, not length.
    if (std::isnan(ray.t_min) || std::isnan(ray.t_max)) return "the ray's t range contains NaN";
    if (!(ray.t_min <= ray.t_max)) return "the ray's t range is empty (t_min > t_max)";
    return std::nullopt;
}

}  // namespace picking
