#pragma once
/// A tapered tube along +Y, skinned to a chain of bones: the default scene's tentacle and the
/// skinning benchmark's mesh. Made in code, so tests know every weight and offset.

#include <cstdint>
#include <string>
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
};

/// Triangles of a tube with these options: two per side per ring, plus the two caps.
[[nodiscard]] std::size_t skinned_tube_triangles(const SkinnedTubeOptions& options);

/// Adds the tube under node `parent`: a node `name` (at `local`) that draws the mesh, and a chain
/// of `options.bones` nodes "<name>_bone<i>" below it, each length / bones above the previous:
/// the bind pose is the straight tube. Each vertex follows the two joints nearest its height,
/// blended smoothly. Returns the bone nodes, base first.
std::vector<std::uint32_t> add_skinned_tube(Scene& scene, std::uint32_t parent,
                                            const std::string& name, const glm::mat4& local,
                                            const SkinnedTubeOptions& options, glm::vec3 color);

/// Adds channels to `clip` that sway the chain `bones` in a travelling wave: every joint turns
/// about Z and X by up to `degrees`, one `period_seconds` wave, phase-shifted along the chain,
/// keyed every 1/4 s over the clip (which must have its duration and ticks per second set).
void add_tube_wave(AnimationClip& clip, const Scene& scene, const std::vector<std::uint32_t>& bones,
                   float degrees, double period_seconds);

}  // namespace assets
