// Refit of the eight-wide BVH: leaf corners copied again from the mesh, block by block, then
// every child box recomputed bottom-up.

#include <cmath>
#include <functional>
#include <limits>

#include "picking/wide_bvh.h"

namespace picking {

namespace {

bool finite(glm::vec3 p) {
    return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);
}

}  // namespace

void refit(WideBvh& bvh, const MeshView& mesh) {
    if (bvh.empty()) return;
    const std::size_t triangle_count = mesh.triangle_count();
    const std::size_t vertex_count = mesh.positions.size();
    const glm::vec3 nan(std::numeric_limits<float>::quiet_NaN());
    auto corner = [&](std::size_t index_slot) {
        const std::uint32_t vertex = mesh.indices[index_slot];
        return vertex < vertex_count ? mesh.positions[vertex] : nan;
    };

    // == Leaves, in storage order: a stream the prefetchers follow (visiting them through the
    // nodes jumps about a few megabytes and waits on memory for every block).
    // The corners are a gather from all over the index and vertex buffers: ask for a block's
    // corner indices a few blocks ahead, and for its corners (whose indices are in cache by
    // then) a few blocks later, so the cache misses overlap the work of the blocks between.
    constexpr std::size_t kIndicesAhead = 8, kCornersAhead = 4;
    const std::size_t block_count = bvh.blocks.size();
    std::vector<Aabb> block_bounds(block_count);
    for (std::size_t b = 0; b < block_count; ++b) {
        if (b + kIndicesAhead < block_count)
            for (const std::uint32_t ahead : bvh.blocks[b + kIndicesAhead].id)
                if (ahead < triangle_count)
                    __builtin_prefetch(&mesh.indices[3 * std::size_t(ahead)]);
        if (b + kCornersAhead < block_count)
            for (const std::uint32_t ahead : bvh.blocks[b + kCornersAhead].id)
                if (ahead < triangle_count)
                    for (std::size_t k = 0; k < 3; ++k) {
                        const std::uint32_t vertex = mesh.indices[3 * std::size_t(ahead) + k];
                        if (vertex < vertex_count) __builtin_prefetch(&mesh.positions[vertex]);
                    }
        TriangleBlock8& block = bvh.blocks[b];
        Aabb box;
        for (std::size_t lane = 0; lane < TriangleBlock8::kWidth; ++lane) {
            const std::uint32_t triangle = block.id[lane];
            if (triangle >= triangle_count) continue;  // a spare lane (kEmptyLane)
            const glm::vec3 corners[3] = {corner(3 * std::size_t(triangle)),
                                          corner(3 * std::size_t(triangle) + 1),
                                          corner(3 * std::size_t(triangle) + 2)};
            for (int c = 0; c < 3; ++c)
                for (int axis = 0; axis < 3; ++axis)
                    block.corner[c][axis][lane] = corners[c][axis];
            // A corner that became NaN or infinite cannot be hit; it must not poison the box.
            if (finite(corners[0]) && finite(corners[1]) && finite(corners[2]))
                box.extend(corners[0]).extend(corners[1]).extend(corners[2]);
        }
        block_bounds[b] = box;
    }

    // == Nodes bottom-up: children are stored after their parents, so one backward sweep.
    std::vector<Aabb> node_bounds(bvh.nodes.size());
    for (std::size_t index = bvh.nodes.size(); index-- > 0;) {
        WideNode& node = bvh.nodes[index];
        Aabb all;
        for (int i = 0; i < WideNode::kWidth && node.child[i] != WideNode::kEmpty; ++i) {
            const std::uint32_t ref = node.child[i];
            const Aabb& box =
                WideNode::is_leaf(ref) ? block_bounds[WideNode::leaf_block(ref)] : node_bounds[ref];
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
