#pragma once
/// The magnifier: when the picked triangle is smaller on screen than a few pixels (a dense mesh
/// seen whole), an inset at the corner of the 3D view shows it and its neighbourhood, seen from
/// the same side as the view, enlarged until the triangle is plain to see.

#include <cstdint>
#include <optional>
#include <span>

#include "app/core/camera.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "render/renderer.h"

namespace app {

/// The inset's size in window pixels.
inline constexpr float kMagnifierSizePx = 200.0f;
/// A picked triangle whose longest edge is shorter than this on screen gets the magnifier.
inline constexpr float kMagnifierBelowPx = 5.0f;

struct MagnifierScene {
    render::FrameView view;  ///< its viewport is for the caller to set (framebuffer pixels)
    render::Overlay overlay;
    float zoom = 1.0f;  ///< how many times larger than in the view
};

/// The magnifier for `selection`'s hit as `camera` sees it through `view`, or nothing when the
/// picked triangle is large enough to see there. `neighbourhood` is nearest_triangles() of the
/// picked mesh around the hit; it is drawn where the mesh is now.
[[nodiscard]] std::optional<MagnifierScene> magnifier_scene(
    const SceneSession& session, const Selection& selection,
    std::span<const std::uint32_t> neighbourhood, const Camera& camera, const Rect& view,
    float size_px);

}  // namespace app
