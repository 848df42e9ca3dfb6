// The SIMD traversal of the eight-wide BVH, written once in the 8-lane vocabulary and compiled
// twice by wide_bvh_simd.cpp: in an AVX2 region and in an AVX-512 region (where the compiler
// may use mask registers and AVX-512VL forms for the same operations). Functions from headers
// included before the regions keep the baseline target. Leaves are tested inline by the block
// kernels' code (namespace leaf: ray_triangle_simd_kernels.inl on the same eight lanes).
//
// The box arithmetic is slab_entry's, operation for operation and without fused multiply-adds,
// and children are ordered as the scalar traversal orders them: the results and the counters
// are identical to the scalar reference.

namespace {
#include "picking/simd/simd_lanes_avx2.inl"  // the eight lanes everything here is written in
}  // namespace

// The leaves' test: the block kernels' code on the same lanes.
namespace leaf {
namespace {
#include "picking/simd/ray_triangle_simd_kernels.inl"
}  // namespace
}  // namespace leaf

namespace {

/// Per-ray constants, broadcast once.
struct BoxLanes {
    F origin_x, origin_y, origin_z;
    F inv_x, inv_y, inv_z;
    /// The scaled form's inverses; for a ray without it, inv_near is SlabRay::inv_entry (the
    /// unscaled path's entries) and inv_far unused.
    F inv_near_x, inv_near_y, inv_near_z, inv_far_x, inv_far_y, inv_far_z;
    F t_min;
    F near_slack;
    int near_x, far_x, near_y, far_y, near_z, far_z;  ///< rows of WideNode::bounds
    unsigned octant;  ///< the direction's (octant_of): which of WideNode::octant_order
};

/// Always inlined: called out of line (GCC's choice once the packet walks called it too) the
/// single-ray traversal lost 4 % on small meshes.
inline __attribute__((always_inline)) BoxLanes make_box_lanes(const SlabRay& slab) {
    BoxLanes r;
    r.origin_x = splat(slab.origin.x);
    r.origin_y = splat(slab.origin.y);
    r.origin_z = splat(slab.origin.z);
    r.inv_x = splat(slab.inv_direction.x);
    r.inv_y = splat(slab.inv_direction.y);
    r.inv_z = splat(slab.inv_direction.z);
    const glm::vec3 inv_near = slab.scaled ? slab.inv_near : slab.inv_entry;
    r.inv_near_x = splat(inv_near.x);
    r.inv_near_y = splat(inv_near.y);
    r.inv_near_z = splat(inv_near.z);
    r.inv_far_x = splat(slab.inv_far.x);
    r.inv_far_y = splat(slab.inv_far.y);
    r.inv_far_z = splat(slab.inv_far.z);
    r.t_min = splat(slab.t_min);
    r.near_slack = splat(SlabRay::kNearSlack);
    // The sign bit picks the near plane, as in slab_hit (so -0 counts as negative); the same
    // bits are octant_of's, written out here: a call to that baseline function from this ISA
    // region is not inlined, and cost rays that miss the model a sixth of their time.
    r.octant = (std::signbit(slab.inv_direction.x) ? 1u : 0u) |
               (std::signbit(slab.inv_direction.y) ? 2u : 0u) |
               (std::signbit(slab.inv_direction.z) ? 4u : 0u);
    r.near_x = int(r.octant & 1u);
    r.near_y = 2 + int((r.octant >> 1) & 1u);
    r.near_z = 4 + int((r.octant >> 2) & 1u);
    r.far_x = 1 - r.near_x;
    r.far_y = 5 - r.near_y;
    r.far_z = 9 - r.near_z;
    return r;
}

/// The eight child boxes of a node (slab_entry, eight at a time): a bit per child the ray
/// enters before t_max, and the entries (lowered for rounding).
template <bool kScaled>
inline __attribute__((always_inline)) unsigned intersect_children(const WideNode& node,
                                                                  const BoxLanes& r, float t_max,
                                                                  F& t_enter) {
    const F t_max_lanes = splat(t_max);
    const F near_x = load(node.bounds[r.near_x]) - r.origin_x;
    const F near_y = load(node.bounds[r.near_y]) - r.origin_y;
    const F near_z = load(node.bounds[r.near_z]) - r.origin_z;
    const F far_x = load(node.bounds[r.far_x]) - r.origin_x;
    const F far_y = load(node.bounds[r.far_y]) - r.origin_y;
    const F far_z = load(node.bounds[r.far_z]) - r.origin_z;
    F t_near, t_far;
    if constexpr (kScaled) {
        // No NaN can arise: the axes reduce as a tree, two steps deep instead of three, and
        // the scaled inverses leave nothing to lower afterwards.
        const F nx = near_x * r.inv_near_x, ny = near_y * r.inv_near_y, nz = near_z * r.inv_near_z;
        const F fx = far_x * r.inv_far_x, fy = far_y * r.inv_far_y, fz = far_z * r.inv_far_z;
        t_near = max(max(nz, ny), max(nx, r.t_min));
        t_far = min(min(fz, fy), min(fx, t_max_lanes));
    } else {
        const F nx = near_x * r.inv_near_x, ny = near_y * r.inv_near_y, nz = near_z * r.inv_near_z;
        const F fx = far_x * r.inv_x, fy = far_y * r.inv_y, fz = far_z * r.inv_z;
        // max/min return their second operand when the first is NaN (0 * inf): the running
        // value survives, exactly as slab_hit's a > b ? a : b.
        const F raw = max(nz, max(ny, max(nx, r.t_min)));
        t_far = min(fz, min(fy, min(fx, t_max_lanes)));
        // SlabRay::lowered: t - |t| * slack (an exact product, one rounding).
        t_near = raw - abs(raw) * r.near_slack;
    }
    t_enter = t_near;
    return mask_bits(le(t_near, t_far));
}

/// The entered children (the bits of `entered`, one or more) nearest first, by distance and
/// then slot, into slot_at; returns how many. Each child's place is the number of entered
/// children before it, from two comparisons of all eight distances at once: no branch depends
/// on the distances, as an insertion sort's would (incoherent rays mispredict those).
inline int rank_children(F t_enter, const float* t, unsigned entered, int* slot_at) {
    for (unsigned rest = entered; rest; rest &= rest - 1) {
        const int i = __builtin_ctz(rest);
        const F here = splat(t[i]);
        const unsigned before =
            (mask_bits(lt(t_enter, here)) | (mask_bits(eq(t_enter, here)) & ((1u << i) - 1u))) &
            entered;
        slot_at[__builtin_popcount(before)] = i;
    }
    return __builtin_popcount(entered);
}

/// Two entered slots a < b, the nearer first (a wins a tie). In integer arithmetic: as a
/// conditional GCC made it a branch, a coin toss for incoherent rays.
inline __attribute__((always_inline)) std::pair<int, int> nearer_first(int a, int b,
                                                                       const float* t) {
    const int swap = -int(t[b] < t[a]);
    const int near = a ^ ((a ^ b) & swap);
    return {near, near ^ a ^ b};
}

/// Trees up to this size stay in a core's L2 cache once warm (Zen 4 has 1 MB, most others 1-2
/// MB): asking for their children ahead of time only costs instructions.
constexpr std::size_t kPrefetchAbove = std::size_t(512) << 10;

/// For each mask of eight bits, its set bits from the highest to the lowest, then zeros: the
/// lanes a permutation gathers to pack a node's entered children farthest first.
struct FarthestFirst {
    alignas(8) std::uint8_t lanes[256][8];
    constexpr FarthestFirst() : lanes{} {
        for (unsigned mask = 0; mask < 256; ++mask) {
            int k = 0;
            for (int bit = 7; bit >= 0; --bit)
                if (mask & (1u << bit)) lanes[mask][k++] = std::uint8_t(bit);
        }
    }
};
inline constexpr FarthestFirst kFarthestFirst{};

/// The ranks (in the node's order for the ray's octant) of the children in `entered` (a bit
/// per slot), as a bit per rank, and the ranks' slots one per lane.
struct RankedChildren {
    unsigned ranks;
    __m256i slot_of_rank;
};
inline __attribute__((always_inline)) RankedChildren rank_by_order(std::uint32_t order,
                                                                   unsigned entered) {
    const __m256i slot_of_rank =
        _mm256_and_si256(_mm256_srlv_epi32(_mm256_set1_epi32(int(order)),
                                           _mm256_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21)),
                         _mm256_set1_epi32(7));
    // Lane k: the entered bit of rank k's slot, moved to the sign.
    const __m256i entered_by_rank =
        _mm256_slli_epi32(_mm256_srlv_epi32(_mm256_set1_epi32(int(entered)), slot_of_rank), 31);
    return {unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(entered_by_rank))), slot_of_rank};
}

