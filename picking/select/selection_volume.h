#pragma once
/// The space a rectangle or lasso drawn on the screen selects: the part of the camera's frustum
/// whose projection falls inside the drawn polygon (the polygon extruded along the view rays),
/// and the rules that decide whether a triangle is in it. Everything is tested in clip space in
/// double (a triangle's corners moved by clip_from_mesh), so a mesh is tested in its own (bone)
/// space like a click. The BVH path and the brute-force path call the same tests on the same
/// numbers, so they agree exactly.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "picking/core/aabb.h"

namespace picking {

/// When a triangle partly inside the region counts (shown beside the selection tools).
enum class RegionRule {
    Touching,     ///< any part of it is inside (what Blender's X-ray box select does)
    Centroid,     ///< the centre of its corners is inside
    FullyInside,  ///< all of it is inside
};

/// How a box lies relative to the region.
enum class BoxSide { Outside, Inside, Straddles };

class SelectionVolume {
  public:
    /// The region drawn: `polygon` in normalized device coordinates (x right, y up, the view
    /// being [-1, 1]²), at least three points, closed implicitly; a self-crossing lasso
    /// selects by the even-odd rule. The frustum's near and far planes bound it in depth.
    /// Throws std::invalid_argument on fewer than three points or a non-finite one.
    SelectionVolume(const glm::dmat4& clip_from_world, std::vector<glm::dvec2> polygon);

    /// An axis-aligned rectangle [lo, hi] of normalized device coordinates.
    [[nodiscard]] static SelectionVolume rectangle(const glm::dmat4& clip_from_world, glm::dvec2 lo,
                                                   glm::dvec2 hi);

    [[nodiscard]] const glm::dmat4& clip_from_world() const { return clip_from_world_; }
    [[nodiscard]] std::span<const glm::dvec2> polygon() const { return polygon_; }
    /// An axis-aligned rectangle: its four side planes are the region's exact bounds.
    [[nodiscard]] bool is_rectangle() const { return is_rectangle_; }

    /// Where a box of mesh space lies, given clip_from_mesh and the six planes of the polygon's
    /// bounding frustum moved into that space (planes_in()). Conservative: Inside and Outside
    /// are certain (with a margin for the rounding of the planes); Straddles may be either.
    [[nodiscard]] BoxSide classify(const Aabb& box, const glm::dmat4& clip_from_mesh,
                                   const std::array<glm::dvec4, 6>& mesh_planes) const;
    /// The bounding frustum's planes (inside: dot(plane, (p, 1)) >= 0) in the space that
    /// clip_from_mesh maps to clip space.
    [[nodiscard]] std::array<glm::dvec4, 6> planes_in(const glm::dmat4& clip_from_mesh) const;

    /// Whether the triangle with these clip-space corners is selected under `rule`.
    [[nodiscard]] bool selects(const std::array<glm::dvec4, 3>& clip, RegionRule rule) const;

    /// Whether a point of normalized device coordinates is inside the drawn polygon (even-odd;
    /// a point on an edge may go either way, the same way every time).
    [[nodiscard]] bool polygon_contains(glm::dvec2 ndc) const;

  private:
    /// Whether segment [a, b] meets an edge of the polygon (touching counts).
    [[nodiscard]] bool crosses_boundary(glm::dvec2 a, glm::dvec2 b) const;
    /// Whether the 2D box [lo, hi] meets an edge of the polygon.
    [[nodiscard]] bool box_meets_boundary(glm::dvec2 lo, glm::dvec2 hi) const;
    /// The edges whose y range meets [y0, y1], band by band (duplicates possible).
    template <typename Fn>
    bool any_edge_in_rows(double y0, double y1, Fn&& fn) const;

    glm::dmat4 clip_from_world_;
    std::vector<glm::dvec2> polygon_;
    glm::dvec2 lo_{0.0}, hi_{0.0};  ///< the polygon's bounding rectangle
    bool is_rectangle_ = false;
    std::array<glm::dvec4, 6> clip_planes_{};  ///< the bounding frustum in clip space
    /// Edges (index of their first point) by horizontal band of the bounding rectangle, so a
    /// lasso of hundreds of points costs a few edge tests per query.
    std::vector<std::vector<std::uint32_t>> bands_;
    double band_height_ = 1.0;
};

}  // namespace picking
