// The SIMD kernels against the scalar reference kernel (the one-triangle functions lane by
// lane): the same closest triangle and bit-identical t, u, v, on every instruction set this
// CPU has, for 8- and 16-lane blocks, with culling, t ranges, empty lanes, and rays through
// shared vertices (which send watertight into its double-precision fallback).

#include "picking/simd/ray_triangle_simd.h"

#include <algorithm>
#include <cstring>
#include <random>

#include <gtest/gtest.h>

namespace picking {
namespace {

#ifdef RAYPICK_SANITIZED
constexpr int kRays = 300;
#else
constexpr int kRays = 3000;
#endif

std::vector<Isa> isas_here() {
    std::vector<Isa> isas = {Isa::Scalar};
    for (Isa isa : {Isa::Avx2, Isa::Avx512})
        if (cpu_supports(isa)) isas.push_back(isa);
    return isas;
}

/// A small grid mesh with shared vertices on integer coordinates, plus random triangles.
std::vector<Triangle> test_triangles(std::mt19937& rng, int random_count) {
    std::vector<Triangle> tris;
    for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 4; ++y) {
            const glm::vec3 a(float(x), float(y), 0), b(float(x + 1), float(y), 0),
                c(float(x + 1), float(y + 1), 0), d(float(x), float(y + 1), 0);
            tris.push_back({a, b, c});
            tris.push_back({a, c, d});
        }
    // Degenerate triangles on the grid, as CAD models have them: two equal corners (one edge
    // function exactly zero, the other two opposite), three in a line, one point. Never hit.
    const glm::vec3 p(1, 1, 0), q(2, 1, 0), r(3, 1, 0);
    tris.push_back({p, q, q});
    tris.push_back({p, p, q});
    tris.push_back({p, q, r});
    tris.push_back({q, q, q});
    std::uniform_real_distribution<float> u(-2.0f, 6.0f);
    for (int i = 0; i < random_count; ++i)
        tris.push_back(
            {{u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}});
    return tris;
}

Ray test_ray(std::mt19937& rng, int i) {
    std::uniform_real_distribution<float> u(-2.0f, 6.0f);
    std::uniform_int_distribution<int> grid(0, 4);
    Ray ray;
    if (i % 4 == 0) {
        // Straight down through a grid vertex or edge midpoint: exact zeros in the edge
        // functions, the watertight fallback, and ties between neighbours.
        ray.origin = {float(grid(rng)) + (i % 8 == 0 ? 0.5f : 0.0f), float(grid(rng)), 3.0f};
        ray.direction = {0, 0, -1};
    } else {
        ray.origin = {u(rng), u(rng), u(rng) + 4.0f};
        const float z = u(rng) - 6.0f, y = u(rng), x = u(rng);  // the order GCC drew them in
        ray.direction = glm::vec3(x, y, z) - ray.origin;
    }
    if (i % 5 == 1) ray.t_max = 0.5f;
    if (i % 7 == 2) ray.t_min = 0.3f;
    return ray;
}

template <std::size_t W>
void check_all_isas(BlockAlgorithm algorithm, unsigned seed) {
    std::mt19937 rng(seed);
    const std::vector<Triangle> tris = test_triangles(rng, 61);  // 97: a partial last block
    const auto blocks = make_triangle_blocks<W>(tris);
    ASSERT_EQ(blocks.size(), (tris.size() + W - 1) / W);
    int hits = 0;
    for (int i = 0; i < kRays; ++i) {
        const Ray ray = test_ray(rng, i);
        RayTriangleOptions options;
        options.cull_backfaces = i % 3 == 0;
        const BlockRay block_ray = prepare_block_ray(ray, options);
        const BlockHit expected =
            block_kernel<W>(algorithm, Isa::Scalar)(block_ray, blocks.data(), blocks.size());

        // The scalar kernel itself against a plain loop over the one-triangle function.
        std::optional<RayHit> loop;
        std::uint32_t loop_id = kEmptyLane;
        for (std::uint32_t k = 0; k < tris.size(); ++k) {
            const auto h = algorithm == BlockAlgorithm::Watertight
                               ? intersect_watertight(ray, tris[k], options)
                               : intersect_moller_trumbore(ray, tris[k], options);
            if (h && (!loop || h->t < loop->t)) {
                loop = h;
                loop_id = k;
            }
        }
        ASSERT_EQ(expected.id, loop_id) << "ray " << i;
        if (loop) {
            ++hits;
            EXPECT_EQ(expected.t, loop->t);
            EXPECT_EQ(expected.u, loop->u);
            EXPECT_EQ(expected.v, loop->v);
        }

        for (Isa isa : isas_here()) {
            const BlockHit got =
                block_kernel<W>(algorithm, isa)(block_ray, blocks.data(), blocks.size());
            ASSERT_EQ(got.id, expected.id) << isa_name(isa) << " ray " << i;
            if (got.id == kEmptyLane) continue;
            EXPECT_EQ(got.t, expected.t) << isa_name(isa) << " ray " << i;
            EXPECT_EQ(got.u, expected.u) << isa_name(isa) << " ray " << i;
            EXPECT_EQ(got.v, expected.v) << isa_name(isa) << " ray " << i;
            EXPECT_EQ(got.block, expected.block);
            EXPECT_EQ(got.lane, expected.lane);
        }
    }
    EXPECT_GT(hits, kRays / 10);
}

TEST(RayTriangleSimd, MollerTrumbore8EqualsScalar_Seed1) {
    check_all_isas<8>(BlockAlgorithm::MollerTrumbore, 1);
}
TEST(RayTriangleSimd, MollerTrumbore16EqualsScalar_Seed2) {
    check_all_isas<16>(BlockAlgorithm::MollerTrumbore, 2);
}
TEST(RayTriangleSimd, Watertight8EqualsScalar_Seed3) {
    check_all_isas<8>(BlockAlgorithm::Watertight, 3);
}
TEST(RayTriangleSimd, Watertight16EqualsScalar_Seed4) {
    check_all_isas<16>(BlockAlgorithm::Watertight, 4);
}

TEST(RayTriangleSimd, WatertightNeverLeaksThroughTheGridsSharedEdges_Seed6) {
    // Rays through the grid's vertices and edges, from many directions: every one hits.
    std::mt19937 rng(6);
    std::vector<Triangle> grid = test_triangles(rng, 0);
    const auto blocks = make_triangle_blocks<16>(grid);
    std::uniform_real_distribution<float> tilt(-0.7f, 0.7f);
    std::uniform_int_distribution<int> coord(1, 3);
    for (int i = 0; i < kRays; ++i) {
        // y before x, the order GCC drew them in.
        const float y = float(coord(rng)), x = float(coord(rng)) + (i % 2 ? 0.5f : 0.0f);
        const float tilt_y = tilt(rng), tilt_x = tilt(rng);
        const glm::vec3 target(x, y, 0);
        const glm::vec3 direction(tilt_x, tilt_y, -1.0f);
        const Ray ray{target - 2.0f * direction, direction};
        for (Isa isa : isas_here())
            EXPECT_TRUE(intersect_blocks<16>(ray, blocks, BlockAlgorithm::Watertight, {}, isa))
                << isa_name(isa) << " ray " << i;
    }
}

TEST(RayTriangleSimd, BadRaysMiss) {
    std::mt19937 rng(8);
    const auto blocks = make_triangle_blocks<16>(test_triangles(rng, 20));
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    for (const Ray& ray :
         {Ray{{1, 1, 3}, {0, 0, 0}}, Ray{{nan, 1, 3}, {0, 0, -1}}, Ray{{1, 1, 3}, {0, nan, -1}},
          Ray{{1, 1, inf}, {0, 0, -1}}, Ray{{1, 1, 3}, {inf, 0, -inf}}})
        for (Isa isa : isas_here())
            for (BlockAlgorithm a : {BlockAlgorithm::MollerTrumbore, BlockAlgorithm::Watertight})
                EXPECT_FALSE(intersect_blocks<16>(ray, blocks, a, {}, isa)) << isa_name(isa);
}

// An edge function whose two float products round to the same value though the exact ones
// differ: 0 in float, -2^-24 in double (the products of floats are exact there). The ray then
// passes just outside the edge from p1 to p2; the scalar test decides so in double, and so must
// every kernel (without its double fallback it would see the edge itself and hit).
TEST(RayTriangleSimd, AnEdgeFunctionZeroInFloatIsDecidedInDouble) {
    const float a = 1.0f, d = 1.0f + 0x1p-11f;  // a * d = 1 + 2^-11 exactly
    const float b = 1.0f + 0x1p-12f, c = b;     // b * c = 1 + 2^-11 + 2^-24, rounded to a * d
    ASSERT_EQ(a * d, b * c);
    ASSERT_LT(double(a) * double(d) - double(b) * double(c), 0.0);
    const Triangle tri{{1, -1, 0}, {-a, -b, 0}, {c, d, 0}};
    const Ray ray{{0, 0, -1}, {0, 0, 1}};
    EXPECT_FALSE(intersect_watertight(ray, tri, {}));
    const Triangle inside{{-1, 1, 0}, {-a, -b, 0}, {c, d, 0}};  // the other side of the edge
    EXPECT_TRUE(intersect_watertight(ray, inside, {}));
    for (const std::size_t lane : {0u, 5u}) {
        std::vector<Triangle> tris(lane, Triangle{{5, 5, 0}, {6, 5, 0}, {5, 6, 0}});
        tris.push_back(tri);
        const auto blocks = make_triangle_blocks<8>(tris);
        for (Isa isa : isas_here())
            EXPECT_FALSE(intersect_blocks<8>(ray, blocks, BlockAlgorithm::Watertight, {}, isa))
                << isa_name(isa) << " lane " << lane;
    }
}

TEST(RayTriangleSimd, EmptyRunAndEmptyLanes) {
    const std::vector<TriangleBlock8> none;
    EXPECT_FALSE(intersect_blocks<8>(Ray{}, none, BlockAlgorithm::MollerTrumbore));
    const Triangle one{{-1, -1, -2}, {1, -1, -2}, {0, 1, -2}};
    const auto blocks = make_triangle_blocks<8>(std::span(&one, 1), std::vector<std::uint32_t>{42});
    ASSERT_EQ(blocks.size(), 1u);
    EXPECT_EQ(blocks[0].id[0], 42u);
    EXPECT_EQ(blocks[0].id[1], kEmptyLane);
    EXPECT_TRUE(std::isnan(blocks[0].corner[0][0][7]));
    for (Isa isa : isas_here()) {
        const auto hit = intersect_blocks<8>(Ray{}, blocks, BlockAlgorithm::Watertight, {}, isa);
        ASSERT_TRUE(hit) << isa_name(isa);
        EXPECT_EQ(hit->id, 42u);
        EXPECT_FLOAT_EQ(hit->t, 2.0f);
    }
}

TEST(RayTriangleSimd, BlocksMadeAFewAtATimeAreTheBlocksMadeAtOnce) {
    // 37 triangles (two full blocks of 16 and one of 5), one naming a vertex the mesh lacks:
    // the mesh's blocks equal those of its triangles, and filling from any block on, into any
    // number of slots, gives the same bytes (NaN corners included).
    std::vector<glm::vec3> positions;
    for (int i = 0; i < 40; ++i)
        positions.push_back({float(i), float(i * i % 7), float(i % 3) - 1.0f});
    std::vector<std::uint32_t> indices;
    for (std::uint32_t t = 0; t < 37; ++t)
        indices.insert(indices.end(), {t, t + 1, t == 20 ? 99u : t + 2});
    const MeshView mesh{positions, indices};
    std::vector<Triangle> triangles;
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t)
        triangles.push_back(mesh.triangle(t));
    const auto want = make_triangle_blocks<16>(triangles);
    const auto got = make_triangle_blocks<16>(mesh);
    ASSERT_EQ(got.size(), 3u);
    ASSERT_EQ(want.size(), got.size());
    EXPECT_EQ(std::memcmp(got.data(), want.data(), got.size() * sizeof(TriangleBlock16)), 0);
    for (std::size_t first = 0; first <= 3; ++first)
        for (std::size_t slots = 1; slots <= 4; ++slots) {
            std::vector<TriangleBlock16> part(slots);
            const std::size_t filled = fill_triangle_blocks<16>(mesh, first, part);
            EXPECT_EQ(filled, std::min(slots, 3 - first));
            for (std::size_t b = 0; b < filled; ++b)
                EXPECT_EQ(std::memcmp(&part[b], &want[first + b], sizeof(TriangleBlock16)), 0)
                    << "block " << first + b << " filled from " << first;
        }
}

TEST(RayTriangleSimd, DispatchNamesAndFallbacks) {
    EXPECT_EQ(isa_name(Isa::Avx2), "avx2");
    EXPECT_TRUE(cpu_supports(Isa::Scalar));
    EXPECT_EQ(effective_isa(8, Isa::Avx512), cpu_supports(Isa::Avx2) ? Isa::Avx2 : Isa::Scalar);
    EXPECT_EQ(effective_isa(16, Isa::Scalar), Isa::Scalar);
    EXPECT_TRUE(cpu_supports(active_isa()));
}

}  // namespace
}  // namespace picking
