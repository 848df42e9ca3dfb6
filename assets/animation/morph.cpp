// Morph targets blended as glTF 2.0 (section 3.7.2.2) and Assimp's relative morphing define it:
// the base mesh plus each target's difference from the base, scaled by its weight.

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "assets/animation/morph.h"

namespace assets {

void apply_morph_targets(std::span<const MorphTarget> targets, std::span<const float> weights,
                         std::span<const glm::vec3> base_positions,
                         std::span<const glm::vec3> base_normals,
                         std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals) {
    const std::size_t count = std::min(base_positions.size(), out_positions.size());
    const bool with_normals = base_normals.size() >= count && out_normals.size() >= count;
    std::copy_n(base_positions.begin(), count, out_positions.begin());
    if (with_normals) std::copy_n(base_normals.begin(), count, out_normals.begin());
    for (std::size_t t = 0; t < targets.size() && t < weights.size(); ++t) {
        const float w = weights[t];
        if (w == 0.0f || !std::isfinite(w)) continue;
        const MorphTarget& target = targets[t];
        const std::size_t n = std::min(count, target.position_deltas.size());
        for (std::size_t v = 0; v < n; ++v)
            out_positions[v] += w * target.position_deltas[v];
        if (with_normals) {
            const std::size_t nn = std::min(count, target.normal_deltas.size());
            for (std::size_t v = 0; v < nn; ++v)
                out_normals[v] += w * target.normal_deltas[v];
        }
    }
    if (with_normals) {
        for (std::size_t v = 0; v < count; ++v) {
            const float length = glm::length(out_normals[v]);
            out_normals[v] = length > 0.0f ? out_normals[v] / length : base_normals[v];
        }
    }
}

}  // namespace assets
