// Seed 003's experiment, repeated under Google Benchmark: 10^7 triangle pairs, 62.5% of them
// intersecting, each of the seed's nine cases generated on purpose; every algorithm of the table
// (one call per pair), the SIMD batches of Möller 97, and CGAL's do_intersect on the same pairs.
// Then the same on 10^7 random near-equilateral pairs (50.5% intersecting). At the end, a table
// per case beside the seed's figures, with ratios to CGAL and to our moller97.
//
//   build/release/bench/tri_tri_bench --pairs 10000000 --benchmark_repetitions=3
//
// --pairs N (default 10^7) sets the size of each set; --mix seed|near_equilateral|both.
// Times are CPU time per pass over the set, divided by its size (medians over repetitions).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "app/core/tritri_experiment.h"
#include "picking/studies/triangle_pair_generator.h"
#if defined(RAYPICK_HAVE_CGAL)
#include "peers/cgal/cgal_tri_tri.h"
#endif

namespace {

using picking::TrianglePair;

// == The pairs under test, and what each benchmark measured

struct Set {
    std::string mix;
    app::ExperimentPairs pairs;
};
Set g_set;
std::vector<std::uint8_t> g_out;

/// ns per test of each (set, case, column): case "all" is the shuffled mix.
std::map<std::string, std::map<std::string, std::map<std::string, double>>> g_results;
std::vector<std::string> g_columns;

std::span<const TrianglePair> pairs_of(int id) {
    if (id < 0) return g_set.pairs.mixed;
    const std::size_t begin = g_set.pairs.case_begin[std::size_t(id)];
    const std::size_t end = g_set.pairs.case_begin[std::size_t(id) + 1];
    return std::span(g_set.pairs.by_case).subspan(begin, end - begin);
}

std::string case_name(int id) {
    return id < 0 ? "all" : std::string(picking::tri_tri_case_info(picking::TriTriCase(id)).name);
}

void finish(benchmark::State& state, std::size_t pairs, std::size_t hits) {
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(pairs));
    state.counters["intersecting"] = double(hits);
    state.counters["pairs"] = double(pairs);
}

void per_pair(benchmark::State& state, const picking::TriTriAlgorithm* algorithm, int id) {
    const auto pairs = pairs_of(id);
    std::size_t hits = 0;
    for (auto _ : state) {
        hits = 0;
        for (const TrianglePair& p : pairs)
            hits += algorithm->intersects(p.v, p.q) ? 1 : 0;
        benchmark::DoNotOptimize(hits);
    }
    finish(state, pairs.size(), hits);
}

void batched(benchmark::State& state, picking::Isa isa, int id) {
    const auto pairs = pairs_of(id);
    std::size_t hits = 0;
    for (auto _ : state) {
        hits = picking::intersect_batch_moller97(pairs, g_out, isa);
        benchmark::DoNotOptimize(hits);
    }
    finish(state, pairs.size(), hits);
}

#if defined(RAYPICK_HAVE_CGAL)
/// CGAL on the same pairs; their conversion to CGAL triangles (in chunks) is not timed.
void cgal(benchmark::State& state, int id) {
    const auto pairs = pairs_of(id);
    constexpr std::size_t kChunk = 1 << 16;
    std::size_t hits = 0;
    for (auto _ : state) {
        hits = 0;
        for (std::size_t first = 0; first < pairs.size(); first += kChunk) {
            const std::size_t n = std::min(kChunk, pairs.size() - first);
            state.PauseTiming();
            const oracle::CgalTrianglePairs chunk(pairs.subspan(first, n));
            state.ResumeTiming();
            hits += chunk.intersect(0, std::span(g_out).subspan(0, n));
        }
        benchmark::DoNotOptimize(hits);
    }
    finish(state, pairs.size(), hits);
}
#endif

/// Registers every column for the mix and each case of the current set.
void register_set() {
    g_columns.clear();
    for (int id = -1; id < picking::kSeedCaseCount; ++id) {
        if (pairs_of(id).empty()) continue;
        const std::string prefix = g_set.mix + "/" + case_name(id) + "/";
        for (const auto& algorithm : picking::kTriTriAlgorithms) {
            benchmark::RegisterBenchmark((prefix + std::string(algorithm.name)).c_str(), per_pair,
                                         &algorithm, id);
            if (id < 0) g_columns.emplace_back(algorithm.name);
        }
        for (picking::Isa isa : {picking::Isa::Avx2, picking::Isa::Avx512}) {
            if (int(isa) > int(picking::active_isa())) continue;
            const std::string column = "moller97_" + std::string(picking::isa_name(isa));
            benchmark::RegisterBenchmark((prefix + column).c_str(), batched, isa, id);
            if (id < 0) g_columns.push_back(column);
        }
#if defined(RAYPICK_HAVE_CGAL)
        benchmark::RegisterBenchmark((prefix + "cgal").c_str(), cgal, id);
        if (id < 0) g_columns.emplace_back("cgal");
#endif
    }
}

