#pragma once
/// The per-instruction-set kernels (internal to picking): defined in files compiled with
/// -mavx2 or -mavx512f, called only after best_simd_isa() says the CPU has them.

#include "picking/simd/triangle_block.h"

namespace picking::simd {

BlockHit avx2_moller_trumbore_8(const BlockRay&, const TriangleBlock8*, std::size_t);
BlockHit avx2_watertight_8(const BlockRay&, const TriangleBlock8*, std::size_t);
BlockHit avx2_moller_trumbore_16(const BlockRay&, const TriangleBlock16*, std::size_t);
BlockHit avx2_watertight_16(const BlockRay&, const TriangleBlock16*, std::size_t);
BlockHit avx512_moller_trumbore_16(const BlockRay&, const TriangleBlock16*, std::size_t);
BlockHit avx512_watertight_16(const BlockRay&, const TriangleBlock16*, std::size_t);

}  // namespace picking::simd
