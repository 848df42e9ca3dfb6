// Refit: new boxes for moved vertices, bottom-up, the tree's shape kept (as madmann91/bvh's
// Bvh::refit). Children are always stored after their parent, so one backward sweep suffices.

#include <cmath>

#include "picking/bvh/bvh.h"
#include "picking/core/finite.h"

namespace picking {

namespace {

template <typename LeafBounds>
void refit_nodes(Bvh& bvh, LeafBounds&& leaf_bounds) {
    for (std::size_t i = bvh.nodes.size(); i-- > 0;) {
        BvhNode& node = bvh.nodes[i];
        if (node.is_leaf()) {
            Aabb box;
            for (std::uint32_t p = node.first; p < node.first + node.count; ++p)
                leaf_bounds(bvh.primitive_ids[p], box);
            node.bounds = box;
        } else {
            node.bounds = bvh.nodes[node.first].bounds;
            node.bounds.extend(bvh.nodes[node.first + 1].bounds);
        }
    }
}

}  // namespace

void refit(Bvh& bvh, const MeshView& mesh) {
    refit_nodes(bvh, [&](std::uint32_t triangle, Aabb& box) {
        if (triangle >= mesh.triangle_count()) return;
        const Triangle tri = mesh.triangle(triangle);
        // A corner that became NaN or infinite cannot be hit; it must not poison the box.
        if (finite(tri.p0) && finite(tri.p1) && finite(tri.p2)) box.extend(bounds_of(tri));
    });
}

void refit(Bvh& bvh, std::span<const Aabb> boxes) {
    refit_nodes(bvh, [&](std::uint32_t primitive, Aabb& box) {
        if (primitive < boxes.size() && !boxes[primitive].empty()) box.extend(boxes[primitive]);
    });
}

}  // namespace picking
