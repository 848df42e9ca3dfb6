#pragma once
/// Ray–rectangle (seed 002): hit the rectangle's plane, then decide whether the point is in
/// the rectangle. The seed does it by comparing each coordinate with the min and max of the
/// corners, strictly ("x_min < x_p < x_max" on all three axes), which it says holds for
/// axis-aligned rectangles only; an oriented test projects onto the rectangle's own edges.

#include <optional>

#include <glm/vec3.hpp>

#include "picking/core/ray.h"

namespace picking {

/// The rectangle with corners A, A + U, A + U + V, A + V (U and V perpendicular).
struct Rect {
    glm::vec3 corner{0.0f};
    glm::vec3 edge_u{1.0f, 0.0f, 0.0f};
    glm::vec3 edge_v{0.0f, 0.0f, 1.0f};
};

struct RectHit {
    float t = 0.0f;
    float s = 0.0f, r = 0.0f;  ///< where along U and V, in [0, 1] (the oriented test)
    glm::vec3 point{0.0f};
};

/// Exactly the seed's formula: strict min < p < max on x, y and z. On an axis-aligned
/// rectangle the axis of its normal has min = max, so no point passes: it never hits.
[[nodiscard]] std::optional<RectHit> intersect_rect_seed(const Ray& ray, const Rect& rect);
/// The seed's intent for axis-aligned rectangles: min ≤ p ≤ max on the two axes in the
/// plane (the normal's largest axis skipped). On a rotated rectangle it also accepts points
/// of the corners' bounding box that lie outside the rectangle.
[[nodiscard]] std::optional<RectHit> intersect_rect_axis_aligned(const Ray& ray, const Rect& rect);
/// Any orientation: 0 ≤ (P − A)·U / U·U ≤ 1 and the same for V.
[[nodiscard]] std::optional<RectHit> intersect_rect_oriented(const Ray& ray, const Rect& rect);

}  // namespace picking
