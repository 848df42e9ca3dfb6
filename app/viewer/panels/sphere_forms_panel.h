#pragma once
/// Tools > Sphere forms: seed 002's ray–sphere quadratic in its four forms side by side, at one
/// setting (a table of the seed's a, b, c, h, each form's discriminant and roots, and their
/// errors against the exact solve) and over distance / radius (a log-log plot of each form's
/// error, one curve per form), from picking/studies/sphere_form_study.h.

#include <array>

#include <glm/vec4.hpp>
#include <nlohmann/json.hpp>

#include "picking/studies/sphere_form_study.h"

namespace app {

/// The forms' colours, in kSphereAlgorithms' order (quadratic, half_b, unit_direction,
/// precise): the table's names, the plot's curves and its legend.
inline constexpr std::array<glm::vec4, picking::kSphereFormCount> kSphereFormColors = {
    glm::vec4{1.00f, 0.33f, 0.33f, 1.0f},  // quadratic: red
    glm::vec4{1.00f, 0.75f, 0.20f, 1.0f},  // half_b: amber
    glm::vec4{0.35f, 0.70f, 1.00f, 1.0f},  // unit_direction: blue
    glm::vec4{0.25f, 0.90f, 0.40f, 1.0f},  // precise: green
};

struct SphereFormsPanelState {
    double ratio = 1e4;  ///< the setting: distance from the sphere's centre / radius
    double offset = picking::kSphereStudyDefaultOffset;  ///< radii the line passes off the centre
    bool plot_far = false;  ///< the plot shows the far root's error instead of the near one's
    picking::SpherePointStudy point;  ///< at ratio and offset
    picking::SphereFormSweep sweep;   ///< at offset
    bool computed = false;
    bool shown = false;  ///< drawn this frame
    /// What the plot drew last frame, for the report: its rectangle (window pixels) and the
    /// points of each curve (misses are marks on the top strip).
    std::array<float, 4> plot_rect{};
    std::array<int, picking::kSphereFormCount> curve_points{};
    std::array<int, picking::kSphereFormCount> miss_marks{};
};

/// Draws the tab into the current window (the Tools area), recomputing what changed.
void draw_sphere_forms_panel(SphereFormsPanelState& state);

/// The report's "sphere_forms": the setting's point (app/core/sphere_forms_json.h), each form's
/// worst over the sweep, and what the plot drew.
[[nodiscard]] nlohmann::ordered_json sphere_forms_report(const SphereFormsPanelState& state);

}  // namespace app
