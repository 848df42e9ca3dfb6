// Run-time dispatch to the SIMD traversals: the same source (wide_bvh_simd.inl) compiled for
// AVX2 and for AVX-512 through function target attributes, so this file itself stays portable
// x86-64 and the CPU check (simd_isa_supported) decides what runs.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include <immintrin.h>

#include "picking/bvh/wide_bvh_kernels.h"
#include "picking/primitives/ray_aabb.h"

namespace picking::kernels {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

// Each traversal tests its leaves inline with the block kernels' own code (eight lanes, AVX2
// instructions in both), so the ray's lanes are made once per ray and not once per leaf.
namespace avx2 {
#define KERNEL_TARGET __attribute__((target("avx2")))
#define KERNEL_AVX512 0
#include "picking/bvh/wide_bvh_simd.inl"
#undef KERNEL_TARGET
#undef KERNEL_AVX512
}  // namespace avx2

namespace avx512 {
#define KERNEL_TARGET __attribute__((target("avx2,avx512f,avx512vl,avx512dq,avx512bw")))
#define KERNEL_AVX512 1
#include "picking/bvh/wide_bvh_simd.inl"
#undef KERNEL_TARGET
#undef KERNEL_AVX512
}  // namespace avx512

std::optional<BvhHit> raycast_blocks(const WideBvh& bvh, const Ray& ray, const WideQuery& query,
                                     TraversalStats& stats) {
    static const bool has_avx512 = simd_isa_supported(SimdIsa::Avx512);
    static const bool has_avx2 = simd_isa_supported(SimdIsa::Avx2);
    if (query.isa == SimdIsa::Avx512 && has_avx512) return avx512::traverse(bvh, ray, query, stats);
    if (query.isa != SimdIsa::Scalar && has_avx2) return avx2::traverse(bvh, ray, query, stats);
    WideQuery scalar = query;
    scalar.isa = SimdIsa::Scalar;
    return raycast(bvh, MeshView{}, ray, scalar, &stats);
}

RaycastFn simd_traversal(SimdIsa isa, BlockAlgorithm algorithm) {
    static const bool has_avx512 = simd_isa_supported(SimdIsa::Avx512);
    static const bool has_avx2 = simd_isa_supported(SimdIsa::Avx2);
    const bool watertight = algorithm == BlockAlgorithm::Watertight;
    if (isa == SimdIsa::Avx512 && has_avx512)
        return watertight ? avx512::traverse_with<true> : avx512::traverse_with<false>;
    if (isa != SimdIsa::Scalar && has_avx2)
        return watertight ? avx2::traverse_with<true> : avx2::traverse_with<false>;
    return nullptr;
}

#else

RaycastFn simd_traversal(SimdIsa, BlockAlgorithm) {
    return nullptr;
}

std::optional<BvhHit> raycast_blocks(const WideBvh& bvh, const Ray& ray, const WideQuery& query,
                                     TraversalStats& stats) {
    WideQuery scalar = query;
    scalar.isa = SimdIsa::Scalar;
    return raycast(bvh, MeshView{}, ray, scalar, &stats);
}

#endif

}  // namespace picking::kernels
