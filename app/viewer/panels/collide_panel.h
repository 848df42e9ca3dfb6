#pragma once
/// The Collide panel: which two instances (or one and a copy of itself), where the moving one
/// is (sliders; Ctrl-drag and Shift-drag in the view do the same), the triangle–triangle
/// algorithm, and what the last query found: the count, the candidates, the time.

#include <glm/vec4.hpp>

#include "app/core/collide_state.h"

namespace app {

/// Colours of Collide mode: A's and B's intersecting triangles and the contact segments.
inline constexpr glm::vec4 kCollideColorA{0.95f, 0.25f, 0.85f, 1.0f};
inline constexpr glm::vec4 kCollideColorB{0.25f, 0.80f, 1.00f, 1.0f};
inline constexpr glm::vec4 kCollideColorSegment{1.00f, 0.95f, 0.20f, 1.0f};

struct CollidePanelState {
    bool show_triangles = true;
    bool show_segments = true;
};

void draw_collide_panel(CollideState& state, CollidePanelState& panel, const SceneSession& session);

}  // namespace app
