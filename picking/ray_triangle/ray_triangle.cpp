#include "picking/ray_triangle/ray_triangle.h"

#include <string>

namespace picking {

const RayTriangleAlgorithm* find_ray_triangle_algorithm(std::string_view name) {
    for (const auto& algorithm : kRayTriangleAlgorithms)
        if (algorithm.name == name) return &algorithm;
    return nullptr;
}

const RayTriangleAlgorithm& ray_triangle_algorithm(RayTriangleMethod method) {
    // The table lists the methods in enum order: a pick looks its algorithm up per ray.
    const auto index = std::size_t(method);
    if (index < kRayTriangleAlgorithms.size() && kRayTriangleAlgorithms[index].method == method)
        return kRayTriangleAlgorithms[index];
    for (const auto& algorithm : kRayTriangleAlgorithms)
        if (algorithm.method == method) return algorithm;
    return kRayTriangleAlgorithms.front();
}

std::string_view ray_triangle_algorithm_names() {
    static const std::string names = [] {
        std::string text;
        for (const auto& algorithm : kRayTriangleAlgorithms) {
            if (!text.empty()) text += ", ";
            text += algorithm.name;
        }
        return text;
    }();
    return names;
}

std::string_view edge_rule_name(EdgeRule rule) {
    switch (rule) {
        case EdgeRule::Inclusive:
            return "edges inclusive";
        case EdgeRule::Strict:
            return "edges excluded";
        case EdgeRule::HalfOpen:
            return "half-open edges";
    }
    return "";
}

}  // namespace picking
