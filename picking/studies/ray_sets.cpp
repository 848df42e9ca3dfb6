#include "picking/studies/ray_sets.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include <glm/geometric.hpp>

#include "picking/core/draw_vec3.h"

namespace picking {

namespace {

/// The box's bounding radius, never zero: a flat or point-like model still gets a sphere.
float shooting_radius(const Aabb& box) {
    return std::max(box.radius(), 1e-6f * (1.0f + glm::length(box.center())));
}

}  // namespace

std::vector<Ray> incoherent_rays(const Aabb& box, std::size_t count, unsigned seed,
                                 int inside_every) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::normal_distribution<float> n(0.0f, 1.0f);
    const glm::vec3 centre = box.center();
    const float radius = shooting_radius(box);
    std::vector<Ray> rays;
    rays.reserve(count);
    while (rays.size() < count) {
        // A normalised Gaussian vector is uniform on the sphere.
        const auto dir = draw_vec3<glm::vec3>(n, rng);
        if (glm::length(dir) < 1e-3f) continue;
        const glm::vec3 origin = centre + 2.0f * radius * glm::normalize(dir);
        const glm::vec3 aim = glm::mix(box.min, box.max, draw_vec3<glm::vec3>(u, rng));
        if (aim == origin) continue;
        rays.push_back({origin, aim - origin});
        if (inside_every > 0 && rays.size() % std::size_t(inside_every) == 0)
            rays.back().origin = aim + 0.3f * (origin - aim) * u(rng);
    }
    return rays;
}

std::vector<Ray> primary_rays(const Aabb& box, glm::ivec2 size_px) {
    const glm::vec3 centre = box.center();
    const float radius = shooting_radius(box);
    constexpr float kFov = std::numbers::pi_v<float> / 3.0f;  // 60 degrees
    const float distance = radius / std::sin(0.5f * kFov);
    const glm::vec3 eye = centre + glm::vec3(0.0f, 0.0f, distance);
    // Half the smaller side spans tan(fov / 2) at unit distance; pixels are square.
    const float half_side = std::tan(0.5f * kFov);
    const float pixel = 2.0f * half_side / float(std::min(size_px.x, size_px.y));
    std::vector<Ray> rays;
    rays.reserve(std::size_t(size_px.x) * std::size_t(size_px.y));
    for (int y = 0; y < size_px.y; ++y)
        for (int x = 0; x < size_px.x; ++x) {
            const float px = (float(x) + 0.5f - 0.5f * float(size_px.x)) * pixel;
            const float py = (0.5f * float(size_px.y) - float(y) - 0.5f) * pixel;
            rays.push_back({eye, glm::normalize(glm::vec3(px, py, -1.0f))});
        }
    return rays;
}

std::vector<Ray> tile_order(const std::vector<Ray>& rays, glm::ivec2 size_px, int tile) {
    std::vector<Ray> tiled;
    tiled.reserve(rays.size());
    const int step = std::max(tile, 1);
    for (int ty = 0; ty < size_px.y; ty += step)
        for (int tx = 0; tx < size_px.x; tx += step)
            for (int y = ty; y < std::min(ty + step, size_px.y); ++y)
                for (int x = tx; x < std::min(tx + step, size_px.x); ++x) {
                    const std::size_t i = std::size_t(y) * std::size_t(size_px.x) + std::size_t(x);
                    if (i < rays.size()) tiled.push_back(rays[i]);
                }
    return tiled;
}

}  // namespace picking
