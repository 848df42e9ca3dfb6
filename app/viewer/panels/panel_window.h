#pragma once
/// Where a panel's window is on screen, and requests to fold or unfold it: the viewer frames
/// its 3D view beside the panels, folds the scene panels in Collide mode, and reports the
/// windows in a scripted run's JSON.

#include <optional>

#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

namespace app {

struct PanelWindow {
    glm::vec2 min{0.0f}, max{0.0f};    ///< its rectangle when last drawn, in window pixels
    bool collapsed = false;            ///< folded to its title bar when last drawn
    bool drawn = false;                ///< drawn at least once
    std::optional<bool> fold;          ///< fold (true) or unfold it the next time it is drawn
    std::optional<glm::vec2> move_to;  ///< put its top left corner there the next time
};

/// Before ImGui::Begin: applies pending fold and move requests.
void prepare_panel_window(PanelWindow& window);
/// Between ImGui::Begin and ImGui::End (whatever Begin returned): records where it is.
void record_panel_window(PanelWindow& window);

/// {"rect": [x0, y0, x1, y1], "collapsed": bool}
[[nodiscard]] nlohmann::ordered_json panel_window_json(const PanelWindow& window);

}  // namespace app
