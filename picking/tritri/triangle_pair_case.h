#pragma once
/// Seed 003's nine cases of a triangle pair, decided exactly: the categories of its timing table
/// and of `raypick tritri`'s "case". V is the first triangle and Q the second, as in the seed
/// ("crossing points" are where Q's edges meet V's plane).

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "picking/core/triangle.h"

namespace picking {

enum class TriTriCase : std::uint8_t {
    ParallelNotCoplanar,     ///< Q's plane is parallel to V's and apart from it
    CoplanarDisjoint,        ///< one plane, no common point
    CoplanarVertexInside,    ///< one plane, a corner of Q inside V (closed)
    CoplanarContainment,     ///< one plane, overlapping with no corner of Q inside V
    DisjointNoCrossing,      ///< Q strictly on one side of V's plane (not parallel)
    DisjointOneCrossing,     ///< Q meets V's plane at one point, outside V
    DisjointTwoCrossings,    ///< Q crosses V's plane; the crossing segment misses V
    IntersectPointInside,    ///< a crossing point lies inside V (closed)
    IntersectNoPointInside,  ///< both crossing points outside V, the segment between meets V
    Degenerate,              ///< a non-finite coordinate or a zero-area triangle
};

/// The seed's nine cases (Degenerate is ours and comes last).
inline constexpr int kSeedCaseCount = 9;

struct TriTriCaseInfo {
    TriTriCase id;
    std::string_view name;         ///< the JSON and CLI name
    std::string_view seed_label;   ///< the seed's own words (Chinese)
    std::string_view description;  ///< in English
    double seed_microseconds;      ///< the seed's time per test (Athlon 64 X2, 2.1 GHz, 2006)
    bool intersecting;             ///< what the exact answer is for pairs of this case
};

inline constexpr std::array<TriTriCaseInfo, 10> kTriTriCases = {{
    {TriTriCase::ParallelNotCoplanar, "parallel_not_coplanar", "两个三角形平行但不共面",
     "parallel, not coplanar", 0.0812, false},
    {TriTriCase::CoplanarDisjoint, "coplanar_disjoint", "平行共面但不相交", "coplanar, disjoint",
     0.1688, false},
    {TriTriCase::CoplanarVertexInside, "coplanar_vertex_inside", "平行共面相交,有点在三角形内",
     "coplanar, a vertex inside", 0.1265, true},
    {TriTriCase::CoplanarContainment, "coplanar_containment", "平行共面相交,三角形包含情况",
     "coplanar, containment", 0.2391, true},
    {TriTriCase::DisjointNoCrossing, "disjoint_no_crossing", "非平行不相交,另一个三角形与面无交点",
     "not parallel, disjoint: Q misses V's plane", 0.0968, false},
    {TriTriCase::DisjointOneCrossing, "disjoint_one_crossing",
     "非平行不相交,另一个三角形与面有一个交点", "not parallel, disjoint: one crossing point",
     0.1563, false},
    {TriTriCase::DisjointTwoCrossings, "disjoint_two_crossings",
     "非平行不相交,另一个三角形与面有两个交点", "not parallel, disjoint: two crossing points",
     0.1617, false},
    {TriTriCase::IntersectPointInside, "intersect_point_inside", "非平行相交,有点在三角形内",
     "intersecting, a crossing point inside V", 0.1539, true},
    {TriTriCase::IntersectNoPointInside, "intersect_no_point_inside", "非平行相交,没有点在三角形内",
     "intersecting, no crossing point inside V", 0.2068, true},
    {TriTriCase::Degenerate, "degenerate", "", "degenerate (zero area or not finite)", 0.0, false},
}};

/// The seed's overall figures: 10,000,000 tests in 2.2178 s, 6,249,996 intersecting. Its time
/// per test is taken from the total, 0.22178 µs (221.8 ns); the seed's own "0.2178 µs on
/// average" dropped a digit.
inline constexpr double kSeedTotalSeconds = 2.2178;
inline constexpr long kSeedTests = 10'000'000;
inline constexpr double kSeedMicrosecondsPerTest = kSeedTotalSeconds * 1e6 / double(kSeedTests);
inline constexpr long kSeedIntersecting = 6'249'996;

[[nodiscard]] const TriTriCaseInfo& tri_tri_case_info(TriTriCase id);
/// The case with that JSON name, or nothing.
[[nodiscard]] std::optional<TriTriCase> find_tri_tri_case(std::string_view name);

/// The case of (V, Q), decided with exact orientation signs (exact_predicates.h): correct for
/// every finite float input, touching configurations included.
[[nodiscard]] TriTriCase classify_triangle_pair(const Triangle& v, const Triangle& q);

}  // namespace picking
