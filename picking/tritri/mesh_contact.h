#pragma once
/// Where two placed meshes touch: every pair of intersecting triangles, found by traversing one
/// mesh's BVH against the other's (picking/bvh/bvh.h overlapping_pairs, under the relative
/// placement) and deciding each candidate pair with a triangle–triangle algorithm of
/// kTriTriAlgorithms, in world space. The candidates go through the algorithm's batch (SIMD for
/// moller97).

#include <cstdint>
#include <vector>

#include <glm/mat4x4.hpp>

#include "picking/bvh/bvh.h"
#include "picking/core/mesh_view.h"
#include "picking/tritri/triangle_triangle.h"

namespace picking {

/// One mesh as the contact query sees it: its triangles, their BVH, and where it is.
struct PlacedMesh {
    MeshView mesh;
    const Bvh* bvh = nullptr;
    glm::mat4 world_from_mesh{1.0f};
};

struct TriangleContactPair {
    std::uint32_t triangle_a = 0, triangle_b = 0;  ///< indices within each mesh
    Triangle world_a, world_b;                     ///< both in world space, as tested
    TriangleContact contact;                       ///< the segment (or coplanar), in world space
};

struct MeshContactStats {
    std::uint64_t candidate_pairs = 0;  ///< pairs whose boxes overlapped (tested exactly)
    std::uint64_t intersecting_pairs = 0;
};

struct MeshContacts {
    std::vector<TriangleContactPair> pairs;
    MeshContactStats stats;
    bool truncated = false;  ///< stopped at the limit
};

/// Every intersecting triangle pair of a and b (a mesh may be tested against itself placed
/// elsewhere), decided by `algorithm`; at most `limit` pairs are kept (the count goes on).
[[nodiscard]] MeshContacts mesh_contacts(const PlacedMesh& a, const PlacedMesh& b,
                                         const TriTriAlgorithm& algorithm,
                                         std::size_t limit = 1'000'000);

/// The same by testing every pair (the oracle of the BVH traversal, for tests).
[[nodiscard]] MeshContacts mesh_contacts_brute_force(const PlacedMesh& a, const PlacedMesh& b,
                                                     const TriTriAlgorithm& algorithm);

}  // namespace picking
