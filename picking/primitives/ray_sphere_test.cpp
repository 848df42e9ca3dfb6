#include "picking/primitives/ray_sphere.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "picking/core/draw_vec3.h"

namespace picking {
namespace {

TEST(RaySphere, QuadraticRoots) {
    const Sphere sphere{{0, 0, -5}, 1.0f};
    const auto hit = intersect_sphere(Ray{{0, 0, 0}, {0, 0, -2}}, sphere);  // not unit length
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t_enter, 2.0f);
    EXPECT_FLOAT_EQ(hit->t_exit, 3.0f);
    EXPECT_FALSE(intersect_sphere(Ray{{0, 1.5f, 0}, {0, 0, -1}}, sphere));
    EXPECT_FALSE(intersect_sphere(Ray{{0, 0, 0}, {0, 0, 1}}, sphere));     // behind
    EXPECT_TRUE(intersect_sphere(Ray{{0, 0, -5}, {1, 0, 0}}, sphere));     // from inside
    EXPECT_FALSE(intersect_sphere(Ray{{0, 0, 0}, {0, 0, -1}}, Sphere{}));  // empty
}

TEST(RaySphere, BoundingSphereContainsEveryPoint_Seed21) {
    std::mt19937 rng(21);
    std::uniform_real_distribution<float> coord(-1000.0f, 1000.0f);
    for (int round = 0; round < 50; ++round) {
        std::vector<glm::vec3> points(1 + round * 37);
        for (glm::vec3& p : points)
            p = {coord(rng), coord(rng) * 0.01f, coord(rng) + 5000.0f};
        const Sphere s = bounding_sphere(points);
        ASSERT_FALSE(s.empty());
        for (const glm::vec3& p : points)
            EXPECT_LE(glm::length(glm::dvec3(p) - glm::dvec3(s.center)), double(s.radius));
        // Ritter's sphere is not minimal, but not wasteful either: within 20% of the farthest
        // pair's half distance is typical; allow a generous bound.
        double widest = 0.0;
        for (const glm::vec3& p : points)
            widest = std::max(widest, glm::length(glm::dvec3(p) - glm::dvec3(points[0])));
        EXPECT_LE(double(s.radius), widest * 1.2 + 1e-6 * double(glm::length(s.center)));
    }
}

/// Ritter's sphere as its three passes read, one point after another: the oracle for the
/// split passes of a big mesh.
Sphere ritter_one_by_one(const std::vector<glm::vec3>& points) {
    auto ok = [](glm::vec3 p) {
        return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);
    };
    std::size_t first = 0;
    while (!ok(points[first]))
        ++first;
    auto farthest_from = [&](glm::dvec3 from) {
        glm::dvec3 best = from;
        double best_distance = -1.0;
        for (const glm::vec3& p : points)
            if (ok(p) && glm::dot(glm::dvec3(p) - from, glm::dvec3(p) - from) > best_distance) {
                best_distance = glm::dot(glm::dvec3(p) - from, glm::dvec3(p) - from);
                best = glm::dvec3(p);
            }
        return best;
    };
    const glm::dvec3 a = farthest_from(glm::dvec3(points[first]));
    const glm::dvec3 b = farthest_from(a);
    glm::dvec3 center = 0.5 * (a + b);
    double radius = 0.5 * glm::length(b - a);
    for (const glm::vec3& p : points) {
        const double distance = glm::length(glm::dvec3(p) - center);
        if (!ok(p) || distance <= radius) continue;
        const double grown = 0.5 * (radius + distance);
        center += (grown - radius) / distance * (glm::dvec3(p) - center);
        radius = grown;
    }
    const glm::vec3 rounded(center);
    double farthest = 0.0;
    for (const glm::vec3& p : points)
        if (ok(p)) farthest = std::max(farthest, glm::length(glm::dvec3(p) - glm::dvec3(rounded)));
    return {rounded, float(farthest)};  // not padded
}

// A big mesh's farthest points and final radius are found on every core: the sphere is the one
// the passes give one point after another, bit for bit, ties and skipped points included.
TEST(RaySphere, ABigMeshGetsTheSphereOfOnePointAfterAnother_Seed24) {
    std::mt19937 rng(24);
    std::uniform_real_distribution<float> coord(-1.0f, 1.0f);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<glm::vec3> points((std::size_t(1) << 20) + 4099);
    for (glm::vec3& p : points)
        p = draw_vec3<glm::vec3>(coord, rng) * glm::vec3(5.0f, 1.0f, 2.0f);
    // The far ends repeated in both halves, and points that bound nothing.
    points[17] = points[points.size() - 3] = {-9.0f, 0.0f, 0.0f};
    points[points.size() / 2] = points[points.size() - 2] = {9.0f, 0.0f, 0.0f};
    points[0] = {nan, 0.0f, 0.0f};
    points[points.size() / 3] = {0.0f, std::numeric_limits<float>::infinity(), 0.0f};
    const Sphere s = bounding_sphere(points);
    const Sphere oracle = ritter_one_by_one(points);
    EXPECT_EQ(s.center, oracle.center);
    // The radius is the oracle's farthest distance, padded as bounding_sphere pads it.
    EXPECT_GE(s.radius, oracle.radius);
    EXPECT_LE(s.radius, oracle.radius * (1.0f + 4e-6f));
}

