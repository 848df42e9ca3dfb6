#pragma once
/// A tapered tube along +Y, skinned to a chain of bones: the default scene's tentacle and the
/// skinning benchmark's mesh. Made in code, so tests know every weight and offset.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "assets/scene/scene.h"

namespace assets {

struct SkinnedTubeOptions {
    float length = 2.0f;
    float base_radius = 0.15f;
    float tip_radius = 0.05f;
    int rings = 40;  ///< segments along the length (rings + 1 vertex rings)
    int sides = 16;  ///< vertices around
    int bones = 6;   ///< joints in the chain, evenly spaced from the base
    /// Joints each vertex follows. 2 (or fewer): the two whose centres bracket it, blended by a
    /// smoothstep (weights sum to 1). More: the nearest ones (all of them when the chain is
    /// shorter), weighted by a Gaussian of the distance to each centre, unnormalised as an
    /// artist's weights may be.
    int joints_per_vertex = 2;
};

/// Triangles of a tube with these options: two per side per ring, plus the two caps.
[[nodiscard]] std::size_t skinned_tube_triangles(const SkinnedTubeOptions& options);

/// The joints (chain indices, base first) and authored weights of a tube vertex at `height`
/// above the base: what add_skinned_tube() gives the skin before normalising.
[[nodiscard]] std::vector<std::pair<std::uint32_t, float>> skinned_tube_influences(
    const SkinnedTubeOptions& options, float height);

/// Adds the tube under node `parent`: a node `name` (at `local`) that draws the mesh, and a chain
/// of `options.bones` nodes "<name>_bone<i>" below it, each length / bones above the previous:
/// the bind pose is the straight tube. Each vertex follows the joints nearest its height
/// (skinned_tube_influences()), blended smoothly. Returns the bone nodes, base first.
std::vector<std::uint32_t> add_skinned_tube(Scene& scene, std::uint32_t parent,
                                            const std::string& name, const glm::mat4& local,
                                            const SkinnedTubeOptions& options, glm::vec3 color);

/// Adds channels to `clip` that sway the chain `bones` in a travelling wave: every joint turns
/// about Z and X by up to `degrees`, one `period_seconds` wave, phase-shifted along the chain,
/// keyed every 1/4 s over the clip (which must have its duration and ticks per second set).
void add_tube_wave(AnimationClip& clip, const Scene& scene, const std::vector<std::uint32_t>& bones,
                   float degrees, double period_seconds);

}  // namespace assets
