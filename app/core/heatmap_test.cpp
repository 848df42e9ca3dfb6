#include "app/core/heatmap.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "app/core/pick_choice.h"
#include "assets/load_model.h"
#include "assets/procedural/default_scene.h"

namespace app {
namespace {

// The accel alone decides the broad phase: an edited option cannot carry a stale one along.
TEST(PickChoice, TheAccelAloneDecidesTheBroadPhase) {
    PickChoice choice;
    choice.options().broad_phase = picking::BroadPhase::Sphere;  // never read
    EXPECT_EQ(choice.settings().broad_phase, picking::BroadPhase::None);
    choice.set_accel(Accel::Bvh);
    EXPECT_EQ(choice.settings().broad_phase, picking::BroadPhase::Bvh);
    choice.options().method = picking::RayTriangleMethod::Watertight;
    EXPECT_EQ(choice.settings().broad_phase, picking::BroadPhase::Bvh);
    EXPECT_EQ(choice.settings().method, picking::RayTriangleMethod::Watertight);
    choice.set_accel(Accel::Embree);  // a peer picks by itself: picking runs no broad phase
    EXPECT_EQ(choice.settings().broad_phase, picking::BroadPhase::None);
    for (const picking::BroadPhase phase : {picking::BroadPhase::None, picking::BroadPhase::Sphere,
                                            picking::BroadPhase::Aabb, picking::BroadPhase::Bvh})
        EXPECT_EQ(broad_phase_of(accel_of(phase)), phase);
}

TEST(PickChoice, ParsesTheCommandLinesNamesAndKeepsTheOtherOptions) {
    PickChoice choice;
    choice.options().triangle_options.cull_backfaces = true;
    EXPECT_FALSE(parse_pick_choice("watertight", "bvh", choice));
    EXPECT_EQ(choice.method(), picking::RayTriangleMethod::Watertight);
    EXPECT_EQ(choice.accel(), Accel::Bvh);
    EXPECT_TRUE(choice.options().triangle_options.cull_backfaces);
    const auto bad_algorithm = parse_pick_choice("nope", "bvh", choice);
    ASSERT_TRUE(bad_algorithm);
    EXPECT_NE(bad_algorithm->find("unknown algorithm 'nope'"), std::string::npos);
    const auto bad_accel = parse_pick_choice("watertight", "kd_tree", choice);
    ASSERT_TRUE(bad_accel);
    EXPECT_NE(bad_accel->find("unknown accel 'kd_tree'"), std::string::npos);
}

/// The heatmap of the viewer's opening view of `session`'s scene with `choice`.
CostImage trace(const SceneSession& session, const PickChoice& choice, glm::ivec2 size,
                HeatmapMetric metric = HeatmapMetric::Work, unsigned threads = 1) {
    const Camera camera = opening_camera(session.animated_bounds(), glm::vec2(size));
    CostImage image;
    image.reset(size, metric);
    trace_cost_rows(session, camera, choice, threads, image, size.y);
    return image;
}

// Each 4x4 tile cast as one packet: the same hits as ray by ray, one cost for the whole tile
// (its work shared out), and less work in all than ray by ray.
TEST(Heatmap, PacketsShareATilesWorkAndHitWhatSingleRaysHit) {
    SceneSession session(assets::load_model("knot:20000"));
    session.prepare(Accel::Bvh, 1);
    PickChoice choice;
    ASSERT_FALSE(parse_pick_choice("watertight", "bvh", choice));
    const glm::ivec2 size{130, 70};  // tiles cut at both edges
    const CostImage single = trace(session, choice, size);
    const CostImage packets = trace(session, choice, size, HeatmapMetric::Packets, 2);
    ASSERT_TRUE(packets.complete());
    EXPECT_EQ(packets.hit, single.hit);
    EXPECT_EQ(packets.hits, single.hits);
    EXPECT_EQ(packets.rays, single.rays);
    EXPECT_GT(packets.hits, 500u);
    if (picking::active_isa() != picking::Isa::Scalar) {
        EXPECT_LT(packets.nodes, single.nodes / 2);
    }
    for (int y = 0; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x) {
            const std::size_t corner =
                std::size_t(y / 4 * 4) * std::size_t(size.x) + std::size_t(x / 4 * 4);
            ASSERT_EQ(packets.cost[std::size_t(y) * std::size_t(size.x) + std::size_t(x)],
                      packets.cost[corner])
                << x << ", " << y;
        }
    // A tile that met the knot cost something; its rays were not free.
    EXPECT_GT(*std::max_element(packets.cost.begin(), packets.cost.end()), 0u);
}

// Repro: the viewer kept the broad phase twice, and switching the accel left the heatmap
// traced with the old one (every triangle of the scene per ray, labelled "bvh").
TEST(Heatmap, SwitchingTheAccelChangesTheWorkAndNotThePicture) {
    SceneSession session(assets::make_default_scene());
    session.prepare(Accel::Bvh, 1);
    const glm::ivec2 size{64, 36};
    PickChoice choice;
    const CostImage none = trace(session, choice, size);
    choice.set_accel(Accel::Bvh);
    const CostImage bvh = trace(session, choice, size);
    ASSERT_TRUE(none.complete());
    ASSERT_TRUE(bvh.complete());
    EXPECT_EQ(none.rays, bvh.rays);
    EXPECT_GT(none.hits, none.rays / 10);
    EXPECT_EQ(none.hits, bvh.hits);
    EXPECT_EQ(none.hit, bvh.hit);
    // Without a broad phase every ray meets every triangle; the BVH tests a few per ray.
    std::uint64_t instanced_triangles = 0;  // a mesh drawn by several nodes counts each time
    for (const picking::Instance& instance : session.view().instances)
        instanced_triangles += session.view().meshes[instance.mesh].triangle_count();
    EXPECT_EQ(none.triangles, none.rays * instanced_triangles);
    EXPECT_EQ(none.nodes, 0u);
    EXPECT_LT(bvh.triangles * 20, none.triangles);
    EXPECT_GT(bvh.nodes, 0u);
}

}  // namespace
}  // namespace app

