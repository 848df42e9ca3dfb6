#pragma once
/// `raypick tritri [--pairs FILE] [--algorithm NAME] [--summary]`: triangle–triangle tests
/// without a window. Per pair one JSON line {"intersect", "case"}; with --summary one line per
/// algorithm {"algorithm", "pairs", "intersecting", "ns_per_test", ...} over the file's pairs
/// or, without --pairs, over seed 003's experiment (10^7 generated pairs, 62.5% intersecting).

#include <cstdint>
#include <optional>
#include <string>

namespace app {

struct TriTriCommandOptions {
    std::string pairs_file;  ///< "-" for standard input; empty: generate (--summary)
    std::optional<std::string> algorithm;
    bool summary = false;
    bool segment = false;      ///< per pair, also where the triangles meet
    bool batch = false;        ///< --summary: also time the SIMD batch path
    bool list = false;         ///< print the algorithm names
    std::string mix = "seed";  ///< generated pairs: "seed" (seed 003's) or "near_equilateral"
    std::size_t count = 10'000'000;
    std::uint64_t seed = 2006;
    int repetitions = 3;
    std::string write_pairs;  ///< write the generated pairs to this file and exit
};

/// Runs it: returns the process exit status.
[[nodiscard]] int run_tritri_command(const TriTriCommandOptions& options);

}  // namespace app
