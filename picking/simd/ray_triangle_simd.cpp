#include "picking/simd/ray_triangle_simd.h"

#include <cmath>
#include <limits>

#include <glm/common.hpp>

#include "picking/simd/ray_triangle_simd_isa.h"

namespace picking {

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

/// The scalar reference: the one-triangle functions, lane by lane, closest strictly first.
template <std::size_t W, bool kWatertight>
BlockHit scalar_closest(const BlockRay& block_ray, const TriangleBlock<W>* blocks,
                        std::size_t count) {
    Ray ray;
    ray.origin = {block_ray.origin[0], block_ray.origin[1], block_ray.origin[2]};
    ray.direction = {block_ray.direction[0], block_ray.direction[1], block_ray.direction[2]};
    ray.t_min = block_ray.t_min;
    ray.t_max = block_ray.t_max;
    RayTriangleOptions options;
    options.cull_backfaces = block_ray.cull_backfaces;
    BlockHit best{std::numeric_limits<float>::infinity(), 0.0f, 0.0f, kEmptyLane, 0, 0};
    for (std::size_t b = 0; b < count; ++b) {
        for (std::size_t lane = 0; lane < W; ++lane) {
            const Triangle tri = block_triangle(blocks[b], lane);
            const auto hit = kWatertight ? intersect_watertight(ray, tri, options)
                                         : intersect_moller_trumbore(ray, tri, options);
            if (hit && hit->t < best.t)
                best = {hit->t,           hit->u,
                        hit->v,           blocks[b].id[lane],
                        std::uint32_t(b), std::uint32_t(lane)};
        }
    }
    return best;
}

}  // namespace

Isa effective_isa(std::size_t width, Isa requested) {
    // 8-lane blocks have no AVX-512 kernel: AVX2's serves them on an AVX-512 CPU too.
    if (requested == Isa::Avx512 && width != 16) requested = Isa::Avx2;
    return supported_isa_at_most(requested);
}

template <std::size_t W>
std::vector<TriangleBlock<W>> make_triangle_blocks(std::span<const Triangle> triangles,
                                                   std::span<const std::uint32_t> ids) {
    std::vector<TriangleBlock<W>> blocks((triangles.size() + W - 1) / W);
    for (auto& block : blocks) {
        for (auto& corner : block.corner)
            for (auto& axis : corner)
                for (float& x : axis)
                    x = kNaN;
        for (auto& id : block.id)
            id = kEmptyLane;
    }
    for (std::size_t i = 0; i < triangles.size(); ++i) {
        TriangleBlock<W>& block = blocks[i / W];
        const std::size_t lane = i % W;
        const glm::vec3 corners[3] = {triangles[i].p0, triangles[i].p1, triangles[i].p2};
        for (int c = 0; c < 3; ++c)
            for (int a = 0; a < 3; ++a)
                block.corner[c][a][lane] = corners[c][a];
        block.id[lane] = i < ids.size() ? ids[i] : std::uint32_t(i);
    }
    return blocks;
}

template <std::size_t W>
std::size_t fill_triangle_blocks(const MeshView& mesh, std::size_t first_block,
                                 std::span<TriangleBlock<W>> out) {
    const std::size_t triangles = mesh.triangle_count();
    const std::size_t blocks = (triangles + W - 1) / W;
    const std::size_t count = first_block < blocks ? std::min(out.size(), blocks - first_block) : 0;
    for (std::size_t b = 0; b < count; ++b) {
        TriangleBlock<W>& block = out[b];
        const std::size_t first = (first_block + b) * W;
        const std::size_t used = std::min(W, triangles - first);
        for (std::size_t lane = 0; lane < used; ++lane) {
            const std::uint32_t* corners = &mesh.indices[3 * (first + lane)];
            for (int c = 0; c < 3; ++c) {
                const glm::vec3 p = mesh.corner(corners[c]);
                block.corner[c][0][lane] = p.x;
                block.corner[c][1][lane] = p.y;
                block.corner[c][2][lane] = p.z;
            }
            block.id[lane] = std::uint32_t(first + lane);
        }
        for (std::size_t lane = used; lane < W; ++lane) {  // the last block's spare lanes
            for (auto& corner : block.corner)
                for (auto& axis : corner)
                    axis[lane] = kNaN;
            block.id[lane] = kEmptyLane;
        }
    }
    return count;
}

