#pragma once
/// Exact signs of small determinants over float inputs, by Shewchuk-style expansion arithmetic
/// ("Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997):
/// a double-precision filter answers almost every call; only near-zero cases are redone exactly.

#include <glm/vec3.hpp>

namespace picking {

/// The exact sign (-1, 0, +1) of det[a - o, b - o, d] = ((a - o) × (b - o)) · d, computed
/// without rounding for any finite float inputs. For a ray (o, d) and a triangle edge a→b this
/// says on which side of the edge the ray passes (zero: the ray meets the edge's line).
[[nodiscard]] int orient_ray_edge(glm::vec3 o, glm::vec3 d, glm::vec3 a, glm::vec3 b);

/// The exact sign of det[b - a, c - a, d - a]: which side of the plane (a, b, c) d lies on.
[[nodiscard]] int orient3d(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d);

/// The exact sign of det[b - a, c - a, to - from]: whether moving from `from` to `to` goes
/// towards the positive side of the plane (a, b, c) (zero: the move is parallel to the plane).
/// Equals sign(orient3d(a, b, c, to) - orient3d(a, b, c, from)) taken as exact real values.
[[nodiscard]] int orient3d_direction(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 from,
                                     glm::vec3 to);

/// The exact sign of (b - a) × (c - a) projected on the plane that drops axis `drop` (0, 1, 2).
[[nodiscard]] int orient2d(glm::vec3 a, glm::vec3 b, glm::vec3 c, int drop);

}  // namespace picking
