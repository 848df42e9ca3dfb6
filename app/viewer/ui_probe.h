#pragma once
/// Where the widgets a test may click were drawn this frame, by name ("Pick/broad phase",
/// "Pick/broad phase/bvh"): tests that drive the real window with real input events (XTest)
/// read them from the UI trace (--ui-trace) instead of guessing pixel positions. Off unless the
/// viewer turns it on; a name recorded twice in a frame keeps the last rectangle. Items of a
/// window's first frame are left out: ImGui only measures a window then (a popup is hidden).

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace app::ui_probe {

void enable(bool on);
[[nodiscard]] bool enabled();
/// Forgets the last frame's rectangles (called once per frame, before the panels).
void begin_frame();
/// Records the last ImGui item's rectangle (window pixels) under `name`.
void item(std::string_view name);
/// Records the rectangle of the combo box drawn next (call just before BeginCombo: once the
/// combo is open, the last item is inside its popup).
void next_combo(std::string_view name);
/// {"name": [x0, y0, x1, y1], ...} of this frame.
[[nodiscard]] nlohmann::ordered_json items_json();

}  // namespace app::ui_probe
