#pragma once
/// The per-instruction-set kernels (internal to picking): defined in ISA regions
/// (ray_triangle_simd_avx2.cpp, ray_triangle_simd_avx512.cpp), called only after
/// cpu_supports() says the CPU has them.

#include "picking/simd/triangle_block.h"

namespace picking::simd {

BlockHit avx2_moller_trumbore_8(const BlockRay&, const TriangleBlock8*, std::size_t);
BlockHit avx2_watertight_8(const BlockRay&, const TriangleBlock8*, std::size_t);
BlockHit avx2_moller_trumbore_16(const BlockRay&, const TriangleBlock16*, std::size_t);
BlockHit avx2_watertight_16(const BlockRay&, const TriangleBlock16*, std::size_t);
BlockHit avx512_moller_trumbore_16(const BlockRay&, const TriangleBlock16*, std::size_t);
BlockHit avx512_watertight_16(const BlockRay&, const TriangleBlock16*, std::size_t);

}  // namespace picking::simd
