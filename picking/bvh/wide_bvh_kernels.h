#pragma once
/// Internal to the wide BVH: the SIMD traversals (wide_bvh_simd.cpp), which test the eight
/// child boxes of a node at once and whole leaves with the block kernels of
/// ray_triangle_simd.h, and must agree with the scalar reference traversal bit for bit.

#include <optional>

#include "picking/bvh/wide_box_tree.h"
#include "picking/bvh/wide_bvh.h"

namespace picking::kernels {

/// The traversal on `query.isa` (AVX2 or AVX-512) with `query.block_algorithm`'s kernel.
[[nodiscard]] std::optional<BvhHit> raycast_blocks(const WideBvh& bvh, const Ray& ray,
                                                   const WideQuery& query, TraversalStats& stats);
/// The SIMD traversal for `isa` and `algorithm` if this CPU runs it, else null.
[[nodiscard]] RaycastFn simd_traversal(Isa isa, BlockAlgorithm algorithm);
/// The SIMD traversal of a tree whose leaves are in spaces of their own (LeafSpaces) for `isa`
/// and `algorithm` if this CPU runs it, else null.
[[nodiscard]] SpacesRaycastFn simd_spaces_traversal(Isa isa, BlockAlgorithm algorithm);
/// The SIMD packet traversal (wide_bvh_packet.inl) for `isa` and `algorithm` if this CPU runs
/// it, else null.
[[nodiscard]] PacketRaycastFn simd_packet_traversal(Isa isa, BlockAlgorithm algorithm);

/// The SIMD packet traversal of a tree whose leaves are in spaces of their own for `isa` and
/// `algorithm` if this CPU runs it, else null.
[[nodiscard]] SpacesPacketRaycastFn simd_spaces_packet_traversal(Isa isa, BlockAlgorithm algorithm);

/// A tree over boxes walked on a SIMD path (wide_box_tree.h).
using BoxTraversalFn = void (*)(const WideBoxTree& tree, const Ray& ray, BoxVisit visit,
                                void* context, TraversalStats& stats);
/// The SIMD walk of a tree over boxes for `isa` if this CPU runs it, else null.
[[nodiscard]] BoxTraversalFn simd_box_traversal(Isa isa);
/// A tree over boxes walked once for several rays on a SIMD path (wide_box_tree.h).
using BoxPacketTraversalFn = void (*)(const WideBoxTree& tree, std::span<const Ray> rays,
                                      std::uint32_t active, BoxPacketVisit visit, void* context,
                                      TraversalStats& stats);
/// The SIMD packet walk of a tree over boxes for `isa` if this CPU runs it, else null.
[[nodiscard]] BoxPacketTraversalFn simd_box_packet_traversal(Isa isa);

/// rays_entering_box (wide_box_tree.h) on a SIMD path: up to 16 rays, eight a step.
using RaysEnteringBoxFn = std::uint32_t (*)(std::span<const Ray> rays, std::uint32_t active,
                                            const Aabb& box);
/// That test for `isa` if this CPU runs it, else null.
[[nodiscard]] RaysEnteringBoxFn simd_rays_entering_box(Isa isa);

}  // namespace picking::kernels
