// The SIMD kernels on AVX2: 8 triangles per step (and 16 as two steps), in an AVX2 region
// (isa_begin_avx2.h); the kernels' body is ray_triangle_simd_kernels.inl, in the 8-lane
// vocabulary.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "picking/simd/ray_triangle_simd_isa.h"

#include "picking/core/isa_begin_avx2.h"

namespace picking::simd {

namespace {

#include "picking/simd/simd_lanes_avx2.inl"  // first: the kernels are written in its lanes

#include "picking/simd/ray_triangle_simd_kernels.inl"

}  // namespace

BlockHit avx2_moller_trumbore_8(const BlockRay& ray, const TriangleBlock8* blocks,
                                std::size_t count) {
    return closest_in_blocks<8, false>(ray, blocks, count);
}
BlockHit avx2_watertight_8(const BlockRay& ray, const TriangleBlock8* blocks, std::size_t count) {
    return closest_in_blocks<8, true>(ray, blocks, count);
}
BlockHit avx2_moller_trumbore_16(const BlockRay& ray, const TriangleBlock16* blocks,
                                 std::size_t count) {
    return closest_in_blocks<16, false>(ray, blocks, count);
}
BlockHit avx2_watertight_16(const BlockRay& ray, const TriangleBlock16* blocks, std::size_t count) {
    return closest_in_blocks<16, true>(ray, blocks, count);
}

}  // namespace picking::simd

#include "picking/core/isa_end.h"
