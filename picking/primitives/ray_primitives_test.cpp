// Seed 002's primitives: the four ray–sphere forms, ray–plane, the rectangle tests and the
// slab test, on hand-computed cases, with the seed's own floating-point cases.

#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "picking/primitives/ray_aabb.h"
#include "picking/primitives/ray_plane.h"
#include "picking/primitives/ray_rect.h"
#include "picking/primitives/ray_sphere_forms.h"
#include "picking/testing/special_floats.h"

namespace picking {
namespace {

using testing::kInf;
using testing::kNaN;

// == Ray–sphere

TEST(RaySphereForms, EveryFormFindsTheNearRootOnAUnitRay) {
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

TEST(RaySphereForms, FromInsideTheFarRootIsTheHit) {
    const Sphere s{{0, 0, 0}, 2.0f};
    for (const auto& form : kSphereAlgorithms) {
        const auto hit = form.intersect(Ray{{0, 0, 0}, {1, 0, 0}}, s);
        ASSERT_TRUE(hit) << form.name;
        EXPECT_FLOAT_EQ(hit->t, 2.0f) << form.name;
        EXPECT_TRUE(hit->from_inside);
    }
}

TEST(RaySphereForms, MissesBehindAndBeside) {
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
TEST(RaySphereForms, TheUnitDirectionFormIsWrongForALongDirection) {
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
TEST(RaySphereForms, ThePreciseFormSurvivesASmallFarSphere_Seed3) {
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

TEST(RaySphereForms, BadInputMisses) {
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

// == Ray–AABB (the slab tests themselves are tested in ray_aabb_test.cpp)

const Aabb kBox{{-1, -1, -1}, {1, 1, 1}};

TEST(RayAabbSeed, TheSeedsInfinityCases) {
    // D = 0 with the origin below the box on every axis: every t is +inf, and the seed's
    // "t_exit + eps > t_enter" is inf > inf: false.
    EXPECT_FALSE(intersect_slab_seed002(Ray{{-2, -2, -2}, {0, 0, 0}}, kBox));
    // One zero component inside its slab: ±inf is absorbed by the sort and the ray hits.
    const auto parallel_inside = intersect_slab_seed002(Ray{{0.5f, 0.0f, -5.0f}, {0, 0, 1}}, kBox);
    ASSERT_TRUE(parallel_inside);
    EXPECT_FLOAT_EQ(parallel_inside->t_enter, 4.0f);
    EXPECT_FLOAT_EQ(parallel_inside->t_exit, 6.0f);
    // Outside that slab: -inf exit or +inf entry, a miss.
    EXPECT_FALSE(intersect_slab_seed002(Ray{{2.0f, 0.0f, -5.0f}, {0, 0, 1}}, kBox));
}

}  // namespace
}  // namespace picking
