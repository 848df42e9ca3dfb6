#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "picking/bvh/wide_bvh.h"
#include "picking/studies/ray_sets.h"
#include "picking/testing/sanitized.h"
#include "picking/testing/test_meshes.h"
#include "picking/testing/wide_queries.h"

namespace picking {
namespace {

using testing::kScale;
using testing::TestMesh;

using testing::block_query;

/// Casts `rays` in packets of `packet` consecutive rays and expects each ray's hit to be what
/// the single-ray path finds for it, bit for bit. Returns the number of hits.
int expect_packets_equal_single_rays(const WideBvh& bvh, const std::vector<Ray>& rays,
                                     const WideQuery& query, std::size_t packet,
                                     const std::string& what) {
    const RaycastFn single = select_raycast(query);
    const PacketRaycastFn packets = select_raycast_packet(query);
    int hits = 0;
    for (std::size_t first = 0; first < rays.size(); first += packet) {
        const std::size_t n = std::min(packet, rays.size() - first);
        // Poisoned (a hit on triangle 0): each must be written.
        std::vector<PacketHit> got(n, PacketHit{1.0f, 0.0f, 0.0f, 0});
        TraversalStats packet_stats;
        packets(bvh, std::span(rays).subspan(first, n), query, got, packet_stats);
        for (std::size_t i = 0; i < n; ++i) {
            TraversalStats stats;
            const std::optional<BvhHit> want = single(bvh, rays[first + i], query, stats);
            const std::string which = what + " ray " + std::to_string(first + i);
            EXPECT_EQ(got[i].hit(), want.has_value()) << which;
            if (!want || !got[i].hit()) continue;
            ++hits;
            EXPECT_EQ(got[i].triangle, want->triangle) << which;
            EXPECT_EQ(got[i].t, want->hit.t) << which;
            EXPECT_EQ(got[i].u, want->hit.u) << which;
            EXPECT_EQ(got[i].v, want->hit.v) << which;
        }
    }
    return hits;
}

/// Rays a packet must take apart: mixed octants, zero direction components (no scaled form),
/// t_min below zero, t_max short of the mesh, and origins inside it. Draws in a fixed order.
std::vector<Ray> awkward_rays(unsigned seed, std::size_t count, float reach) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> at(-reach, reach), unit(-1.0f, 1.0f), zero_to_one(0, 1);
    std::vector<Ray> rays;
    for (std::size_t i = 0; i < count; ++i) {
        const float ox = at(rng), oy = at(rng), oz = at(rng);
        const float dx = unit(rng), dy = unit(rng), dz = unit(rng);
        const float a = zero_to_one(rng), b = zero_to_one(rng);
        Ray ray{{ox, oy, oz}, {dx, dy, dz}};
        switch (i % 8) {
            case 0:
                ray.direction = -ray.origin;  // at the centre from anywhere: every octant
                break;
            case 1:
                ray.direction.y = 0.0f;  // parallel to a pair of slabs
                break;
            case 2:
                ray.t_min = -a;
                break;
            case 3:
                ray.direction = -ray.origin;
                ray.t_max = 0.5f + b;  // may end before the surface
                break;
            case 4:
                ray.origin *= 0.2f * a;  // from inside
                break;
            case 5:  // NaN: a ray that hits nothing, which must not cost its packet anything
                (b < 0.5f ? ray.origin.x : ray.t_max) = std::numeric_limits<float>::quiet_NaN();
                break;
            default:
                break;
        }
        rays.push_back(ray);
    }
    return rays;
}

/// A closed bumpy sphere with a smaller one inside it, as one mesh.
TestMesh nested_shells() {
    TestMesh mesh = testing::closed_bumpy_sphere(90, 120);
    const TestMesh inner = testing::closed_bumpy_sphere(60, 80);
    const auto offset = std::uint32_t(mesh.positions.size());
    for (const glm::vec3& p : inner.positions)
        mesh.positions.push_back(0.55f * p);
    for (const std::uint32_t i : inner.indices)
        mesh.indices.push_back(offset + i);
    return mesh;
}

TEST(WidePacket, EveryRayGetsItsSingleRayHitBitForBit_Seed71) {
    struct Case {
        std::string name;
        TestMesh mesh;
    };
    const std::vector<Case> cases = {
        {"closed sphere", testing::closed_bumpy_sphere(80, 100)},
        {"open sphere", testing::bumpy_sphere(40, 50)},
        {"soup", testing::random_soup(71, 3000)},
        {"stacked grids", testing::stacked_grids(72, 8, 4)},
        // A shell inside a shell, ids in no order: every ray meets up to four surfaces, and a
        // farther one often has the lower id.
        {"nested shells", testing::shuffled(nested_shells(), 76)},
    };
    for (const Case& c : cases) {
        const WideBvh bvh = build_wide_bvh(c.mesh.view(), wide_bvh_build_options());
        // Primary rays in 4x4 screen tiles (as the packet benchmarks take them), incoherent rays
        // with every fifth from inside, and the awkward ones.
        std::vector<Ray> primary = primary_rays(bvh.bounds, {64 / kScale * 2, 48 / kScale * 2});
        primary = tile_order(primary, {64 / kScale * 2, 48 / kScale * 2}, 4);
        const std::vector<Ray> incoherent =
            incoherent_rays(bvh.bounds, std::size_t(2000 / kScale), 73, 5);
        const std::vector<Ray> awkward =
            awkward_rays(74, std::size_t(1200 / kScale), bvh.bounds.extent().x);
        for (BlockAlgorithm algorithm :
             {BlockAlgorithm::MollerTrumbore, BlockAlgorithm::Watertight})
            for (Isa isa : testing::isa_levels_here()) {
                const WideQuery query = block_query(algorithm, isa);
                const std::string what = c.name + " " + std::string(isa_name(isa)) +
                                         (algorithm == BlockAlgorithm::Watertight ? " wt" : " mt");
                EXPECT_GT(expect_packets_equal_single_rays(bvh, primary, query, kPacketRays,
                                                           what + " primary"),
                          int(primary.size()) / 10)
                    << what;
                EXPECT_GT(expect_packets_equal_single_rays(bvh, incoherent, query, kPacketRays,
                                                           what + " incoherent"),
                          int(incoherent.size()) / 10)
                    << what;
                expect_packets_equal_single_rays(bvh, awkward, query, kPacketRays,
                                                 what + " awkward");
                // A NaN origin or t_max in a coherent packet: that ray hits nothing, the
                // others what they hit alone.
                std::vector<Ray> poisoned = primary;
                for (std::size_t r = 3; r < poisoned.size(); r += 5)
                    (r % 2 ? poisoned[r].origin.x : poisoned[r].t_max) =
                        std::numeric_limits<float>::quiet_NaN();
                EXPECT_GT(expect_packets_equal_single_rays(bvh, poisoned, query, kPacketRays,
                                                           what + " poisoned"),
                          int(primary.size()) / 12)
                    << what;
                // Part packets: every count from 1 to kPacketRays - 1 rays.
                for (std::size_t n = 1; n < kPacketRays; ++n)
                    expect_packets_equal_single_rays(
                        bvh,
                        std::vector<Ray>(primary.begin(),
                                         primary.begin() + std::ptrdiff_t(std::min<std::size_t>(
                                                               240, primary.size()))),
                        query, n, what + " packets of " + std::to_string(n));
            }
    }
}

/// Packets of one octant whose sixteen rays go to sixteen far-apart places on the z = 0 plane
/// of [0, reach]^2, from above: they part ways at the root. Draws in a fixed order.
std::vector<Ray> parted_packets(unsigned seed, std::size_t packets, float reach) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> at(0.0f, reach), lean(0.05f, 0.5f);
    std::vector<Ray> rays;
    for (std::size_t i = 0; i < packets * kPacketRays; ++i) {
        const float x = at(rng), y = at(rng), dx = lean(rng), dy = lean(rng);
        rays.push_back(Ray{{x - dx, y - dy, 1.0f}, {dx, dy, -1.0f}});
    }
    return rays;
}

