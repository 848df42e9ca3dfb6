#pragma once
/// Smooth normals for meshes whose files give none. The fast readers leave MeshData::normals
/// empty then: picking needs no normals, so a big model is opened and picked without them, and
/// whatever draws a mesh or reports the smooth normal at a hit derives them here when first
/// needed.

#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "assets/scene/scene.h"

namespace assets {

/// One normal per position: the area-weighted average of the faces that use it (degenerate
/// faces and out-of-range corners add nothing; an unused or isolated vertex gets +Y). A big
/// mesh's are summed on `threads` threads (0: every core), each owning a range of vertices and
/// adding its faces in order, so every normal is the same float whatever the thread count.
[[nodiscard]] std::vector<glm::vec3> smooth_normals(std::span<const glm::vec3> positions,
                                                    std::span<const std::uint32_t> indices,
                                                    unsigned threads = 0);

/// smooth_normals(positions, indices)[v] for each v of `vertices` alone, the same floats: the
/// faces that use them are found on every core and summed in face order. A pick reports the
/// smooth normal at its hit's three corners without deriving a big mesh's millions.
[[nodiscard]] std::vector<glm::vec3> smooth_normals_at(std::span<const glm::vec3> positions,
                                                       std::span<const std::uint32_t> indices,
                                                       std::span<const std::uint32_t> vertices);

/// Sets mesh.normals to smooth_normals(mesh.positions, mesh.indices).
void compute_smooth_normals(MeshData& mesh);

/// Gives every mesh without normals its smooth ones, what drawing the scene needs: all but a
/// flat-shaded mesh's (an STL's), which is lit by each triangle's own plane.
void fill_missing_normals(Scene& scene);

}  // namespace assets
