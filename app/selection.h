#pragma once
/// A pick as the viewer keeps it: the hit, the ray that found it, and what the ID buffer saw.

#include <optional>

#include "picking/scene_pick.h"

namespace app {

struct Selection {
    picking::Ray ray;
    glm::vec2 cursor_window{0.0f};  ///< where the ray went through the window
    picking::PickResult result;
    picking::PickSettings settings;
    /// The GPU's answer at the same pixel (instance, triangle), when it was read.
    std::optional<std::pair<std::uint32_t, std::uint32_t>> id_buffer;
    bool id_buffer_read = false;

    [[nodiscard]] bool hit() const { return result.hit.has_value(); }
};

}  // namespace app