/// A ray's closest hit so far and its triangle kernels' ray (watertight's shear: three
/// divisions), made at its first leaf. A packet traversal keeps one per ray and may send the
/// ray on alone into a subtree (traverse_impl with kResume).
struct RayProgress {
    std::optional<BvhHit> best;
    BlockRay block_ray;
    leaf::RayLanes leaf_lanes;
    bool block_ray_ready = false;
    /// Leaves in spaces of their own (LeafSpaces): the space block_ray is in, and whether the
    /// ray can hit anything there. Set by the traversals that have such leaves (not here: a
    /// packet's sixteen of these are made for every packet).
    std::uint32_t space;
    bool space_usable;
};

/// The traversal. Each inner node's children that the ray enters are taken in the order the node
/// keeps for the ray's octant (child_order.h): a lone one directly; of more, the first now and the
/// others pushed on the stack with their entry distances by one vector store, without a branch on
/// how many there are. Those pushed are dropped when popped if they begin beyond the closest hit by
/// then. The same order and counts as the scalar reference, which pushes every child and pops the
/// first. With kResume the ray goes on from `resume` (its hit so far, its kernels' ray and its
/// t_max, which it leaves there updated) at `start`, a node whose box it enters; otherwise from the
/// root. With kSpaces each leaf is in a space of its own (LeafSpaces): the kernels' ray is made
/// again whenever the walk reaches a leaf of another space, from the ray moved there, bounded by
/// the closest hit so far.
template <bool kRecord, bool kWatertight, bool kScaled, bool kResume = false, bool kSpaces = false>
std::optional<BvhHit> traverse_impl(const WideBvh& bvh, const Ray& ray, const SlabRay& slab,
                                    const WideQuery& query, TraversalStats& stats,
                                    RayProgress* resume = nullptr, float* resume_t_max = nullptr,
                                    std::uint32_t start = 0, const LeafSpaces* spaces = nullptr) {
    const BoxLanes lanes = make_box_lanes(slab);
    float t_max = slab.t_max;
    // The triangle kernels' ray (watertight's shear: three divisions) and its lanes are made
    // at the first leaf: many rays leave the tree without reaching one.
    BlockRay block_ray;
    leaf::RayLanes leaf_lanes;
    bool block_ray_ready = false;
    // kSpaces: the space the kernels' ray is in now, and whether the ray can hit anything there.
    std::uint32_t ray_space = kEmptyLane;
    bool space_usable = false;
    const bool any_hit = query.any_hit;
    const WideNode* nodes = bvh.nodes.data();
    const TriangleBlock8* blocks = bvh.blocks.data();
    const bool prefetch =
        bvh.nodes.size() * sizeof(WideNode) + bvh.blocks.size() * sizeof(TriangleBlock8) >
        kPrefetchAbove;
    std::optional<BvhHit> best;
    std::uint64_t node_count = 0, boxes = 0, triangles = 0;

    // A tree over 2^28 leaves is at most 32 wide levels deep (the binary build bounds its
    // depth by about 40 + log2(n)), with seven pushes a level; a tree of spaces stacks one tree
    // on another (instance_tree.h: a top level over up to 2^21 instances, then each one's).
    // Children and entries in arrays of their own, eight lanes of each stored at once; the
    // last push may store seven lanes beyond the deepest entry.
    constexpr int kStack = kSpaces ? 8 * 64 : 8 * 32;
    alignas(32) std::uint32_t stack_ref[kStack + 8];
    alignas(32) float stack_t[kStack + 8];
    VisitedBox stack_boxes[kRecord ? kStack : 1];  // where each stacked child's box is
    int size = 0;
    std::uint32_t ref = 0;  // the root, entered without a box test
    if constexpr (kResume) {
        ref = start;
        best = resume->best;
        t_max = *resume_t_max;
        block_ray_ready = resume->block_ray_ready;
        if (block_ray_ready) {
            block_ray = resume->block_ray;
            leaf_lanes = resume->leaf_lanes;
        }
        if constexpr (kSpaces) {
            ray_space = resume->space;
            space_usable = resume->space_usable;
            if (space_usable) {
                block_ray = resume->block_ray;
                leaf_lanes = resume->leaf_lanes;
            }
        }
    }
    auto enter = [&](std::uint32_t parent, int slot) {
        if constexpr (kRecord) query.visited->push_back({parent, slot});
    };
    while (true) {
        // == Down through inner nodes: eight boxes at once, the first entered child next.
        while (!WideNode::is_leaf(ref)) {
            const std::uint32_t parent = ref;
            const WideNode& node = nodes[parent];
            ++node_count;
            boxes += node.child_count;
            F t_enter;
            // Empty slots' boxes (lo = +inf, hi = -inf) miss any finite ray; the mask keeps
            // them out whatever the arithmetic gives (the used slots come first).
            unsigned hits = intersect_children<kScaled>(node, lanes, t_max, t_enter) &
                            ((1u << node.child_count) - 1u);
            if (hits == 0) goto next_from_stack;
            // Ask for every child the ray enters now, a lone one too: their cache misses
            // overlap this node's sorting and the nearer children's work, and start before
            // the branches below are resolved (a mispredicted one would delay the loads).
            if (prefetch) {
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
            if ((hits & (hits - 1)) == 0) {  // one child: straight down
                const int only = __builtin_ctz(hits);
                ref = node.child[only];
                enter(parent, only);
                continue;
            }
            const std::uint32_t order = node.order_for(lanes.octant);
            const auto [ranks, slot_of_rank] = rank_by_order(order, hits);
            if constexpr (kRecord) {
                // One at a time, each with its box: the order the vector store gives.
                alignas(32) float t[8];
                store(t, t_enter);
                for (unsigned rest = ranks & (ranks - 1); rest;) {
                    const int rank = 31 - __builtin_clz(rest);
                    rest &= ~(1u << rank);
                    const int slot = int((order >> (3 * rank)) & 7u);
                    stack_boxes[size] = {parent, slot};
                    stack_ref[size] = node.child[slot];
                    stack_t[size++] = t[slot];
                }
            } else {
                // All of them, farthest first, the first-ranked on top (not kept: taken now).
                const __m256i pack = _mm256_cvtepu8_epi32(
                    _mm_loadl_epi64(reinterpret_cast<const __m128i*>(kFarthestFirst.lanes[ranks])));
                const __m256i children = _mm256_permutevar8x32_epi32(
                    _mm256_load_si256(reinterpret_cast<const __m256i*>(node.child)), slot_of_rank);
                const __m256 entries = _mm256_permutevar8x32_ps(t_enter.v, slot_of_rank);
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(stack_ref + size),
                                    _mm256_permutevar8x32_epi32(children, pack));
                _mm256_storeu_ps(stack_t + size, _mm256_permutevar8x32_ps(entries, pack));
                size += __builtin_popcount(ranks) - 1;
            }
            const int first = int((order >> (3 * __builtin_ctz(ranks))) & 7u);
            ref = node.child[first];
            enter(parent, first);
        }
        {
            // == A leaf: its block through the kernel.
            ++node_count;
            if constexpr (kSpaces) {
                const std::uint32_t space = spaces->block_space[WideNode::leaf_block(ref)];
                if (space != ray_space) {
                    ray_space = space;
                    Ray local;
                    space_usable = spaces->move(spaces->context, space, ray, local);
                    if (space_usable) {
                        block_ray = prepare_block_ray(local, query.options);
                        // As after a hit below: the closest so far (or just past it) stays in.
                        block_ray.t_max = !best         ? slab.t_max
                                          : kWatertight ? best->hit.t
                                                        : next_float_up(best->hit.t);
                        leaf_lanes = leaf::RayLanes(block_ray);
                    }
                }
                if (!space_usable) goto next_from_stack;
            } else if (!block_ray_ready) {
                block_ray = prepare_block_ray(ray, query.options);
                block_ray.t_max = slab.t_max;
                leaf_lanes = leaf::RayLanes(block_ray);
                block_ray_ready = true;
            }
            triangles += WideNode::leaf_count(ref);
            const BlockHit hit = leaf::closest_in_block<kWatertight>(
                block_ray, leaf_lanes, blocks[WideNode::leaf_block(ref)]);
            // The kernel only reports t <= the closest so far: closer_hit's rule is then
            // a smaller t or, at the same t, a lower id.
            if (hit.id != kEmptyLane && (!best || hit.t < best->hit.t || hit.id < best->triangle)) {
                best = BvhHit{hit.id, RayHit{hit.t, hit.u, hit.v}};
                t_max = hit.t;
                // A later leaf may still hold a lower id at exactly this t: the watertight
                // kernel's range is closed and keeps it, Möller–Trumbore's is open and needs
                // the next float up (never beyond the ray's end: hit.t < t_max there).
                block_ray.t_max = kWatertight ? hit.t : next_float_up(hit.t);
                leaf_lanes.t_max = splat(block_ray.t_max);
                if (any_hit) break;
            }
        }
    next_from_stack:
        // == The next waiting child (the top of the stack) that still begins before the closest
        // hit.
        while (size > 0) {
            --size;
            if (stack_t[size] > t_max) continue;
            ref = stack_ref[size];
            if constexpr (kRecord) query.visited->push_back(stack_boxes[size]);
            goto descend;
        }
        break;
    descend:;
    }
    stats.nodes_visited += node_count;
    stats.box_tests += boxes;
    stats.triangles_tested += triangles;
    if constexpr (kResume) {
        resume->best = best;
        *resume_t_max = t_max;
        resume->block_ray_ready = block_ray_ready;
        if (block_ray_ready) {
            resume->block_ray = block_ray;
            resume->leaf_lanes = leaf_lanes;
        }
        if constexpr (kSpaces) {
            resume->space = ray_space;
            resume->space_usable = space_usable;
            if (space_usable) {
                resume->block_ray = block_ray;
                resume->leaf_lanes = leaf_lanes;
            }
        }
    }
    return best;
}

