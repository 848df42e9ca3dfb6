#pragma once
/// The part of a dense mesh around a pick: the triangles nearest the hit point. The viewer draws
/// them instead of the whole mesh where a million triangles would cost a frame (the Bone space
/// view) or could not be seen (the magnifier over a picked triangle smaller than a pixel).

#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

namespace app {

/// Up to `max_count` triangles of the mesh (three `indices` each into `positions`), nearest
/// first by the distance from `point` to their centroids; ties keep the mesh's order. Triangles
/// with an index out of range or a non-finite corner are left out. One pass over the mesh.
[[nodiscard]] std::vector<std::uint32_t> nearest_triangles(std::span<const glm::vec3> positions,
                                                           std::span<const std::uint32_t> indices,
                                                           glm::vec3 point, std::size_t max_count);

}  // namespace app
