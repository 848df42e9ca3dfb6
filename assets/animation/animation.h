#pragma once
/// Node animation as Assimp delivers it (aiAnimation): clips of position, rotation and scale
/// keys per node with pre/post states, morph-target weight keys per node, and the pose at a time.

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
    Default,   ///< use the node's own rest transform (Assimp: "the default node transformation")
    Constant,  ///< hold the nearest key
    Linear,    ///< extend the first/last segment
    Repeat,    ///< wrap around
};

/// One node's keys. Positions and scales interpolate linearly, rotations by slerp along the
/// shorter arc; keys are sorted by time (the loader sorts them). A component without keys keeps
/// the node's rest value.
struct NodeChannel {
    std::uint32_t node = 0;
    std::vector<VectorKey> positions;
    std::vector<RotationKey> rotations;
    std::vector<VectorKey> scales;
    Extrapolation pre_state = Extrapolation::Constant;
    Extrapolation post_state = Extrapolation::Constant;
};

/// Morph-target weights at one time: one weight per target of the meshes the node draws.
struct MorphKey {
    double time = 0.0;  ///< in ticks
    std::vector<float> weights;
};

/// Weights for the morph targets of every mesh drawn at `node` (Assimp's aiMeshMorphAnim),
/// interpolated linearly and held outside the keys.
struct MorphChannel {
    std::uint32_t node = 0;
    std::vector<MorphKey> keys;
};

struct AnimationClip {
    std::string name;
    double duration_ticks = 0.0;
    double ticks_per_second = 25.0;  ///< Assimp's default when a file gives none
    std::vector<NodeChannel> channels;
    std::vector<MorphChannel> morph_channels;

    [[nodiscard]] double duration_seconds() const {
        return ticks_per_second > 0.0 ? duration_ticks / ticks_per_second : 0.0;
    }
};

/// The clip time in ticks for `time_seconds`: wrapped into [0, duration) when `loop` (and the
/// clip has a duration); 0 for a non-finite time.
[[nodiscard]] double clip_ticks(const AnimationClip& clip, double time_seconds, bool loop);

/// Every node's local transform at `time_seconds` of `clip` (wrapped into the clip when
/// `loop`), starting from `rest_local` for nodes the clip does not animate.
[[nodiscard]] std::vector<glm::mat4> evaluate_clip(const AnimationClip& clip,
                                                   const std::vector<glm::mat4>& rest_local,
                                                   double time_seconds, bool loop);

/// The morph weights `channel` gives at `ticks` (linear between keys, held outside them).
[[nodiscard]] std::vector<float> evaluate_morph_channel(const MorphChannel& channel, double ticks);

}  // namespace assets
