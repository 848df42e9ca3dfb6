// Seed 002's primitives: the four ray–sphere forms, ray–plane, the rectangle tests and the
// slab test, on hand-computed cases, with the seed's own floating-point cases.

#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "picking/ray_aabb.h"
#include "picking/ray_plane.h"
#include "picking/ray_rect.h"
#include "picking/ray_sphere.h"

namespace picking {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// == Ray–sphere

TEST(RaySphere, EveryFormFindsTheNearRootOnAUnitRay) {
    const Sphere s{{0, 0, -5}, 1.0f};
    const Ray ray{{0, 0, 0}, {0, 0, -1}};
    for (const auto& form : kSphereAlgorithms) {
        const auto hit = form.intersect(ray, s);
        ASSERT_TRUE(hit) << form.name;
        EXPECT_FLOAT_EQ(hit->t, 4.0f) << form.name;
        EXPECT_FLOAT_EQ(hit->t_far, 6.0f) << form.name;
        EXPECT_FALSE(hit->from_inside);
    }
}

TEST(RaySphere, FromInsideTheFarRootIsTheHit) {
    const Sphere s{{0, 0, 0}, 2.0f};
    for (const auto& form : kSphereAlgorithms) {
        const auto hit = form.intersect(Ray{{0, 0, 0}, {1, 0, 0}}, s);
        ASSERT_TRUE(hit) << form.name;
        EXPECT_FLOAT_EQ(hit->t, 2.0f) << form.name;
        EXPECT_TRUE(hit->from_inside);
    }
}

TEST(RaySphere, MissesBehindAndBeside) {
    const Sphere s{{0, 0, -5}, 1.0f};
    for (const auto& form : kSphereAlgorithms) {
        EXPECT_FALSE(form.intersect(Ray{{0, 0, 0}, {0, 0, 1}}, s)) << form.name;   // behind
        EXPECT_FALSE(form.intersect(Ray{{2, 0, 0}, {0, 0, -1}}, s)) << form.name;  // beside
        Ray short_ray{{0, 0, 0}, {0, 0, -1}};
        short_ray.t_max = 3.0f;
        EXPECT_FALSE(form.intersect(short_ray, s)) << form.name;
    }
}

// The seed's last form assumes |D| = 1: with D scaled by 2 its t is wrong (not halved), while
// the general forms scale t correctly.
TEST(RaySphere, TheUnitDirectionFormIsWrongForALongDirection) {
    const Sphere s{{0, 0, -5}, 1.0f};
    const Ray doubled{{0, 0, 0}, {0, 0, -2}};
    EXPECT_FLOAT_EQ(intersect_sphere_quadratic(doubled, s)->t, 2.0f);
    EXPECT_FLOAT_EQ(intersect_sphere_half_b(doubled, s)->t, 2.0f);
    EXPECT_FLOAT_EQ(intersect_sphere_precise(doubled, s)->t, 2.0f);
    const auto unit = intersect_sphere_unit_direction(doubled, s);
    EXPECT_TRUE(!unit || std::abs(unit->t - 2.0f) > 0.5f);
}

// A small sphere far away: b² − 4ac cancels catastrophically in float; Ray Tracing Gems'
// form keeps the hit and an accurate t.
TEST(RaySphere, ThePreciseFormSurvivesASmallFarSphere_Seed3) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> jitter(-0.5f, 0.5f);
    int quadratic_misses = 0, precise_misses = 0;
    double quadratic_error = 0, precise_error = 0;
    for (int i = 0; i < 200; ++i) {
        const Sphere s{{0, 0, -10000.0f}, 1.0f};
        const float x = 0.8f * jitter(rng), y = 0.8f * jitter(rng);
        const Ray ray{{x, y, 0}, {0, 0, -1}};
        const double truth =
            10000.0 - std::sqrt(1.0 - double(x) * double(x) - double(y) * double(y));
        const auto q = intersect_sphere_quadratic(ray, s);
        const auto p = intersect_sphere_precise(ray, s);
        quadratic_misses += !q;
        precise_misses += !p;
        if (q) quadratic_error = std::max(quadratic_error, std::abs(double(q->t) - truth));
        if (p) precise_error = std::max(precise_error, std::abs(double(p->t) - truth));
    }
    EXPECT_EQ(precise_misses, 0);
    EXPECT_LT(precise_error, 0.01);
    EXPECT_TRUE(quadratic_misses > 0 || quadratic_error > 10 * precise_error)
        << quadratic_misses << " " << quadratic_error << " " << precise_error;
}

