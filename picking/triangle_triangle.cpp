#include "picking/triangle_triangle.h"

namespace picking {

const TriTriAlgorithm* find_tri_tri_algorithm(std::string_view name) {
    for (const auto& algorithm : kTriTriAlgorithms)
        if (algorithm.name == name) return &algorithm;
    return nullptr;
}

const TriTriAlgorithm& tri_tri_algorithm(TriTriMethod method) {
    for (const auto& algorithm : kTriTriAlgorithms)
        if (algorithm.method == method) return algorithm;
    return kTriTriAlgorithms.front();
}

}  // namespace picking
