// `raypick tritri` as DESIGN.md fixes it: one JSON line per pair {"intersect", "case"}, or with
// --summary one line per algorithm {"algorithm", "pairs", "intersecting", "ns_per_test"}.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/process.h"

namespace tests {
namespace tritri_cli_test {

std::filesystem::path temp_file(const std::string& name, const std::string& content) {
    const auto path = std::filesystem::temp_directory_path() / ("raypick_tritri_" + name);
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

// V = (0,0,0) (4,0,0) (0,4,0); one Q per seed case, in the order of the seed's table.
const char* const kCasePairs =
    "# V0 V1 V2 Q0 Q1 Q2\n"
    "0 0 0 4 0 0 0 4 0   0 0 1 4 0 1 0 4 1\n"
    "0 0 0 4 0 0 0 4 0   5 5 0 8 5 0 5 8 0\n"
    "0 0 0 4 0 0 0 4 0   1 1 0 6 1 0 1 6 0\n"
    "0 0 0 4 0 0 0 4 0   -1 -1 0 9 -1 0 -1 9 0\n"
    "0 0 0 4 0 0 0 4 0   1 1 1 2 1 3 1 2 2\n"
    "0 0 0 4 0 0 0 4 0   5 5 0 6 5 2 5 6 1\n"
    "0 0 0 4 0 0 0 4 0   5 5 -1 6 5 1 5 6 1\n"
    "0 0 0 4 0 0 0 4 0   1 1 -1 1 1 1 2 2 1\n"
    "0 0 0 4 0 0 0 4 0   -10 1 -1 10 1 -1 0 1 5\n";

const char* const kCaseNames[] = {
    "parallel_not_coplanar",  "coplanar_disjoint",      "coplanar_vertex_inside",
    "coplanar_containment",   "disjoint_no_crossing",   "disjoint_one_crossing",
    "disjoint_two_crossings", "intersect_point_inside", "intersect_no_point_inside"};
const bool kIntersecting[] = {false, false, true, true, false, false, false, true, true};

TEST(TriTriCli, ListNamesTheAlgorithms) {
    const ProcessResult r = run_process({raypick_exe(), "tritri", "--list"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(lines(r.out),
              (std::vector<std::string>{"seed003", "moller97", "guigue_devillers", "exact"}));
}

TEST(TriTriCli, EveryAlgorithmNamesEverySeedCase) {
    const auto file = temp_file("cases.txt", kCasePairs);
    for (const char* algorithm : {"seed003", "moller97", "guigue_devillers", "exact"}) {
        const ProcessResult r = run_process(
            {raypick_exe(), "tritri", "--pairs", file.string(), "--algorithm", algorithm});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const auto out = lines(r.out);
        ASSERT_EQ(out.size(), 9u) << algorithm;
        for (int i = 0; i < 9; ++i) {
            const auto j = nlohmann::json::parse(out[std::size_t(i)]);
            EXPECT_EQ(j["case"], kCaseNames[i]) << algorithm;
            EXPECT_EQ(j["intersect"], kIntersecting[i]) << algorithm << " " << kCaseNames[i];
        }
    }
}

TEST(TriTriCli, SegmentOptionGivesTheChordAndCoplanarFlag) {
    const auto file = temp_file("segment.txt",
                                "0 0 0 4 0 0 0 4 0  -10 1 -1 10 1 -1 0 1 5\n"
                                "0 0 0 4 0 0 0 4 0  1 1 0 6 1 0 1 6 0\n"
                                "0 0 0 4 0 0 0 4 0  0 0 1 4 0 1 0 4 1\n");
    const ProcessResult r = run_process({raypick_exe(), "tritri", "--pairs", file.string(),
                                         "--segment", "--algorithm", "guigue_devillers"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), 3u);
    const auto chord = nlohmann::json::parse(out[0]);
    ASSERT_TRUE(chord.contains("segment"));
    const double x0 = chord["segment"][0][0], x1 = chord["segment"][1][0];
    EXPECT_NEAR(std::min(x0, x1), 0.0, 1e-5);
    EXPECT_NEAR(std::max(x0, x1), 3.0, 1e-5);
    EXPECT_EQ(nlohmann::json::parse(out[1])["coplanar"], true);
    const auto miss = nlohmann::json::parse(out[2]);
    EXPECT_EQ(miss["intersect"], false);
    EXPECT_FALSE(miss.contains("segment"));
}

TEST(TriTriCli, CoplanarTouchingPairsGiveTheSharedSegment) {
    // Sharing an edge, corner to corner, a corner on an edge: no area in common, so no
    // "coplanar" flag, but the segment (or point) they share, from every algorithm.
    const auto file = temp_file("touching.txt",
                                "0 0 0 4 0 0 0 4 0  0 0 0 4 0 0 2 -3 0\n"
                                "0 0 0 4 0 0 0 4 0  4 0 0 6 0 0 5 -2 0\n"
                                "0 0 0 4 0 0 0 4 0  2 0 0 3 -2 0 1 -2 0\n");
    const std::vector<std::vector<double>> ends[3] = {
        {{0, 0, 0}, {4, 0, 0}}, {{4, 0, 0}, {4, 0, 0}}, {{2, 0, 0}, {2, 0, 0}}};
    for (const char* algorithm : {"seed003", "moller97", "guigue_devillers", "exact"}) {
        const ProcessResult r = run_process({raypick_exe(), "tritri", "--pairs", file.string(),
                                             "--segment", "--algorithm", algorithm});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const auto out = lines(r.out);
        ASSERT_EQ(out.size(), 3u) << algorithm;
        for (std::size_t i = 0; i < 3; ++i) {
            const auto j = nlohmann::json::parse(out[i]);
            EXPECT_EQ(j["intersect"], true) << algorithm << " pair " << i;
            EXPECT_FALSE(j.contains("coplanar")) << algorithm << " pair " << i;
            ASSERT_TRUE(j.contains("segment")) << algorithm << " pair " << i;
            const auto a = j["segment"][0].get<std::vector<double>>();
            const auto b = j["segment"][1].get<std::vector<double>>();
            EXPECT_TRUE((a == ends[i][0] && b == ends[i][1]) ||
                        (a == ends[i][1] && b == ends[i][0]))
                << algorithm << " pair " << i << ": " << out[i];
        }
    }
}

TEST(TriTriCli, SummaryOfTheSeedsExperiment) {
    const ProcessResult r = run_process(
        {raypick_exe(), "tritri", "--summary", "--count", "1600", "--repetitions", "1", "--batch"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), 5u);  // four algorithms and the batched moller97
    for (const std::string& line : out) {
        const auto j = nlohmann::json::parse(line);
        for (const char* key : {"algorithm", "pairs", "intersecting", "ns_per_test"})
            EXPECT_TRUE(j.contains(key)) << key << " in " << line;
        EXPECT_EQ(j["pairs"], 1600);
        EXPECT_EQ(j["exact_intersecting"], 1000);  // 62.5%, as the seed's mix
        EXPECT_GT(j["ns_per_test"].get<double>(), 0.0);
        // 2.2178 s for 10^7 tests, printed as 221.8 (not 217.8 from the seed's "0.2178 µs",
        // and without float noise like 217.79999999999998).
        EXPECT_EQ(j["seed_ns_per_test"].dump(), "221.8");
        ASSERT_EQ(j["cases"].size(), 9u);
        EXPECT_EQ(j["cases"][8]["case"], "intersect_no_point_inside");
        EXPECT_EQ(j["cases"][8]["seed_ns_per_test"].dump(), "206.8");
        for (const auto& c : j["cases"]) {
            const std::string seed_ns = c["seed_ns_per_test"].dump();
            EXPECT_LE(seed_ns.size() - seed_ns.find('.'), 2u) << seed_ns << " in " << c["case"];
        }
        if (j["algorithm"] == "exact") {
            EXPECT_EQ(j["intersecting"], 1000);
        }
    }
    EXPECT_TRUE(nlohmann::json::parse(out[4]).contains("batch"));
}

TEST(TriTriCli, WrittenPairsReadBackAndSummarise) {
    const auto path = std::filesystem::temp_directory_path() / "raypick_tritri_mix.f32";
    const ProcessResult w = run_process({raypick_exe(), "tritri", "--write-pairs", path.string(),
                                         "--count", "50", "--mix", "near_equilateral"});
    ASSERT_EQ(w.exit_code, 0) << w.err;
    EXPECT_EQ(std::filesystem::file_size(path), 50u * 72u);
    const ProcessResult r = run_process({raypick_exe(), "tritri", "--pairs", path.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(lines(r.out).size(), 50u);
    const ProcessResult s = run_process({raypick_exe(), "tritri", "--pairs", path.string(),
                                         "--summary", "--algorithm", "moller97"});
    ASSERT_EQ(s.exit_code, 0) << s.err;
    ASSERT_EQ(lines(s.out).size(), 1u);
    const auto j = nlohmann::json::parse(s.out);
    EXPECT_EQ(j["algorithm"], "moller97");
    EXPECT_EQ(j["pairs"], 50);
    EXPECT_FALSE(j.contains("seed_ns_per_test"));  // not the seed's mix
}

TEST(TriTriCli, ErrorsAreClearAndNonZero) {
    const auto bad = temp_file("bad.txt", "0 0 0 4 0 0 0 4 0 1 1 -1 1 1 1 2 2 1\n0 0 0 4 0 0\n");
    struct Case {
        std::vector<std::string> args;
        std::string expected;
    };
    for (const Case& c : {
             Case{{"tritri"}, "give pairs"},
             Case{{"tritri", "--pairs", bad.string()}, ":2: expected eighteen numbers"},
             Case{{"tritri", "--pairs", "/nonexistent/pairs.txt"}, "cannot open"},
             Case{{"tritri", "--summary", "--algorithm", "nope"}, "unknown algorithm 'nope'"},
             Case{{"tritri", "--summary", "--mix", "nope"}, "--mix"},
         }) {
        std::vector<std::string> args = {raypick_exe()};
        args.insert(args.end(), c.args.begin(), c.args.end());
        const ProcessResult r = run_process(args);
        EXPECT_NE(r.exit_code, 0) << c.expected;
        EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
    }
}

}  // namespace tritri_cli_test
}  // namespace tests
