#include "picking/ray_triangle.h"

namespace picking {

const RayTriangleAlgorithm* find_ray_triangle_algorithm(std::string_view name) {
    for (const auto& algorithm : kRayTriangleAlgorithms)
        if (algorithm.name == name) return &algorithm;
    return nullptr;
}

const RayTriangleAlgorithm& ray_triangle_algorithm(RayTriangleMethod method) {
    for (const auto& algorithm : kRayTriangleAlgorithms)
        if (algorithm.method == method) return algorithm;
    return kRayTriangleAlgorithms.front();
}

}  // namespace picking
