// The SIMD kernels on AVX2: 8 triangles per step. This file is compiled with -mavx2 (and no
// FMA, so every product is rounded as in the scalar code); it uses nothing inline from other
// headers, so no AVX2 code can leak into functions the rest of the program shares.

#include <immintrin.h>

#include "picking/simd/ray_triangle_simd_isa.h"

namespace picking::simd {

namespace {

#define LANE_FN
#include "picking/simd/simd_lanes_avx2.inl"  // first: the kernels are written in its lanes

#include "picking/simd/ray_triangle_simd_kernels.inl"
#undef LANE_FN

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
