#pragma once
/// A test oracle: whether two scenes (one file read by two loaders) show the same surface, in
/// whatever order their triangles come and along whichever diagonals their polygons were cut.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "assets/scene/scene.h"

namespace assets::tests {

/// The area of every triangle a node draws, in world space.
[[nodiscard]] double surface_area(const Scene& scene);

/// What differs between the world-space surfaces of `a` and `b`, in words (empty: nothing).
/// The total areas must agree to a relative 1e-5. Triangles only one scene has are grouped into
/// regions joined by shared edges (a polygon cut two ways, with any neighbour cut two ways), and
/// each region must have the same corners, area and vector area (its outline and facing) in
/// both. Corners closer than a millionth of the scene's size (or of its distance from the origin,
/// when larger) are one: parsers round differently. Triangles of no area cover nothing and are
/// left out.
[[nodiscard]] std::vector<std::string> surface_differences(const Scene& a, const Scene& b);

struct PickComparison {
    std::size_t rays = 0;
    std::size_t compared_hits = 0;  ///< rays that hit both scenes away from any edge
    std::size_t grazing = 0;        ///< rays not judged: one scene's hit lies on an edge
    std::vector<std::string> differences;
};

/// Casts `rays` seeded rays from around `a`'s box, every other one at a random point of `a`'s
/// surface (evenly spread) and the rest at random points of its box, and picks the closest hit
/// in each scene (a Möller–Trumbore of its own, in double, both faces). Both must hit or both
/// miss, at the same t to a relative 1e-5, except where a hit is within 1e-5 (barycentric) of
/// an edge: there the two splits of a polygon may rightly disagree.
[[nodiscard]] PickComparison compare_picks(const Scene& a, const Scene& b, std::uint32_t seed,
                                           std::size_t rays);

}  // namespace assets::tests
