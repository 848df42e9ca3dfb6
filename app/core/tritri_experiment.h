#pragma once
/// Seed 003's experiment, repeated: time triangle–triangle algorithms over a set of pairs, as a
/// whole and per seed case, for `raypick tritri --summary` (bench/tri_tri_bench.cpp does the
/// same under Google Benchmark). Times are the calling thread's CPU time, the median of several
/// passes, so other processes on the machine disturb them less.

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "picking/tritri/triangle_pair_case.h"
#include "picking/tritri/triangle_triangle.h"

namespace app {

struct CaseTiming {
    picking::TriTriCase id{};
    std::size_t pairs = 0;
    std::size_t intersecting = 0;  ///< how many the algorithm said intersect
    double ns_per_test = 0.0;
};

struct AlgorithmTiming {
    std::string_view algorithm;
    std::optional<picking::Isa> batch;  ///< set when the batch path was timed
    std::size_t pairs = 0;
    std::size_t intersecting = 0;
    double ns_per_test = 0.0;
    std::vector<CaseTiming> cases;  ///< in kTriTriCases order, cases without pairs left out
};

/// Pairs with their seed cases, grouped: `by_case` holds the same pairs sorted by case, so each
/// case is timed on a contiguous run (the mix itself stays in its shuffled order).
struct ExperimentPairs {
    std::vector<picking::TrianglePair> mixed;
    std::vector<picking::TrianglePair> by_case;
    std::vector<std::size_t> case_begin;  ///< kTriTriCases.size() + 1 offsets into by_case
    std::size_t exact_intersecting = 0;   ///< from the cases (exact answers)
};

/// Groups `pairs` whose cases are known (or classifies them exactly when `cases` is empty).
[[nodiscard]] ExperimentPairs prepare_experiment(std::vector<picking::TrianglePair> pairs,
                                                 std::span<const picking::TriTriCase> cases);

/// Median of `repetitions` passes of `algorithm` over the mix and over each case's run; with
/// `batch`, the algorithm's batch function on that instruction set instead of one call per pair.
[[nodiscard]] AlgorithmTiming time_algorithm(const picking::TriTriAlgorithm& algorithm,
                                             const ExperimentPairs& pairs, int repetitions,
                                             std::optional<picking::Isa> batch);

/// {"algorithm", "pairs", "intersecting", "ns_per_test", ["batch"], ["seed_ns_per_test"],
///  "cases": [{"case", "pairs", "intersecting", "ns_per_test", "seed_ns_per_test"}, ...]}
[[nodiscard]] nlohmann::ordered_json timing_to_json(const AlgorithmTiming& timing, bool seed_mix);

}  // namespace app
