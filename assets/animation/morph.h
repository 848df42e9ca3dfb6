#pragma once
/// Morph targets (blend shapes, Assimp's aiAnimMesh): each target moves every vertex by a delta,
/// scaled by the target's weight: p = p_base + sum_i w_i * (p_target_i - p_base).

#include <span>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

namespace assets {

struct MorphTarget {
    std::string name;
    std::vector<glm::vec3> position_deltas;  ///< one per vertex
    std::vector<glm::vec3> normal_deltas;    ///< one per vertex, or empty
    float default_weight = 0.0f;             ///< the weight when no animation drives it
};

/// Blends `targets` with `weights` (missing weights count as 0) over the base vertices.
/// `out_normals` may be empty; when filled, the blended normals are renormalised.
void apply_morph_targets(std::span<const MorphTarget> targets, std::span<const float> weights,
                         std::span<const glm::vec3> base_positions,
                         std::span<const glm::vec3> base_normals,
                         std::span<glm::vec3> out_positions, std::span<glm::vec3> out_normals);

}  // namespace assets
