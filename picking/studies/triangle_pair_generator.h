#pragma once
/// Seeded triangle pairs for tests and benchmarks: each of seed 003's nine cases made on
/// purpose, the seed's 62.5%-intersecting mix, random near-equilateral pairs, and the stress
/// kinds that the exact oracles are compared on (near-coplanar, touching, shared corners and
/// edges, far from the origin, slivers).

#include <cstdint>
#include <random>
#include <span>
#include <string_view>
#include <vector>

#include "picking/tritri/triangle_pair_case.h"
#include "picking/tritri/triangle_triangle.h"

namespace picking {

/// One pair of exactly this seed case (checked with classify_triangle_pair). Coplanar,
/// parallel and one-crossing pairs sit on an integer grid (|x| <= 64, scaled by a power of
/// two) so that float arithmetic sees them exactly as they are; the others are float pairs in a
/// random frame. Degenerate is not a case to generate.
[[nodiscard]] TrianglePair generate_case_pair(TriTriCase id, std::mt19937_64& rng);

struct GeneratedPairs {
    std::vector<TrianglePair> pairs;
    std::vector<TriTriCase> cases;  ///< the case of each pair (as generated, and checked)
};

/// Seed 003's experiment: `count` pairs, the four intersecting cases 25/160 of them each and
/// the five disjoint ones 12/160 each (62.5% intersecting, as the seed's 6,249,996 of
/// 10,000,000), shuffled.
[[nodiscard]] GeneratedPairs generate_seed_mix(std::size_t count, std::uint64_t seed);

/// Pairs of random near-equilateral triangles (edges 1 ± 10%, random orientation) with
/// centres in a cube sized for about half of them to intersect.
[[nodiscard]] std::vector<TrianglePair> generate_near_equilateral_pairs(std::size_t count,
                                                                        std::uint64_t seed);

/// The kinds of pairs the correctness runs mix.
enum class StressKind : std::uint8_t {
    SeedCases,        ///< generate_case_pair over all nine cases
    NearEquilateral,  ///< generate_near_equilateral_pairs
    RandomBox,        ///< corners uniform in a cube
    NearCoplanar,     ///< Q in V's plane, then tilted and lifted by 1e-7 .. 1e-2
    GridTouching,     ///< small integer grid: touching, coplanar and shared corners abound
    SharedVertex,     ///< Q has one corner of V
    SharedEdge,       ///< Q has an edge of V (neighbours in a mesh, folded either way)
    FarFromOrigin,    ///< RandomBox moved 1e3 .. 1e5 away from the origin
    Slivers,          ///< needles and slivers
};
inline constexpr int kStressKindCount = 9;
[[nodiscard]] std::string_view stress_kind_name(StressKind kind);

[[nodiscard]] TrianglePair generate_stress_pair(StressKind kind, std::mt19937_64& rng);

/// The kind of stress pair i: a repeating schedule of 32 slots, 6 each for near-equilateral,
/// random-box and near-coplanar pairs, 3 each far from the origin and slivers, 2 each for the
/// seed's cases, the touching grid, shared corners and shared edges (the kinds whose exact
/// answers cost the oracles most).
[[nodiscard]] StressKind stress_kind_of(std::size_t i);

/// `count` stress pairs, pair i of kind stress_kind_of(i).
[[nodiscard]] std::vector<TrianglePair> generate_stress_pairs(std::size_t count,
                                                              std::uint64_t seed);

}  // namespace picking
