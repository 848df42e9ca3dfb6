#pragma once
/// What the viewer is for right now: picking (the default), mesh–mesh contact, or the Triangle
/// lab; the menu bar's tabs switch between them.

#include <optional>
#include <string_view>

namespace app {

enum class ViewerMode { Pick, Collide, TriangleLab };

/// "pick", "collide", "lab" (the --mode names).
[[nodiscard]] std::string_view mode_name(ViewerMode mode);
[[nodiscard]] std::optional<ViewerMode> find_mode(std::string_view name);
/// "Pick", "Collide", "Triangle lab" (the tabs' labels).
[[nodiscard]] std::string_view mode_label(ViewerMode mode);
/// One line on what the mode is for (the tabs' tooltips).
[[nodiscard]] std::string_view mode_description(ViewerMode mode);

}  // namespace app
