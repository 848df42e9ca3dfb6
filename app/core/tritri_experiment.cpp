#include "app/core/tritri_experiment.h"

#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <tuple>

namespace app {

namespace {

double thread_cpu_ns() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

/// One pass: ns per test and the intersecting count.
std::pair<double, std::size_t> pass(const picking::TriTriAlgorithm& algorithm,
                                    std::span<const picking::TrianglePair> pairs,
                                    std::optional<picking::Isa> batch,
                                    std::vector<std::uint8_t>& out) {
    if (pairs.empty()) return {0.0, 0};
    const double start = thread_cpu_ns();
    std::size_t hits = 0;
    if (batch) {
        if (algorithm.method == picking::TriTriMethod::Moller97)
            hits = picking::intersect_batch_moller97(pairs, out, *batch);
        else
            hits = algorithm.batch(pairs, out);
    } else {
        for (const auto& pair : pairs)
            hits += algorithm.intersects(pair.v, pair.q) ? 1 : 0;
    }
    return {(thread_cpu_ns() - start) / double(pairs.size()), hits};
}

std::pair<double, std::size_t> median_pass(const picking::TriTriAlgorithm& algorithm,
                                           std::span<const picking::TrianglePair> pairs,
                                           int repetitions, std::optional<picking::Isa> batch,
                                           std::vector<std::uint8_t>& out) {
    std::vector<double> times;
    std::size_t hits = 0;
    for (int r = 0; r < std::max(1, repetitions); ++r) {
        const auto [ns, count] = pass(algorithm, pairs, batch, out);
        times.push_back(ns);
        hits = count;
    }
    std::nth_element(times.begin(), times.begin() + std::ptrdiff_t(times.size() / 2), times.end());
    return {times[times.size() / 2], hits};
}

}  // namespace

ExperimentPairs prepare_experiment(std::vector<picking::TrianglePair> pairs,
                                   std::span<const picking::TriTriCase> cases) {
    ExperimentPairs e;
    std::vector<picking::TriTriCase> known(cases.begin(), cases.end());
    if (known.size() != pairs.size()) {
        known.resize(pairs.size());
        for (std::size_t i = 0; i < pairs.size(); ++i)
            known[i] = picking::classify_triangle_pair(pairs[i].v, pairs[i].q);
    }
    std::vector<std::size_t> order(pairs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return known[a] < known[b]; });
    e.by_case.reserve(pairs.size());
    e.case_begin.assign(picking::kTriTriCases.size() + 1, 0);
    for (std::size_t i : order) {
        e.by_case.push_back(pairs[i]);
        ++e.case_begin[std::size_t(known[i]) + 1];
        e.exact_intersecting += picking::tri_tri_case_info(known[i]).intersecting ? 1 : 0;
    }
    std::partial_sum(e.case_begin.begin(), e.case_begin.end(), e.case_begin.begin());
    e.mixed = std::move(pairs);
    return e;
}

AlgorithmTiming time_algorithm(const picking::TriTriAlgorithm& algorithm,
                               const ExperimentPairs& pairs, int repetitions,
                               std::optional<picking::Isa> batch) {
    AlgorithmTiming t;
    t.algorithm = algorithm.name;
    t.batch = batch;
    t.pairs = pairs.mixed.size();
    std::vector<std::uint8_t> out(pairs.mixed.size());
    std::tie(t.ns_per_test, t.intersecting) =
        median_pass(algorithm, pairs.mixed, repetitions, batch, out);
    for (std::size_t c = 0; c + 1 < pairs.case_begin.size(); ++c) {
        const std::size_t begin = pairs.case_begin[c], end = pairs.case_begin[c + 1];
        if (begin == end) continue;
        CaseTiming ct;
        ct.id = picking::TriTriCase(c);
        ct.pairs = end - begin;
        std::tie(ct.ns_per_test, ct.intersecting) =
            median_pass(algorithm, std::span(pairs.by_case).subspan(begin, end - begin),
                        repetitions, batch, out);
        t.cases.push_back(ct);
    }
    return t;
}

nlohmann::ordered_json timing_to_json(const AlgorithmTiming& timing, bool seed_mix) {
    const auto round2 = [](double x) { return std::round(x * 100.0) / 100.0; };
    // The seed's figures have four digits in µs: 0.1 ns, without the float noise of µs × 1000.
    const auto seed_ns = [](double microseconds) { return std::round(microseconds * 1e4) / 10.0; };
    nlohmann::ordered_json j;
    j["algorithm"] = timing.algorithm;
    j["pairs"] = timing.pairs;
    j["intersecting"] = timing.intersecting;
    j["ns_per_test"] = round2(timing.ns_per_test);
    if (timing.batch) j["batch"] = picking::isa_name(*timing.batch);
    if (seed_mix) j["seed_ns_per_test"] = seed_ns(picking::kSeedMicrosecondsPerTest);
    nlohmann::ordered_json cases = nlohmann::ordered_json::array();
    for (const CaseTiming& c : timing.cases) {
        const auto& info = picking::tri_tri_case_info(c.id);
        nlohmann::ordered_json jc;
        jc["case"] = info.name;
        jc["pairs"] = c.pairs;
        jc["intersecting"] = c.intersecting;
        jc["ns_per_test"] = round2(c.ns_per_test);
        if (info.seed_microseconds > 0.0) jc["seed_ns_per_test"] = seed_ns(info.seed_microseconds);
        cases.push_back(std::move(jc));
    }
    j["cases"] = std::move(cases);
    return j;
}

}  // namespace app
