#include "app/core/region_selection.h"

#include <random>

#include <gtest/gtest.h>

#include "assets/procedural/default_scene.h"
#include "picking/testing/sanitized.h"

namespace app {
namespace {

double uniform(std::mt19937& rng, double lo, double hi) {
    return lo + (hi - lo) * (double(rng()) / 4294967296.0);
}

/// The viewer's opening camera on the default scene in a view of `view`'s shape.
Camera opening_camera(const SceneSession& session, const Rect& view) {
    return app::opening_camera(session.animated_bounds(), view.size());
}

/// The oracle of visibility: each pixel centre of the region, its ray against every triangle
/// of every instance in world space (double-precision Möller–Trumbore on the posed corners),
/// the nearest kept.
picking::TriangleSet seen_by_brute_force(const SceneSession& session, const Camera& camera,
                                         const Rect& view, const picking::SelectionVolume& volume,
                                         glm::vec2 lo, glm::vec2 hi) {
    const picking::SceneView& scene = session.view();
    picking::TriangleSet seen(picking::instance_triangle_counts(scene));
    // The world's triangles once, not once a pixel, in double.
    struct WorldTriangle {
        std::uint32_t instance, triangle;
        glm::dvec3 p0, e1, e2;
    };
    std::vector<WorldTriangle> world;
    for (std::uint32_t i = 0; i < scene.instances.size(); ++i) {
        const picking::MeshView& mesh = scene.meshes[scene.instances[i].mesh];
        for (std::uint32_t t = 0; t < mesh.triangle_count(); ++t) {
            const picking::Triangle w = session.world_triangle(i, t);
            const glm::dvec3 p0(w.p0);
            world.push_back({i, t, p0, glm::dvec3(w.p1) - p0, glm::dvec3(w.p2) - p0});
        }
    }
    for (int y = int(std::floor(lo.y)); y < int(std::ceil(hi.y)); ++y)
        for (int x = int(std::floor(lo.x)); x < int(std::ceil(hi.x)); ++x) {
            const glm::vec2 centre{float(x) + 0.5f, float(y) + 0.5f};
            const glm::dvec2 ndc{
                2.0 * (double(centre.x) - double(view.min.x)) / double(view.width()) - 1.0,
                1.0 - 2.0 * (double(centre.y) - double(view.min.y)) / double(view.height())};
            if (!view.contains(centre) || !volume.polygon_contains(ndc)) continue;
            const picking::Ray ray = ray_from_cursor(camera, centre, view);
            const glm::dvec3 o(ray.origin), d(ray.direction);
            double best = std::numeric_limits<double>::infinity();
            std::optional<std::pair<std::uint32_t, std::uint32_t>> nearest;
            for (const WorldTriangle& w : world) {
                const glm::dvec3 p = glm::cross(d, w.e2);
                const double det = glm::dot(w.e1, p);
                if (det == 0.0) continue;
                const glm::dvec3 s = o - w.p0;
                const double u = glm::dot(s, p) / det;
                const glm::dvec3 q = glm::cross(s, w.e1);
                const double v = glm::dot(d, q) / det;
                const double tt = glm::dot(w.e2, q) / det;
                if (u < 0.0 || v < 0.0 || u + v > 1.0 || !(tt > 0.0) || tt >= best) continue;
                best = tt;
                nearest = {w.instance, w.triangle};
            }
            // Analytic shapes hide what is behind them.
            const auto shape = picking::pick_shapes(scene, ray, PickChoice().settings().shapes);
            if (shape && double(shape->t) < best) continue;
            if (nearest) seen.insert(nearest->first, nearest->second);
        }
    return seen;
}

// Visible-only against a brute-force depth test at the same pixel grid, on the animated,
// instanced default scene at two times; small regions keep the brute force quick. Returns the
// triangles compared and those that differ.
std::pair<std::size_t, std::size_t> compare_visible_only_with_brute_force(const Rect& view,
                                                                          unsigned seed) {
    SceneSession session(assets::make_default_scene());
    session.prepare(Accel::Bvh, 1);
    PickChoice choice;
    choice.set_accel(Accel::Bvh);
    std::mt19937 rng(seed);
    std::size_t compared = 0, mismatched = 0;
    for (const double time : {0.0, 1.7}) {
        session.set_time(time);
        session.prepare(Accel::Bvh, 1);
        const Camera camera = opening_camera(session, view);
        // Fewer under the sanitizers: the brute force is every triangle per pixel.
        for (int round = 0; round < (4 + picking::testing::kScale - 1) / picking::testing::kScale;
             ++round) {
            RegionRequest request;
            // Around the middle of the view, where the scene is.
            const glm::vec2 a{float(uniform(rng, 90.0, 200.0)), float(uniform(rng, 70.0, 150.0))};
            const glm::vec2 size{float(uniform(rng, 5.0, 40.0)), float(uniform(rng, 5.0, 40.0))};
            const glm::vec2 b = a + size;
            request.points = {a, b};
            request.visible_only = true;
            request.threads = 2;
            RegionOutcome outcome;
            if (const auto error =
                    select_in_view(session, choice, camera, view, request, outcome)) {
                ADD_FAILURE() << *error;
                continue;
            }
            const picking::SelectionVolume volume(clip_from_world(camera, view),
                                                  region_ndc(request, view));
            const picking::TriangleSet seen =
                seen_by_brute_force(session, camera, view, volume, a, b);
            // Every triangle seen by the oracle touches the region, so touching ∩ seen = seen.
            // A pixel whose ray grazes a shared edge may name either neighbour: allow a few.
            picking::TriangleSet only_one = outcome.triangles;
            only_one.combine(seen, picking::SelectionOp::Toggle);
            compared += seen.count();
            mismatched += only_one.count();
            EXPECT_GT(outcome.visibility_rays, 0u);
        }
    }
    return {compared, mismatched};
}

TEST(RegionSelection, VisibleOnlyKeepsWhatTheBruteForceDepthTestSeesAtThePixelGrid) {
    // A view on whole pixels: its pixels' rays made from each column's and each row's part.
    const auto [compared, mismatched] =
        compare_visible_only_with_brute_force(Rect{{0.0f, 21.0f}, {320.0f, 221.0f}}, 3);
    EXPECT_GT(compared, 20u);
    EXPECT_LE(mismatched * 50, compared) << mismatched << " of " << compared << " differ";
}

TEST(RegionSelection, AViewBetweenPixelsKeepsWhatTheBruteForceDepthTestSees) {
    // A view whose corners fall between pixels: each ray unprojected from its own centre.
    const auto [compared, mismatched] =
        compare_visible_only_with_brute_force(Rect{{0.25f, 21.5f}, {320.75f, 221.25f}}, 4);
    EXPECT_GT(compared, 20u);
    EXPECT_LE(mismatched * 50, compared) << mismatched << " of " << compared << " differ";
}

TEST(RegionSelection, XRayKeepsHiddenTrianglesAndVisibleOnlyDropsThem) {
    SceneSession session(assets::make_default_scene());
    session.prepare(Accel::Bvh, 1);
    PickChoice choice;
    choice.set_accel(Accel::Bvh);
    const Rect view{{0.0f, 0.0f}, {640.0f, 360.0f}};
    const Camera camera = opening_camera(session, view);
    RegionRequest request;
    request.points = {{200.0f, 100.0f}, {440.0f, 260.0f}};
    RegionOutcome xray, visible;
    ASSERT_FALSE(select_in_view(session, choice, camera, view, request, xray));
    request.visible_only = true;
    ASSERT_FALSE(select_in_view(session, choice, camera, view, request, visible));
    EXPECT_GT(visible.triangles.count(), 10u);
    // Closed shapes hide their back halves: X-ray holds strictly more.
    EXPECT_GT(xray.triangles.count(), visible.triangles.count());
    picking::TriangleSet outside = visible.triangles;
    outside.combine(xray.triangles, picking::SelectionOp::Subtract);
    EXPECT_EQ(outside.count(), 0u);
    EXPECT_GT(selected_area(session, xray.triangles), selected_area(session, visible.triangles));
}

TEST(RegionSelection, ARegionWithoutAreaIsRefusedInWords) {
    SceneSession session(assets::make_default_scene());
    PickChoice choice;
    const Rect view{{0.0f, 0.0f}, {640.0f, 360.0f}};
    const Camera camera = opening_camera(session, view);
    RegionOutcome out;
    RegionRequest flat;
    flat.points = {{10.0f, 10.0f}, {10.0f, 300.0f}};
    EXPECT_EQ(select_in_view(session, choice, camera, view, flat, out),
              std::optional<std::string>("the rectangle has no area"));
    RegionRequest lasso;
    lasso.shape = RegionShape::Lasso;
    lasso.points = {{10.0f, 10.0f}, {10.0f, 10.0f}, {50.0f, 50.0f}};
    EXPECT_TRUE(select_in_view(session, choice, camera, view, lasso, out));
    lasso.points.push_back({NAN, 3.0f});
    lasso.points.push_back({5.0f, 80.0f});
    EXPECT_TRUE(select_in_view(session, choice, camera, view, lasso, out));
}

TEST(RegionSelection, RulesAreNamedForPeopleAndParsedFromTheCommandLine) {
    EXPECT_STREQ(rule_name(picking::RegionRule::FullyInside), "fully inside");
    EXPECT_EQ(parse_rule("inside"), picking::RegionRule::FullyInside);
    EXPECT_EQ(parse_rule("centroid"), picking::RegionRule::Centroid);
    EXPECT_EQ(parse_rule("touching"), picking::RegionRule::Touching);
    EXPECT_FALSE(parse_rule("mostly"));
    for (const auto rule : {picking::RegionRule::Touching, picking::RegionRule::Centroid,
                            picking::RegionRule::FullyInside})
        EXPECT_EQ(parse_rule(rule_word(rule)), rule) << rule_word(rule);
}

}  // namespace
}  // namespace app
