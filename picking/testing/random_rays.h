#pragma once
/// Seeded random rays for tests: origins on a sphere of twice the bounding radius around the
/// box centre, aimed at uniform points inside the box (the bench's "incoherent" rays).

#include <random>
#include <vector>

#include <glm/geometric.hpp>

#include "picking/core/draw_vec3.h"
#include "picking/core/ray.h"

namespace tests {

inline std::vector<picking::Ray> incoherent_rays(glm::vec3 box_min, glm::vec3 box_max,
                                                 unsigned seed, int count) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::normal_distribution<float> n(0.0f, 1.0f);
    const glm::vec3 centre = 0.5f * (box_min + box_max);
    const float radius = 0.5f * glm::length(box_max - box_min);
    std::vector<picking::Ray> rays;
    while (int(rays.size()) < count) {
        const auto dir = picking::draw_vec3<glm::vec3>(n, rng);
        if (glm::length(dir) < 1e-3f) continue;
        const glm::vec3 origin = centre + 2.0f * radius * glm::normalize(dir);
        const glm::vec3 aim = glm::mix(box_min, box_max, picking::draw_vec3<glm::vec3>(u, rng));
        rays.push_back({origin, aim - origin});
    }
    return rays;
}

}  // namespace tests
