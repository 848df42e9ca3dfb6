// The SIMD kernels on AVX-512: 16 triangles per step, lane masks in mask registers, in an
// AVX-512 region (isa_begin_avx512.h); the kernels' body is ray_triangle_simd_kernels.inl, in
// the 16-lane vocabulary.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "picking/simd/ray_triangle_simd_isa.h"

#include "picking/core/isa_begin_avx512.h"

namespace picking::simd {

namespace {

#include "picking/simd/simd_lanes_avx512.inl"  // first: the kernels are written in its lanes

#include "picking/simd/ray_triangle_simd_kernels.inl"

}  // namespace

BlockHit avx512_moller_trumbore_16(const BlockRay& ray, const TriangleBlock16* blocks,
                                   std::size_t count) {
    return closest_in_blocks<16, false>(ray, blocks, count);
}
BlockHit avx512_watertight_16(const BlockRay& ray, const TriangleBlock16* blocks,
                              std::size_t count) {
    return closest_in_blocks<16, true>(ray, blocks, count);
}

}  // namespace picking::simd

#include "picking/core/isa_end.h"
