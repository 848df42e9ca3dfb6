#include "picking/core/aabb.h"

#include <vector>

#include "picking/core/finite.h"
#include "picking/core/parallel_for.h"

namespace picking {

Aabb bounds_of(std::span<const glm::vec3> points) {
    // A box's corners are the same whatever the split: a big mesh's are found on every core.
    const unsigned chunks = points.size() >= kParallelPoints ? resolve_thread_count(0) : 1u;
    std::vector<Aabb> boxes(chunks);
    parallel_chunks(points.size(), chunks, [&](std::size_t begin, std::size_t end, unsigned c) {
        // Kept here, not in `boxes`: neighbouring chunks' boxes share a cache line.
        glm::vec3 lo(std::numeric_limits<float>::infinity()), hi(-lo);
        for (std::size_t i = begin; i < end; ++i)
            if (const glm::vec3 p = points[i]; finite(p)) {
                lo = glm::min(lo, p);
                hi = glm::max(hi, p);
            }
        boxes[c] = {lo, hi};
    });
    Aabb box;
    for (const Aabb& b : boxes)
        box.extend(b);
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
