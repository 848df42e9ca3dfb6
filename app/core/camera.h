#pragma once
/// An orbit camera (yaw/pitch/distance around a target), perspective or orthographic, and the
/// conversion from cursor positions to world rays.

#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/trigonometric.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "app/core/rect.h"
#include "picking/core/aabb.h"
#include "picking/core/ray.h"

namespace app {

enum class Projection { Perspective, Orthographic };

struct Camera {
    glm::vec3 target{0.0f};
    float distance = 5.0f;              ///< eye to target
    float yaw = 0.6f;                   ///< radians about +Y
    float pitch = 0.45f;                ///< radians above the horizon
    float fov_y = glm::radians(45.0f);  ///< perspective only
    Projection projection = Projection::Perspective;
    float scene_radius = 1.0f;  ///< sets near and far
    /// Where the target appears, in normalized device coordinates (0, 0: the window's centre):
    /// an off-axis projection, so a view framed beside the panels still orbits its target.
    glm::vec2 lens_shift{0.0f};

    [[nodiscard]] glm::vec3 eye() const;
    [[nodiscard]] glm::vec3 forward() const;  ///< unit, eye towards target
    [[nodiscard]] glm::mat4 view() const;
    [[nodiscard]] glm::mat4 projection_matrix(float aspect) const;
    /// Height of the view at the target's depth, in world units (the ortho view height).
    [[nodiscard]] float view_height_at_target() const;
    [[nodiscard]] float near_plane() const;
    [[nodiscard]] float far_plane() const;

    /// Looks at a box so that its corners just fit the view at this aspect ratio (width over
    /// height), keeping the current direction.
    void frame(glm::vec3 box_min, glm::vec3 box_max, float aspect);
    /// The same, fitting the box into part of the window: `region_min`, `region_max` as
    /// fractions of its width and height (origin top left, like window coordinates), with the
    /// target at the region's centre (lens_shift).
    void frame(glm::vec3 box_min, glm::vec3 box_max, float aspect, glm::vec2 region_min,
               glm::vec2 region_max);
    void orbit(float d_yaw, float d_pitch);
    /// Moves the target in the view plane by a cursor delta (window units).
    void pan(glm::vec2 delta_window, glm::vec2 window_size);
    /// Zooms by `factor` (< 1 closer) keeping the world point under the cursor in place.
    void zoom_to_cursor(float factor, glm::vec2 cursor_window, glm::vec2 window_size);
};

/// The viewer's opening camera: the default direction, framing `box` in a window (or view) of
/// `window_size` pixels.
[[nodiscard]] Camera opening_camera(const picking::Aabb& box, glm::vec2 window_size);

/// The world ray through a cursor position given in window coordinates (origin top left,
/// any HiDPI scale: only the ratio to window_size matters). It is unprojected through
/// inverse(projection × view): the origin is the eye (perspective) or the near plane
/// (orthographic), the direction is unit length, so t is a distance in world units.
[[nodiscard]] picking::Ray ray_from_cursor(const Camera& camera, glm::vec2 cursor_window,
                                           glm::vec2 window_size);

/// ray_from_cursor for many cursor positions in one window (a ray per pixel): the inverse
/// matrix made once. Each ray is ray_from_cursor's, bit for bit.
class CursorRays {
  public:
    CursorRays(const Camera& camera, glm::vec2 window_size);
    [[nodiscard]] picking::Ray ray(glm::vec2 cursor_window) const {
        return ray_from_parts(column_part(cursor_window.x), row_part(cursor_window.y));
    }

    // ray() in its three steps, for callers that reuse a column's or a row's part (PixelRays):
    // the near and far points' unprojections share the parts of x and of y.
    [[nodiscard]] glm::dvec4 column_part(float cursor_x) const;
    [[nodiscard]] glm::dvec4 row_part(float cursor_y) const;
    [[nodiscard]] picking::Ray ray_from_parts(const glm::dvec4& column,
                                              const glm::dvec4& row) const;

  private:
    glm::dmat4 world_from_clip_;
    /// The near and the far point's depth and w through world_from_clip_ (the same for every
    /// cursor position).
    glm::dvec4 near_depth_, far_depth_;
    glm::vec2 window_size_;
    bool perspective_;
    glm::vec3 eye_;
};

/// The rays through the centres of an image's pixels: ray(x, y) is CursorRays::ray at
/// (x + 0.5, y + 0.5), bit for bit, with each column's and each row's part of the unprojection
/// made once for the image, not once per pixel (the per-pixel features' rays were half of a
/// heatmap's time).
class PixelRays {
  public:
    PixelRays(const Camera& camera, glm::ivec2 image_size);
    /// 0 <= x < width, 0 <= y < height.
    [[nodiscard]] picking::Ray ray(int x, int y) const {
        return rays_.ray_from_parts(columns_[std::size_t(x)], rows_[std::size_t(y)]);
    }

  private:
    CursorRays rays_;
    std::vector<glm::dvec4> columns_, rows_;
};

/// The window position where a world point appears (for tests and overlays).
[[nodiscard]] glm::vec2 window_from_world(const Camera& camera, glm::vec3 world,
                                          glm::vec2 window_size);

// == The same through a 3D view that is only part of the window (the panels take the rest):
// `cursor_window` and the results in window pixels, the projection that of `view`'s shape.

/// The world ray through a window position, seen through the view `view`.
[[nodiscard]] picking::Ray ray_from_cursor(const Camera& camera, glm::vec2 cursor_window,
                                           const Rect& view);
/// The window position where a world point appears in the view `view`.
[[nodiscard]] glm::vec2 window_from_world(const Camera& camera, glm::vec3 world, const Rect& view);

}  // namespace app
