#pragma once
/// The ray–triangle algorithms, one file each, listed in one table that the UI combo, the
/// command line and the benchmarks all read. The seeds' algorithms keep their quirks (their
/// tolerances, their edge rules, hits behind the origin); the table says which is which.

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "picking/core/mesh_view.h"
#include "picking/core/ray.h"
#include "picking/core/ray_hit.h"
#include "picking/core/triangle.h"
#include "picking/ray_triangle/ray_triangle_trace.h"

namespace picking {

/// Options that apply across algorithms; each tolerance a seed uses is a value here, with the
/// seed's own number as the default.
struct RayTriangleOptions {
    bool cull_backfaces = false;  ///< reject triangles seen from behind (clockwise from the ray)
    /// The DirectX, Unity and XNA code of seeds 000 and 001 has no t range: it reports
    /// triangles behind the ray origin (t < 0) and beyond any t_max. true keeps that quirk;
    /// false clips them to the ray's [t_min, t_max] like every other algorithm.
    bool seed_ignores_t_range = true;
    /// xna_plane only: return the first triangle found in mesh order, as seed 001's
    /// ModelRayCollision does, instead of the closest. Read by the scene query, not per test.
    bool xna_first_found = true;
    float dx_det_epsilon = 1e-4f;        ///< dx_pick: det < 0.0001 is "parallel" (seed 000)
    float unity_det_epsilon = 1e-5f;     ///< unity_pick: det < 0.00001 is "parallel"
    float unity_edge_tolerance = 1e-5f;  ///< unity_pick: u − det > 0.00001 and u + v − det > …
};

/// Returns the hit with t inside the ray's range, or nothing. Never traps on bad input.
using RayTriangleFn = std::optional<RayHit> (*)(const Ray&, const Triangle&,
                                                const RayTriangleOptions&);
/// What one algorithm finds in a whole mesh: the closest hit (or the first, for "first
/// found"), which triangle, and how many triangles it tested.
struct MeshQuery {
    std::optional<RayHit> hit;
    std::uint32_t triangle = 0;
    std::uint64_t triangles_tested = 0;
};
/// The brute-force loop over a mesh with the algorithm's test inlined (no call per triangle);
/// exactly what calling the RayTriangleFn on each triangle in order, narrowing t_max to each
/// closer hit, returns.
using RayMeshFn = MeshQuery (*)(const Ray&, const MeshView&, const RayTriangleOptions&,
                                bool first_found);
/// The same computation, recording its intermediate values (see ray_triangle_trace.h).
using RayTriangleExplainFn = RayTriangleExplanation (*)(const Ray&, const Triangle&,
                                                        const RayTriangleOptions&);

// == The algorithms (one .cpp each)

/// IntersectTriangle of the DirectX SDK Pick sample (seed 000): keeps det > 0 by flipping T,
/// rejects det < dx_det_epsilon, exits early on u and u + v before dividing; edges inclusive.
[[nodiscard]] std::optional<RayHit> intersect_dx_pick(const Ray&, const Triangle&,
                                                      const RayTriangleOptions&);
/// Seed 000's Unity C# port: det < unity_det_epsilon, and u − det, u + v − det compared with
/// unity_edge_tolerance (so it accepts slightly outside the edges).
[[nodiscard]] std::optional<RayHit> intersect_unity_pick(const Ray&, const Triangle&,
                                                         const RayTriangleOptions&);
/// Seed 001 (XNA recipe 4-18): RayPlaneIntersection, then PointInsideTriangle with
/// CompareSigns (dot > 0, so edges leak); a NaN hit point is rejected. u, v are ours.
[[nodiscard]] std::optional<RayHit> intersect_xna_plane(const Ray&, const Triangle&,
                                                        const RayTriangleOptions&);
/// Möller & Trumbore 1997 in the form of seed 002 (S = O − C, E1 = A − C, E2 = B − C),
/// accepting t_min < t < t_max, α > 0, β > 0, α + β < 1.
[[nodiscard]] std::optional<RayHit> intersect_moller_trumbore(const Ray&, const Triangle&,
                                                              const RayTriangleOptions&);
/// Seed 002: the plane hit, then the closed-form α, β, γ on the two axes where the
/// triangle's projection is largest; edges inclusive.
[[nodiscard]] std::optional<RayHit> intersect_barycentric(const Ray&, const Triangle&,
                                                          const RayTriangleOptions&);
/// Seed 002's cross-product form: [ABx, ACx, PAx] × [ABy, ACy, PAy] ∝ [u, v, 1].
[[nodiscard]] std::optional<RayHit> intersect_barycentric_cross(const Ray&, const Triangle&,
                                                                const RayTriangleOptions&);
/// Seed 002's 2D crossing test: in the triangle's (projected) plane, a ray from the hit point
/// along +x crosses an odd number of edges iff the point is inside (half-open edge rule).
[[nodiscard]] std::optional<RayHit> intersect_crossing_2d(const Ray&, const Triangle&,
                                                          const RayTriangleOptions&);
/// Woop, Benthin & Wald, "Watertight Ray/Triangle Intersection", JCGT 2013: no ray passes
/// between two triangles that share an edge or a vertex. Edges inclusive.
[[nodiscard]] std::optional<RayHit> intersect_watertight(const Ray&, const Triangle&,
                                                         const RayTriangleOptions&);
/// Baldwin & Weber, "Fast Ray-Triangle Intersections by Coordinate Transformation", JCGT
/// 2016. This one-triangle form computes the per-triangle transform on every call (for single
/// tests: Explain, the agreement tests); scene picks read the transforms that SceneAccel
/// precomputes once per triangle (precompute_baldwin_weber()), with the same answers.
[[nodiscard]] std::optional<RayHit> intersect_baldwin_weber(const Ray&, const Triangle&,
                                                            const RayTriangleOptions&);
/// Double precision with exact orientation signs: the oracle the others are graded against.
[[nodiscard]] std::optional<RayHit> intersect_reference(const Ray&, const Triangle&,
                                                        const RayTriangleOptions&);

[[nodiscard]] RayTriangleExplanation explain_dx_pick(const Ray&, const Triangle&,
                                                     const RayTriangleOptions&);
[[nodiscard]] RayTriangleExplanation explain_unity_pick(const Ray&, const Triangle&,
                                                        const RayTriangleOptions&);
[[nodiscard]] RayTriangleExplanation explain_xna_plane(const Ray&, const Triangle&,
                                                       const RayTriangleOptions&);
[[nodiscard]] RayTriangleExplanation explain_moller_trumbore(const Ray&, const Triangle&,
                                                             const RayTriangleOptions&);
[[nodiscard]] RayTriangleExplanation explain_barycentric(const Ray&, const Triangle&,
                                                         const RayTriangleOptions&);
[[nodiscard]] RayTriangleExplanation explain_barycentric_cross(const Ray&, const Triangle&,
                                                               const RayTriangleOptions&);
[[nodiscard]] RayTriangleExplanation explain_crossing_2d(const Ray&, const Triangle&,
                                                         const RayTriangleOptions&);
[[nodiscard]] RayTriangleExplanation explain_watertight(const Ray&, const Triangle&,
                                                        const RayTriangleOptions&);
[[nodiscard]] RayTriangleExplanation explain_baldwin_weber(const Ray&, const Triangle&,
                                                           const RayTriangleOptions&);
[[nodiscard]] RayTriangleExplanation explain_reference(const Ray&, const Triangle&,
                                                       const RayTriangleOptions&);

[[nodiscard]] MeshQuery closest_in_mesh_dx_pick(const Ray&, const MeshView&,
                                                const RayTriangleOptions&, bool first_found);
[[nodiscard]] MeshQuery closest_in_mesh_unity_pick(const Ray&, const MeshView&,
                                                   const RayTriangleOptions&, bool first_found);
[[nodiscard]] MeshQuery closest_in_mesh_xna_plane(const Ray&, const MeshView&,
                                                  const RayTriangleOptions&, bool first_found);
[[nodiscard]] MeshQuery closest_in_mesh_moller_trumbore(const Ray&, const MeshView&,
                                                        const RayTriangleOptions&,
                                                        bool first_found);
[[nodiscard]] MeshQuery closest_in_mesh_barycentric(const Ray&, const MeshView&,
                                                    const RayTriangleOptions&, bool first_found);
[[nodiscard]] MeshQuery closest_in_mesh_barycentric_cross(const Ray&, const MeshView&,
                                                          const RayTriangleOptions&,
                                                          bool first_found);
[[nodiscard]] MeshQuery closest_in_mesh_crossing_2d(const Ray&, const MeshView&,
                                                    const RayTriangleOptions&, bool first_found);
[[nodiscard]] MeshQuery closest_in_mesh_watertight(const Ray&, const MeshView&,
                                                   const RayTriangleOptions&, bool first_found);
[[nodiscard]] MeshQuery closest_in_mesh_baldwin_weber(const Ray&, const MeshView&,
                                                      const RayTriangleOptions&, bool first_found);
[[nodiscard]] MeshQuery closest_in_mesh_reference(const Ray&, const MeshView&,
                                                  const RayTriangleOptions&, bool first_found);

// == The table

enum class RayTriangleMethod {
    DxPick,
    UnityPick,
    XnaPlane,
    MollerTrumbore,
    Barycentric,
    BarycentricCross,
    Crossing2d,
    Watertight,
    BaldwinWeber,
    Reference,
};

/// How an algorithm treats points exactly on an edge.
enum class EdgeRule {
    Inclusive,  ///< on the edge is a hit (both triangles of a shared edge report it)
    Strict,     ///< on the edge is a miss (a ray can pass between two triangles)
    HalfOpen,   ///< one side of each edge owns it (crossing rule)
};

struct RayTriangleAlgorithm {
    RayTriangleMethod method;
    std::string_view name;      ///< the CLI and JSON name
    std::string_view citation;  ///< where it comes from, shown in the UI
    RayTriangleFn intersect;
    RayTriangleExplainFn explain;
    RayMeshFn closest_in_mesh;
    EdgeRule edges;
    /// The seed's code has no t range (see RayTriangleOptions::seed_ignores_t_range).
    bool seed_without_t_range = false;
    /// Offers "first found" instead of the closest hit (RayTriangleOptions::xna_first_found).
    bool has_first_found = false;
};

inline constexpr std::array kRayTriangleAlgorithms = {
    RayTriangleAlgorithm{RayTriangleMethod::DxPick, "dx_pick",
                         "DirectX SDK Pick sample, IntersectTriangle (seed 000)", intersect_dx_pick,
                         explain_dx_pick, closest_in_mesh_dx_pick, EdgeRule::Inclusive, true},
    RayTriangleAlgorithm{RayTriangleMethod::UnityPick, "unity_pick",
                         "the Unity C# port of IntersectTriangle (seed 000)", intersect_unity_pick,
                         explain_unity_pick, closest_in_mesh_unity_pick, EdgeRule::Inclusive, true},
    RayTriangleAlgorithm{RayTriangleMethod::XnaPlane, "xna_plane",
                         "XNA recipe 4-18: RayPlaneIntersection + PointInsideTriangle (seed 001)",
                         intersect_xna_plane, explain_xna_plane, closest_in_mesh_xna_plane,
                         EdgeRule::Strict, true, true},
    RayTriangleAlgorithm{RayTriangleMethod::MollerTrumbore, "moller_trumbore",
                         "Moller & Trumbore 1997, in seed 002's form", intersect_moller_trumbore,
                         explain_moller_trumbore, closest_in_mesh_moller_trumbore,
                         EdgeRule::Strict},
    RayTriangleAlgorithm{RayTriangleMethod::Barycentric, "barycentric",
                         "plane hit + closed-form barycentric alpha, beta, gamma (seed 002)",
                         intersect_barycentric, explain_barycentric, closest_in_mesh_barycentric,
                         EdgeRule::Inclusive},
    RayTriangleAlgorithm{RayTriangleMethod::BarycentricCross, "barycentric_cross",
                         "plane hit + barycentric by the cross-product form (seed 002)",
                         intersect_barycentric_cross, explain_barycentric_cross,
                         closest_in_mesh_barycentric_cross, EdgeRule::Inclusive},
    RayTriangleAlgorithm{RayTriangleMethod::Crossing2d, "crossing_2d",
                         "plane hit + 2D crossing test in the triangle's plane (seed 002)",
                         intersect_crossing_2d, explain_crossing_2d, closest_in_mesh_crossing_2d,
                         EdgeRule::HalfOpen},
    RayTriangleAlgorithm{RayTriangleMethod::Watertight, "watertight",
                         "Woop, Benthin & Wald, Watertight Ray/Triangle Intersection, JCGT 2013",
                         intersect_watertight, explain_watertight, closest_in_mesh_watertight,
                         EdgeRule::Inclusive},
    RayTriangleAlgorithm{RayTriangleMethod::BaldwinWeber, "baldwin_weber",
                         "Baldwin & Weber, Fast Ray-Triangle Intersections by Coordinate "
                         "Transformation, JCGT 2016",
                         intersect_baldwin_weber, explain_baldwin_weber,
                         closest_in_mesh_baldwin_weber, EdgeRule::Inclusive},
    RayTriangleAlgorithm{RayTriangleMethod::Reference, "reference",
                         "double precision, exact orientation signs (the oracle)",
                         intersect_reference, explain_reference, closest_in_mesh_reference,
                         EdgeRule::Inclusive},
};

/// The algorithm a pick runs unless told otherwise (PickSettings, the command line, the
/// viewer): watertight never lets a ray slip between two triangles that share an edge (the
/// seeds' strict tests do, through a closed mesh), and it has a SIMD block kernel.
inline constexpr RayTriangleMethod kDefaultRayTriangleMethod = RayTriangleMethod::Watertight;

/// The CLI name of `method`, from the table (usable in constant expressions).
[[nodiscard]] constexpr std::string_view ray_triangle_name(RayTriangleMethod method) {
    for (const RayTriangleAlgorithm& algorithm : kRayTriangleAlgorithms)
        if (algorithm.method == method) return algorithm.name;
    return {};
}

/// "watertight": the default's CLI name.
inline constexpr std::string_view kDefaultRayTriangleName =
    ray_triangle_name(kDefaultRayTriangleMethod);

/// The algorithm with that CLI name, or nothing.
[[nodiscard]] const RayTriangleAlgorithm* find_ray_triangle_algorithm(std::string_view name);
[[nodiscard]] const RayTriangleAlgorithm& ray_triangle_algorithm(RayTriangleMethod method);
/// "dx_pick, unity_pick, ..." for error messages and help texts.
[[nodiscard]] std::string_view ray_triangle_algorithm_names();
[[nodiscard]] std::string_view edge_rule_name(EdgeRule rule);

/// Whether t passes the ray's range for `algorithm` under `options`: inclusive [t_min, t_max],
/// or anything finite for a seed without a t range when seed_ignores_t_range is set.
[[nodiscard]] inline bool t_accepted(float t, const Ray& ray, bool seed_without_t_range,
                                     const RayTriangleOptions& options) {
    if (seed_without_t_range && options.seed_ignores_t_range) return std::isfinite(t);
    return t >= ray.t_min && t <= ray.t_max;
}

// == Baldwin–Weber's per-triangle precomputation

/// The affine map that takes the triangle to the unit triangle (p0 → origin, p1 → x, p2 → y,
/// the scaled plane distance → z), stored as its nine non-trivial entries: the column of the
/// normal's largest axis is always (0, 0, 1)ᵀ and is not stored.
struct BaldwinWeberTriangle {
    std::array<float, 9> m{};  ///< rows b1, b2, plane: (coefficient i, coefficient j, offset)
    /// The normal's largest axis (0, 1, 2); -1 for a degenerate one. One byte, so that a
    /// mesh's table costs 40 bytes per triangle.
    std::int8_t free_axis = -1;
    bool normal_axis_negative = false;  ///< sign of that normal component (for culling)
};
static_assert(sizeof(BaldwinWeberTriangle) == 40);

/// The transform of one triangle, computed in double precision and rounded once.
[[nodiscard]] BaldwinWeberTriangle precompute_baldwin_weber(const Triangle& triangle);
/// The fast test on a precomputed triangle: exactly what the one-triangle form returns for the
/// triangle it was computed from.
[[nodiscard]] std::optional<RayHit> intersect_baldwin_weber(const Ray&, const BaldwinWeberTriangle&,
                                                            const RayTriangleOptions&);
/// The mesh loop on precomputed transforms: `precomputed[i]` is precompute_baldwin_weber() of
/// triangle i of `mesh`. The same answer as closest_in_mesh_baldwin_weber(ray, mesh, ...); a
/// table of the wrong size falls back to it.
[[nodiscard]] MeshQuery closest_in_mesh_baldwin_weber(
    const Ray&, const MeshView& mesh, std::span<const BaldwinWeberTriangle> precomputed,
    const RayTriangleOptions&, bool first_found);

}  // namespace picking
