// Refit of the eight-wide BVH: leaf corners copied again from the mesh, block by block, then
// every child box recomputed bottom-up.

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include <emmintrin.h>  // part of every x86-64

#include "picking/bvh/wide_bvh.h"

namespace picking {

namespace {

constexpr std::size_t kLanes = TriangleBlock8::kWidth;

/// The box of a block's triangles, four lanes at a time (SSE2 is in every x86-64). A triangle
/// with a NaN or infinite corner (spare lanes have NaN corners) cannot be hit: it adds nothing,
/// rather than poisoning the box.
Aabb block_box(const TriangleBlock8& block) {
    const __m128 inf = _mm_set1_ps(std::numeric_limits<float>::infinity());
    const __m128 zero = _mm_setzero_ps();
    __m128 lo[3] = {inf, inf, inf};
    const __m128 minus_inf = _mm_sub_ps(zero, inf);
    __m128 hi[3] = {minus_inf, minus_inf, minus_inf};
    for (std::size_t half = 0; half < kLanes; half += 4) {
        __m128 row_lo[3], row_hi[3];
        __m128 usable = _mm_cmpeq_ps(zero, zero);
        for (std::size_t axis = 0; axis < 3; ++axis) {
            const __m128 a = _mm_load_ps(&block.corner[0][axis][half]);
            const __m128 b = _mm_load_ps(&block.corner[1][axis][half]);
            const __m128 c = _mm_load_ps(&block.corner[2][axis][half]);
            // x - x is 0 exactly when x is finite (NaN for NaN and for either infinity).
            usable = _mm_and_ps(usable, _mm_cmpeq_ps(_mm_sub_ps(a, a), zero));
            usable = _mm_and_ps(usable, _mm_cmpeq_ps(_mm_sub_ps(b, b), zero));
            usable = _mm_and_ps(usable, _mm_cmpeq_ps(_mm_sub_ps(c, c), zero));
            row_lo[axis] = _mm_min_ps(a, _mm_min_ps(b, c));
            row_hi[axis] = _mm_max_ps(a, _mm_max_ps(b, c));
        }
        for (std::size_t axis = 0; axis < 3; ++axis) {
            const __m128 l =
                _mm_or_ps(_mm_and_ps(usable, row_lo[axis]), _mm_andnot_ps(usable, inf));
            const __m128 h =
                _mm_or_ps(_mm_and_ps(usable, row_hi[axis]), _mm_andnot_ps(usable, minus_inf));
            lo[axis] = _mm_min_ps(lo[axis], l);
            hi[axis] = _mm_max_ps(hi[axis], h);
        }
    }
    Aabb box;
    for (int axis = 0; axis < 3; ++axis) {
        float l[4], h[4];
        _mm_storeu_ps(l, lo[axis]);
        _mm_storeu_ps(h, hi[axis]);
        box.min[axis] = std::min(std::min(l[0], l[1]), std::min(l[2], l[3]));
        box.max[axis] = std::max(std::max(h[0], h[1]), std::max(h[2], h[3]));
    }
    return box;
}

}  // namespace

void refit(WideBvh& bvh, const MeshView& mesh) {
    if (bvh.empty()) return;
    const std::size_t triangle_count = mesh.triangle_count();
    const std::size_t vertex_count = mesh.positions.size();
    // Raw rows: this loop runs for every triangle of a deforming mesh on every new pose.
    const float* positions = &mesh.positions.data()->x;
    const std::uint32_t* indices = mesh.indices.data();
    static constexpr float nan[3] = {std::numeric_limits<float>::quiet_NaN(),
                                     std::numeric_limits<float>::quiet_NaN(),
                                     std::numeric_limits<float>::quiet_NaN()};

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
                if (ahead < triangle_count) __builtin_prefetch(indices + 3 * std::size_t(ahead));
        if (b + kCornersAhead < block_count)
            for (const std::uint32_t ahead : bvh.blocks[b + kCornersAhead].id)
                if (ahead < triangle_count)
                    for (std::size_t k = 0; k < 3; ++k) {
                        const std::uint32_t vertex = indices[3 * std::size_t(ahead) + k];
                        if (vertex < vertex_count)
                            __builtin_prefetch(positions + 3 * std::size_t(vertex));
                    }
        TriangleBlock8& block = bvh.blocks[b];
        for (std::size_t lane = 0; lane < kLanes; ++lane) {
            const std::uint32_t triangle = block.id[lane];
            if (triangle >= triangle_count) continue;  // a spare lane (kEmptyLane): NaN corners
            const std::uint32_t* corners = indices + 3 * std::size_t(triangle);
            for (std::size_t c = 0; c < 3; ++c) {
                const std::uint32_t vertex = corners[c];
                const float* p = vertex < vertex_count ? positions + 3 * std::size_t(vertex) : nan;
                block.corner[c][0][lane] = p[0];
                block.corner[c][1][lane] = p[1];
                block.corner[c][2][lane] = p[2];
            }
        }
        block_bounds[b] = block_box(block);
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
    bvh.leaf_extent = typical_leaf_extent(bvh);
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
