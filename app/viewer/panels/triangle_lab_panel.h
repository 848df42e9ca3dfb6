#pragma once
/// The Triangle lab panel: presets for the seed's nine cases, the six corners to edit, every
/// algorithm's answer, and what each computed on the way (seed 003's c_i, T0 T1 and (a, b) with
/// a plot of the unit triangle; Möller's intervals; Guigue–Devillers' orientation signs).

#include <cstdint>

#include <glm/vec4.hpp>

#include "app/core/triangle_lab.h"
#include "app/viewer/panels/panel_window.h"

namespace app {

/// The colours the lab draws V and Q in, in the panel and in the 3D view.
inline constexpr glm::vec4 kLabColorV{0.30f, 0.62f, 1.00f, 1.0f};
inline constexpr glm::vec4 kLabColorQ{1.00f, 0.58f, 0.20f, 1.0f};
inline constexpr glm::vec4 kLabColorSegment{0.20f, 1.00f, 0.45f, 1.0f};

/// Where the lab's two windows open (window pixels): the panel on the left, the pictures on
/// the right, below the View window; the 3D view is framed in the strip between them.
inline constexpr float kLabWindowMargin = 10.0f;
inline constexpr float kLabWindowWidth = 430.0f;
inline constexpr float kLabPicturesWidth = 320.0f;  ///< as wide as the View window above
inline constexpr float kLabPicturesTop = 270.0f;

struct TriangleLabPanelState {
    std::uint64_t random_count = 0;  ///< how many random pairs were asked for
    int grabbed_corner = -1;         ///< the corner being dragged in the view, or -1
    PanelWindow panel, pictures;     ///< where the two windows were last drawn
};

struct TriangleLabPanelAction {
    bool frame = false;  ///< the pair was replaced: frame the camera on it
};

[[nodiscard]] TriangleLabPanelAction draw_triangle_lab_panel(TriangleLab& lab,
                                                             TriangleLabPanelState& state);

}  // namespace app
