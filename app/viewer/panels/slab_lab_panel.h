#pragma once
/// The Slab lab's Tools tab: seed 002's slab test worked step by step on a box and a ray the
/// user edits or takes from a preset, beside the robust test and the exact answer: the presets
/// and their lessons, the inputs (typed, so an exact 0 or an exact plane coordinate is easy),
/// the three verdicts, each axis's plane t values, a 1D chart of the slabs' intervals along
/// the ray, and the box and the ray seen along one axis.

#include <glm/vec4.hpp>

#include "app/core/slab_lab.h"

namespace app {

/// The colours of the x, y and z slabs, in the chart and the picture (the GUI test looks for
/// them).
inline constexpr glm::vec4 kSlabColorX{0.92f, 0.33f, 0.31f, 1.0f};
inline constexpr glm::vec4 kSlabColorY{0.36f, 0.80f, 0.36f, 1.0f};
inline constexpr glm::vec4 kSlabColorZ{0.36f, 0.56f, 1.00f, 1.0f};

struct SlabLabPanelState {
    int picture_axis = 2;       ///< the 2D picture looks along this axis (shows the other two)
    bool refused_edit = false;  ///< the last edit held a non-finite number
};

void draw_slab_lab_panel(SlabLab& lab, SlabLabPanelState& state);

}  // namespace app
