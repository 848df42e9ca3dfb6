#pragma once
/// The built-in scene shown when no model is given: made in code, no downloaded assets.

#include "assets/scene/scene.h"

namespace assets {

/// A terrain patch, a few solid shapes, a small articulated arm whose joints rotate and whose
/// parts are unit meshes under non-uniformly scaled nodes, and a tentacle skinned to a chain of
/// bones (clip "arm_wave", looping): a scene where moving the ray into each mesh's bone space,
/// and skinning what cannot be moved by one matrix, visibly matter.
[[nodiscard]] Scene make_default_scene();

/// The terrain's height at (x, z), for probes and tests.
[[nodiscard]] float default_terrain_height(float x, float z);

}  // namespace assets
