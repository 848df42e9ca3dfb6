#include "app/core/neighbourhood.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <glm/geometric.hpp>

namespace app {

std::vector<std::uint32_t> nearest_triangles(std::span<const glm::vec3> positions,
                                             std::span<const std::uint32_t> indices,
                                             glm::vec3 point, std::size_t max_count) {
    const std::size_t triangles = indices.size() / 3;
    std::vector<std::pair<float, std::uint32_t>> by_distance;
    by_distance.reserve(triangles);
    for (std::size_t t = 0; t < triangles; ++t) {
        const std::uint32_t a = indices[3 * t], b = indices[3 * t + 1], c = indices[3 * t + 2];
        if (a >= positions.size() || b >= positions.size() || c >= positions.size()) continue;
        const glm::vec3 centroid = (positions[a] + positions[b] + positions[c]) / 3.0f;
        const glm::vec3 d = centroid - point;
        const float distance2 = glm::dot(d, d);
        if (!std::isfinite(distance2)) continue;
        by_distance.emplace_back(distance2, std::uint32_t(t));
    }
    const std::size_t kept = std::min(max_count, by_distance.size());
    // Pairs order by distance, then by triangle number: ties keep the mesh's order.
    std::partial_sort(by_distance.begin(), by_distance.begin() + std::ptrdiff_t(kept),
                      by_distance.end());
    std::vector<std::uint32_t> nearest(kept);
    for (std::size_t i = 0; i < kept; ++i)
        nearest[i] = by_distance[i].second;
    return nearest;
}

}  // namespace app
