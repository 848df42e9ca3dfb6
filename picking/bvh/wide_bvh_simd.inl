// The SIMD traversal of the eight-wide BVH, written once and compiled twice by
// wide_bvh_simd.cpp: with KERNEL_TARGET = AVX2 and with KERNEL_TARGET = AVX-512
// (KERNEL_AVX512 = 1: mask registers and compress). Every function carries the target
// attribute, so nothing here runs on a CPU that lacks it; functions from other headers that the
// compiler emits out of line keep the default (portable) target. Leaves are tested inline by
// the block kernels' code (namespace leaf: ray_triangle_simd_kernels.inl on eight lanes).
//
// The box arithmetic is slab_entry's, operation for operation and without fused multiply-adds,
// and children are ordered as the scalar traversal orders them: the results and the counters
// are identical to the scalar reference.

// The leaves' test: the block kernels' code on eight lanes, compiled for this target.
namespace leaf {
namespace {
#define LANE_FN KERNEL_TARGET inline __attribute__((always_inline))
#include "picking/simd/simd_lanes_avx2.inl"  // first: the kernels are written in its lanes

#include "picking/simd/ray_triangle_simd_kernels.inl"
#undef LANE_FN
}  // namespace
}  // namespace leaf

namespace {

/// Per-ray constants, broadcast once.
struct RayLanes {
    __m256 origin_x, origin_y, origin_z;
    __m256 inv_x, inv_y, inv_z;
    __m256 inv_near_x, inv_near_y, inv_near_z, inv_far_x, inv_far_y, inv_far_z;
    __m256 t_min;
    __m256 near_slack;
    __m256 abs_mask;
    int near_x, far_x, near_y, far_y, near_z, far_z;  ///< rows of WideNode::bounds
};

KERNEL_TARGET RayLanes make_ray_lanes(const SlabRay& slab) {
    RayLanes r;
    r.origin_x = _mm256_set1_ps(slab.origin.x);
    r.origin_y = _mm256_set1_ps(slab.origin.y);
    r.origin_z = _mm256_set1_ps(slab.origin.z);
    r.inv_x = _mm256_set1_ps(slab.inv_direction.x);
    r.inv_y = _mm256_set1_ps(slab.inv_direction.y);
    r.inv_z = _mm256_set1_ps(slab.inv_direction.z);
    r.inv_near_x = _mm256_set1_ps(slab.inv_near.x);
    r.inv_near_y = _mm256_set1_ps(slab.inv_near.y);
    r.inv_near_z = _mm256_set1_ps(slab.inv_near.z);
    r.inv_far_x = _mm256_set1_ps(slab.inv_far.x);
    r.inv_far_y = _mm256_set1_ps(slab.inv_far.y);
    r.inv_far_z = _mm256_set1_ps(slab.inv_far.z);
    r.t_min = _mm256_set1_ps(slab.t_min);
    r.near_slack = _mm256_set1_ps(SlabRay::kNearSlack);
    r.abs_mask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF));
    // The sign bit picks the near plane, as in slab_hit (so -0 counts as negative).
    r.near_x = std::signbit(slab.inv_direction.x) ? 1 : 0;
    r.near_y = std::signbit(slab.inv_direction.y) ? 3 : 2;
    r.near_z = std::signbit(slab.inv_direction.z) ? 5 : 4;
    r.far_x = 1 - r.near_x;
    r.far_y = 5 - r.near_y;
    r.far_z = 9 - r.near_z;
    return r;
}

