#pragma once
/// The Algorithms tool's Disagreement tab: two algorithms (A follows the Pick panel unless
/// chosen here, B is reference unless chosen), the ULPs two t values may differ by, and each
/// verdict's colour, name and pixel count; the picture itself is drawn over the 3D view by the
/// viewer (disagreement_view.h) while the tab is open.

#include "app/core/disagreement.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace app {

struct DisagreementPanelState {
    bool show_picture = true;  ///< the picture over the 3D view while the tab is open
    bool own_a = false;        ///< A chosen here rather than the Pick panel's algorithm
    picking::RayTriangleMethod a = picking::RayTriangleMethod::MollerTrumbore;
    picking::RayTriangleMethod b = picking::RayTriangleMethod::Reference;
    int t_ulps = 4;

    /// A: the Pick panel's algorithm unless one was chosen here.
    [[nodiscard]] picking::RayTriangleMethod method_a(picking::RayTriangleMethod pick) const {
        return own_a ? a : pick;
    }
};

/// What the tab says about the picture beside its counts.
struct DisagreementNote {
    float far_log10 = 0.0f;       ///< the model sits 10^far_log10 units away (0: home)
    bool tracing_paused = false;  ///< the BVH the rays go through is being built
};

void draw_disagreement_tab(DisagreementPanelState& state, const DisagreementImage& image,
                           picking::RayTriangleMethod pick_method, const DisagreementNote& note);

}  // namespace app