/// The walk of a tree over boxes (wide_box_tree.h): the single-ray traversal's box tests and
/// order, its leaves handed to the visitor.
template <bool kScaled>
void traverse_boxes_impl(const WideBoxTree& tree, const SlabRay& slab, BoxVisit visit,
                         void* context, TraversalStats& stats) {
    const BoxLanes lanes = make_box_lanes(slab);
    float t_max = slab.t_max;
    const WideNode* nodes = tree.nodes.data();
    std::uint64_t node_count = 0, boxes = 0;
    struct Item {
        std::uint32_t ref;
        float t_enter;
    };
    // The binary tree is at most 72 levels deep, so this one at most 37, with seven pushes
    // a level.
    Item stack[8 * 40];
    int size = 0;
    std::uint32_t ref = 0;  // the root, entered without a box test
    while (true) {
        while (!WideNode::is_leaf(ref)) {
            const WideNode& node = nodes[ref];
            ++node_count;
            boxes += node.child_count;
            F t_enter;
            unsigned hits = intersect_children<kScaled>(node, lanes, t_max, t_enter) &
                            ((1u << node.child_count) - 1u);
            if (hits == 0) goto next_from_stack;
            alignas(32) float t[8];
            store(t, t_enter);
            // One child, two, or more ranked: as traverse_impl takes them.
            const unsigned entered = hits;
            const int a = __builtin_ctz(hits);
            hits &= hits - 1;
            if (hits == 0) {
                ref = node.child[a];
                continue;
            }
            const int b = __builtin_ctz(hits);
            hits &= hits - 1;
            if (hits == 0) {
                const auto [near, far] = nearer_first(a, b, t);
                stack[size++] = {node.child[far], t[far]};
                ref = node.child[near];
                continue;
            }
            int slot_at[8];
            for (int r = rank_children(t_enter, t, entered, slot_at) - 1; r >= 1; --r)
                stack[size++] = {node.child[slot_at[r]], t[slot_at[r]]};
            ref = node.child[slot_at[0]];
        }
        {
            ++node_count;
            const std::uint32_t first = WideNode::leaf_block(ref);
            const std::uint32_t end = first + WideNode::leaf_count(ref);
            for (std::uint32_t i = first; i < end; ++i) {
                const TraverseStep step = visit(context, tree.ids[i], t_max);
                t_max = std::min(t_max, step.t_max);
                if (step.stop) goto done;
            }
        }
    next_from_stack:
        while (size > 0) {
            --size;
            if (stack[size].t_enter > t_max) continue;
            ref = stack[size].ref;
            goto descend;
        }
        break;
    descend:;
    }
done:
    stats.nodes_visited += node_count;
    stats.box_tests += boxes;
}

