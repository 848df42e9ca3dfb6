#include "app/core/disagreement.h"

#include <gtest/gtest.h>

#include "app/core/algorithms_model.h"
#include "assets/load_model.h"

namespace app {
namespace {

PickChoice choice_of(const std::string& algorithm, const std::string& accel = "none") {
    PickChoice choice;
    EXPECT_FALSE(parse_pick_choice(algorithm, accel, choice)) << algorithm;
    return choice;
}

/// The viewer's opening camera for a window of `size` pixels.
Camera opening_camera(const SceneSession& session, glm::ivec2 size) {
    return app::opening_camera(session.animated_bounds(), glm::vec2(size));
}

TEST(Disagreement, EachPairOfAnswersHasItsVerdict) {
    picking::SceneHit a{1, 7, {}};
    a.hit.t = 2.0f;
    picking::SceneHit b = a;
    EXPECT_EQ(judge(std::nullopt, std::nullopt, 4), PixelVerdict::BothMiss);
    EXPECT_EQ(judge(a, std::nullopt, 4), PixelVerdict::OnlyA);
    EXPECT_EQ(judge(std::nullopt, b, 4), PixelVerdict::OnlyB);
    EXPECT_EQ(judge(a, b, 0), PixelVerdict::Agree);
    b.hit.t = std::nextafter(std::nextafter(2.0f, 3.0f), 3.0f);  // 2 ULPs further
    EXPECT_EQ(judge(a, b, 2), PixelVerdict::Agree);
    EXPECT_EQ(judge(a, b, 1), PixelVerdict::TDiffers);
    b.triangle = 8;
    EXPECT_EQ(judge(a, b, 1000), PixelVerdict::DifferentTriangle);
    b = a;
    b.instance = 0;
    EXPECT_EQ(judge(a, b, 1000), PixelVerdict::DifferentTriangle);
    EXPECT_EQ(verdict_name(PixelVerdict::OnlyB), "only_b");
}

// Every pixel's verdict equals the one two full picks (SceneSession::pick, triangle by triangle)
// give on the same ray: float Moller-Trumbore against watertight on a knot moved far from the
// origin, where they disagree on many pixels.
TEST(Disagreement, CountsEqualTwoPicksPerPixel) {
    SceneSession session(assets::load_model("knot:20000"));
    session.set_world_offset(far_offset(1e5));
    const glm::ivec2 size{64, 36};
    const Camera camera = opening_camera(session, size);
    const PickChoice a = choice_of("moller_trumbore"), b = choice_of("watertight");
    const DisagreementImage image = trace_disagreement(session, camera, a, b, size, 2, 2);
    ASSERT_EQ(image.pixels(), 64u * 36u);
    std::array<std::uint64_t, kPixelVerdicts> oracle{};
    for (int y = 0; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x) {
            const picking::Ray ray = ray_from_cursor(
                camera, glm::vec2(float(x) + 0.5f, float(y) + 0.5f), glm::vec2(size));
            const auto as_hit = [](const picking::PickResult& r) {
                std::optional<picking::SceneHit> hit;
                if (r.hit) {
                    hit = picking::SceneHit{r.hit->instance, r.hit->triangle, {}};
                    hit->hit.t = r.hit->t;
                }
                return hit;
            };
            const PixelVerdict verdict =
                judge(as_hit(session.pick(ray, a)), as_hit(session.pick(ray, b)), 2);
            ++oracle[std::size_t(verdict)];
            EXPECT_EQ(image.verdicts[std::size_t(y) * 64 + std::size_t(x)], verdict)
                << x << "," << y;
        }
    EXPECT_EQ(image.counts, oracle);
    EXPECT_GT(image.count(PixelVerdict::Agree), 0u);
    EXPECT_GT(image.count(PixelVerdict::BothMiss), 0u);
    EXPECT_GT(image.count(PixelVerdict::Agree) + image.count(PixelVerdict::BothMiss),
              image.pixels() / 2);
}

// On a closed mesh, watertight never misses where the exact reference hits, nor the reverse:
// no pixel where only one of them hits, near the origin or far from it.
TEST(Disagreement, WatertightAgainstTheReferenceHasNoCracksOnAClosedMesh) {
    for (const double far : {0.0, 1e4}) {
        SceneSession session(assets::load_model("knot:20000"));
        if (far > 0.0) session.set_world_offset(far_offset(far));
        session.prepare(Accel::Bvh, 2);
        const glm::ivec2 size{160, 90};
        const DisagreementImage image = trace_disagreement(
            session, opening_camera(session, size), choice_of("watertight", "bvh"),
            choice_of("reference", "bvh"), size, 4, 2);
        EXPECT_EQ(image.count(PixelVerdict::OnlyA), 0u) << far;
        EXPECT_EQ(image.count(PixelVerdict::OnlyB), 0u) << far;
        EXPECT_GT(image.count(PixelVerdict::Agree), 1000u) << far;
    }
}

TEST(Disagreement, ThePictureHasTheVerdictsColoursAndALegend) {
    DisagreementImage image;
    image.reset({120, 60});
    image.rows_done = 60;
    std::fill(image.verdicts.begin(), image.verdicts.end(), PixelVerdict::Agree);
    image.verdicts[5] = PixelVerdict::OnlyA;
    const std::vector<std::uint8_t> plain = disagreement_rgba(image, false);
    ASSERT_EQ(plain.size(), 120u * 60u * 4u);
    EXPECT_EQ(plain[5 * 4], verdict_color(PixelVerdict::OnlyA).r);
    EXPECT_EQ(plain[0], verdict_color(PixelVerdict::Agree).r);
    const std::vector<std::uint8_t> with_legend = disagreement_rgba(image, true);
    EXPECT_NE(with_legend, plain);  // the swatches along the bottom
    EXPECT_EQ(std::vector<std::uint8_t>(with_legend.begin(), with_legend.begin() + 120 * 4 * 30),
              std::vector<std::uint8_t>(plain.begin(), plain.begin() + 120 * 4 * 30));
}

// Whole rows go in 4x4 tiles through the BVH's packets, single pixels ray by ray: the same
// verdict for every pixel, on a mesh where the two algorithms differ at a few.
TEST(Disagreement, TilesThroughPacketsJudgeEveryPixelAsSingleRaysDo) {
    SceneSession session(assets::load_model("knot:30000"));
    session.prepare(Accel::Bvh, 2);
    const glm::ivec2 size{161, 91};  // tiles cut at both edges
    const Camera camera = opening_camera(session, size);
    const PickChoice a = choice_of("moller_trumbore", "bvh"), b = choice_of("watertight", "bvh");
    const DisagreementImage tiles = trace_disagreement(session, camera, a, b, size, 0, 2);
    DisagreementImage single;
    single.reset(size);
    trace_disagreement_pixels(session, camera, a, b, 0, single, size.x * size.y);
    ASSERT_TRUE(single.complete());
    EXPECT_EQ(tiles.verdicts, single.verdicts);
    EXPECT_GT(tiles.counts[std::size_t(PixelVerdict::Agree)], 150u);
}

// The viewer traces a few rows per frame: the rows traced in pieces of any size give the
// picture and the counts of one trace, and rows not traced yet are transparent.
TEST(Disagreement, RowsTracedInPiecesEqualTheWholePicture) {
    SceneSession session(assets::load_model("knot:5000"));
    session.set_world_offset(far_offset(1e5));
    const glm::ivec2 size{48, 27};
    const Camera camera = opening_camera(session, size);
    const PickChoice a = choice_of("moller_trumbore"), b = choice_of("watertight");
    const DisagreementImage whole = trace_disagreement(session, camera, a, b, size, 2, 2);
    DisagreementImage pieces;
    pieces.reset(size);
    trace_disagreement_rows(session, camera, a, b, 2, 1, pieces, 5);
    EXPECT_EQ(pieces.rows_done, 5);
    EXPECT_EQ(pieces.pixels(), 5u * 48u);
    EXPECT_FALSE(pieces.complete());
    const std::vector<std::uint8_t> partial = disagreement_rgba(pieces, false);
    EXPECT_EQ(partial[(5 * 48 - 1) * 4 + 3], 255);                    // the last traced pixel
    EXPECT_EQ(partial[(5 * 48) * 4 + 3], 0);                          // the first untraced one
    trace_disagreement_pixels(session, camera, a, b, 2, pieces, 50);  // a row and 2 pixels
    EXPECT_EQ(pieces.rows_done, 6);
    EXPECT_EQ(pieces.columns_done, 2);
    EXPECT_EQ(pieces.pixels(), 6u * 48u + 2u);
    for (int rows : {1, 7, 100})
        trace_disagreement_rows(session, camera, a, b, 2, 2, pieces, rows);
    ASSERT_TRUE(pieces.complete());
    EXPECT_EQ(pieces.verdicts, whole.verdicts);
    EXPECT_EQ(pieces.counts, whole.counts);
    EXPECT_EQ(pieces.pixels(), whole.pixels());
    trace_disagreement_rows(session, camera, a, b, 2, 2, pieces, 3);  // nothing left to trace
    EXPECT_EQ(pieces.counts, whole.counts);
}

}  // namespace
}  // namespace app
