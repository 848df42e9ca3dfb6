#pragma once
/// The viewer's workspace, laid out the way desktop 3D tools are (Blender, MeshLab, f3d): a menu
/// bar on top, a status bar at the bottom, the Outliner on the left, the Inspector on the right,
/// the Tools area along the bottom, and the 3D view in the rectangle that remains. Dear ImGui
/// 1.86 has no docking, so the regions are computed here each frame from the window's size and
/// the user's wishes (which regions are open, how big), then each panel is drawn into its
/// rectangle. Window pixels throughout (origin top left).

#include <optional>
#include <string>

#include <glm/vec2.hpp>

#include "app/core/rect.h"

namespace app {

/// The UI font's size in pixels (before any content scale) and the bars' height that follows
/// from it: ImGui's frame height, the font plus its default frame padding (3) above and below.
/// The command line lays out "the viewer's opening view" with the same numbers.
inline constexpr float kUiFontPixels = 15.0f;
inline constexpr float kBarHeight = kUiFontPixels + 2.0f * 3.0f;

/// The three regions around the view the user can open, close and resize.
enum class Region { Outliner, Inspector, Tools };

/// What the user asked for; kept across runs. The sizes are wishes: a small window gets less
/// (the view keeps a share of it), and gets them back when it grows.
struct WorkspaceWishes {
    bool outliner_open = false;  ///< closed at first: the view is the biggest thing on screen
    bool inspector_open = true;
    bool tools_open = false;  ///< opened by a tool (Algorithms, Acceleration, ...)
    float outliner_width = 250.0f;
    float inspector_width = 300.0f;
    float tools_height = 320.0f;  ///< Compare's eleven rows without scrolling

    friend bool operator==(const WorkspaceWishes&, const WorkspaceWishes&) = default;
};

/// The limits of the layout, in window pixels before any content scale.
struct WorkspaceLimits {
    static constexpr float kMinSidebar = 180.0f;  ///< narrower and the Inspector's numbers clip
    static constexpr float kMaxSidebar = 900.0f;
    static constexpr float kMinTools = 120.0f;
    static constexpr float kMaxTools = 1200.0f;
    /// The share of the width (height) below the bars the view keeps whatever the wishes.
    static constexpr float kViewShare = 0.4f;
    static constexpr float kSplitter = 6.0f;  ///< the grab strip between two regions
};

struct WorkspaceLayout {
    Rect menu_bar, status_bar;
    Rect outliner, inspector, tools;  ///< empty when closed (or squeezed out)
    Rect view;                        ///< the 3D view: viewport, rays, framing, the ID buffer
    /// Where each splitter can be grabbed (empty when its region is closed).
    Rect outliner_splitter, inspector_splitter, tools_splitter;

    [[nodiscard]] const Rect& region(Region r) const;
};

/// Lays the workspace out in a window of `window` pixels, with bars `bar_height` tall and the
/// sizes in `wishes` multiplied by `scale` (the font's content scale). Every rectangle lies
/// inside the window and none overlaps another; the view is never empty for windows of at least
/// 64 × 64 pixels.
[[nodiscard]] WorkspaceLayout layout_workspace(const WorkspaceWishes& wishes, glm::vec2 window,
                                               float bar_height, float scale = 1.0f);

/// The 3D view of the viewer as it opens in a window of `window` pixels with the default
/// regions (what `raypick select` measures its --rect and --lasso in).
[[nodiscard]] Rect opening_view(glm::vec2 window);

/// A splitter was dragged by `delta` window pixels: the region's wished size follows (clamped
/// to the limits), measured from its size in `layout` so a squeezed region grows from what is
/// seen.
void drag_splitter(WorkspaceWishes& wishes, const WorkspaceLayout& layout, Region region,
                   glm::vec2 delta, float scale = 1.0f);

/// "outliner_open=0\ninspector_width=300\n...": one key per line, for the settings file.
[[nodiscard]] std::string to_text(const WorkspaceWishes& wishes);
/// Reads what to_text() wrote; unknown keys and bad values are skipped (a file from another
/// version still opens), sizes are clamped to the limits.
[[nodiscard]] WorkspaceWishes wishes_from_text(const std::string& text);

}  // namespace app
