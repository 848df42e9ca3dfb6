#pragma once
/// Node animation: clips of position, rotation and scale keys per node, and the pose at a time.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace assets {

struct VectorKey {
    double time = 0.0;  ///< in ticks
    glm::vec3 value{0.0f};
};

struct RotationKey {
    double time = 0.0;  ///< in ticks
    glm::quat value{1.0f, 0.0f, 0.0f, 0.0f};
};

/// What a channel does outside its keys (Assimp's aiAnimBehaviour).
enum class Extrapolation {
    Default,   ///< use the node's own rest transform
    Constant,  ///< hold the nearest key
    Linear,    ///< extend the first/last segment
    Repeat,    ///< wrap around
};

struct NodeChannel {
    std::uint32_t node = 0;
    std::vector<VectorKey> positions;
    std::vector<RotationKey> rotations;
    std::vector<VectorKey> scales;
    Extrapolation pre_state = Extrapolation::Constant;
    Extrapolation post_state = Extrapolation::Constant;
};

struct AnimationClip {
    std::string name;
    double duration_ticks = 0.0;
    double ticks_per_second = 25.0;  ///< Assimp's default when a file gives none
    std::vector<NodeChannel> channels;

    [[nodiscard]] double duration_seconds() const {
        return ticks_per_second > 0.0 ? duration_ticks / ticks_per_second : 0.0;
    }
};

/// Every node's local transform at `time_seconds` of `clip` (wrapped into the clip when
/// `loop`), starting from `rest_local` for nodes the clip does not animate.
[[nodiscard]] std::vector<glm::mat4> evaluate_clip(const AnimationClip& clip,
                                                   const std::vector<glm::mat4>& rest_local,
                                                   double time_seconds, bool loop);

}  // namespace assets
