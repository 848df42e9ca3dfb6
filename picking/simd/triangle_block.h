#pragma once
/// The data the SIMD ray–triangle kernels read: triangles in structure-of-arrays blocks of 8
/// (one AVX2 register per coordinate) or 16 (one AVX-512 register), a ray prepared once for
/// any number of blocks, and the closest hit found. Plain arrays and no inline functions.

#include <cstddef>
#include <cstdint>

namespace picking {

/// A lane without a triangle (its corners are NaN, which no kernel ever hits).
inline constexpr std::uint32_t kEmptyLane = 0xffffffffu;

/// W triangles, coordinate by coordinate: corner[c][axis][lane] is coordinate `axis` (x, y, z)
/// of corner c (p0, p1, p2) of the triangle in `lane`. The corners are stored as given, never
/// as edges: the watertight kernel needs the exact vertices that neighbours share.
template <std::size_t W>
struct alignas(64) TriangleBlock {
    static constexpr std::size_t kWidth = W;
    float corner[3][3][W];
    std::uint32_t id[W];  ///< the caller's name for each lane's triangle, or kEmptyLane
};
using TriangleBlock8 = TriangleBlock<8>;
using TriangleBlock16 = TriangleBlock<16>;

/// A ray made ready for the block kernels (see prepare_block_ray()). Hits are reported for
/// t in [t_min, t_max] (Möller–Trumbore: the open interval, as seed 002 writes it).
struct BlockRay {
    float origin[3];
    float direction[3];
    float t_min, t_max;  ///< a BVH narrows t_max to the closest hit so far between calls
    bool cull_backfaces;
    // Watertight's per-ray permutation and shear (Woop et al. 2013, section 3).
    int kx, ky, kz;
    float sx, sy, sz;
};

/// The closest hit in a run of blocks; id is kEmptyLane when nothing was hit.
struct BlockHit {
    float t, u, v;  ///< u, v weigh p1 and p2
    std::uint32_t id;
    std::uint32_t block;  ///< which block of the run (lane: look id up, or see `lane`)
    std::uint32_t lane;
};

}  // namespace picking
