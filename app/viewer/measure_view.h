#pragma once
/// The Measure tool and snapping as the viewer shows them: the measured points joined by lines
/// with their values beside them in the view, the Inspector's Measure section, the snap marker
/// under the cursor (its shape says the kind), and what a scripted run reports.

#include <optional>

#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/measure.h"
#include "app/core/rect.h"
#include "app/core/selection.h"

struct ImDrawList;

namespace app {

/// The point a pick measures from: where it snapped when it did, else the hit; nothing for a
/// miss or an analytic shape.
[[nodiscard]] std::optional<MeasurePoint> measure_point(const Selection& selection);

void draw_measure_overlay(const MeasureTool& tool, const Camera& camera, const Rect& view,
                          ImDrawList& draw_list);
/// The Inspector's Measure section.
void draw_measure_section(MeasureTool& tool);
[[nodiscard]] nlohmann::ordered_json measure_report(const MeasureTool& tool);

/// A marker where a pick snaps: a square on a vertex, a triangle on a midpoint, a diamond on an
/// edge, a ring on a face, with the kind's name beside it.
void draw_snap_marker(const picking::SnapResult& snap, const Camera& camera, const Rect& view,
                      ImDrawList& draw_list);
/// The snap as JSON: kind, point (world, bone space), distance on screen, vertex or edge.
[[nodiscard]] nlohmann::ordered_json snap_json(const picking::SnapResult& snap);

}  // namespace app
