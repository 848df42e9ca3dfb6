#pragma once
/// A pick as the viewer keeps it: the hit, the ray that found it, and what the ID buffer saw.

#include <optional>

#include "picking/scene_pick.h"

namespace app {

struct Selection {
    std::uint64_t serial = 0;  ///< counts picks, so views can tell a new pick from an old one
    picking::Ray ray;
    glm::vec2 cursor_window{0.0f};  ///< where the ray went through the window
    picking::PickResult result;
    picking::PickSettings settings;
    /// The hit instance's world_from_mesh when it was picked (the pose may move on).
    glm::mat4 world_from_mesh{1.0f};
    /// The same ray against the bind pose, when that switch is on: the classic wrong answer.
    std::optional<picking::PickResult> bind_result;
    /// The GPU's answer at the same pixel (instance, triangle), when it was read.
    std::optional<std::pair<std::uint32_t, std::uint32_t>> id_buffer;
    /// Or the analytic shape the GPU drew at that pixel.
    std::optional<std::uint32_t> id_buffer_shape;
    bool id_buffer_read = false;

    [[nodiscard]] bool hit() const { return result.hit.has_value(); }
};

}  // namespace app
