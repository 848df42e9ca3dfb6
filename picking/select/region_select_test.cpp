#include "picking/select/region_select.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <glm/ext/matrix_clip_space.hpp>
#include <glm/ext/matrix_transform.hpp>

#include "picking/testing/sanitized.h"
#include "picking/testing/seeded_draws.h"
#include "picking/testing/test_meshes.h"

namespace picking {
namespace {

using testing::TestMesh;

using testing::uniform;

const glm::dmat4 kPerspective =
    glm::dmat4(glm::perspective(glm::radians(50.0f), 1.5f, 0.5f, 80.0f)) *
    glm::dmat4(glm::lookAt(glm::vec3(4.0f, 6.0f, 22.0f), glm::vec3(0.0f), glm::vec3(0, 1, 0)));
const glm::dmat4 kOrthographic =
    glm::dmat4(glm::ortho(-14.0f, 14.0f, -10.0f, 10.0f, 0.5f, 80.0f)) *
    glm::dmat4(glm::lookAt(glm::vec3(-6.0f, 9.0f, 20.0f), glm::vec3(0.0f), glm::vec3(0, 1, 0)));

/// Three meshes, five instances (one mesh placed twice, one turned and scaled), a camera that
/// sees most of it and some of it behind the eye (the soup reaches past the near plane).
struct RegionTestScene {
    std::vector<TestMesh> meshes{testing::random_soup(7, 3000), testing::bumpy_sphere(40, 60),
                                 testing::grid(40)};
    SceneView view;
    SceneAccel accel;

