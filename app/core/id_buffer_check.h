#pragma once
/// The GPU's second opinion on a click: the ID buffer names the triangle (or shape) drawn at the
/// clicked pixel. When it names another than the CPU's pick, the verdict says why, from what
/// decided the pick (the seeds' quirks, a tolerance, culling, the t range, first found), where
/// the model is (far from the origin floats round coarsely), where the hit lies (within a pixel
/// of an edge, either triangle may own the pixel's centre) and the camera's near and far planes.

#include "app/core/selection.h"

namespace app {

/// What the verdict needs besides the selection.
struct IdBufferContext {
    float near_plane = 0.0f, far_plane = 0.0f;  ///< the camera's, along the view direction
    float world_per_pixel = 0.0f;  ///< a pixel's width at the hit's distance (world units)
    double far_offset = 0.0;       ///< how far the model was moved from the origin
};

[[nodiscard]] IdBufferVerdict check_id_buffer(const Selection& selection,
                                              const IdBufferContext& context);

}  // namespace app
