// The packet traversal of the eight-wide BVH: up to sixteen rays of one direction octant (a
// 4x4 screen tile) share one walk of the tree. Included by wide_bvh_simd.cpp after
// wide_bvh_simd.inl, in the same ISA region and namespace (it uses that file's lanes, leaf kernels
// and helpers).
//
// The rays are loaded into lanes (one ray per lane, two registers of eight) with
// make_slab_ray's arithmetic. A node's
// eight child boxes are tested once for the whole packet with interval arithmetic: each
// slab's entry is bounded below over every ray of the packet (and its exit above), from the
// packet's extreme origins and inverse directions. Rounding is monotone, so the bound
// computed in floats is at most what each ray's own slab_entry computes: a box any ray of
// the packet enters is entered. At a leaf, each ray whose own box test (slab_entry's, with
// its own closest hit so far) passes runs the block kernel, exactly as its single-ray
// traversal would. Since every traversal keeps the closest hit by closer_hit's rule (bvh.h),
// each ray's answer is the single-ray answer bit for bit, in whatever order the packet
// reaches the leaves. A packet wider than a leaf (packet_pays) hands a subtree that few of its
// rays enter to those rays: each goes on alone from there, from its own progress (traverse_impl
// with kResume), under the same rule.

namespace {

/// Eight rays' numbers, one ray per lane: what make_slab_ray computes for each, operation for
/// operation (so every lane equals its ray's SlabRay bit for bit).
struct RayLanes8 {
    F origin[3], inv_near[3], inv_far[3];
    F t_min, t_max;
    unsigned scaled;   ///< lanes whose ray has the scaled form (SlabRay::scaled)
    unsigned sign[3];  ///< per axis, lanes whose inverse direction has its sign bit set
};

/// The eight rays `rays[0..7]` transposed from their structs (eight floats each: origin,
/// direction, t_min, t_max) into lanes.
inline RayLanes8 load_rays8(const Ray* const* rays) {
    static_assert(sizeof(Ray) == 8 * sizeof(float) && offsetof(Ray, t_max) == 7 * sizeof(float));
    __m256 r[8];
    for (int i = 0; i < 8; ++i)
        r[i] = _mm256_loadu_ps(reinterpret_cast<const float*>(rays[i]));
    // The usual 8x8 transpose: pairs, then quads, then the two halves.
    __m256 a[8], b[8];
    for (int i = 0; i < 8; i += 2) {
        a[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
        a[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        b[i] = _mm256_shuffle_ps(a[i], a[i + 2], _MM_SHUFFLE(1, 0, 1, 0));
        b[i + 1] = _mm256_shuffle_ps(a[i], a[i + 2], _MM_SHUFFLE(3, 2, 3, 2));
        b[i + 2] = _mm256_shuffle_ps(a[i + 1], a[i + 3], _MM_SHUFFLE(1, 0, 1, 0));
        b[i + 3] = _mm256_shuffle_ps(a[i + 1], a[i + 3], _MM_SHUFFLE(3, 2, 3, 2));
    }
    F column[8];
    for (int i = 0; i < 4; ++i) {
        column[i] = F{_mm256_permute2f128_ps(b[i], b[i + 4], 0x20)};
        column[i + 4] = F{_mm256_permute2f128_ps(b[i], b[i + 4], 0x31)};
    }
    RayLanes8 c;
    const F one = splat(1.0f), infinity = splat(__builtin_inff());
    // A NaN origin or t_max would make the packet's bounds NaN and lose every ray's boxes:
    // such a ray goes alone (where it hits nothing), as one without the scaled form does.
    c.scaled = mask_bits(ge(column[6], splat(0.0f)) & eq(column[7], column[7]));
    for (int axis = 0; axis < 3; ++axis) {
        c.scaled &= mask_bits(eq(column[axis], column[axis]));
        c.origin[axis] = column[axis];
        const F inv = one / column[3 + axis];
        c.inv_near[axis] = inv * splat(1.0f - SlabRay::kScale);
        c.inv_far[axis] = inv * splat(1.0f + SlabRay::kScale);
        c.scaled &= mask_bits(lt(abs(inv), infinity));
        c.sign[axis] = unsigned(_mm256_movemask_ps(inv.v));
    }
    c.t_min = column[6];
    // std::min(t_max, FLT_MAX) as make_slab_ray takes it (a NaN stays NaN).
    c.t_max = F{_mm256_min_ps(splat(std::numeric_limits<float>::max()).v, column[7].v)};
    return c;
}

/// Up to sixteen rays in two registers of eight: lanes 0-7 and 8-15.
struct PacketLanes {
    RayLanes8 half[2];
    unsigned scaled = 0;
    unsigned sign[3] = {0, 0, 0};
};

/// `rays[0..15]` into lanes.
inline PacketLanes load_packet(const Ray* const* rays) {
    PacketLanes p;
    for (int h = 0; h < 2; ++h) {
        p.half[h] = load_rays8(rays + 8 * h);
        p.scaled |= p.half[h].scaled << (8 * h);
        for (int axis = 0; axis < 3; ++axis)
            p.sign[axis] |= p.half[h].sign[axis] << (8 * h);
    }
    return p;
}

/// Which of the `active` rays among rays[0..16) enter `box`: slab_entry's answer for each
/// (rays_entering_box, wide_box_tree.h). The scaled form eight lanes at a time, operation for
/// operation slab_entry's (the same products; max and min exact in any order, no NaN can
/// arise); the other rays (a zero direction component, t_min < 0) by slab_entry itself.
inline std::uint32_t rays_entering_box(std::span<const Ray> rays, std::uint32_t active,
                                       const Aabb& box) {
    const int count = int(std::min<std::size_t>(rays.size(), 16));
    active &= (1u << count) - 1u;
    if (active == 0) return 0;
    const Ray* ray_of[16];
    const int spare = __builtin_ctz(active);  // the spare lanes repeat an active ray
    for (int i = 0; i < 16; ++i)
        ray_of[i] = &rays[std::size_t((active >> i) & 1u ? i : spare)];
    std::uint32_t entering = 0, scaled = 0;
    for (int h = 0; h < ((active >> 8) ? 2 : 1); ++h) {
        const RayLanes8 r = load_rays8(ray_of + 8 * h);
        F t_near = r.t_min, t_far = r.t_max;
        for (int axis = 0; axis < 3; ++axis) {
            // The sign bit picks the near plane (blendv reads it), as in slab_entry.
            const F low = splat(box.min[axis]), high = splat(box.max[axis]);
            const F near_plane{_mm256_blendv_ps(low.v, high.v, r.inv_near[axis].v)};
            const F far_plane{_mm256_blendv_ps(high.v, low.v, r.inv_near[axis].v)};
            t_near = max(t_near, (near_plane - r.origin[axis]) * r.inv_near[axis]);
            t_far = min(t_far, (far_plane - r.origin[axis]) * r.inv_far[axis]);
        }
        entering |= mask_bits(le(t_near, t_far)) << (8 * h);
        scaled |= r.scaled << (8 * h);
    }
    entering &= scaled & active;
    for (std::uint32_t other = active & ~scaled; other; other &= other - 1) {
        const int i = __builtin_ctz(other);
        const SlabRay slab = make_slab_ray(*ray_of[i]);
        float entry;
        if (slab_entry(slab, box, slab.t_max, entry)) entering |= 1u << i;
    }
    return entering;
}

/// The smallest and largest of eight lanes.
inline float lane_min(F a) {
    __m128 m = _mm_min_ps(_mm256_castps256_ps128(a.v), _mm256_extractf128_ps(a.v, 1));
    m = _mm_min_ps(m, _mm_movehl_ps(m, m));
    return _mm_cvtss_f32(_mm_min_ss(m, _mm_shuffle_ps(m, m, 1)));
}
inline float lane_max(F a) {
    __m128 m = _mm_max_ps(_mm256_castps256_ps128(a.v), _mm256_extractf128_ps(a.v, 1));
    m = _mm_max_ps(m, _mm_movehl_ps(m, m));
    return _mm_cvtss_f32(_mm_max_ss(m, _mm_shuffle_ps(m, m, 1)));
}

/// A packet whose footprint is wider than its leaves hands each subtree that at most this many
/// of its rays enter to them alone. On the 10M-triangle knot's 4x4 tiles of 1024x1024 pixels:
/// 2 rays gave 11.5 M rays/s, 6 to 12 gave 13.0-13.3 M (single rays 10.3 M).
constexpr int kHandOffRays = 6;

/// The first of eight lanes (of a splat: its value).
inline float first_lane(F a) {
    return _mm256_cvtss_f32(a.v);
}

/// Whether a packet's shared walk pays all the way down: while its footprint where it meets
/// the mesh is no wider than a leaf's box, its rays enter the same nodes and leaves. A wider
/// packet (a screen tile over a 10M-triangle mesh seen whole) walks the union of its rays'
/// paths and enters each leaf with a ray or two; it shares the top of the tree and hands the
/// subtrees few of its rays enter to those rays, as Embree's hybrid traversal hands a packet's
/// last rays to single-ray traversal. Only speed depends on it: each ray's answer is its own.
/// The footprint is the spread of the origins plus the spread of the unit directions times the
/// distance to the tree's box, from the packet's bounds (one octant: each inverse direction's
/// range [lo, hi] has one sign, and its direction's range is [1/hi, 1/lo]). Measured against
/// WideBvh::leaf_extent: 0.6 of it for the 1M knot's tiles, 1.6-1.8 for the 10M knot's.
inline bool packet_pays(const WideBvh& bvh, const F* near_origin, const F* far_origin,
                        const F* near_lo, const F* near_hi) {
    if (!(bvh.leaf_extent > 0.0f)) return true;
    float origin_spread = 0.0f, direction_spread = 0.0f, length2 = 0.0f, distance2 = 0.0f;
    for (int axis = 0; axis < 3; ++axis) {
        const float o1 = first_lane(near_origin[axis]), o2 = first_lane(far_origin[axis]);
        origin_spread = std::max(origin_spread, std::abs(o1 - o2));
        const float d1 = 1.0f / first_lane(near_lo[axis]), d2 = 1.0f / first_lane(near_hi[axis]);
        direction_spread = std::max(direction_spread, std::abs(d1 - d2));
        const float mid = 0.5f * (d1 + d2);
        length2 += mid * mid;
        const float o = 0.5f * (o1 + o2);
        const float gap = std::max({bvh.bounds.min[axis] - o, o - bvh.bounds.max[axis], 0.0f});
        distance2 += gap * gap;
    }
    const float footprint = origin_spread + direction_spread * std::sqrt(distance2 / length2);
    return footprint <= bvh.leaf_extent;
}

/// The bounds of a packet of one octant, all of the scaled form, per axis: entries are at
/// least (near plane - near_origin) times the smaller of [near_lo, near_hi], exits at most
/// (far plane - far_origin) times the larger of [far_lo, far_hi]. Going along +axis the entry
/// is smallest for the largest origin and the exit largest for the smallest; along -axis the
/// other way round.
struct PacketBounds {
    F near_origin[3], far_origin[3], near_lo[3], near_hi[3], far_lo[3], far_hi[3];
    int near_row[3], far_row[3];  ///< rows of WideNode::bounds
    F t_min;                      ///< the smallest t_min
};

inline PacketBounds packet_bounds(const PacketLanes& p) {
    const RayLanes8& a = p.half[0];
    const RayLanes8& b = p.half[1];
    PacketBounds bounds;
    for (int axis = 0; axis < 3; ++axis) {
        const bool negative = (p.sign[axis] & 1u) != 0;
        bounds.near_row[axis] = 2 * axis + (negative ? 1 : 0);
        bounds.far_row[axis] = 2 * axis + (negative ? 0 : 1);
        const float origin_lo = lane_min(min(a.origin[axis], b.origin[axis]));
        const float origin_hi = lane_max(max(a.origin[axis], b.origin[axis]));
        bounds.near_origin[axis] = splat(negative ? origin_lo : origin_hi);
        bounds.far_origin[axis] = splat(negative ? origin_hi : origin_lo);
        bounds.near_lo[axis] = splat(lane_min(min(a.inv_near[axis], b.inv_near[axis])));
        bounds.near_hi[axis] = splat(lane_max(max(a.inv_near[axis], b.inv_near[axis])));
        bounds.far_lo[axis] = splat(lane_min(min(a.inv_far[axis], b.inv_far[axis])));
        bounds.far_hi[axis] = splat(lane_max(max(a.inv_far[axis], b.inv_far[axis])));
    }
    bounds.t_min = splat(lane_min(min(a.t_min, b.t_min)));
    return bounds;
}

/// The children of `node` that some ray of the packet may enter before `packet_t_max` (a bit
/// each), and a lower bound of every ray's entry into each.
inline __attribute__((always_inline)) unsigned packet_enters(const PacketBounds& b,
                                                             const WideNode& node,
                                                             float packet_t_max, F& t_near) {
    t_near = b.t_min;
    F t_far = splat(packet_t_max);
    for (int axis = 0; axis < 3; ++axis) {
        const F near = load(node.bounds[b.near_row[axis]]) - b.near_origin[axis];
        const F far = load(node.bounds[b.far_row[axis]]) - b.far_origin[axis];
        t_near = max(t_near, min(near * b.near_lo[axis], near * b.near_hi[axis]));
        t_far = min(t_far, max(far * b.far_lo[axis], far * b.far_hi[axis]));
    }
    return mask_bits(le(t_near, t_far)) & ((1u << node.child_count) - 1u);
}

/// The rays (lanes below `count`) whose own box test (slab_entry's, to their ends `t_max`)
/// enters the box of `parent`'s child `slot`.
inline unsigned rays_entering(const PacketLanes& p, const PacketBounds& b, const float* t_max,
                              int count, const WideNode& parent, int slot) {
    F near_plane[3], far_plane[3];
    for (int axis = 0; axis < 3; ++axis) {
        near_plane[axis] = splat(parent.bounds[b.near_row[axis]][slot]);
        far_plane[axis] = splat(parent.bounds[b.far_row[axis]][slot]);
    }
    unsigned entering = 0;
    for (int h = 0; h < (count > 8 ? 2 : 1); ++h) {
        const RayLanes8& r = p.half[h];
        F t_near = r.t_min, t_far = load(t_max + 8 * h);
        for (int axis = 0; axis < 3; ++axis) {
            t_near = max(t_near, (near_plane[axis] - r.origin[axis]) * r.inv_near[axis]);
            t_far = min(t_far, (far_plane[axis] - r.origin[axis]) * r.inv_far[axis]);
        }
        entering |= mask_bits(le(t_near, t_far)) << (8 * h);
    }
    return entering & ((1u << count) - 1u);
}

/// `count` rays (2 to 16; rays[count..15] repeat one of them) of one octant, all of the scaled
/// form, in `p`: their closest hits, as traverse_impl would find them one by one.
template <bool kWatertight, bool kSpaces = false>
void traverse_packet_impl(const WideBvh& bvh, const Ray* const* rays, const PacketLanes& p,
                          int count, const WideQuery& query, PacketHit* const* hits,
                          TraversalStats& stats, const LeafSpaces* spaces = nullptr) {
    const PacketBounds bounds = packet_bounds(p);
    const RayLanes8& a = p.half[0];
    const RayLanes8& b = p.half[1];
    // A packet wider than its leaves hands each subtree that few of its rays enter to those
    // rays alone. Weighed when the packet first enters a child of the root: most packets
    // that miss the mesh never do.
    enum class HandOff { Unweighed, No, Yes } hand_off = HandOff::Unweighed;
    alignas(32) float t_max[16];  // each ray's closest hit so far; spare lanes enter nothing
    store(t_max, a.t_max);
    store(t_max + 8, b.t_max);
    for (int i = count; i < 16; ++i)
        t_max[i] = -__builtin_inff();
    float packet_t_max = lane_max(max(load(t_max), load(t_max + 8)));

    RayProgress progress[16];  // each ray's closest hit and its triangle kernels' ray
    if constexpr (kSpaces)
        for (RayProgress& ray : progress) {
            ray.space = kEmptyLane;
            ray.space_usable = false;
        }

    const WideNode* nodes = bvh.nodes.data();
    const TriangleBlock8* blocks = bvh.blocks.data();
    std::uint64_t node_count = 0, boxes = 0, triangles = 0;

    struct Item {
        std::uint32_t ref;
        float t_enter;
        std::uint32_t parent;  ///< where a leaf's box is, for the rays' own tests
        int slot;
    };
    Item stack[8 * 32];
    int size = 0;
    Item item{0, 0.0f, 0, -1};  // the root (never a leaf), entered without a box test
    while (true) {
        // == Down through inner nodes: eight boxes for the whole packet, the nearest next.
        while (!WideNode::is_leaf(item.ref)) {
            if (hand_off == HandOff::Unweighed && item.slot >= 0)
                hand_off = packet_pays(bvh, bounds.near_origin, bounds.far_origin, bounds.near_lo,
                                       bounds.near_hi)
                               ? HandOff::No
                               : HandOff::Yes;
            if (hand_off == HandOff::Yes) {
                const unsigned entering =
                    rays_entering(p, bounds, t_max, count, nodes[item.parent], item.slot);
                if (__builtin_popcount(entering) <= kHandOffRays) {
                    stats.rays_handed_off += unsigned(__builtin_popcount(entering));
                    for (unsigned rest = entering; rest; rest &= rest - 1) {
                        const int i = __builtin_ctz(rest);
                        traverse_impl<false, kWatertight, true, true, kSpaces>(
                            bvh, *rays[i], make_slab_ray(*rays[i]), query, stats, &progress[i],
                            &t_max[i], item.ref, spaces);
                    }
                    if (entering) packet_t_max = lane_max(max(load(t_max), load(t_max + 8)));
                    goto next_from_stack;
                }
            }
            const std::uint32_t parent = item.ref;
            const WideNode& node = nodes[parent];
            ++node_count;
            boxes += node.child_count;
            F t_near;
            const unsigned hit_bits = packet_enters(bounds, node, packet_t_max, t_near);
            if (hit_bits == 0) goto next_from_stack;
            {
                alignas(32) float t[8];
                store(t, t_near);
                int slot_at[8];
                for (int r = rank_children(t_near, t, hit_bits, slot_at) - 1; r >= 1; --r) {
                    const int slot = slot_at[r];
                    stack[size++] = {node.child[slot], t[slot], parent, slot};
                }
                const int nearest = slot_at[0];
                item = {node.child[nearest], t[nearest], parent, nearest};
            }
        }
        {
            // == A leaf: each ray whose own box test (slab_entry's) passes runs the kernel.
            ++node_count;
            unsigned entering =
                rays_entering(p, bounds, t_max, count, nodes[item.parent], item.slot);
            const TriangleBlock8& block = blocks[WideNode::leaf_block(item.ref)];
            const std::uint32_t in_leaf = WideNode::leaf_count(item.ref);
            bool narrowed = false;
            for (; entering; entering &= entering - 1) {
                const int i = __builtin_ctz(entering);
                RayProgress& ray = progress[i];
                if constexpr (kSpaces) {
                    // As traverse_impl's: the kernels' ray made again in another space.
                    const std::uint32_t space = spaces->block_space[WideNode::leaf_block(item.ref)];
                    if (ray.space != space) {
                        ray.space = space;
                        Ray local;
                        ray.space_usable = spaces->move(spaces->context, space, *rays[i], local);
                        if (ray.space_usable) {
                            ray.block_ray = prepare_block_ray(local, query.options);
                            ray.block_ray.t_max = !ray.best     ? t_max[i]
                                                  : kWatertight ? t_max[i]
                                                                : next_float_up(t_max[i]);
                            ray.leaf_lanes = leaf::RayLanes(ray.block_ray);
                        }
                    }
                    if (!ray.space_usable) continue;
                } else if (!ray.block_ray_ready) {
                    ray.block_ray = prepare_block_ray(*rays[i], query.options);
                    ray.block_ray.t_max = t_max[i];  // no hit yet: the ray's own end
                    ray.leaf_lanes = leaf::RayLanes(ray.block_ray);
                    ray.block_ray_ready = true;
                }
                triangles += in_leaf;
                const BlockHit hit =
                    leaf::closest_in_block<kWatertight>(ray.block_ray, ray.leaf_lanes, block);
                // As traverse_impl: the kernel reports t <= the closest so far only.
                if (hit.id == kEmptyLane ||
                    (ray.best && !(hit.t < ray.best->hit.t || hit.id < ray.best->triangle)))
                    continue;
                ray.best = BvhHit{hit.id, RayHit{hit.t, hit.u, hit.v}};
                t_max[i] = hit.t;
                ray.block_ray.t_max = kWatertight ? hit.t : next_float_up(hit.t);
                ray.leaf_lanes.t_max = splat(ray.block_ray.t_max);
                narrowed = true;
            }
            if (narrowed) packet_t_max = lane_max(max(load(t_max), load(t_max + 8)));
        }
    next_from_stack:
        // == The nearest waiting child that some ray may still enter before its closest hit.
        while (size > 0) {
            --size;
            if (stack[size].t_enter > packet_t_max) continue;
            item = stack[size];
            goto descend;
        }
        break;
    descend:;
    }
    for (int i = 0; i < count; ++i)
        *hits[i] = PacketHit::of(progress[i].best);
    stats.nodes_visited += node_count;
    stats.box_tests += boxes;
    stats.triangles_tested += triangles;
}

/// The walk of a tree over boxes for `count` rays (2 to 16; lanes count..15 repeat one) of one
/// octant, all of the scaled form, in `p`: lane k is the packet's ray index[k], whose end is
/// t_max_of[index[k]] (which the visitor may lower). Each node's boxes are tested once for the
/// packet by its bounds (as traverse_packet_impl's), nearest first for the packet; a leaf's box by
/// each ray (rays_entering), which hands its boxes over with exactly the rays that enter it. Those
/// are the rays whose own walk reaches it: a box inside another, tested by the same ray, is entered
/// only if the outer one is (rounding is monotone).
inline void traverse_boxes_packet_octant(const WideBoxTree& tree, const PacketLanes& p, int count,
                                         const int* index, float* t_max_of, BoxPacketVisit visit,
                                         void* context, TraversalStats& stats) {
    const PacketBounds bounds = packet_bounds(p);
    alignas(32) float t_max[16];  // each lane's end; spare lanes enter nothing
    for (int k = 0; k < 16; ++k)
        t_max[k] = k < count ? t_max_of[index[k]] : -__builtin_inff();
    float packet_t_max = lane_max(max(load(t_max), load(t_max + 8)));
    const WideNode* nodes = tree.nodes.data();
    std::uint64_t node_count = 0, boxes = 0;
    struct Item {
        std::uint32_t ref;
        float t_enter;
        std::uint32_t parent;  ///< where a leaf's box is, for the rays' own tests
        int slot;
    };
    Item stack[8 * 40];  // as traverse_boxes_impl's
    int size = 0;
    stack[size++] = {0u, -__builtin_inff(), 0u, -1};  // the root, entered without a box test
    while (size > 0) {
        const Item item = stack[--size];
        if (item.t_enter > packet_t_max) continue;
        ++node_count;
        if (WideNode::is_leaf(item.ref)) {
            const unsigned entering =
                rays_entering(p, bounds, t_max, count, nodes[item.parent], item.slot);
            if (entering == 0) continue;
            std::uint32_t with = 0;
            for (unsigned rest = entering; rest; rest &= rest - 1)
                with |= 1u << index[__builtin_ctz(rest)];
            const std::uint32_t first = WideNode::leaf_block(item.ref);
            const std::uint32_t end = first + WideNode::leaf_count(item.ref);
            for (std::uint32_t i = first; i < end; ++i)
                visit(context, tree.ids[i], with, t_max_of);
            // The visitor may have ended some rays sooner.
            for (int k = 0; k < count; ++k)
                t_max[k] = t_max_of[index[k]];
            packet_t_max = lane_max(max(load(t_max), load(t_max + 8)));
            continue;
        }
        const WideNode& node = nodes[item.ref];
        boxes += node.child_count;
        F t_near;
        const unsigned hit_bits = packet_enters(bounds, node, packet_t_max, t_near);
        if (hit_bits == 0) continue;
        alignas(32) float t[8];
        store(t, t_near);
        int slot_at[8];
        for (int r = rank_children(t_near, t, hit_bits, slot_at) - 1; r >= 0; --r)
            stack[size++] = {node.child[slot_at[r]], t[slot_at[r]], item.ref, slot_at[r]};
    }
    stats.nodes_visited += node_count;
    stats.box_tests += boxes;
}

/// wide_box_tree.h's traverse_packet: 2 to 16 rays of one octant, all of the scaled form (most
/// screen tiles), by the packet's bounds; any other packet ray by ray.
inline void traverse_boxes_packet(const WideBoxTree& tree, std::span<const Ray> rays,
                                  std::uint32_t active, BoxPacketVisit visit, void* context,
                                  TraversalStats& stats) {
    const int count = __builtin_popcount(active);
    if (count >= 2 && count <= 16) {
        const Ray* ray_of[16] = {};
        int index[16] = {};
        int k = 0;
        for (std::uint32_t rest = active; rest; rest &= rest - 1, ++k) {
            index[k] = __builtin_ctz(rest);
            ray_of[k] = &rays[std::size_t(index[k])];
        }
        for (; k < 16; ++k) {  // spare lanes repeat the first
            index[k] = index[0];
            ray_of[k] = ray_of[0];
        }
        const PacketLanes p = load_packet(ray_of);
        const unsigned all = (1u << count) - 1u;
        auto one_octant = [&](unsigned sign) { return (sign & all) == 0 || (sign & all) == all; };
        if ((p.scaled & all) == all && one_octant(p.sign[0]) && one_octant(p.sign[1]) &&
            one_octant(p.sign[2])) {
            // make_slab_ray's end, as the lanes hold it, for the visitor to lower.
            alignas(32) float lane_t_max[16];
            store(lane_t_max, p.half[0].t_max);
            store(lane_t_max + 8, p.half[1].t_max);
            float t_max_of[kBoxPacketRays];
            for (int lane = 0; lane < count; ++lane)
                t_max_of[index[lane]] = lane_t_max[lane];
            traverse_boxes_packet_octant(tree, p, count, index, t_max_of, visit, context, stats);
            return;
        }
    }
    traverse_boxes_packet_each(tree, rays, active, visit, context, stats);
}

/// Up to kPacketRays rays. Most packets (neighbours on screen) are of one octant and of the
/// scaled form: one packet traversal. Otherwise the rays of each octant go together, and a
/// lone ray, or one with a zero direction component or a negative t_min, alone.
template <bool kWatertight, bool kSpaces>
void traverse_packet_in(const WideBvh& bvh, std::span<const Ray> rays, const WideQuery& query,
                        std::span<PacketHit> hits, TraversalStats& stats,
                        const LeafSpaces* spaces) {
    static_assert(kPacketRays == 16);
    const int count = int(std::min({rays.size(), hits.size(), kPacketRays}));
    if (bvh.empty()) {
        for (int i = 0; i < count; ++i)
            hits[std::size_t(i)].triangle = PacketHit::kNoHit;
        return;
    }
    if (count == 0) return;
    const Ray* ray_of[16];
    PacketHit* hit_of[16];
    for (int i = 0; i < 16; ++i) {
        ray_of[i] = &rays[std::size_t(i < count ? i : 0)];  // spare lanes repeat the first
        hit_of[i] = &hits[std::size_t(i < count ? i : 0)];
    }
    const PacketLanes lanes = load_packet(ray_of);
    const unsigned all = (1u << count) - 1u;
    auto one_octant = [&](unsigned sign) { return (sign & all) == 0 || (sign & all) == all; };
    if (count >= 2 && (lanes.scaled & all) == all && one_octant(lanes.sign[0]) &&
        one_octant(lanes.sign[1]) && one_octant(lanes.sign[2])) {
        traverse_packet_impl<kWatertight, kSpaces>(bvh, ray_of, lanes, count, query, hit_of, stats,
                                                   spaces);
        return;
    }
    auto octant = [&](int i) {
        if (!(lanes.scaled & (1u << i))) return -1;
        return int((lanes.sign[0] >> i) & 1u) | int(((lanes.sign[1] >> i) & 1u) << 1) |
               int(((lanes.sign[2] >> i) & 1u) << 2);
    };
    unsigned left = all;
    while (left) {
        const int first = __builtin_ctz(left);
        const int o = octant(first);
        unsigned group = 0;
        for (unsigned rest = left; rest; rest &= rest - 1) {
            const int i = __builtin_ctz(rest);
            if (o >= 0 && octant(i) == o) group |= 1u << i;
        }
        left &= ~group;
        if (o < 0 || __builtin_popcount(group) < 2) {
            left &= ~(1u << first);
            const Ray& ray = rays[std::size_t(first)];
            const SlabRay slab = make_slab_ray(ray);
            hits[std::size_t(first)] = PacketHit::of(
                slab.scaled ? traverse_impl<false, kWatertight, true, false, kSpaces>(
                                  bvh, ray, slab, query, stats, nullptr, nullptr, 0, spaces)
                            : traverse_impl<false, kWatertight, false, false, kSpaces>(
                                  bvh, ray, slab, query, stats, nullptr, nullptr, 0, spaces));
            continue;
        }
        const Ray* group_rays[16] = {};
        PacketHit* group_hits[16] = {};
        int n = 0;
        for (unsigned rest = group; rest; rest &= rest - 1) {
            const int i = __builtin_ctz(rest);
            group_rays[n] = &rays[std::size_t(i)];
            group_hits[n++] = &hits[std::size_t(i)];
        }
        for (int i = n; i < 16; ++i) {
            group_rays[i] = group_rays[0];
            group_hits[i] = group_hits[0];
        }
        traverse_packet_impl<kWatertight, kSpaces>(bvh, group_rays, load_packet(group_rays), n,
                                                   query, group_hits, stats, spaces);
    }
}

template <bool kWatertight>
void traverse_packet(const WideBvh& bvh, std::span<const Ray> rays, const WideQuery& query,
                     std::span<PacketHit> hits, TraversalStats& stats) {
    traverse_packet_in<kWatertight, false>(bvh, rays, query, hits, stats, nullptr);
}

/// traverse_packet for a tree whose leaves are in spaces of their own (LeafSpaces).
template <bool kWatertight>
void traverse_packet_spaces(const WideBvh& bvh, std::span<const Ray> rays, const WideQuery& query,
                            const LeafSpaces& spaces, std::span<PacketHit> hits,
                            TraversalStats& stats) {
    traverse_packet_in<kWatertight, true>(bvh, rays, query, hits, stats, &spaces);
}

}  // namespace