TEST(RaySphere, BadInputMisses) {
    for (const auto& form : kSphereAlgorithms) {
        EXPECT_FALSE(form.intersect(Ray{{kNaN, 0, 0}, {0, 0, -1}}, {{0, 0, -5}, 1})) << form.name;
        EXPECT_FALSE(form.intersect(Ray{{0, 0, 0}, {0, 0, 0}}, {{0, 0, -5}, 1})) << form.name;
        EXPECT_FALSE(form.intersect(Ray{{0, 0, 0}, {0, 0, -1}}, {{0, 0, -5}, 0})) << form.name;
        EXPECT_FALSE(form.intersect(Ray{{0, 0, 0}, {0, 0, -1}}, {{0, 0, -5}, -1})) << form.name;
        EXPECT_FALSE(form.intersect(Ray{{0, 0, 0}, {0, 0, -kInf}}, {{0, 0, -5}, 1})) << form.name;
    }
}

// == Ray–plane

TEST(RayPlane, TFromTheSeedsFormula) {
    const Plane ground{{0, -1, 0}, {0, 2, 0}};
    const auto hit = intersect_plane(Ray{{3, 4, 5}, {0, -0.5f, 0}}, ground);
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 10.0f);
    EXPECT_LT(hit->d_dot_n, 0.0f);                                      // from above: the front
    EXPECT_FALSE(intersect_plane(Ray{{3, 4, 5}, {1, 0, 0}}, ground));   // parallel
    EXPECT_FALSE(intersect_plane(Ray{{3, -1, 5}, {1, 0, 0}}, ground));  // in the plane
    EXPECT_FALSE(intersect_plane(Ray{{3, 4, 5}, {0, 1, 0}}, ground));   // behind
    EXPECT_FALSE(intersect_plane(Ray{{kNaN, 4, 5}, {0, -1, 0}}, ground));
}

// == Ray–rectangle

TEST(RayRect, TheSeedsStrictFormulaNeverHitsAnAxisAlignedRectangle) {
    const Rect floor{{-1, 0, -1}, {2, 0, 0}, {0, 0, 2}};  // y = 0, x and z in [-1, 1]
    const Ray down{{0.25f, 3, 0.5f}, {0, -1, 0}};
    EXPECT_FALSE(intersect_rect_seed(down, floor));  // y_min < y_p < y_max is never true
    const auto intended = intersect_rect_axis_aligned(down, floor);
    ASSERT_TRUE(intended);
    EXPECT_FLOAT_EQ(intended->t, 3.0f);
    const auto oriented = intersect_rect_oriented(down, floor);
    ASSERT_TRUE(oriented);
    EXPECT_FLOAT_EQ(oriented->s, 0.625f);
    EXPECT_FLOAT_EQ(oriented->r, 0.75f);
    EXPECT_FALSE(intersect_rect_axis_aligned(Ray{{1.5f, 3, 0}, {0, -1, 0}}, floor));
    EXPECT_FALSE(intersect_rect_oriented(Ray{{1.5f, 3, 0}, {0, -1, 0}}, floor));
}

TEST(RayRect, TheMinMaxCheckAcceptsTheCornersOfARotatedRectangle) {
    // A unit square turned 45° about y: its corners' bounding box is larger than the square.
    const float h = std::sqrt(0.5f);
    const Rect diamond{{0, 0, -h}, {h, 0, h}, {-h, 0, h}};
    const Ray near_box_corner{{0.6f, 2, 0.6f}, {0, -1, 0}};  // outside the diamond
    EXPECT_TRUE(intersect_rect_axis_aligned(near_box_corner, diamond));
    EXPECT_FALSE(intersect_rect_oriented(near_box_corner, diamond));
    EXPECT_TRUE(intersect_rect_oriented(Ray{{0, 2, 0}, {0, -1, 0}}, diamond));
}

// == Ray–AABB

const Aabb kBox{{-1, -1, -1}, {1, 1, 1}};

