#pragma once
/// The triangle–triangle intersection algorithms, one file each, listed in one table that the
/// viewer, the command line, the tests and the benchmarks all read.
///
/// Conventions shared by every algorithm:
/// - Triangles are closed sets: pairs that only touch (at a point or along a segment) intersect.
///   Exact arithmetic says so; float algorithms may answer either way within rounding of
///   touching (docs/triangle_triangle.md lists what each answers).
/// - A triangle with a non-finite coordinate or without area intersects nothing: every
///   algorithm returns false for it. "Without area" is exact collinearity for guigue_devillers
///   and exact, and a float normal of exactly zero for seed003 and moller97.
/// - The first triangle is V (the seed's V0 V1 V2), the second Q; the answer does not depend on
///   the order, the seed's case names (triangle_pair_case.h) do.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include <glm/vec3.hpp>

#include "picking/core/isa.h"
#include "picking/core/triangle.h"

namespace picking {

/// Two triangles in the order pair files list them: V0 V1 V2, then Q0 Q1 Q2.
struct TrianglePair {
    Triangle v, q;
};

struct Segment {
    glm::vec3 a{0.0f}, b{0.0f};
};

/// Where two intersecting triangles meet.
struct TriangleContact {
    /// Both lie in one plane and overlap in an area; `segment` is then not meaningful.
    /// Coplanar triangles that only touch (sharing an edge or part of one, corner to corner, a
    /// corner on an edge) are not `coplanar`: they get the segment or point they share.
    bool coplanar = false;
    /// The intersection segment; a == b when the triangles touch at a single point.
    Segment segment;
};

/// True when the triangles intersect (touching counts). Never traps on bad input.
using TriTriIntersectsFn = bool (*)(const Triangle& v, const Triangle& q);
/// The same decision, and on intersection where the triangles meet.
using TriTriContactFn = std::optional<TriangleContact> (*)(const Triangle& v, const Triangle& q);
/// out[i] = intersects(pairs[i]) for every pair (out.size() >= pairs.size()); returns how many
/// intersect. Batched paths may use SIMD but answer exactly what the per-pair function answers.
using TriTriBatchFn = std::size_t (*)(std::span<const TrianglePair> pairs,
                                      std::span<std::uint8_t> out);

// == Seed 003: step 1 (edge/plane parameters c0, c1, c2), step 2 (crossing points in V's basis),
// step 3 (projections of T0'T1' on four axes); special cases parallel and coplanar.
[[nodiscard]] bool triangles_intersect_seed003(const Triangle& v, const Triangle& q);
[[nodiscard]] std::optional<TriangleContact> triangle_contact_seed003(const Triangle& v,
                                                                      const Triangle& q);

// == Möller, "A Fast Triangle-Triangle Intersection Test", JGT 1997: interval overlap on the
// line where the two planes meet.
[[nodiscard]] bool triangles_intersect_moller97(const Triangle& v, const Triangle& q);
[[nodiscard]] std::optional<TriangleContact> triangle_contact_moller97(const Triangle& v,
                                                                       const Triangle& q);

// == Guigue & Devillers, "Fast and Robust Triangle-Triangle Overlap Test Using Orientation
// Predicates", JGT 2003: signs of 3x3 determinants only, taken in float behind an error-bound
// filter (the rare uncertain ones exactly), so its answer is exact.
[[nodiscard]] bool triangles_intersect_guigue_devillers(const Triangle& v, const Triangle& q);
[[nodiscard]] std::optional<TriangleContact> triangle_contact_guigue_devillers(const Triangle& v,
                                                                               const Triangle& q);

// == Guigue & Devillers with every sign from exact_predicates.h (double filter, exact
// expansions): exact for any finite float input; the oracle beside CGAL. The segment is
// computed in double.
[[nodiscard]] bool triangles_intersect_exact(const Triangle& v, const Triangle& q);
[[nodiscard]] std::optional<TriangleContact> triangle_contact_exact(const Triangle& v,
                                                                    const Triangle& q);

enum class TriTriMethod { Seed003, Moller97, GuigueDevillers, Exact };

struct TriTriAlgorithm {
    TriTriMethod method;
    std::string_view name;      ///< the CLI and JSON name
    std::string_view citation;  ///< where it comes from, shown in the UI
    TriTriIntersectsFn intersects;
    TriTriContactFn contact;
    TriTriBatchFn batch;  ///< many pairs at once (SIMD where this build and CPU allow it)
};

/// The scalar loop every batch path starts from (and is tested against).
template <TriTriIntersectsFn Intersects>
std::size_t intersect_batch_scalar(std::span<const TrianglePair> pairs,
                                   std::span<std::uint8_t> out) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const bool hit = Intersects(pairs[i].v, pairs[i].q);
        out[i] = hit ? 1 : 0;
        count += hit ? 1 : 0;
    }
    return count;
}

/// Möller 97 on many pairs: 16 (AVX-512) or 8 (AVX2) pairs per step on the active ISA
/// (picking/core/isa.h), the scalar function otherwise. Every lane rounds as the scalar function
/// does, and lanes the vector path cannot settle (coplanar, slivers, nearly parallel planes,
/// overflow) are handed to the scalar function, so the answers are identical to it.
[[nodiscard]] std::size_t intersect_batch_moller97(std::span<const TrianglePair> pairs,
                                                   std::span<std::uint8_t> out);
/// The same on a chosen instruction set (one the CPU lacks falls back to the widest narrower
/// one it has).
[[nodiscard]] std::size_t intersect_batch_moller97(std::span<const TrianglePair> pairs,
                                                   std::span<std::uint8_t> out, Isa isa);

inline constexpr std::array kTriTriAlgorithms = {
    TriTriAlgorithm{TriTriMethod::Seed003, "seed003",
                    "seed 003: edge/plane parameters, 2D coordinates, projections",
                    triangles_intersect_seed003, triangle_contact_seed003,
                    intersect_batch_scalar<triangles_intersect_seed003>},
    TriTriAlgorithm{TriTriMethod::Moller97, "moller97",
                    "Moller, A Fast Triangle-Triangle Intersection Test, JGT 1997",
                    triangles_intersect_moller97, triangle_contact_moller97,
                    intersect_batch_moller97},
    TriTriAlgorithm{TriTriMethod::GuigueDevillers, "guigue_devillers",
                    "Guigue & Devillers, orientation predicates, JGT 2003",
                    triangles_intersect_guigue_devillers, triangle_contact_guigue_devillers,
                    intersect_batch_scalar<triangles_intersect_guigue_devillers>},
    TriTriAlgorithm{TriTriMethod::Exact, "exact",
                    "Guigue & Devillers with exact orientation signs (the oracle)",
                    triangles_intersect_exact, triangle_contact_exact,
                    intersect_batch_scalar<triangles_intersect_exact>},
};

/// The algorithm with that CLI name, or nothing.
[[nodiscard]] const TriTriAlgorithm* find_tri_tri_algorithm(std::string_view name);
[[nodiscard]] const TriTriAlgorithm& tri_tri_algorithm(TriTriMethod method);

}  // namespace picking
