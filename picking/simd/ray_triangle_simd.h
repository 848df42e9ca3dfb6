#pragma once
/// Ray against many triangles at once: Möller–Trumbore (seed 002's form) and watertight
/// (Woop et al. 2013) over structure-of-arrays blocks, 8 lanes per AVX2 step and 16 per
/// AVX-512 step, chosen at run time (isa.h). The scalar kernel runs the one-triangle functions of
/// ray_triangle.h lane by lane and is the reference: every SIMD kernel returns exactly (bit
/// for bit) what it returns, because each performs the same IEEE operations in the same order.
///
/// For a BVH leaf: keep its triangles as blocks, prepare the ray once, then per leaf
///     const BlockHit hit = kernel(block_ray, leaf_blocks, leaf_block_count);
/// and narrow block_ray.t_max before the next leaf: to the next float above hit.t for
/// Möller–Trumbore (its range is open), to hit.t for watertight (closed), so that a hit at
/// the same t in a later leaf still reaches closer_hit (bvh.h), which keeps the lower id.

#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "picking/core/isa.h"
#include "picking/core/mesh_view.h"
#include "picking/core/ray.h"
#include "picking/core/triangle.h"
#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/watertight_shear.h"
#include "picking/simd/triangle_block.h"

namespace picking {

enum class BlockAlgorithm {
    MollerTrumbore,  ///< intersect_moller_trumbore: t_min < t < t_max, edges excluded
    Watertight,      ///< intersect_watertight: t_min <= t <= t_max, edges inclusive, no cracks
};

/// Packs triangles into blocks in order; ids[i] names triangles[i] (its index when ids is
/// empty). The last block's spare lanes are empty.
template <std::size_t W>
[[nodiscard]] std::vector<TriangleBlock<W>> make_triangle_blocks(
    std::span<const Triangle> triangles, std::span<const std::uint32_t> ids = {});
/// Every triangle of a mesh; ids are the triangle indices. A corner index past the positions
/// gives NaN corners, which are never hit.
template <std::size_t W>
[[nodiscard]] std::vector<TriangleBlock<W>> make_triangle_blocks(const MeshView& mesh);
/// The blocks make_triangle_blocks(mesh) has from block `first_block` on, as many as `out`
/// holds or the mesh has: a pick over a mesh too big to keep its blocks makes them a few at a
/// time. Returns how many it filled.
template <std::size_t W>
std::size_t fill_triangle_blocks(const MeshView& mesh, std::size_t first_block,
                                 std::span<TriangleBlock<W>> out);
/// One lane of a block as a Triangle.
template <std::size_t W>
[[nodiscard]] Triangle block_triangle(const TriangleBlock<W>& block, std::size_t lane);

/// The ray with watertight's permutation and shear computed once (a BVH traversal makes one
/// per ray). Never inlined: inlined into the packet traversal, GCC stored the ray's end alone
/// and reloaded the whole ray at once, a store-forwarding stall (a third slower on
/// regr01.obj's packets); called, it costs the same on single rays.
[[nodiscard]] __attribute__((noinline)) inline BlockRay prepare_block_ray(
    const Ray& ray, const RayTriangleOptions& options) {
    BlockRay r{};
    for (int a = 0; a < 3; ++a) {
        r.origin[a] = ray.origin[a];
        r.direction[a] = ray.direction[a];
    }
    r.t_min = ray.t_min;
    r.t_max = ray.t_max;
    r.cull_backfaces = options.cull_backfaces;
    const WatertightShear shear = watertight_shear(ray.direction);
    r.kx = shear.kx;
    r.ky = shear.ky;
    r.kz = shear.kz;
    r.sx = shear.sx;
    r.sy = shear.sy;
    r.sz = shear.sz;
    // A ray watertight rejects (zero or infinite direction) gets an empty, NaN range, which
    // no kernel accepts; NaN components already fail every comparison.
    if (shear.degenerate) r.t_min = std::numeric_limits<float>::quiet_NaN();
    return r;
}

/// The closest hit among `count` blocks (ties: the first in block, then lane order), with t
/// in the ray's range; BlockHit::id is kEmptyLane for none. Never traps on bad input.
template <std::size_t W>
using BlockKernel = BlockHit (*)(const BlockRay& ray, const TriangleBlock<W>* blocks,
                                 std::size_t count);

/// The kernel for an algorithm on an instruction set. An unsupported ISA gives the next
/// narrower supported one; 8-lane blocks have no AVX-512 kernel (they use AVX2).
template <std::size_t W>
[[nodiscard]] BlockKernel<W> block_kernel(BlockAlgorithm algorithm, Isa isa = active_isa());

/// The instruction set block_kernel() really uses for that request.
[[nodiscard]] Isa effective_isa(std::size_t width, Isa requested);

/// Convenience: the closest hit as the scalar functions would report it, or nothing.
template <std::size_t W>
[[nodiscard]] std::optional<BlockHit> intersect_blocks(const Ray& ray,
                                                       std::span<const TriangleBlock<W>> blocks,
                                                       BlockAlgorithm algorithm,
                                                       const RayTriangleOptions& options = {},
                                                       Isa isa = active_isa());

}  // namespace picking
