#pragma once
/// The brute-force answers picking's acceleration structures are checked against: every
/// triangle of a mesh through one test of the table, the closest kept.

#include <cstdint>
#include <limits>
#include <optional>

#include "picking/bvh/bvh.h"
#include "picking/core/mesh_view.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace picking::testing {

/// The closest hit of `intersect` over every triangle (the first of equal t wins).
inline std::optional<BvhHit> brute_force(const MeshView& mesh, const Ray& ray,
                                         RayTriangleFn intersect,
                                         const RayTriangleOptions& options = {}) {
    std::optional<BvhHit> best;
    Ray r = ray;
    for (std::uint32_t i = 0; i < mesh.triangle_count(); ++i)
        if (auto hit = intersect(r, mesh.triangle(i), options);
            hit && (!best || hit->t < best->hit.t)) {
            best = BvhHit{i, *hit};
            r.t_max = hit->t;
        }
    return best;
}

/// What a BVH query must cover for `algorithm`: seed code without a t range reports hits
/// anywhere on the line (behind the origin too), so its boxes are tested along the whole line.
inline Ray reach(const Ray& ray, const RayTriangleAlgorithm& algorithm) {
    Ray r = ray;
    if (algorithm.seed_without_t_range) {
        r.t_min = -std::numeric_limits<float>::infinity();
        r.t_max = std::numeric_limits<float>::infinity();
    }
    return r;
}

/// unity_pick's tolerance accepts points beyond a triangle's far edges (by up to 1e-5 / det in
/// barycentric units): no bounding volume of the exact triangle promises to find those.
inline bool outside_its_triangle(const RayHit& hit) {
    return hit.u < 0.0f || hit.v < 0.0f || hit.u + hit.v > 1.0f;
}

}  // namespace picking::testing