TEST(RaySphere, NonFinitePointsAreSkipped) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const std::vector<glm::vec3> points = {{nan, 0, 0}, {1, 0, 0}, {-1, 0, 0}};
    const Sphere s = bounding_sphere(points);
    EXPECT_NEAR(s.radius, 1.0f, 1e-4f);
    EXPECT_TRUE(bounding_sphere(std::vector<glm::vec3>{{nan, nan, nan}}).empty());
}

TEST(RaySphere, RaysThroughSurfacePointsAlwaysHit_Seed22) {
    // Rays aimed at the points the sphere was made from, from far away, must hit it: the
    // broad phase may never lose a triangle corner.
    std::mt19937 rng(22);
    std::uniform_real_distribution<float> coord(-1.0f, 1.0f);
    std::vector<glm::vec3> points(500);
    for (glm::vec3& p : points)
        p = glm::normalize(draw_vec3<glm::vec3>(coord, rng)) * 3.0f +
            glm::vec3(100.0f, -7.0f, 0.5f);
    const Sphere s = bounding_sphere(points);
    for (const glm::vec3& p : points) {
        const glm::vec3 origin = p + 1000.0f * draw_vec3<glm::vec3>(coord, rng);
        EXPECT_TRUE(intersect_sphere(Ray{origin, p - origin}, s));
    }
}

// The one-pass sphere a deforming mesh gets on every pose: every finite point inside it
// (measured in double), rays at the points hit it, and non-finite points bound nothing.
TEST(RaySphere, SphereAboutAPointContainsEveryPoint_Seed23) {
    std::mt19937 rng(23);
    std::uniform_real_distribution<float> coord(-1.0f, 1.0f);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    for (const float scale : {1e-3f, 1.0f, 1e4f}) {
        std::vector<glm::vec3> points(300);
        for (glm::vec3& p : points) {
            const float z = coord(rng), y = 0.1f * coord(rng), x = coord(rng);  // GCC's order
            p = scale * glm::vec3(x, y, z) + glm::vec3(7.0f * scale, 0.0f, -3.0f);
        }
        points.push_back({nan, 0, 0});
        points.push_back({0, inf, 0});
        Aabb box;
        for (const glm::vec3& p : points)
            if (std::isfinite(p.x) && std::isfinite(p.y)) box.extend(p);
        const Sphere s = sphere_about(box.center(), points);
        ASSERT_FALSE(s.empty());
        EXPECT_EQ(s.center, box.center());
        EXPECT_LE(double(s.radius), 0.51 * double(glm::length(box.extent())) * 1.001);
        for (const glm::vec3& p : points) {
            if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
            EXPECT_LE(glm::length(glm::dvec3(p) - glm::dvec3(s.center)), double(s.radius));
            const float z = coord(rng), y = coord(rng);  // the order GCC drew them in
            const glm::vec3 origin = p + 100.0f * scale * glm::vec3(1.0f, y, z);
            EXPECT_TRUE(intersect_sphere(Ray{origin, p - origin}, s));
        }
    }
    EXPECT_TRUE(sphere_about({0, 0, 0}, std::vector<glm::vec3>{{nan, nan, nan}}).empty());
    EXPECT_TRUE(sphere_about({nan, 0, 0}, std::vector<glm::vec3>{{1, 2, 3}}).empty());
}

TEST(RaySphere, MergeContainsBoth) {
    const Sphere a{{0, 0, 0}, 1.0f}, b{{10, 0, 0}, 2.0f};
    const Sphere m = merge(a, b);
    EXPECT_NEAR(m.radius, 6.5f, 1e-4f);
    EXPECT_NEAR(m.center.x, 5.5f, 1e-4f);
    EXPECT_EQ(merge(a, Sphere{}).radius, a.radius);
    EXPECT_EQ(merge(Sphere{{0, 0, 0}, 5.0f}, a).radius, 5.0f);
}

}  // namespace
}  // namespace picking