namespace app {
namespace {

// A picture traced a few pixels at a time (the viewer's steps on a mesh where one row costs
// more than a frame) is the picture traced row by row, pixel for pixel and in every total.
TEST(Heatmap, PixelStepsGiveThePictureRowsGive) {
    SceneSession session(assets::make_default_scene());
    const glm::ivec2 size{37, 11};
    PickChoice choice;
    const CostImage rows = trace(session, choice, size);
    const Camera camera = opening_camera(session.animated_bounds(), glm::vec2(size));
    CostImage steps;
    steps.reset(size, HeatmapMetric::Work);
    int batch = 1;
    while (!steps.complete()) {
        // Odd batches straddle rows; a whole row at a time now and then, as the viewer does.
        if (steps.columns_done == 0 && batch % 4 == 0)
            trace_cost_rows(session, camera, choice, 1, steps, 1);
        else
            trace_cost_pixels(session, camera, choice, steps, batch);
        batch = batch % 13 + 2;
    }
    EXPECT_EQ(steps.rows_done, size.y);
    EXPECT_EQ(steps.columns_done, 0);
    EXPECT_EQ(steps.cost, rows.cost);
    EXPECT_EQ(steps.hit, rows.hit);
    EXPECT_EQ(steps.rays, rows.rays);
    EXPECT_EQ(steps.hits, rows.hits);
    EXPECT_EQ(steps.triangles, rows.triangles);
    EXPECT_EQ(steps.nodes, rows.nodes);
    // A row begun pixel by pixel is finished before whole rows follow.
    CostImage mixed;
    mixed.reset(size, HeatmapMetric::Work);
    trace_cost_pixels(session, camera, choice, mixed, 5);
    EXPECT_EQ(mixed.rows_done, 0);
    trace_cost_rows(session, camera, choice, 1, mixed, 2);
    EXPECT_EQ(mixed.rows_done, 2);
    EXPECT_EQ(mixed.columns_done, 0);
    EXPECT_EQ(mixed.rays, std::uint64_t(2 * size.x));
}

// The packet heatmap in the viewer's steps (tiles a few at a time, rows a few at a time) is
// the picture traced at once: the tiles stay on one grid of four from the top left.
TEST(Heatmap, PacketStepsGiveThePictureRowsGive) {
    SceneSession session(assets::load_model("knot:5000"));
    session.prepare(Accel::Bvh, 1);
    PickChoice choice;
    ASSERT_FALSE(parse_pick_choice("watertight", "bvh", choice));
    const glm::ivec2 size{37, 23};
    const CostImage whole = trace(session, choice, size, HeatmapMetric::Packets);
    const Camera camera = opening_camera(session.animated_bounds(), glm::vec2(size));
    CostImage steps;
    steps.reset(size, HeatmapMetric::Packets);
    int batch = 1;
    while (!steps.complete()) {
        // Tiles of a band, then (odd rows asked for) whole bands, as the viewer's batches come.
        if (batch % 3 == 0)
            trace_cost_rows(session, camera, choice, 2, steps, batch % 5 + 1);
        else
            trace_cost_pixels(session, camera, choice, steps, batch * 7);
        EXPECT_EQ(steps.rows_done % 4 == 0 || steps.rows_done == size.y, true) << steps.rows_done;
        batch = batch % 11 + 1;
    }
    EXPECT_EQ(steps.cost, whole.cost);
    EXPECT_EQ(steps.hit, whole.hit);
    EXPECT_EQ(steps.rays, whole.rays);
    EXPECT_EQ(steps.rays, std::uint64_t(size.x) * std::uint64_t(size.y));
    EXPECT_EQ(steps.hits, whole.hits);
    EXPECT_EQ(steps.nodes, whole.nodes);
    EXPECT_EQ(steps.triangles, whole.triangles);
    EXPECT_GT(whole.hits, 20u);
}

}  // namespace
}  // namespace app
