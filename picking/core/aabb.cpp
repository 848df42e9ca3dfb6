#include "picking/core/aabb.h"

#include "picking/core/finite.h"

namespace picking {

Aabb bounds_of(std::span<const glm::vec3> points) {
    Aabb box;
    for (const glm::vec3& p : points)
        if (finite(p)) box.extend(p);
    return box;
}

Aabb transformed(const Aabb& box, const glm::mat4& m) {
    Aabb moved;
    if (box.empty()) return moved;
    for (int i = 0; i < 8; ++i) {
        const glm::vec3 corner((i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                               (i & 4) ? box.max.z : box.min.z);
        moved.extend(glm::vec3(m * glm::vec4(corner, 1.0f)));
    }
    return moved;
}

}  // namespace picking
