// Run-time dispatch to the SIMD traversals: the same source (wide_bvh_simd.inl) compiled in an
// AVX2 region and in an AVX-512 region (isa_begin_*.h), so this file itself stays baseline
// x86-64 and the one CPU check (isa.h) decides what runs.
//
// A single ray runs the AVX2 build on an AVX-512 CPU too: its lanes are eight either way, and
// the AVX-512 build (mask registers, EVEX forms) was 5-10 % slower on an AMD EPYC (Zen 4) on
// every mesh but one, where it was level. Packets run the AVX-512 build there (level or ahead).

#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <span>

#include "picking/bvh/child_order.h"
#include "picking/bvh/wide_bvh_kernels.h"
#include "picking/core/isa.h"
#include "picking/primitives/ray_aabb.h"

// Each traversal (one ray's, and a packet's) tests its leaves inline with the block kernels' own
// code (eight lanes in both), so the ray's lanes are made once per ray and not once per leaf.
#include "picking/core/isa_begin_avx2.h"
namespace picking::kernels::avx2 {
#include "picking/bvh/wide_bvh_simd.inl"
// The packet traversal uses the single-ray one's lanes, leaves and helpers.
#include "picking/bvh/wide_bvh_packet.inl"
}  // namespace picking::kernels::avx2
#include "picking/core/isa_end.h"

#include "picking/core/isa_begin_avx512.h"
namespace picking::kernels::avx512 {
#include "picking/bvh/wide_bvh_simd.inl"
// The packet traversal uses the single-ray one's lanes, leaves and helpers.
#include "picking/bvh/wide_bvh_packet.inl"
}  // namespace picking::kernels::avx512
#include "picking/core/isa_end.h"

namespace picking::kernels {

std::optional<BvhHit> raycast_blocks(const WideBvh& bvh, const Ray& ray, const WideQuery& query,
                                     TraversalStats& stats) {
    switch (supported_isa_at_most(query.isa)) {
        case Isa::Avx512:
        case Isa::Avx2:
            return avx2::traverse(bvh, ray, query, stats);
        case Isa::Scalar:
            break;
    }
    WideQuery scalar = query;
    scalar.isa = Isa::Scalar;
    return raycast(bvh, MeshView{}, ray, scalar, &stats);
}

RaycastFn simd_traversal(Isa isa, BlockAlgorithm algorithm) {
    const bool watertight = algorithm == BlockAlgorithm::Watertight;
    switch (supported_isa_at_most(isa)) {
        case Isa::Avx512:
        case Isa::Avx2:
            return watertight ? avx2::traverse_with<true> : avx2::traverse_with<false>;
        case Isa::Scalar:
            break;
    }
    return nullptr;
}

SpacesRaycastFn simd_spaces_traversal(Isa isa, BlockAlgorithm algorithm) {
    const bool watertight = algorithm == BlockAlgorithm::Watertight;
    switch (supported_isa_at_most(isa)) {
        case Isa::Avx512:
        case Isa::Avx2:
            return watertight ? avx2::traverse_spaces_with<true>
                              : avx2::traverse_spaces_with<false>;
        case Isa::Scalar:
            break;
    }
    return nullptr;
}

namespace {

/// `kernel` where AVX2 runs (the AVX-512 CPUs included: these kernels are eight lanes wide, like
/// a single ray's traversal), else nothing.
template <class Fn>
Fn avx2_kernel(Isa isa, Fn kernel) {
    return supported_isa_at_most(isa) == Isa::Scalar ? nullptr : kernel;
}

}  // namespace

BoxTraversalFn simd_box_traversal(Isa isa) {
    return avx2_kernel<BoxTraversalFn>(isa, avx2::traverse_boxes);
}

BoxPacketTraversalFn simd_box_packet_traversal(Isa isa) {
    return avx2_kernel<BoxPacketTraversalFn>(isa, avx2::traverse_boxes_packet);
}

RaysEnteringBoxFn simd_rays_entering_box(Isa isa) {
    return avx2_kernel<RaysEnteringBoxFn>(isa, avx2::rays_entering_box);
}

PacketRaycastFn simd_packet_traversal(Isa isa, BlockAlgorithm algorithm) {
    const bool watertight = algorithm == BlockAlgorithm::Watertight;
    switch (supported_isa_at_most(isa)) {
        case Isa::Avx512:
            return watertight ? avx512::traverse_packet<true> : avx512::traverse_packet<false>;
        case Isa::Avx2:
            return watertight ? avx2::traverse_packet<true> : avx2::traverse_packet<false>;
        case Isa::Scalar:
            break;
    }
    return nullptr;
}

SpacesPacketRaycastFn simd_spaces_packet_traversal(Isa isa, BlockAlgorithm algorithm) {
    const bool watertight = algorithm == BlockAlgorithm::Watertight;
    switch (supported_isa_at_most(isa)) {
        case Isa::Avx512:
            return watertight ? avx512::traverse_packet_spaces<true>
                              : avx512::traverse_packet_spaces<false>;
        case Isa::Avx2:
            return watertight ? avx2::traverse_packet_spaces<true>
                              : avx2::traverse_packet_spaces<false>;
        case Isa::Scalar:
            break;
    }
    return nullptr;
}

}  // namespace picking::kernels
