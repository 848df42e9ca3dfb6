#pragma once
/// The cost heatmap's key: its colours from no work to the cost at the top of its scale, and
/// what that cost counts. The Acceleration panel shows it under its switch; while the picture
/// covers the view, a small key sits in the view's lower left corner, so that the colours
/// explain themselves without the panel.

#include <imgui.h>

#include "app/core/rect.h"
#include "app/viewer/panels/panels.h"

namespace app {

/// The heatmap's colour scale as a bar from `at`, `size` pixels, into `draw`.
void draw_heat_gradient(ImDrawList* draw, ImVec2 at, ImVec2 size);

/// What one unit of the picture's cost is: BVH nodes + triangles tested, or nanoseconds for
/// Embree (which counts no work: its picture is timed); per pixel, or per ray of a 4x4 packet.
[[nodiscard]] const char* heatmap_cost_words(const AccelStatus& status);

/// The key over the view's lower left corner (no input; the picture's own pixels elsewhere).
void draw_heatmap_key(const AccelStatus& status, const Rect& view);

}  // namespace app
