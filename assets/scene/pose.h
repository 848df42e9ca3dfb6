#pragma once
/// A scene posed at one moment: every node's transforms and the morph weights of the meshes it
/// draws. Picking and drawing both read the same Pose, so they see the same model.

#include <vector>

#include <glm/mat4x4.hpp>

#include "assets/scene/scene.h"

namespace assets {

struct Pose {
    std::vector<glm::mat4> local;  ///< parent_from_node, per node
    std::vector<glm::mat4> world;  ///< world_from_node, per node
    /// Per node: the weights of the morph targets of the meshes it draws; empty when no clip
    /// drives them (the targets' default weights apply).
    std::vector<std::vector<float>> morph_weights;
};

/// The rest pose: every node's own local transform, default morph weights. With raw vertices,
/// this is the bind pose that naive picking hits.
[[nodiscard]] Pose rest_pose(const Scene& scene);

/// `clip` at `time_seconds` (wrapped into the clip when `loop`); the rest pose for a null clip.
[[nodiscard]] Pose evaluate_pose(const Scene& scene, const AnimationClip* clip, double time_seconds,
                                 bool loop);

}  // namespace assets
