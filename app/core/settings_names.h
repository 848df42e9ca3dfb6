#pragma once
/// Names used on the command line and in JSON for algorithms and accelerations.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace app {

/// What `--accel` chooses: picking's broad phases, and the peers this build can compare with.
enum class Accel {
    None,          ///< every triangle
    Sphere,        ///< XNA's bounding spheres per node, then per mesh part (seed 001)
    Aabb,          ///< a box per mesh with the slab test (seed 002)
    Bvh,           ///< eight-wide BVHs per mesh under a top level over instances
    Embree,        ///< Embree 3's rtcIntersect1, default mode (only when built with Embree)
    EmbreeRobust,  ///< the same with RTC_SCENE_FLAG_ROBUST (watertight, slower)
};

/// The accelerations this build offers, in the order the UI lists them.
[[nodiscard]] const std::vector<std::string_view>& accel_names();
/// "none | sphere | ...".
[[nodiscard]] std::string accel_names_text();
[[nodiscard]] std::optional<Accel> find_accel(std::string_view name);
[[nodiscard]] std::string_view accel_name(Accel accel);
/// One line for tooltips and help.
[[nodiscard]] std::string_view accel_description(Accel accel);
/// Embree's accels pick outside picking/; the others are broad phases of picking::pick.
[[nodiscard]] bool is_peer(Accel accel);

}  // namespace app
