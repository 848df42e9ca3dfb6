#pragma once
/// Far from origin: what happens to each algorithm when the model sits 10^k units from the
/// world origin and everything is stored in float. Rays are aimed at known points inside
/// triangles (so the true t, u, v are known exactly, in double); the model and the rays are
/// moved by the offset, rounded to float, and every algorithm is graded on what it reports:
/// how often it misses, and how far its t, u, v are from the truth. Three more rows show the
/// remedies: the same test in double precision, and bone-space picking (the ray moved into the
/// mesh's own, small coordinates in double before the float test) from a float world ray, as
/// this app's camera makes it, or from a double one.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "picking/ray_triangle.h"

namespace picking {

/// A triangle in double precision, as it is before any offset.
struct TriangleD {
    glm::dvec3 p0, p1, p2;
};

struct FarFromOriginOptions {
    int rays = 2000;
    std::uint32_t seed = 1;
    glm::dvec3 direction{1.0, 1.0, 1.0};  ///< where the model moves (normalised)
};

struct FarFromOriginRow {
    std::string name;  ///< an algorithm's name, or a remedy's ("double ...", "bone space, ...")
    int rays = 0;
    int misses = 0;  ///< rays aimed inside a triangle that it did not hit
    double t_error_median = 0.0, t_error_max = 0.0;    ///< |t − t_true| / t_true
    double uv_error_median = 0.0, uv_error_max = 0.0;  ///< max(|u − u_true|, |v − v_true|)
    [[nodiscard]] double miss_rate() const { return rays ? double(misses) / rays : 0.0; }
};

struct FarFromOriginStudy {
    double distance = 0.0;
    std::vector<FarFromOriginRow> rows;  ///< the table's algorithms, then the three remedies
};

/// `triangles` are the model in world space at its own place (the origin nearby); they are
/// moved `distance` units along options.direction. Degenerate triangles are skipped.
[[nodiscard]] FarFromOriginStudy far_from_origin_study(const std::vector<TriangleD>& triangles,
                                                       double distance,
                                                       const RayTriangleOptions& options,
                                                       const FarFromOriginOptions& study = {});

}  // namespace picking
