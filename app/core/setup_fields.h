#pragma once
/// The parts of a setup that pick records, selection records and session files write alike: the
/// camera with every field its projection and view use, and the pick's settings with every
/// option and tolerance. Floats as exact bits beside the decimal (record_fields.h); the readers
/// are strict and name the bad field.

#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/pick_choice.h"
#include "app/core/record_fields.h"

namespace app {

/// {"projection", "target", "distance", "yaw", "pitch", "fov_y", "scene_radius", "lens_shift"}
[[nodiscard]] nlohmann::ordered_json camera_json(const Camera& camera);
/// What camera_json writes; a distance, field of view or radius that is not finite and > 0, or
/// a field of view of pi or more, is refused.
[[nodiscard]] Camera read_camera(FieldReader reader);

/// The algorithm, the accel, the space, culling, the seeds' quirks and tolerances, the shapes'
/// forms, SIMD and precomputation (never record_visited: a drawing aid, not an input).
[[nodiscard]] nlohmann::ordered_json pick_settings_json(const PickChoice& choice);
/// What pick_settings_json writes, valid as `raypick pick` takes it (tolerances finite, >= 0).
[[nodiscard]] PickChoice read_pick_settings(FieldReader reader);

}  // namespace app
