#pragma once
/// An eight-wide tree over boxes that are not triangles: the top level over a scene's
/// instances. Its nodes are the wide BVH's (eight child boxes tested in one SIMD step); a leaf
/// names up to eight boxes (the top level puts one in each). Collapsed from the binary BVH over
/// the boxes (bvh.h) and walked front to back, a visitor deciding what each box holds.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "picking/bvh/bvh.h"
#include "picking/bvh/wide_bvh.h"
#include "picking/core/isa.h"
#include "picking/core/ray.h"

namespace picking {

struct WideBoxTree {
    /// nodes[0] is the root (entered without a box test). A leaf reference is
    /// WideNode::make_leaf(first, count): ids[first .. first + count) are its boxes.
    std::vector<WideNode, AlignedAllocator<WideNode, 64>> nodes;
    std::vector<std::uint32_t> ids;  ///< the binary tree's primitive ids, in its leaf order

    [[nodiscard]] bool empty() const { return nodes.empty(); }
    [[nodiscard]] std::size_t memory_bytes() const {
        return nodes.size() * sizeof(WideNode) + ids.size() * sizeof(std::uint32_t);
    }
};

/// The binary tree's nodes gathered eight children at a time, the largest child opened first
/// (as the wide BVH's collapse does); its leaves (at most eight boxes each) stay leaves.
[[nodiscard]] WideBoxTree collapse_boxes(const Bvh& binary);

/// What traverse() calls for each box it reaches: `context` is the caller's, `id` the box's.
using BoxVisit = TraverseStep (*)(void* context, std::uint32_t id, float t_max);

/// Calls `visit` for the boxes of every leaf the ray enters within [t_min, t_max], nearest
/// first; the visitor's t_max (the closest hit so far) drops the boxes that begin beyond it.
/// `isa` above Scalar tests a node's eight boxes in one step; the visits and the counters are
/// the same on every path.
void traverse(const WideBoxTree& tree, const Ray& ray, BoxVisit visit, void* context,
              TraversalStats& stats, Isa isa);

/// The same with any callable `visit(id, t_max) -> TraverseStep`.
template <typename Visit>
void traverse(const WideBoxTree& tree, const Ray& ray, Visit&& visit, TraversalStats& stats,
              Isa isa) {
    traverse(
        tree, ray,
        [](void* context, std::uint32_t id, float t_max) {
            return (*static_cast<std::remove_reference_t<Visit>*>(context))(id, t_max);
        },
        const_cast<void*>(static_cast<const void*>(std::addressof(visit))), stats, isa);
}

/// The most rays traverse_packet() takes at once (a bit each in its masks).
inline constexpr std::size_t kBoxPacketRays = 32;
/// What traverse_packet() calls for each box the packet reaches: `rays` has a bit for each ray
/// that reaches it; t_max[i] is ray i's end, which the visitor may lower (to the closest hit
/// so far).
using BoxPacketVisit = void (*)(void* context, std::uint32_t id, std::uint32_t rays, float* t_max);
/// One walk for up to kBoxPacketRays rays (rays[i] for bit i of `active`; bits past the span
/// are ignored): calls `visit` once for each box of every leaf that any of them enters within its
/// [t_min, t_max], with the rays that enter it. With no visitor lowering a t_max, those are the
/// boxes each ray's own walk reaches; a lowered one drops the boxes that begin beyond it from
/// that ray's tests after it (a leaf entered before may still be handed over with the ray).
/// The scalar path walks ray by ray: a node's children in the order of the entries of its
/// lowest ray that enters any, those that ray misses last, by slot. Above Scalar, 2 to 16
/// rays of one direction octant (a screen tile) are tested at each inner node by the packet's
/// bounds (nearest first for the packet) and at each leaf ray by ray; other packets as the
/// scalar path, eight boxes a step. Only the order of the visits and the counters (each node
/// once) depend on the path.
void traverse_packet(const WideBoxTree& tree, std::span<const Ray> rays, std::uint32_t active,
                     BoxPacketVisit visit, void* context, TraversalStats& stats, Isa isa);
/// The same with any callable `visit(id, rays, t_max)`.
template <typename Visit>
void traverse_packet(const WideBoxTree& tree, std::span<const Ray> rays, std::uint32_t active,
                     Visit&& visit, TraversalStats& stats, Isa isa) {
    traverse_packet(
        tree, rays, active,
        [](void* context, std::uint32_t id, std::uint32_t rays_in, float* t_max) {
            (*static_cast<std::remove_reference_t<Visit>*>(context))(id, rays_in, t_max);
        },
        const_cast<void*>(static_cast<const void*>(std::addressof(visit))), stats, isa);
}

/// Which of the `active` rays (bit i for rays[i]; bits past the span, or past 16, are ignored)
/// enter `box` within their [t_min, t_max]: slab_entry's answer for each, eight rays at a time
/// above Scalar. A packet's first look at one box before any work per ray (a moved model's world
/// box, before its rays are moved).
[[nodiscard]] std::uint32_t rays_entering_box(std::span<const Ray> rays, std::uint32_t active,
                                              const Aabb& box, Isa isa);

}  // namespace picking