/// Keeps the console output and records each run's CPU ns per test (median aggregate when
/// there are repetitions, else the single run).
class Recorder : public benchmark::ConsoleReporter {
  public:
    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& run : runs) {
            const bool aggregate = run.run_type == Run::RT_Aggregate;
            if (aggregate && run.aggregate_name != "median") continue;
            const std::string name = run.run_name.function_name;  // "mix/case/column"
            const auto first = name.find('/'), second = name.find('/', first + 1);
            const std::string set = name.substr(0, first);
            const std::string which = name.substr(first + 1, second - first - 1);
            const std::string column = name.substr(second + 1);
            const auto pairs = run.counters.find("pairs");
            if (pairs == run.counters.end() || pairs->second.value <= 0.0) continue;
            const double ns = run.GetAdjustedCPUTime() / pairs->second.value *
                              (run.time_unit == benchmark::kMillisecond   ? 1e6
                               : run.time_unit == benchmark::kMicrosecond ? 1e3
                               : run.time_unit == benchmark::kSecond      ? 1e9
                                                                          : 1.0);
            double& slot = g_results[set][which][column];
            if (aggregate || slot == 0.0) slot = ns;
        }
        ConsoleReporter::ReportRuns(runs);
    }
};

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void print_table(const std::string& set) {
    const auto& rows = g_results[set];
    std::printf("\n%s: ns per test (CPU time, median)%s\n\n| case |%s", set.c_str(),
                set == "seed" ? ", beside the seed's 2006 figures" : "",
                set == "seed" ? " seed 003 (2006) |" : "");
    for (const std::string& c : g_columns)
        std::printf(" %s |", c.c_str());
    std::printf(" fastest / cgal | fastest / moller97 |\n|---|%s", set == "seed" ? "---|" : "");
    for (std::size_t i = 0; i < g_columns.size() + 2; ++i)
        std::printf("---|");
    std::printf("\n");
    for (int id = -1; id < picking::kSeedCaseCount; ++id) {
        const auto row = rows.find(case_name(id));
        if (row == rows.end()) continue;
        std::printf("| %s |", case_name(id).c_str());
        if (set == "seed") {
            const double seed_us =
                id < 0 ? picking::kSeedMicrosecondsPerTest
                       : picking::tri_tri_case_info(picking::TriTriCase(id)).seed_microseconds;
            std::printf(" %.1f |", seed_us * 1000.0);
        }
        double fastest = std::numeric_limits<double>::infinity();
        for (const std::string& c : g_columns) {
            const auto cell = row->second.find(c);
            const double ns = cell == row->second.end() ? kNaN : cell->second;
            std::printf(" %.1f |", ns);
            if (c != "cgal" && c != "exact" && ns < fastest) fastest = ns;
        }
        const auto ratio = [&](const char* column) {
            const auto cell = row->second.find(column);
            return cell == row->second.end() ? kNaN : fastest / cell->second;
        };
        std::printf(" %.3f | %.3f |\n", ratio("cgal"), ratio("moller97"));
    }
    std::fflush(stdout);
}

void load_set(const std::string& mix, std::size_t count) {
    g_set = Set{};
    g_set.mix = mix;
    if (mix == "seed") {
        picking::GeneratedPairs generated = picking::generate_seed_mix(count, 2006);
        g_set.pairs = app::prepare_experiment(std::move(generated.pairs), generated.cases);
    } else {
        g_set.pairs =
            app::prepare_experiment(picking::generate_near_equilateral_pairs(count, 2006), {});
    }
    g_out.assign(count, 0);
    std::printf("%s: %zu pairs, %zu intersecting (exact)\n", mix.c_str(), count,
                g_set.pairs.exact_intersecting);
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t count = 10'000'000;
    std::string mix = "both";
    // Our own flags first; Google Benchmark takes the rest.
    std::vector<char*> rest = {argv[0]};
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--pairs") == 0 && i + 1 < argc)
            count = std::size_t(std::strtoull(argv[++i], nullptr, 10));
        else if (std::strcmp(argv[i], "--mix") == 0 && i + 1 < argc)
            mix = argv[++i];
        else
            rest.push_back(argv[i]);
    }
    int rest_count = int(rest.size());
    benchmark::Initialize(&rest_count, rest.data());
    if (benchmark::ReportUnrecognizedArguments(rest_count, rest.data()) || count == 0) return 1;

    Recorder recorder;
    for (const std::string set : {"seed", "near_equilateral"}) {
        if (mix != "both" && mix != set) continue;
        load_set(set, count);
        register_set();
        benchmark::RunSpecifiedBenchmarks(&recorder);
        benchmark::ClearRegisteredBenchmarks();
        print_table(set);
    }
    benchmark::Shutdown();
    return 0;
}