inline void traverse_boxes(const WideBoxTree& tree, const Ray& ray, BoxVisit visit, void* context,
                           TraversalStats& stats) {
    const SlabRay slab = make_slab_ray(ray);
    if (slab.scaled)
        traverse_boxes_impl<true>(tree, slab, visit, context, stats);
    else
        traverse_boxes_impl<false>(tree, slab, visit, context, stats);
}

/// The packet walk of a tree over boxes (wide_box_tree.h's traverse_packet) ray by ray: each
/// node's eight boxes tested at once by every ray still in the packet, each entered child
/// taken with the rays that enter it, in the order of the entries of the lowest ray that
/// enters any. For any packet (traverse_boxes_packet in wide_bvh_packet.inl takes most screen
/// tiles another way).
inline void traverse_boxes_packet_each(const WideBoxTree& tree, std::span<const Ray> rays,
                                       std::uint32_t active, BoxPacketVisit visit, void* context,
                                       TraversalStats& stats) {
    BoxLanes lanes[kBoxPacketRays];
    float t_max[kBoxPacketRays];
    std::uint32_t scaled = 0;  // a bit per ray of the scaled form (almost all)
    for (std::uint32_t pending = active; pending; pending &= pending - 1) {
        const int r = __builtin_ctz(pending);
        const SlabRay slab = make_slab_ray(rays[std::size_t(r)]);
        lanes[r] = make_box_lanes(slab);
        t_max[r] = slab.t_max;
        if (slab.scaled) scaled |= 1u << r;
    }
    const WideNode* nodes = tree.nodes.data();
    std::uint64_t node_count = 0, boxes = 0;
    struct Item {
        std::uint32_t ref;
        std::uint32_t rays;
    };
    Item stack[8 * 40];  // as traverse_boxes_impl's
    int size = 0;
    stack[size++] = {0u, active};  // the root, entered without a box test
    while (size > 0) {
        const Item item = stack[--size];
        ++node_count;
        if (WideNode::is_leaf(item.ref)) {
            const std::uint32_t first = WideNode::leaf_block(item.ref);
            const std::uint32_t end = first + WideNode::leaf_count(item.ref);
            for (std::uint32_t i = first; i < end; ++i)
                visit(context, tree.ids[i], item.rays, t_max);
            continue;
        }
        const WideNode& node = nodes[item.ref];
        boxes += node.child_count;
        const unsigned used = (1u << node.child_count) - 1u;
        std::uint32_t child_rays[8] = {};
        alignas(32) float lead[8];  // the entries of the lowest ray that enters any child
        unsigned lead_hits = 0;
        unsigned any = 0;
        for (std::uint32_t pending = item.rays; pending; pending &= pending - 1) {
            const int r = __builtin_ctz(pending);
            F t_enter;
            const unsigned hits =
                ((scaled >> r) & 1u
                     ? intersect_children<true>(node, lanes[r], t_max[r], t_enter)
                     : intersect_children<false>(node, lanes[r], t_max[r], t_enter)) &
                used;
            if (hits == 0) continue;
            if (lead_hits == 0) {
                store(lead, t_enter);
                lead_hits = hits;
            }
            any |= hits;
            for (unsigned h = hits; h; h &= h - 1)
                child_rays[__builtin_ctz(h)] |= 1u << r;
        }
        if (any == 0) continue;
        // Nearest first for the lead ray, the children it misses after them by slot: an
        // insertion sort of at most eight, farthest pushed first.
        int order[8];
        int count = 0;
        auto before = [&](int a, int b) {
            const bool a_lead = (lead_hits >> a) & 1u, b_lead = (lead_hits >> b) & 1u;
            if (a_lead != b_lead) return a_lead;
            if (a_lead && lead[a] != lead[b]) return lead[a] < lead[b];
            return a < b;
        };
        for (unsigned h = any; h; h &= h - 1) {
            const int slot = __builtin_ctz(h);
            int at = count++;
            for (; at > 0 && before(slot, order[at - 1]); --at)
                order[at] = order[at - 1];
            order[at] = slot;
        }
        for (int k = count - 1; k >= 0; --k)
            stack[size++] = {node.child[order[k]], child_rays[order[k]]};
    }
    stats.nodes_visited += node_count;
    stats.box_tests += boxes;
}

