#pragma once
/// What the Algorithms window shows, as JSON for scripted runs (--panel ... --screenshot).

#include <nlohmann/json.hpp>

#include "app/viewer/panels/algorithms_panel.h"

namespace app {

/// {"tab", "visible", "compare": [{"algorithm", "hit", "triangle", "t", "agrees",
///  "t_ulps", ...}], "all_hits": {"count", "near_duplicates"}, "leaks": [...], "far": {...}}
[[nodiscard]] nlohmann::ordered_json algorithms_panel_to_json(const AlgorithmsPanelState& state,
                                                              const SceneSession& session);

}  // namespace app
