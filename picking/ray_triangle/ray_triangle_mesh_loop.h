#pragma once
/// The brute-force loop over one mesh with an algorithm's test inlined into it: each
/// algorithm file instantiates it with its own body, and the table lists the result, so a
/// pick pays neither an indirect call nor a bounds check per triangle. Internal to picking.

#include <algorithm>
#include <cstdint>
#include <optional>

#include "picking/core/mesh_view.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace picking::detail {

/// Whether every corner index names a position: then the loop reads corners unchecked.
inline bool indices_in_range(const MeshView& mesh) {
    std::uint32_t largest = 0;
    for (const std::uint32_t index : mesh.indices)
        largest = std::max(largest, index);
    return mesh.indices.empty() || largest < mesh.positions.size();
}

/// Exactly the loop of the scene query over `test`: the ray's t_max narrows to each closer
/// hit, ties keep the earlier triangle, and "first found" returns on the first hit.
template <class Test, class Fetch>
MeshQuery closest_in_loop(const Ray& ray, std::size_t count, bool first_found, Test& test,
                          const Fetch& fetch) {
    MeshQuery result;
    result.triangles_tested = count;
    Ray narrowed = ray;
    for (std::size_t i = 0; i < count; ++i) {
        if (const std::optional<RayHit> hit = test(narrowed, fetch(i))) {
            if (result.hit && !(hit->t < result.hit->t)) continue;
            result.hit = hit;
            result.triangle = std::uint32_t(i);
            if (first_found) {
                result.triangles_tested = i + 1;
                return result;
            }
            narrowed.t_max = hit->t;
        }
    }
    return result;
}

template <class Test>
MeshQuery closest_in_mesh(const Ray& ray, const MeshView& mesh, bool first_found, Test&& test) {
    const std::size_t count = mesh.triangle_count();
    if (indices_in_range(mesh)) {
        // Checked once for the whole mesh: the loop reads corners without bounds checks.
        const glm::vec3* positions = mesh.positions.data();
        const std::uint32_t* indices = mesh.indices.data();
        return closest_in_loop(ray, count, first_found, test, [=](std::size_t i) {
            return Triangle{positions[indices[3 * i]], positions[indices[3 * i + 1]],
                            positions[indices[3 * i + 2]]};
        });
    }
    return closest_in_loop(ray, count, first_found, test,
                           [&](std::size_t i) { return mesh.triangle(i); });
}

}  // namespace picking::detail
