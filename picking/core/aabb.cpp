#include "picking/core/aabb.h"

namespace picking {

Aabb bounds_of(std::span<const glm::vec3> points) {
    Aabb box;
    for (const glm::vec3& p : points)
        if (std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)) box.extend(p);
    return box;
}

}  // namespace picking