/// The eight child boxes of a node (slab_entry, eight at a time): a bit per child the ray
/// enters before t_max, and the entries (lowered for rounding).
template <bool kScaled>
KERNEL_TARGET inline __attribute__((always_inline)) unsigned intersect_children(
    const WideNode& node, const RayLanes& r, float t_max, __m256& t_enter) {
    const __m256 t_max_lanes = _mm256_set1_ps(t_max);
    const __m256 near_x = _mm256_sub_ps(_mm256_load_ps(node.bounds[r.near_x]), r.origin_x);
    const __m256 near_y = _mm256_sub_ps(_mm256_load_ps(node.bounds[r.near_y]), r.origin_y);
    const __m256 near_z = _mm256_sub_ps(_mm256_load_ps(node.bounds[r.near_z]), r.origin_z);
    const __m256 far_x = _mm256_sub_ps(_mm256_load_ps(node.bounds[r.far_x]), r.origin_x);
    const __m256 far_y = _mm256_sub_ps(_mm256_load_ps(node.bounds[r.far_y]), r.origin_y);
    const __m256 far_z = _mm256_sub_ps(_mm256_load_ps(node.bounds[r.far_z]), r.origin_z);
    __m256 t_near, t_far;
    if constexpr (kScaled) {
        // No NaN can arise: the axes reduce as a tree, two steps deep instead of three, and
        // the scaled inverses leave nothing to lower afterwards.
        const __m256 nx = _mm256_mul_ps(near_x, r.inv_near_x);
        const __m256 ny = _mm256_mul_ps(near_y, r.inv_near_y);
        const __m256 nz = _mm256_mul_ps(near_z, r.inv_near_z);
        const __m256 fx = _mm256_mul_ps(far_x, r.inv_far_x);
        const __m256 fy = _mm256_mul_ps(far_y, r.inv_far_y);
        const __m256 fz = _mm256_mul_ps(far_z, r.inv_far_z);
        t_near = _mm256_max_ps(_mm256_max_ps(nz, ny), _mm256_max_ps(nx, r.t_min));
        t_far = _mm256_min_ps(_mm256_min_ps(fz, fy), _mm256_min_ps(fx, t_max_lanes));
    } else {
        const __m256 nx = _mm256_mul_ps(near_x, r.inv_x);
        const __m256 ny = _mm256_mul_ps(near_y, r.inv_y);
        const __m256 nz = _mm256_mul_ps(near_z, r.inv_z);
        const __m256 fx = _mm256_mul_ps(far_x, r.inv_x);
        const __m256 fy = _mm256_mul_ps(far_y, r.inv_y);
        const __m256 fz = _mm256_mul_ps(far_z, r.inv_z);
        // max/min return their second operand when the first is NaN (0 * inf): the running
        // value survives, exactly as slab_hit's a > b ? a : b.
        const __m256 raw = _mm256_max_ps(nz, _mm256_max_ps(ny, _mm256_max_ps(nx, r.t_min)));
        t_far = _mm256_min_ps(fz, _mm256_min_ps(fy, _mm256_min_ps(fx, t_max_lanes)));
        // SlabRay::lowered: t - |t| * slack (an exact product, one rounding).
        t_near = _mm256_sub_ps(raw, _mm256_mul_ps(_mm256_and_ps(raw, r.abs_mask), r.near_slack));
    }
    t_enter = t_near;
#if KERNEL_AVX512
    return _mm256_cmp_ps_mask(t_near, t_far, _CMP_LE_OQ);
#else
    return unsigned(_mm256_movemask_ps(_mm256_cmp_ps(t_near, t_far, _CMP_LE_OQ)));
#endif
}

/// The largest float below a finite t (std::nextafter towards -inf, without the libm call).
/// Integer arithmetic only: a hit's t is a coin toss for the branch predictor.
KERNEL_TARGET inline float next_below(float t) {
    std::uint32_t bits;
    std::memcpy(&bits, &t, sizeof bits);
    // Positive: one step down; negative (or -0): one step away from zero; +0: -denorm_min.
    const std::uint32_t negative = bits >> 31;
    bits = bits == 0u ? 0x80000001u : bits - 1u + 2u * negative;
    std::memcpy(&t, &bits, sizeof bits);
    return t;
}

/// A float's bits as an unsigned integer that sorts like the float (negatives flipped).
KERNEL_TARGET inline std::uint32_t sortable(float t) {
    std::uint32_t bits;
    std::memcpy(&bits, &t, sizeof bits);
    return bits ^ (std::uint32_t(std::int32_t(bits) >> 31) | 0x80000000u);
}

