#pragma once
/// How far a triangle pair is from touching, in double precision: the gap between disjoint
/// triangles, or how far one must move to pull intersecting ones apart. Float algorithms may
/// only disagree with the exact answer on pairs where this is within rounding of zero.

#include "picking/core/triangle.h"

namespace picking {

/// The smallest distance between points of the two (closed) triangles; 0 when they intersect.
[[nodiscard]] double triangle_distance(const Triangle& v, const Triangle& q);

/// The shortest translation of Q that separates intersecting triangles (the translational
/// penetration depth): the least overlap of the projections on the separating-axis candidates
/// n_V, n_Q and the nine edge × edge directions. 0 for coplanar overlaps.
[[nodiscard]] double separation_depth(const Triangle& v, const Triangle& q);

/// triangle_distance for disjoint pairs, separation_depth for intersecting ones (decided
/// exactly): how far the pair is from touching.
[[nodiscard]] double distance_to_touching(const Triangle& v, const Triangle& q);
/// The same when the exact answer is already known.
[[nodiscard]] double distance_to_touching(const Triangle& v, const Triangle& q, bool intersect);

}  // namespace picking
