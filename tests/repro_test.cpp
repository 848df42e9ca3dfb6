// Repro tests: each hostile input that once aborted raypick or left it silent, reduced and kept
// under tests/repro/ (or made here when it is a name or a size rather than a file), run through
// the real binary. Each must now end with a clear message or a valid answer.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/process.h"

namespace tests {
namespace {

const std::filesystem::path kRepro = RAYPICK_REPRO_DIR;

std::filesystem::path scratch_dir() {
    const auto dir = std::filesystem::temp_directory_path() / "raypick_repro";
    std::filesystem::create_directories(dir);
    return dir;
}

/// Every line of `out` parses as JSON (nlohmann refuses invalid UTF-8) and says its strings
/// were repaired.
void expect_repaired_json_lines(const ProcessResult& r) {
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_FALSE(out.empty());
    for (const std::string& line : out) {
        const auto j = nlohmann::json::parse(line);
        EXPECT_EQ(j.value("utf8_repaired", false), true) << line;
    }
}

/// Runs raypick with `args`; expects a failure whose message contains `says`, and no crash.
void expect_refused(const std::vector<std::string>& args, const std::string& says) {
    std::vector<std::string> full = {raypick_exe()};
    full.insert(full.end(), args.begin(), args.end());
    const ProcessResult r = run_process(full, 60.0);
    std::string command;
    for (const std::string& a : args)
        command += " " + a;
    EXPECT_FALSE(r.signaled) << command << ": signal " << r.signal;
    EXPECT_FALSE(r.timed_out) << command;
    EXPECT_NE(r.exit_code, 0) << command;
    EXPECT_NE(r.err.find(says), std::string::npos) << command << "\nstderr: " << r.err;
    EXPECT_TRUE(r.out.empty()) << command << "\nstdout: " << r.out;
}

// knot:0, knot:-5 and knot:100000000000 said "no such file".
TEST(Repro, KnotCountsOutOfRangeSayTheRange) {
    for (const char* knot : {"knot:0", "knot:-5", "knot:100000000000"})
        expect_refused({"pick", knot, "--ray", "0", "0", "9", "0", "0", "-1"},
                       "knot:N takes a whole number of triangles N from 8 to 100000000");
}

// A mesh and node name that is not UTF-8 made nlohmann's dump() throw type_error 316, and
// `pick` (through Assimp and through tinyobjloader) aborted with exit 134.
TEST(Repro, MeshAndNodeNamesThatAreNotUtf8AreRepaired) {
    const std::string model = (kRepro / "invalid_utf8_names.obj").string();
    for (const bool tinyobjloader : {false, true}) {
        std::vector<std::string> args = {raypick_exe(), "pick", model, "--ray", "0.2",
                                         "0.2",         "1",    "0",   "0",     "-1"};
        if (tinyobjloader) args.push_back("--tinyobjloader");
        const ProcessResult r = run_process(args);
        expect_repaired_json_lines(r);
        const auto j = nlohmann::json::parse(lines(r.out).at(0));
        EXPECT_EQ(j["hit"], true);
        // "tri" and a U+FFFD for each of the bytes 0xff and 0xfe.
        EXPECT_EQ(j["mesh_name"], "tri\xef\xbf\xbd\xef\xbf\xbd")
            << "tinyobjloader " << tinyobjloader;
    }
}

// A model path that is not UTF-8 aborted `pick`, `leaks`, `bench` and `heatmap` the same way.
TEST(Repro, PathsThatAreNotUtf8AreRepaired) {
    const auto model = scratch_dir() / "box_\xff.obj";
    std::filesystem::copy_file(kRepro / "box.obj", model,
                               std::filesystem::copy_options::overwrite_existing);
    const std::string m = model.string();
    // A hit, so the line names the path (in node_path: Assimp names the root after the file).
    expect_repaired_json_lines(run_process({raypick_exe(), "pick", m, "--ray", "0", "0", "100", "0",
                                            "0", "-1", "--algorithm", "watertight"}));
    expect_repaired_json_lines(
        run_process({raypick_exe(), "leaks", m, "--rays", "100", "--algorithm", "watertight"}));
    expect_repaired_json_lines(run_process({raypick_exe(), "bench", m, "--incoherent", "1000"}));
    const auto png = scratch_dir() / "heat_\xfe.png";
    expect_repaired_json_lines(run_process(
        {raypick_exe(), "heatmap", m, "--out", png.string(), "--size", "32x32", "--threads", "1"}));
    EXPECT_TRUE(std::filesystem::exists(png));
}

}  // namespace
}  // namespace tests
