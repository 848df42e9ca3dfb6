#include "app/core/camera.h"

#include <cstring>
#include <random>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include "picking/core/draw_vec3.h"

namespace app {
namespace {

/// Distance from point p to the line of the ray.
float distance_to_ray(const picking::Ray& ray, glm::vec3 p) {
    const glm::vec3 d = glm::normalize(ray.direction);
    const glm::vec3 v = p - ray.origin;
    return glm::length(v - glm::dot(v, d) * d);
}

void expect_round_trip(Projection projection, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    Camera camera;
    camera.projection = projection;
    camera.target = {1.0f, -2.0f, 0.5f};
    camera.distance = 7.0f;
    camera.yaw = 0.9f;
    camera.pitch = -0.3f;
    camera.scene_radius = 4.0f;
    const glm::vec2 window(1280.0f, 720.0f);
    for (int i = 0; i < 500; ++i) {
        const glm::vec3 world = camera.target + 3.0f * picking::draw_vec3<glm::vec3>(u, rng);
        const glm::vec2 cursor = window_from_world(camera, world, window);
        const picking::Ray ray = ray_from_cursor(camera, cursor, window);
        EXPECT_LT(distance_to_ray(ray, world), 1e-4f * camera.distance) << i;
        // The point lies ahead of the origin, and the direction is unit length.
        EXPECT_GT(glm::dot(world - ray.origin, ray.direction), 0.0f);
        EXPECT_NEAR(glm::length(ray.direction), 1.0f, 1e-6f);
    }
}

/// The ray through a cursor position as glm's matrix times the near and the far point gives it,
/// written out here: the oracle for CursorRays and PixelRays.
picking::Ray unprojected(const Camera& camera, glm::vec2 cursor, glm::vec2 window) {
    const float aspect = window.y > 0.0f ? window.x / window.y : 1.0f;
    const glm::dmat4 world_from_clip =
        glm::inverse(glm::dmat4(camera.projection_matrix(aspect)) * glm::dmat4(camera.view()));
    const double x = 2.0 * double(cursor.x) / double(window.x) - 1.0;
    const double y = 1.0 - 2.0 * double(cursor.y) / double(window.y);
    const glm::dvec4 near_h = world_from_clip * glm::dvec4(x, y, -1.0, 1.0);
    const glm::dvec4 far_h = world_from_clip * glm::dvec4(x, y, 1.0, 1.0);
    const glm::dvec3 near_point = glm::dvec3(near_h) / near_h.w;
    const glm::dvec3 far_point = glm::dvec3(far_h) / far_h.w;
    picking::Ray ray;
    ray.direction = glm::vec3(glm::normalize(far_point - near_point));
    ray.origin =
        camera.projection == Projection::Perspective ? camera.eye() : glm::vec3(near_point);
    return ray;
}

bool same_bits(const picking::Ray& a, const picking::Ray& b) {
    return std::memcmp(&a.origin, &b.origin, sizeof a.origin) == 0 &&
           std::memcmp(&a.direction, &b.direction, sizeof a.direction) == 0;
}

TEST(Camera, PixelAndCursorRaysAreTheUnprojectionBitForBit_Seed93) {
    std::mt19937 rng(93);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    const glm::ivec2 sizes[] = {{1, 1}, {7, 3}, {1920, 1080}, {333, 1001}};
    for (int c = 0; c < 24; ++c) {
        Camera camera;
        camera.projection = c % 2 ? Projection::Orthographic : Projection::Perspective;
        camera.target = picking::draw_vec3<glm::vec3>(unit, rng) * 20.0f - 10.0f;
        camera.distance = 0.5f + 30.0f * unit(rng);
        camera.yaw = 6.0f * unit(rng);
        camera.pitch = 2.8f * unit(rng) - 1.4f;
        camera.scene_radius = 0.1f + 10.0f * unit(rng);
        camera.lens_shift = {unit(rng) - 0.5f, unit(rng) - 0.5f};
        const glm::ivec2 size = sizes[c % 4];
        const glm::vec2 window(size);
        const PixelRays pixels(camera, size);
        const CursorRays cursors(camera, window);
        const auto check = [&](int x, int y) {
            const glm::vec2 centre(float(x) + 0.5f, float(y) + 0.5f);
            const picking::Ray expected = unprojected(camera, centre, window);
            EXPECT_TRUE(same_bits(pixels.ray(x, y), expected)) << c << ": " << x << ", " << y;
            EXPECT_TRUE(same_bits(cursors.ray(centre), expected)) << c << ": " << x << ", " << y;
        };
        if (size.x * size.y <= 64) {
            for (int y = 0; y < size.y; ++y)
                for (int x = 0; x < size.x; ++x)
                    check(x, y);
        } else {
            for (int i = 0; i < 500; ++i) {
                const int x = int(unit(rng) * float(size.x - 1));
                const int y = int(unit(rng) * float(size.y - 1));
                check(x, y);
            }
            check(size.x - 1, size.y - 1);
        }
        // A cursor anywhere, not only at a pixel's centre.
        const float cursor_x = unit(rng) * window.x;
        const float cursor_y = unit(rng) * window.y;
        const glm::vec2 cursor(cursor_x, cursor_y);
        EXPECT_TRUE(same_bits(cursors.ray(cursor), unprojected(camera, cursor, window))) << c;
    }
}

TEST(Camera, PerspectiveRoundTrip_Seed1) {
    expect_round_trip(Projection::Perspective, 1);
}
TEST(Camera, OrthographicRoundTrip_Seed2) {
    expect_round_trip(Projection::Orthographic, 2);
}

TEST(Camera, CentreRayGoesThroughTheTarget) {
    for (const Projection p : {Projection::Perspective, Projection::Orthographic}) {
        Camera camera;
        camera.projection = p;
        camera.target = {3, 4, 5};
        const picking::Ray ray = ray_from_cursor(camera, {400, 300}, {800, 600});
        EXPECT_LT(distance_to_ray(ray, camera.target), 1e-5f);
        EXPECT_NEAR(glm::dot(ray.direction, camera.forward()), 1.0f, 1e-6f);
    }
}

// The 3D view is the part of the window the panels leave: its centre looks at the target, and
// a point projected into it comes back on its ray.
TEST(Camera, AViewThatIsPartOfTheWindowCentresTheTargetAndRoundTrips) {
    Camera camera;
    camera.target = {1, 2, 3};
    camera.yaw = 0.3f;
    const Rect view{{250.0f, 22.0f}, {980.0f, 698.0f}};
    const glm::vec2 centre = 0.5f * (view.min + view.max);
    const picking::Ray ray = ray_from_cursor(camera, centre, view);
    EXPECT_LT(distance_to_ray(ray, camera.target), 1e-5f);
    EXPECT_LT(glm::length(window_from_world(camera, camera.target, view) - centre), 1e-3f);
    const glm::vec3 p = camera.target + glm::vec3(0.4f, -0.3f, 0.2f);
    const glm::vec2 at = window_from_world(camera, p, view);
    EXPECT_TRUE(view.contains(at));
    EXPECT_LT(distance_to_ray(ray_from_cursor(camera, at, view), p), 1e-5f);
}

TEST(Camera, PerspectiveRaysStartAtTheEye) {
    Camera camera;
    const picking::Ray ray = ray_from_cursor(camera, {10, 20}, {800, 600});
    EXPECT_LT(glm::length(ray.origin - camera.eye()), 1e-5f);
}

// HiDPI: the ray depends on the cursor's position relative to the window, whatever the scale.
TEST(Camera, ScaleIndependent) {
    Camera camera;
    const picking::Ray a = ray_from_cursor(camera, {200, 150}, {800, 600});
    const picking::Ray b = ray_from_cursor(camera, {400, 300}, {1600, 1200});
    EXPECT_LT(glm::length(a.direction - b.direction), 1e-6f);
}

TEST(Camera, ZoomToCursorKeepsThePointUnderTheCursor) {
    for (const Projection p : {Projection::Perspective, Projection::Orthographic}) {
        Camera camera;
        camera.projection = p;
        camera.scene_radius = 5.0f;
        const glm::vec2 window(800, 600), cursor(610, 140);
        // The point under the cursor on the target's plane...
        const picking::Ray before = ray_from_cursor(camera, cursor, window);
        const float t = glm::dot(camera.target - before.origin, camera.forward()) /
                        glm::dot(before.direction, camera.forward());
        const glm::vec3 anchor = before.at(t);
        camera.zoom_to_cursor(0.5f, cursor, window);
        // ... is still under it after zooming.
        const glm::vec2 after = window_from_world(camera, anchor, window);
        EXPECT_NEAR(after.x, cursor.x, 0.05f);
        EXPECT_NEAR(after.y, cursor.y, 0.05f);
        EXPECT_NEAR(camera.distance, 2.5f, 1e-4f);
    }
}

TEST(Camera, FrameFitsEveryCornerOfTheBox) {
    for (const Projection p : {Projection::Perspective, Projection::Orthographic}) {
        Camera camera;
        camera.projection = p;
        const glm::vec3 lo(-6, -0.5f, -6), hi(6, 3, 6);
        const glm::vec2 window(1280, 720);
        camera.frame(lo, hi, window.x / window.y);
        bool touches_edge = false;
        for (int i = 0; i < 8; ++i) {
            const glm::vec3 c((i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z);
            const glm::vec2 s = window_from_world(camera, c, window);
            EXPECT_GE(s.x, -0.5f);
            EXPECT_LE(s.x, window.x + 0.5f);
            EXPECT_GE(s.y, -0.5f);
            EXPECT_LE(s.y, window.y + 0.5f);
            touches_edge |= s.x < 0.1f * window.x || s.x > 0.9f * window.x ||
                            s.y < 0.1f * window.y || s.y > 0.9f * window.y;
        }
        EXPECT_TRUE(touches_edge) << "framed too loosely";
    }
}

TEST(Camera, FrameIntoARegionFitsTheBoxThereAndKeepsRaysConsistent) {
    // The strip between the Triangle lab's windows at 1280x720: the box must land inside it,
    // centred, and cursor rays must still pass through what is drawn under the cursor.
    const glm::vec2 window(1280, 720);
    const glm::vec2 lo(470, 60), hi(910, 690);
    for (const Projection p : {Projection::Perspective, Projection::Orthographic}) {
        Camera camera;
        camera.projection = p;
        const glm::vec3 box_lo(-10, 0, -1), box_hi(10, 4, 5);
        camera.frame(box_lo, box_hi, window.x / window.y, lo / window, hi / window);
        bool near_edge = false;
        for (int i = 0; i < 8; ++i) {
            const glm::vec3 c((i & 1) ? box_hi.x : box_lo.x, (i & 2) ? box_hi.y : box_lo.y,
                              (i & 4) ? box_hi.z : box_lo.z);
            const glm::vec2 s = window_from_world(camera, c, window);
            EXPECT_GE(s.x, lo.x - 0.5f);
            EXPECT_LE(s.x, hi.x + 0.5f);
            EXPECT_GE(s.y, lo.y - 0.5f);
            EXPECT_LE(s.y, hi.y + 0.5f);
            near_edge |= s.x < lo.x + 0.1f * (hi.x - lo.x) || s.x > hi.x - 0.1f * (hi.x - lo.x);
            // The ray through that pixel passes through the corner.
            const picking::Ray ray = ray_from_cursor(camera, s, window);
            const glm::vec3 to = c - ray.origin;
            const float along = glm::dot(to, ray.direction);
            EXPECT_LT(glm::length(to - along * ray.direction), 1e-3f * glm::length(to) + 1e-4f);
        }
        EXPECT_TRUE(near_edge) << "framed too loosely";
        const glm::vec2 centre = window_from_world(camera, camera.target, window);
        EXPECT_NEAR(centre.x, 0.5f * (lo.x + hi.x), 0.5f);
        EXPECT_NEAR(centre.y, 0.5f * (lo.y + hi.y), 0.5f);
        // Framing the whole window again puts the target back in the middle.
        camera.frame(box_lo, box_hi, window.x / window.y);
        EXPECT_EQ(camera.lens_shift, glm::vec2(0.0f));
    }
}

TEST(Camera, PitchIsClampedAndPanMovesTheTarget) {
    Camera camera;
    camera.orbit(0.0f, 10.0f);
    EXPECT_LT(camera.pitch, glm::radians(89.5f));
    const glm::vec3 before = camera.target;
    camera.pan({100, 0}, {800, 600});
    EXPECT_GT(glm::length(camera.target - before), 0.0f);
}

}  // namespace
}  // namespace app
