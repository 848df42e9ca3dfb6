#pragma once
/// The Algorithms tool: Compare, Explain, All hits, Leaks, Far from origin and Disagreement,
/// one tab each.
/// The viewer computes what the tabs show (AlgorithmsModel, on a click or a button); the tabs
/// draw it.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "app/core/algorithms_model.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "app/viewer/construction_view.h"
#include "app/viewer/panels/disagreement_panel.h"
#include "picking/scene/all_hits.h"
#include "picking/studies/algorithm_compare.h"
#include "picking/studies/far_from_origin.h"
#include "picking/studies/leak_sweep.h"

namespace app {

enum class AlgorithmsTab { Compare, Explain, AllHits, Leaks, FarFromOrigin, Disagreement };

/// "compare", "explain", "all-hits", "leaks", "far", "disagree" (the --panel names).
[[nodiscard]] std::string_view algorithms_tab_name(AlgorithmsTab tab);
[[nodiscard]] std::optional<AlgorithmsTab> algorithms_tab_from_name(std::string_view name);

/// Each algorithm's colour in Compare (table rows and triangles in the viewport).
[[nodiscard]] glm::vec4 algorithm_color(picking::RayTriangleMethod method);

struct AlgorithmsPanelState {
    std::optional<AlgorithmsTab> select_tab;  ///< switch to this tab on the next frame
    AlgorithmsTab active = AlgorithmsTab::Compare;
    bool visible = false;  ///< drawn this frame (the Tools area shows it)

    AlgorithmsModel model;  ///< what the tabs show, computed by the viewer

    // Compare: every algorithm on the last click's ray
    bool compare_triangles_in_viewport = true;
    /// Pixels by which the table's widest text passed its column as last drawn (at most 0:
    /// every column fits, with no horizontal scrolling).
    std::optional<float> compare_overflow;

    // Explain: which algorithm explains (the Pick panel's, unless pinned to another)
    bool explain_own_algorithm = false;
    picking::RayTriangleMethod explain_method = picking::RayTriangleMethod::MollerTrumbore;
    bool explain_hovered = false;  ///< explain the hovered triangle instead of the clicked one
    /// What Explain showed last (for scripted runs): the algorithm and its verdict.
    std::optional<picking::RayTriangleExplanation> explained;
    picking::RayTriangleMethod explained_method = picking::RayTriangleMethod::MollerTrumbore;
    /// Draw the explained algorithm's construction in the view.
    bool construction_shown = false;
    /// Turn the camera to the explained triangle once it is drawn (set by --construction).
    bool frame_construction = false;
    /// What the view draws: built by Explain each frame it is shown, cleared by the viewer.
    std::optional<PlacedConstruction> construction;

    // Leaks: the sweep over the loaded meshes
    int leak_rays = 2000;
    bool leak_every_algorithm = true;

    // Far from origin
    int far_rays = 2000;
    picking::FarInput far_input = picking::FarInput::Float;  ///< the input the table shows
    bool far_against_aim = false;  ///< graded against the aim point, not reference
    bool far_show_max = false;     ///< the largest error, not the median

    // Disagreement: every pixel of the view cast with two algorithms
    DisagreementPanelState disagreement;
    DisagreementNote disagreement_note;  ///< set by the viewer before drawing
};

struct AlgorithmsPanelAction {
    bool run_leaks = false;
    std::optional<double> far_distance;  ///< the slider moved: move the model there
    /// "Frame it": turn the camera to this world point, near enough to see `look_size`.
    std::optional<glm::vec3> look_at;
    float look_size = 0.0f;
};

/// Draws the tool into the current window. `pick_method` is the Pick panel's algorithm; `options`
/// its options.
[[nodiscard]] AlgorithmsPanelAction draw_algorithms_panel(
    AlgorithmsPanelState& state, const std::optional<Selection>& selection,
    const std::optional<Selection>& hover, const SceneSession& session,
    picking::RayTriangleMethod pick_method, const picking::RayTriangleOptions& options);

}  // namespace app