template <std::size_t W>
std::vector<TriangleBlock<W>> make_triangle_blocks(const MeshView& mesh) {
    std::vector<TriangleBlock<W>> blocks((mesh.triangle_count() + W - 1) / W);
    (void)fill_triangle_blocks<W>(mesh, 0, blocks);
    return blocks;
}

template <std::size_t W>
Triangle block_triangle(const TriangleBlock<W>& block, std::size_t lane) {
    auto corner = [&](int c) {
        return glm::vec3(block.corner[c][0][lane], block.corner[c][1][lane],
                         block.corner[c][2][lane]);
    };
    return {corner(0), corner(1), corner(2)};
}

template <>
BlockKernel<8> block_kernel<8>(BlockAlgorithm algorithm, Isa isa) {
    const bool watertight = algorithm == BlockAlgorithm::Watertight;
    switch (effective_isa(8, isa)) {
        case Isa::Avx2:
        case Isa::Avx512:
            return watertight ? simd::avx2_watertight_8 : simd::avx2_moller_trumbore_8;
        case Isa::Scalar:
            break;
    }
    return watertight ? scalar_closest<8, true> : scalar_closest<8, false>;
}

template <>
BlockKernel<16> block_kernel<16>(BlockAlgorithm algorithm, Isa isa) {
    const bool watertight = algorithm == BlockAlgorithm::Watertight;
    switch (effective_isa(16, isa)) {
        case Isa::Avx512:
            return watertight ? simd::avx512_watertight_16 : simd::avx512_moller_trumbore_16;
        case Isa::Avx2:
            return watertight ? simd::avx2_watertight_16 : simd::avx2_moller_trumbore_16;
        case Isa::Scalar:
            break;
    }
    return watertight ? scalar_closest<16, true> : scalar_closest<16, false>;
}

template <std::size_t W>
std::optional<BlockHit> intersect_blocks(const Ray& ray, std::span<const TriangleBlock<W>> blocks,
                                         BlockAlgorithm algorithm,
                                         const RayTriangleOptions& options, Isa isa) {
    const BlockHit hit = block_kernel<W>(algorithm, isa)(prepare_block_ray(ray, options),
                                                         blocks.data(), blocks.size());
    if (hit.id == kEmptyLane) return std::nullopt;
    return hit;
}

template std::vector<TriangleBlock8> make_triangle_blocks<8>(std::span<const Triangle>,
                                                             std::span<const std::uint32_t>);
template std::vector<TriangleBlock16> make_triangle_blocks<16>(std::span<const Triangle>,
                                                               std::span<const std::uint32_t>);
template std::vector<TriangleBlock8> make_triangle_blocks<8>(const MeshView&);
template std::vector<TriangleBlock16> make_triangle_blocks<16>(const MeshView&);
template std::size_t fill_triangle_blocks<8>(const MeshView&, std::size_t,
                                             std::span<TriangleBlock8>);
template std::size_t fill_triangle_blocks<16>(const MeshView&, std::size_t,
                                              std::span<TriangleBlock16>);
template Triangle block_triangle<8>(const TriangleBlock8&, std::size_t);
template Triangle block_triangle<16>(const TriangleBlock16&, std::size_t);
template std::optional<BlockHit> intersect_blocks<8>(const Ray&, std::span<const TriangleBlock8>,
                                                     BlockAlgorithm, const RayTriangleOptions&,
                                                     Isa);
template std::optional<BlockHit> intersect_blocks<16>(const Ray&, std::span<const TriangleBlock16>,
                                                      BlockAlgorithm, const RayTriangleOptions&,
                                                      Isa);

}  // namespace picking
