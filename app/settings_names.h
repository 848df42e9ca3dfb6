#pragma once
/// Names used on the command line and in JSON for algorithms and broad phases.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "picking/scene_pick.h"

namespace app {

/// The broad phases this build offers, in the order the UI lists them.
[[nodiscard]] const std::vector<std::string_view>& accel_names();
/// "none" (or "none | sphere | ...").
[[nodiscard]] std::string accel_names_text();
/// Fills `settings` from CLI names; returns an error message for an unknown name.
[[nodiscard]] std::optional<std::string> parse_pick_settings(std::string_view algorithm,
                                                             std::string_view accel,
                                                             picking::PickSettings& settings);

}  // namespace app
