#pragma once
/// The ray–triangle algorithms, one file each, listed in one table that the UI combo, the
/// command line and the benchmarks all read.

#include <array>
#include <optional>
#include <span>
#include <string_view>

#include "picking/ray.h"
#include "picking/ray_hit.h"
#include "picking/triangle.h"

namespace picking {

/// Options that apply across algorithms.
struct RayTriangleOptions {
    bool cull_backfaces = false;  ///< reject triangles seen from behind (clockwise from the ray)
};

/// Returns the hit with t inside the ray's range, or nothing. Never traps on bad input.
using RayTriangleFn = std::optional<RayHit> (*)(const Ray&, const Triangle&,
                                                const RayTriangleOptions&);

/// Möller & Trumbore 1997 in the form of seed 002 (S = O - C, E1 = A - C, E2 = B - C).
[[nodiscard]] std::optional<RayHit> intersect_moller_trumbore(const Ray&, const Triangle&,
                                                              const RayTriangleOptions&);
/// Double precision with exact orientation signs: the oracle the others are graded against.
[[nodiscard]] std::optional<RayHit> intersect_reference(const Ray&, const Triangle&,
                                                        const RayTriangleOptions&);

enum class RayTriangleMethod { MollerTrumbore, Reference };

struct RayTriangleAlgorithm {
    RayTriangleMethod method;
    std::string_view name;      ///< the CLI and JSON name
    std::string_view citation;  ///< where it comes from, shown in the UI
    RayTriangleFn intersect;
};

inline constexpr std::array kRayTriangleAlgorithms = {
    RayTriangleAlgorithm{RayTriangleMethod::MollerTrumbore, "moller_trumbore",
                         "Moller & Trumbore 1997, in seed 002's form", intersect_moller_trumbore},
    RayTriangleAlgorithm{RayTriangleMethod::Reference, "reference",
                         "double precision, exact orientation signs (the oracle)",
                         intersect_reference},
};

/// The algorithm with that CLI name, or nothing.
[[nodiscard]] const RayTriangleAlgorithm* find_ray_triangle_algorithm(std::string_view name);
[[nodiscard]] const RayTriangleAlgorithm& ray_triangle_algorithm(RayTriangleMethod method);

}  // namespace picking