/// The traversal. Each inner node's children that the ray enters are taken nearest first: a
/// lone one directly, two by one comparison, more after a sort (by distance, then slot); the
/// others wait on the stack with their entry distances and are dropped if they begin beyond
/// the closest hit by then. The same order and counts as the scalar reference, which pushes
/// every child and pops the nearest.
template <bool kRecord, bool kWatertight, bool kScaled>
KERNEL_TARGET std::optional<BvhHit> traverse_impl(const WideBvh& bvh, const Ray& ray,
                                                  const SlabRay& slab, const WideQuery& query,
                                                  TraversalStats& stats) {
    const RayLanes lanes = make_ray_lanes(slab);
    float t_max = slab.t_max;
    // The triangle kernels' ray (watertight's shear: three divisions) and its lanes are made
    // at the first leaf: many rays leave the tree without reaching one.
    BlockRay block_ray;
    leaf::RayLanes leaf_lanes;
    bool block_ray_ready = false;
    const bool any_hit = query.any_hit;
    const WideNode* nodes = bvh.nodes.data();
    const TriangleBlock8* blocks = bvh.blocks.data();
    std::optional<BvhHit> best;
    std::uint64_t node_count = 0, boxes = 0, triangles = 0;

    struct Item {
        std::uint32_t ref;
        float t_enter;
    };
    Item stack[8 * 32];
    VisitedBox stack_boxes[kRecord ? 8 * 32 : 1];  // where each stacked child's box is
    int size = 0;
    std::uint32_t ref = 0;  // the root, entered without a box test
    auto enter = [&](std::uint32_t parent, int slot) KERNEL_TARGET {
        if constexpr (kRecord) query.visited->push_back({parent, slot});
    };
    auto push = [&](const WideNode& node, std::uint32_t parent, int slot, float t) KERNEL_TARGET {
        if constexpr (kRecord) stack_boxes[size] = {parent, slot};
        stack[size++] = {node.child[slot], t};
    };
    while (true) {
        // == Down through inner nodes: eight boxes at once, the nearest child next.
        while (!WideNode::is_leaf(ref)) {
            const std::uint32_t parent = ref;
            const WideNode& node = nodes[parent];
            ++node_count;
            boxes += node.child_count;
            __m256 t_enter;
            unsigned hits =
                intersect_children<kScaled>(node, lanes, t_max, t_enter);  // empty slots miss
            if (hits == 0) goto next_from_stack;
            // Ask for every child the ray enters now, a lone one too: their cache misses
            // overlap this node's sorting and the nearer children's work, and start before
            // the branches below are resolved (a mispredicted one would delay the loads).
            {
                for (unsigned pending = hits; pending; pending &= pending - 1) {
                    const std::uint32_t child = node.child[__builtin_ctz(pending)];
                    if (WideNode::is_leaf(child)) {
                        const char* at =
                            reinterpret_cast<const char*>(&blocks[WideNode::leaf_block(child)]);
                        for (std::size_t line = 0; line < sizeof(TriangleBlock8); line += 64)
                            _mm_prefetch(at + line, _MM_HINT_T0);
                    } else {
                        const char* at = reinterpret_cast<const char*>(&nodes[child]);
                        for (std::size_t line = 0; line < sizeof(WideNode); line += 64)
                            _mm_prefetch(at + line, _MM_HINT_T0);
                    }
                }
            }
            alignas(32) float t[8];
            _mm256_store_ps(t, t_enter);
            const int a = __builtin_ctz(hits);
            hits &= hits - 1;
            if (hits == 0) {  // one child: straight down
                ref = node.child[a];
                enter(parent, a);
                continue;
            }
            const int b = __builtin_ctz(hits);
            hits &= hits - 1;
            if (hits == 0) {  // two: the nearer now (a's lower slot wins a tie), the other later
                const bool a_first = !(t[b] < t[a]);
                const int near = a_first ? a : b, far = a_first ? b : a;
                push(node, parent, far, t[far]);
                ref = node.child[near];
                enter(parent, near);
                continue;
            }
            // Three or more: sort (distance, slot) keys, nearest first.
            std::uint64_t keys[8];
            int n = 0;
            keys[n++] = (std::uint64_t(sortable(t[a])) << 32) | std::uint64_t(a);
            keys[n++] = (std::uint64_t(sortable(t[b])) << 32) | std::uint64_t(b);
            for (; hits; hits &= hits - 1) {
                const int i = __builtin_ctz(hits);
                keys[n++] = (std::uint64_t(sortable(t[i])) << 32) | std::uint64_t(i);
            }
            for (int i = 1; i < n; ++i) {
                const std::uint64_t k = keys[i];
                int j = i - 1;
                for (; j >= 0 && keys[j] > k; --j)
                    keys[j + 1] = keys[j];
                keys[j + 1] = k;
            }
            for (int i = n - 1; i >= 1; --i) {
                const int slot = int(keys[i] & 7u);
                push(node, parent, slot, t[slot]);
            }
            const int nearest = int(keys[0] & 7u);
            ref = node.child[nearest];
            enter(parent, nearest);
        }
        {
            // == A leaf: its block through the kernel.
            ++node_count;
            triangles += WideNode::leaf_count(ref);
            if (!block_ray_ready) {
                block_ray = prepare_block_ray(ray, query.options);
                block_ray.t_max = slab.t_max;
                leaf_lanes = leaf::RayLanes(block_ray);
                block_ray_ready = true;
            }
            const BlockHit hit = leaf::closest_in_block<kWatertight>(
                block_ray, leaf_lanes, blocks[WideNode::leaf_block(ref)]);
            if (hit.id != kEmptyLane) {
                best = BvhHit{hit.id, RayHit{hit.t, hit.u, hit.v}};
                t_max = hit.t;
                // After a hit, only strictly closer ones may follow: the watertight kernel's
                // range is closed, so its upper end moves just below the hit.
                block_ray.t_max = kWatertight ? next_below(hit.t) : hit.t;
                leaf_lanes.t_max = leaf::splat(block_ray.t_max);
                if (any_hit) break;
            }
        }
    next_from_stack:
        // == The nearest waiting child that still begins before the closest hit.
        while (size > 0) {
            --size;
            if (stack[size].t_enter > t_max) continue;
            ref = stack[size].ref;
            if constexpr (kRecord) query.visited->push_back(stack_boxes[size]);
            goto descend;
        }
        break;
    descend:;
    }
    stats.nodes_visited += node_count;
    stats.box_tests += boxes;
    stats.triangles_tested += triangles;
    return best;
}

/// One algorithm's traversal, for callers that chose it once (select_raycast).
template <bool kWatertight>
KERNEL_TARGET std::optional<BvhHit> traverse_with(const WideBvh& bvh, const Ray& ray,
                                                  const WideQuery& query, TraversalStats& stats) {
    // Rays of the scaled form (almost all) get a traversal of their own: no per-node branch,
    // and only the lanes it needs.
    const SlabRay slab = make_slab_ray(ray);
    if (query.visited)
        return slab.scaled ? traverse_impl<true, kWatertight, true>(bvh, ray, slab, query, stats)
                           : traverse_impl<true, kWatertight, false>(bvh, ray, slab, query, stats);
    return slab.scaled ? traverse_impl<false, kWatertight, true>(bvh, ray, slab, query, stats)
                       : traverse_impl<false, kWatertight, false>(bvh, ray, slab, query, stats);
}

KERNEL_TARGET std::optional<BvhHit> traverse(const WideBvh& bvh, const Ray& ray,
                                             const WideQuery& query, TraversalStats& stats) {
    return *query.block_algorithm == BlockAlgorithm::Watertight
               ? traverse_with<true>(bvh, ray, query, stats)
               : traverse_with<false>(bvh, ray, query, stats);
}

}  // namespace