TEST(WidePacket, PacketsWhoseRaysPartWaysAmongCloseLayersHitWhatSingleRaysHit_Seed77) {
    // A fine grid and a copy of it lifted by a hair, all in one shuffled mesh: each leaf holds
    // triangles of both layers, a ray's hit is on the upper one, and a packet whose rays part
    // ways at the root enters most leaves with one ray, which narrows its own limit there
    // while the packet walks on. Then coherent packets, then parted ones again.
    const int cells = 160 / kScale;
    TestMesh mesh = testing::grid(cells);
    const TestMesh lower = mesh;
    const auto offset = std::uint32_t(mesh.positions.size());
    for (glm::vec3 p : lower.positions)
        mesh.positions.push_back({p.x, p.y, 1e-3f});
    for (const std::uint32_t i : lower.indices)
        mesh.indices.push_back(offset + i);
    mesh = testing::shuffled(mesh, 77);
    const WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    const std::size_t runs = std::size_t(600 / kScale);
    const std::vector<Ray> parted = parted_packets(78, runs, float(cells));
    std::vector<Ray> coherent = primary_rays(bvh.bounds, {64, 64});
    coherent = tile_order(coherent, {64, 64}, 4);
    for (BlockAlgorithm algorithm : {BlockAlgorithm::MollerTrumbore, BlockAlgorithm::Watertight})
        for (Isa isa : testing::isa_levels_here()) {
            const WideQuery query = block_query(algorithm, isa);
            const std::string what = std::string(isa_name(isa)) +
                                     (algorithm == BlockAlgorithm::Watertight ? " wt" : " mt");
            EXPECT_GT(
                expect_packets_equal_single_rays(bvh, parted, query, kPacketRays, what + " parted"),
                int(parted.size()) * 9 / 10);
            expect_packets_equal_single_rays(bvh, coherent, query, kPacketRays, what + " coherent");
            expect_packets_equal_single_rays(bvh, parted, query, kPacketRays,
                                             what + " parted again");
        }
}