    RegionTestScene() {
        for (const TestMesh& m : meshes)
            view.meshes.push_back(m.view());
        const glm::mat4 id(1.0f);
        view.instances = {
            {0, 0, glm::translate(id, glm::vec3(0.0f, 0.0f, 8.0f))},
            {1, 1, glm::translate(id, glm::vec3(-5.0f, 1.0f, 0.0f))},
            {1, 2,
             glm::scale(glm::rotate(glm::translate(id, glm::vec3(6.0f, -1.0f, -3.0f)), 0.7f,
                                    glm::vec3(0.3f, 1.0f, 0.2f)),
                        glm::vec3(0.5f, 1.5f, 1.0f))},
            {2, 3, glm::rotate(glm::scale(id, glm::vec3(0.8f)), 0.4f, glm::vec3(1, 0, 0))},
            {2, 4, glm::translate(id, glm::vec3(0.0f, -4.0f, 0.0f))},
        };
        accel = SceneAccel(view);
        accel.build_bvhs(view);
    }
};

const RegionTestScene& scene() {
    static const RegionTestScene s;
    return s;
}

/// A lasso as a person draws one: a wobbly loop around a centre (sometimes crossing itself).
std::vector<glm::dvec2> random_lasso(std::mt19937& rng, int points) {
    const glm::dvec2 centre{uniform(rng, -0.6, 0.6), uniform(rng, -0.6, 0.6)};
    const double radius = uniform(rng, 0.1, 0.9);
    const bool crossing = uniform(rng, 0.0, 1.0) < 0.2;
    std::vector<glm::dvec2> polygon;
    for (int i = 0; i < points; ++i) {
        const double angle = 2.0 * 3.14159265358979 * i / points * (crossing ? 2.0 : 1.0);
        const double r = radius * uniform(rng, 0.4, 1.0);
        polygon.push_back(centre + r * glm::dvec2(std::cos(angle), std::sin(angle)));
    }
    return polygon;
}

SelectionVolume random_rectangle(std::mt19937& rng, const glm::dmat4& camera) {
    const glm::dvec2 a{uniform(rng, -1.1, 1.1), uniform(rng, -1.1, 1.1)};
    const glm::dvec2 b{uniform(rng, -1.1, 1.1), uniform(rng, -1.1, 1.1)};
    return SelectionVolume::rectangle(camera, a, b);
}

constexpr RegionRule kRules[] = {RegionRule::Touching, RegionRule::Centroid,
                                 RegionRule::FullyInside};

TEST(RegionSelect, TheBvhSelectsWhatTestingEveryTriangleSelectsOnSeededRectanglesAndLassos) {
    const RegionTestScene& s = scene();
    std::size_t selected = 0, taken_whole = 0, partly = 0;
    for (unsigned seed = 1; seed <= 60u / unsigned(testing::kScale) + 2; ++seed) {
        std::mt19937 rng(seed);
        const glm::dmat4& camera = seed % 2 ? kPerspective : kOrthographic;
        const bool lasso = seed % 3 != 0;
        const SelectionVolume volume =
            lasso ? SelectionVolume(camera, random_lasso(rng, 3 + int(rng() % 120)))
                  : random_rectangle(rng, camera);
        for (const RegionRule rule : kRules) {
            RegionSelectStats bvh_stats, brute_stats;
            const TriangleSet by_bvh = select_region(s.view, &s.accel, volume, rule, &bvh_stats);
            const TriangleSet brute = select_region(s.view, nullptr, volume, rule, &brute_stats);
            EXPECT_EQ(by_bvh.count(), brute.count()) << "seed " << seed << " rule " << int(rule);
            EXPECT_TRUE(by_bvh == brute) << "seed " << seed << " rule " << int(rule);
            EXPECT_LE(bvh_stats.triangles_tested, brute_stats.triangles_tested);
            selected += brute.count();
            taken_whole += bvh_stats.boxes_inside;
            partly += bvh_stats.triangles_tested;
        }
    }
    // Both kinds of subtree were met: ones taken whole and ones tested triangle by triangle.
    EXPECT_GT(selected, 10000u);
    EXPECT_GT(taken_whole, 100u);
    EXPECT_GT(partly, 1000u);
}

TEST(RegionSelect, TheRulesNestFullyInsideWithinCentroidWithinTouching) {
    const RegionTestScene& s = scene();
    std::mt19937 rng(99);
    std::size_t selected = 0;
    for (int round = 0; round < 12; ++round) {
        const SelectionVolume volume = round % 2
                                           ? SelectionVolume(kPerspective, random_lasso(rng, 40))
                                           : random_rectangle(rng, kPerspective);
        const TriangleSet touching = select_region(s.view, &s.accel, volume, RegionRule::Touching);
        const TriangleSet centroid = select_region(s.view, &s.accel, volume, RegionRule::Centroid);
        const TriangleSet inside = select_region(s.view, &s.accel, volume, RegionRule::FullyInside);
        inside.for_each([&](std::uint32_t i, std::uint32_t t) {
            EXPECT_TRUE(centroid.contains(i, t)) << "round " << round;
        });
        centroid.for_each([&](std::uint32_t i, std::uint32_t t) {
            EXPECT_TRUE(touching.contains(i, t)) << "round " << round;
        });
        selected += touching.count();
    }
    EXPECT_GT(selected, 1000u);  // the regions did select things
}

/// The independent check of the per-triangle tests: points sampled over each triangle,
/// projected through the instance's world_from_mesh and the camera separately, in double.
TEST(RegionSelect, SelectedTrianglesAgreeWithPointsSampledOverThem) {
    const RegionTestScene& s = scene();
    std::mt19937 rng(5);
    int checked = 0;
    for (int round = 0; round < 8; ++round) {
        const SelectionVolume volume = round % 2
                                           ? SelectionVolume(kPerspective, random_lasso(rng, 25))
                                           : random_rectangle(rng, kPerspective);
        const TriangleSet touching = select_region(s.view, nullptr, volume, RegionRule::Touching);
        const TriangleSet inside = select_region(s.view, nullptr, volume, RegionRule::FullyInside);
        // A sample strictly inside (not within a hair of an edge) the region and the frustum.
        const auto sample_in = [&](glm::dvec3 world, bool& near_boundary) {
            const glm::dvec4 clip = volume.clip_from_world() * glm::dvec4(world, 1.0);
            near_boundary = false;
            if (!(clip.w > 0.0) || clip.z < -clip.w || clip.z > clip.w) return false;
            const glm::dvec2 p{clip.x / clip.w, clip.y / clip.w};
            const glm::dvec2 eps{1e-7, 0.0};
            const bool in = volume.polygon_contains(p);
            near_boundary = in != volume.polygon_contains(p + eps) ||
                            in != volume.polygon_contains(p - eps) ||
                            in != volume.polygon_contains(p + glm::dvec2(0.0, 1e-7)) ||
                            in != volume.polygon_contains(p - glm::dvec2(0.0, 1e-7));
            return in;
        };
        for (std::uint32_t i = 0; i < s.view.instances.size(); ++i) {
            const Instance& instance = s.view.instances[i];
            const MeshView& mesh = s.view.meshes[instance.mesh];
            const glm::dmat4 world(instance.world_from_mesh);
            for (std::size_t t = 0; t < mesh.triangle_count(); t += 7) {
                const Triangle tri = mesh.triangle(t);
                bool any_in = false, all_in = true, any_doubt = false;
                for (int a = 0; a <= 6; ++a)
                    for (int b = 0; a + b <= 6; ++b) {
                        const double u = a / 6.0, v = b / 6.0;
                        const glm::dvec3 local = (1.0 - u - v) * glm::dvec3(tri.p0) +
                                                 u * glm::dvec3(tri.p1) + v * glm::dvec3(tri.p2);
                        bool doubt = false;
                        const bool in =
                            sample_in(glm::dvec3(world * glm::dvec4(local, 1.0)), doubt);
                        any_in |= in && !doubt;
                        all_in &= in || doubt;
                        any_doubt |= doubt;
                    }
                if (any_in) {
                    EXPECT_TRUE(touching.contains(i, std::uint32_t(t)))
                        << "round " << round << " instance " << i << " triangle " << t;
                }
                if (!all_in && !any_doubt) {
                    EXPECT_FALSE(inside.contains(i, std::uint32_t(t)))
                        << "round " << round << " instance " << i << " triangle " << t;
                }
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 1000);
}

// == Hand-made cases

glm::dmat4 front_camera() {
    // Looking down -z from z = 10; the view spans x, y in about [-4.1, 4.1] at z = 0.
    return glm::dmat4(glm::perspective(glm::radians(45.0f), 1.0f, 1.0f, 100.0f)) *
           glm::dmat4(glm::lookAt(glm::vec3(0, 0, 10), glm::vec3(0.0f), glm::vec3(0, 1, 0)));
}

std::array<glm::dvec4, 3> clip_of(const glm::dmat4& camera, glm::vec3 a, glm::vec3 b, glm::vec3 c) {
    return {camera * glm::dvec4(glm::dvec3(a), 1.0), camera * glm::dvec4(glm::dvec3(b), 1.0),
            camera * glm::dvec4(glm::dvec3(c), 1.0)};
}

TEST(SelectionVolume, ATriangleBehindTheEyeIsNeverSelected) {
    const SelectionVolume everything =
        SelectionVolume::rectangle(front_camera(), {-1.0, -1.0}, {1.0, 1.0});
    // Behind the camera: its projection (through w < 0) would land mid-screen.
    const auto behind = clip_of(front_camera(), {-1, -1, 15}, {1, -1, 15}, {0, 1, 15});
    for (const RegionRule rule : kRules)
        EXPECT_FALSE(everything.selects(behind, rule));
    const auto in_front = clip_of(front_camera(), {-1, -1, 0}, {1, -1, 0}, {0, 1, 0});
    for (const RegionRule rule : kRules)
        EXPECT_TRUE(everything.selects(in_front, rule));
}

TEST(SelectionVolume, ATriangleThroughTheNearPlaneTouchesButIsNotFullyInside) {
    const SelectionVolume everything =
        SelectionVolume::rectangle(front_camera(), {-1.0, -1.0}, {1.0, 1.0});
    // From in front of the eye to behind it.
    const auto through = clip_of(front_camera(), {-0.2f, 0, 5}, {0.2f, 0, 5}, {0, 0.1f, 20});
    EXPECT_TRUE(everything.selects(through, RegionRule::Touching));
    EXPECT_FALSE(everything.selects(through, RegionRule::FullyInside));
}

TEST(SelectionVolume, ALassoShapedLikeACSelectsNothingInItsNotch) {
    // A "C" opening to the right: its notch is the box x in [0, 0.5], y in [-0.2, 0.2].
    const std::vector<glm::dvec2> c_shape{{-0.5, -0.5}, {0.5, -0.5}, {0.5, -0.2}, {0.0, -0.2},
                                          {0.0, 0.2},   {0.5, 0.2},  {0.5, 0.5},  {-0.5, 0.5}};
    const SelectionVolume lasso(front_camera(), c_shape);
    EXPECT_FALSE(lasso.is_rectangle());
    // A small triangle in the notch (at z = 0, NDC x ≈ world x / 4.14).
    const auto notch = clip_of(front_camera(), {0.8f, -0.2f, 0}, {1.6f, -0.2f, 0}, {1.2f, 0.3f, 0});
    for (const RegionRule rule : kRules)
        EXPECT_FALSE(lasso.selects(notch, rule)) << int(rule);
    // One in the C's body.
    const auto body =
        clip_of(front_camera(), {-1.6f, -0.4f, 0}, {-0.8f, -0.4f, 0}, {-1.2f, 0.4f, 0});
    for (const RegionRule rule : kRules)
        EXPECT_TRUE(lasso.selects(body, rule)) << int(rule);
    // One reaching from the body into the notch: touching, not fully inside.
    const auto both = clip_of(front_camera(), {-1.0f, 0, 0}, {1.2f, -0.1f, 0}, {1.2f, 0.1f, 0});
    EXPECT_TRUE(lasso.selects(both, RegionRule::Touching));
    EXPECT_FALSE(lasso.selects(both, RegionRule::FullyInside));
}

TEST(SelectionVolume, ATriangleAroundTheWholeLassoTouchesItWithoutAnyCornerInside) {
    const SelectionVolume lasso(front_camera(), {{-0.05, -0.05}, {0.05, -0.05}, {0.0, 0.05}});
    const auto big = clip_of(front_camera(), {-3, -3, 0}, {3, -3, 0}, {0, 3, 0});
    EXPECT_TRUE(lasso.selects(big, RegionRule::Touching));
    // Its centroid, (0, -1) in the world, is below the lasso (NDC y about -0.24).
    EXPECT_FALSE(lasso.selects(big, RegionRule::Centroid));
    EXPECT_FALSE(lasso.selects(big, RegionRule::FullyInside));
}

TEST(SelectionVolume, ABadRegionIsRefusedWithAClearError) {
    EXPECT_THROW(SelectionVolume(front_camera(), {{0, 0}, {1, 1}}), std::invalid_argument);
    EXPECT_THROW(SelectionVolume(front_camera(), {{0, 0}, {1, 1}, {NAN, 0}}),
                 std::invalid_argument);
}

TEST(SelectionVolume, NonFiniteCornersAreNeverSelected) {
    const SelectionVolume everything =
        SelectionVolume::rectangle(front_camera(), {-1.0, -1.0}, {1.0, 1.0});
    const auto nan = clip_of(front_camera(), {NAN, 0, 0}, {1, 0, 0}, {0, 1, 0});
    for (const RegionRule rule : kRules)
        EXPECT_FALSE(everything.selects(nan, rule));
}

TEST(TriangleSet, ShiftAddsCtrlSubtractsAndBothToggle) {
    const std::vector<std::size_t> sizes{100, 3};
    TriangleSet a(sizes), b(sizes);
    for (std::uint32_t t : {1u, 2u, 70u})
        a.insert(0, t);
    for (std::uint32_t t : {2u, 99u})
        b.insert(0, t);
    b.insert(1, 2);
    b.insert(1, 3);  // past its triangles: ignored
    TriangleSet add = a, sub = a, toggle = a, replace = a, both = a;
    both.combine(b, SelectionOp::Intersect);
    EXPECT_EQ(both.triangles(0), (std::vector<std::uint32_t>{2}));
    EXPECT_EQ(both.count(1), 0u);
    add.combine(b, SelectionOp::Add);
    sub.combine(b, SelectionOp::Subtract);
    toggle.combine(b, SelectionOp::Toggle);
    replace.combine(b, SelectionOp::Replace);
    EXPECT_EQ(add.triangles(0), (std::vector<std::uint32_t>{1, 2, 70, 99}));
    EXPECT_EQ(add.count(), 5u);
    EXPECT_EQ(sub.triangles(0), (std::vector<std::uint32_t>{1, 70}));
    EXPECT_EQ(sub.count(1), 0u);
    EXPECT_EQ(toggle.triangles(0), (std::vector<std::uint32_t>{1, 70, 99}));
    EXPECT_EQ(toggle.triangles(1), (std::vector<std::uint32_t>{2}));
    EXPECT_TRUE(replace == b);
    EXPECT_EQ(add.instances_with_triangles(), 2u);
    // A set of another scene replaces.
    TriangleSet other(std::vector<std::size_t>{5});
    other.insert(0, 4);
    add.combine(other, SelectionOp::Add);
    EXPECT_TRUE(add == other);
}

}  // namespace
}  // namespace picking
