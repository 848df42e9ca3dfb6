// Refit of the eight-wide BVH: leaf corners copied again from the mesh, then every child box
// recomputed bottom-up (children are stored after their parents, so one backward sweep).

#include <cmath>
#include <functional>

#include "picking/wide_bvh.h"

namespace picking {

namespace {

bool finite(glm::vec3 p) {
    return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);
}

}  // namespace

void refit(WideBvh& bvh, const MeshView& mesh) {
    if (bvh.empty()) return;
    std::vector<Aabb> node_bounds(bvh.nodes.size());
    for (std::size_t index = bvh.nodes.size(); index-- > 0;) {
        WideNode& node = bvh.nodes[index];
        Aabb all;
        for (int i = 0; i < WideNode::kWidth && node.child[i] != WideNode::kEmpty; ++i) {
            const std::uint32_t ref = node.child[i];
            Aabb box;
            if (WideNode::is_leaf(ref)) {
                TriangleBlock8& block = bvh.blocks[WideNode::leaf_block(ref)];
                for (std::uint32_t lane = 0; lane < WideNode::leaf_count(ref); ++lane) {
                    const std::uint32_t triangle = block.id[lane];
                    if (triangle >= mesh.triangle_count()) continue;
                    const Triangle t = mesh.triangle(triangle);
                    const glm::vec3 corners[3] = {t.p0, t.p1, t.p2};
                    for (int c = 0; c < 3; ++c)
                        for (int axis = 0; axis < 3; ++axis)
                            block.corner[c][axis][lane] = corners[c][axis];
                    // A corner that became NaN or infinite cannot be hit; it must not poison the
                    // box.
                    if (finite(t.p0) && finite(t.p1) && finite(t.p2)) box.extend(bounds_of(t));
                }
            } else {
                box = node_bounds[ref];
            }
            node.set_child_bounds(i, box);
            all.extend(box);
        }
        node_bounds[index] = all;
    }
    bvh.bounds = node_bounds[0];
}

void for_each_box(const WideBvh& bvh, int depth,
                  const std::function<void(const Aabb&, int)>& visit) {
    if (bvh.empty()) return;
    std::vector<std::pair<std::uint32_t, int>> stack{{0u, 0}};
    while (!stack.empty()) {
        const auto [index, level] = stack.back();
        stack.pop_back();
        const WideNode& node = bvh.nodes[index];
        for (int i = 0; i < WideNode::kWidth && node.child[i] != WideNode::kEmpty; ++i) {
            if (depth < 0 || level == depth) visit(node.child_bounds(i), level);
            if (!WideNode::is_leaf(node.child[i]) && (depth < 0 || level < depth))
                stack.push_back({node.child[i], level + 1});
        }
    }
}

int wide_depth(const WideBvh& bvh) {
    int deepest = 0;
    for_each_box(bvh, -1, [&](const Aabb&, int level) { deepest = std::max(deepest, level + 1); });
    return deepest;
}

}  // namespace picking