/// The rays a packet traversal sent on alone, over `rays` in packets of kPacketRays.
std::uint64_t rays_handed_off(const WideBvh& bvh, const std::vector<Ray>& rays,
                              const WideQuery& query) {
    TraversalStats stats;
    std::vector<PacketHit> hits(kPacketRays);
    for (std::size_t first = 0; first < rays.size(); first += kPacketRays)
        select_raycast_packet(query)(
            bvh, std::span(rays).subspan(first, std::min(kPacketRays, rays.size() - first)), query,
            hits, stats);
    return stats.rays_handed_off;
}

TEST(WidePacket, APacketWiderThanALeafHandsSubtreesToItsRaysAndTheyGetTheirOwnHits) {
    // A grid of 192 x 192 unit cells seen whole by 48 x 48 pixels: a 4x4 tile spans 16 cells,
    // many leaves. Then a coarse closed sphere seen by 128 x 128 pixels: a tile spans a
    // fraction of a leaf, and the packets go all the way down together.
    const TestMesh fine = testing::shuffled(testing::grid(192), 79);
    const WideBvh fine_bvh = build_wide_bvh(fine.view(), wide_bvh_build_options());
    std::vector<Ray> wide = primary_rays(fine_bvh.bounds, {48, 48});
    wide = tile_order(wide, {48, 48}, 4);
    const TestMesh coarse = testing::closed_bumpy_sphere(20, 24);
    const WideBvh coarse_bvh = build_wide_bvh(coarse.view(), wide_bvh_build_options());
    std::vector<Ray> narrow = primary_rays(coarse_bvh.bounds, {128, 128});
    narrow = tile_order(narrow, {128, 128}, 4);
    for (BlockAlgorithm algorithm : {BlockAlgorithm::MollerTrumbore, BlockAlgorithm::Watertight})
        for (Isa isa : testing::isa_levels_here()) {
            if (isa == Isa::Scalar) continue;  // the scalar path casts ray by ray
            const WideQuery query = block_query(algorithm, isa);
            const std::string what = std::string(isa_name(isa)) +
                                     (algorithm == BlockAlgorithm::Watertight ? " wt" : " mt");
            EXPECT_GT(expect_packets_equal_single_rays(fine_bvh, wide, query, kPacketRays,
                                                       what + " wide tiles"),
                      int(wide.size()) / 3)
                << what;
            EXPECT_GT(rays_handed_off(fine_bvh, wide, query), wide.size() / 3) << what;
            EXPECT_GT(expect_packets_equal_single_rays(coarse_bvh, narrow, query, kPacketRays,
                                                       what + " narrow tiles"),
                      int(narrow.size()) / 10)
                << what;
            EXPECT_EQ(rays_handed_off(coarse_bvh, narrow, query), 0u) << what;
        }
}

TEST(WidePacket, TheTableAndAnEmptyTreeFallBackToSingleRays) {
    const TestMesh mesh = testing::closed_bumpy_sphere(30, 40);
    const WideBvh bvh = build_wide_bvh(mesh.view(), wide_bvh_build_options());
    const std::vector<Ray> rays = incoherent_rays(bvh.bounds, 400, 75);
    WideQuery table;  // an algorithm without block kernels: the scalar reference, ray by ray
    table.intersect = intersect_watertight;
    EXPECT_GT(expect_packets_equal_single_rays(bvh, rays, table, kPacketRays, "table"), 40);

    const WideBvh empty;
    for (Isa isa : testing::isa_levels_here()) {
        const WideQuery query = block_query(BlockAlgorithm::Watertight, isa);
        std::vector<PacketHit> hits(kPacketRays, PacketHit{1.0f, 0.0f, 0.0f, 0});
        TraversalStats stats;
        select_raycast_packet(query)(empty, std::span(rays).first(kPacketRays), query, hits, stats);
        for (const auto& hit : hits)
            EXPECT_FALSE(hit.hit()) << isa_name(isa);
    }
}

}  // namespace
}  // namespace picking