/// One algorithm's traversal, for callers that chose it once (select_raycast).
template <bool kWatertight>
std::optional<BvhHit> traverse_with(const WideBvh& bvh, const Ray& ray, const WideQuery& query,
                                    TraversalStats& stats) {
    // Rays of the scaled form (almost all) get a traversal of their own: no per-node branch,
    // and only the lanes it needs.
    const SlabRay slab = make_slab_ray(ray);
    if (query.visited)
        return slab.scaled ? traverse_impl<true, kWatertight, true>(bvh, ray, slab, query, stats)
                           : traverse_impl<true, kWatertight, false>(bvh, ray, slab, query, stats);
    return slab.scaled ? traverse_impl<false, kWatertight, true>(bvh, ray, slab, query, stats)
                       : traverse_impl<false, kWatertight, false>(bvh, ray, slab, query, stats);
}

/// traverse_with for a tree whose leaves are in spaces of their own (LeafSpaces).
template <bool kWatertight>
std::optional<BvhHit> traverse_spaces_with(const WideBvh& bvh, const Ray& ray,
                                           const WideQuery& query, const LeafSpaces& spaces,
                                           TraversalStats& stats) {
    const SlabRay slab = make_slab_ray(ray);
    return slab.scaled ? traverse_impl<false, kWatertight, true, false, true>(
                             bvh, ray, slab, query, stats, nullptr, nullptr, 0, &spaces)
                       : traverse_impl<false, kWatertight, false, false, true>(
                             bvh, ray, slab, query, stats, nullptr, nullptr, 0, &spaces);
}

inline std::optional<BvhHit> traverse(const WideBvh& bvh, const Ray& ray, const WideQuery& query,
                                      TraversalStats& stats) {
    return *query.block_algorithm == BlockAlgorithm::Watertight
               ? traverse_with<true>(bvh, ray, query, stats)
               : traverse_with<false>(bvh, ray, query, stats);
}

}  // namespace
