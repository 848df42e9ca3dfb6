#pragma once
/// What the viewer is for right now: picking (the default), mesh–mesh contact, or the Triangle
/// lab; a small bar at the top of the window switches between them.

#include <optional>
#include <string_view>

namespace app {

enum class ViewerMode { Pick, Collide, TriangleLab };

/// "pick", "collide", "lab" (the --mode names).
[[nodiscard]] std::string_view mode_name(ViewerMode mode);
[[nodiscard]] std::optional<ViewerMode> find_mode(std::string_view name);

/// Draws the bar; returns the mode chosen there (the same one when nothing changed).
[[nodiscard]] ViewerMode draw_mode_panel(ViewerMode mode);

}  // namespace app