TEST(RayAabb, BothFormsAgreeOnOrdinaryRays_Seed4) {
    std::mt19937 rng(4);
    std::uniform_real_distribution<float> u(-3.0f, 3.0f);
    int hits = 0;
    for (int i = 0; i < 5000; ++i) {
        const Ray ray{{u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}};
        const auto seed = intersect_aabb_slab_seed(ray, kBox, 0.0f);
        const auto robust = intersect_aabb_robust(ray, kBox);
        ASSERT_EQ(seed.has_value(), robust.has_value()) << i;
        if (seed) {
            ++hits;
            EXPECT_NEAR(seed->t_exit, robust->t_exit, 1e-4f * std::abs(seed->t_exit) + 1e-6f);
            if (seed->t_enter > 0.0f) {
                EXPECT_NEAR(seed->t_enter, robust->t_enter, 1e-5f);
            }
        }
    }
    EXPECT_GT(hits, 500);
}

TEST(RayAabb, EntryFaceAndInside) {
    const auto hit = intersect_aabb_robust(Ray{{-5, 0.2f, 0.3f}, {1, 0, 0}}, kBox);
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t_enter, 4.0f);
    EXPECT_EQ(hit->enter_axis, 0);
    const auto inside = intersect_aabb_robust(Ray{{0, 0, 0}, {0, 1, 0}}, kBox);
    ASSERT_TRUE(inside);
    EXPECT_EQ(inside->enter_axis, -1);
    EXPECT_FLOAT_EQ(inside->t(), 1.0f);
}

// Seed 002: "if P′ − O and D are both 0, IEEE gives NaN, and every comparison with NaN is
// false": a ray lying in a face's plane misses in the seed's form, on either face, while
// the robust form counts the face as part of the box.
TEST(RayAabb, TheSeedsNaNCaseMissesARayInAFacePlane) {
    for (const float x : {-1.0f, 1.0f}) {
        const Ray in_face{{x, 0.0f, -5.0f}, {0, 0, 1}};  // (min.x − O.x) / 0 = 0 / 0
        EXPECT_FALSE(intersect_aabb_slab_seed(in_face, kBox)) << x;
        EXPECT_TRUE(intersect_aabb_robust(in_face, kBox)) << x;
    }
    // Inside the slab with a zero component, both forms hit: ±inf is absorbed by the sort.
    const Ray parallel_inside{{0.5f, 0.0f, -5.0f}, {0, 0, 1}};
    EXPECT_TRUE(intersect_aabb_slab_seed(parallel_inside, kBox));
    EXPECT_TRUE(intersect_aabb_robust(parallel_inside, kBox));
    // Outside the slab: both miss.
    EXPECT_FALSE(intersect_aabb_slab_seed(Ray{{2.0f, 0.0f, -5.0f}, {0, 0, 1}}, kBox));
}

TEST(RayAabb, TheSeedsInfinityCases) {
    // D = 0 with the origin below the box on every axis: every t is +inf, and the seed's
    // "t_exit + eps > t_enter" is inf > inf: false.
    EXPECT_FALSE(intersect_aabb_slab_seed(Ray{{-2, -2, -2}, {0, 0, 0}}, kBox));
    // Its eps accepts a ray passing just outside an edge, where t_exit (leaving x = 1 at
    // t = 3) is just below t_enter (reaching y = 1 at t = 3.00005).
    const Ray grazing{{-2.0f, 1.5f, 0.0f}, {1, -0.5f / 3.00005f, 0}};
    const auto with_eps = intersect_aabb_slab_seed(grazing, kBox, 1e-4f);
    const auto without = intersect_aabb_slab_seed(grazing, kBox, 0.0f);
    EXPECT_TRUE(with_eps);
    EXPECT_FALSE(without);
}

TEST(RayAabb, RobustRejectsBadInput) {
    EXPECT_FALSE(intersect_aabb_robust(Ray{{kNaN, 0, 0}, {1, 0, 0}}, kBox));
    EXPECT_FALSE(intersect_aabb_robust(Ray{{0, 0, 0}, {0, 0, 0}}, kBox));
    EXPECT_FALSE(intersect_aabb_robust(Ray{{-5, 0, 0}, {1, 0, 0}}, Aabb{{1, 1, 1}, {-1, -1, -1}}));
    EXPECT_FALSE(
        intersect_aabb_robust(Ray{{-5, 0, 0}, {1, 0, 0}}, Aabb{{kNaN, -1, -1}, {1, 1, 1}}));
}

}  // namespace
}  // namespace picking
