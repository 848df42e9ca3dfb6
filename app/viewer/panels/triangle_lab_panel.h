#pragma once
/// The Triangle lab's panels: presets for the seed's nine cases, the six corners to edit, every
/// algorithm's answer, and what each computed on the way (seed 003's c_i, T0 T1 and (a, b) with
/// a plot of the unit triangle; Möller's intervals; Guigue–Devillers' orientation signs).

#include <cstdint>

#include <glm/vec4.hpp>

#include "app/core/triangle_lab.h"

namespace app {

/// The colours the lab draws V and Q in, in the panel and in the 3D view.
inline constexpr glm::vec4 kLabColorV{0.30f, 0.62f, 1.00f, 1.0f};
inline constexpr glm::vec4 kLabColorQ{1.00f, 0.58f, 0.20f, 1.0f};
inline constexpr glm::vec4 kLabColorSegment{0.20f, 1.00f, 0.45f, 1.0f};

struct TriangleLabPanelState {
    std::uint64_t random_count = 0;  ///< how many random pairs were asked for
    int grabbed_corner = -1;         ///< the corner being dragged in the view, or -1
};

struct TriangleLabPanelAction {
    bool frame = false;  ///< the pair was replaced: frame the camera on it
};

/// The presets, the corners, every algorithm's answer and their steps (the Inspector).
[[nodiscard]] TriangleLabPanelAction draw_triangle_lab_panel(TriangleLab& lab,
                                                             TriangleLabPanelState& state);
/// The pictures (the Tools area): V's plane in (a, b) with seed 003's points, and Möller's
/// intervals on the planes' common line.
void draw_triangle_lab_pictures(const TriangleLab& lab);

}  // namespace app
