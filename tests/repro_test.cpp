// Repro tests: each hostile input that once aborted raypick or left it silent, reduced and kept
// under tests/repro/ (or made here when it is a name or a size rather than a file), run through
// the real binary. Each must now end with a clear message or a valid answer.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/process.h"

namespace tests {
namespace repro_test {

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
                       "knot:N[:SCALE] takes a whole number of triangles N from 8 to 100000000");
}

// `bench --incoherent -1` threw an uncaught length_error, and `--incoherent 4000000000` and
// `--primary 31000x31000` an uncaught bad_alloc (exit 134).
TEST(Repro, RayCountsOutOfRangeSayTheRange) {
    expect_refused({"bench", "knot:1000", "--incoherent", "-1"}, "not in range 1 to 100000000");
    expect_refused({"bench", "knot:1000", "--incoherent", "4000000000"},
                   "not in range 1 to 100000000");
    expect_refused({"bench", "knot:1000", "--primary", "31000x31000"}, "W x H <= 100000000");
    expect_refused({"heatmap", "knot:1000", "--out", "x.png", "--threads", "4000000000"},
                   "not in range 0 to 256");
    expect_refused({"tritri", "--summary", "--count", "200000000"}, "not in range 1 to 50000000");
}

// `--rays /dev/zero` read one endless line (16.8 GB in 60 s); a directory or an empty file of
// rays (or of pairs) exited 0 without a word.
TEST(Repro, RayAndPairFilesThatHoldNothingUsableAreRefused) {
    const auto empty = scratch_dir() / "empty.txt";
    std::ofstream(empty).close();
    const std::string model = (kRepro / "box.obj").string();
    for (const auto& [file, says] : {std::pair{std::string("/dev/zero"), "the line is longer than"},
                                     std::pair{scratch_dir().string(), "is a directory"},
                                     std::pair{empty.string(), "holds no rays"}}) {
        expect_refused({"pick", model, "--rays", file}, says);
        expect_refused({"bench", model, "--rays", file}, says);
    }
    expect_refused({"tritri", "--pairs", scratch_dir().string()}, "is a directory");
    expect_refused({"tritri", "--pairs", empty.string(), "--summary"}, "holds no pairs");
}

// `--ray 0 0 9 0 0 -inf` said "At least 6 required" (CLI11 read -inf as an option).
TEST(Repro, ANonFiniteRaySaysSo) {
    const std::string model = (kRepro / "box.obj").string();
    for (const char* value : {"-inf", "inf", "-nan", "nan", "1e999"})
        expect_refused({"pick", model, "--ray", "0", "0", "9", "0", "0", value},
                       "--ray: the ray is not finite");
    expect_refused({"pick", model, "--ray", "0", "0", "9", "0", "0", "-1", "--time", "-inf"},
                   "--time: '-inf' is not a finite number");
    expect_refused({"pick", model, "--ray", "0", "0", "9", "0", "0", "-1", "--time", "nan"},
                   "--time: 'nan' is not a finite number");
}

// An .obj whose `mtllib` reaches /dev/zero made tinyobjloader read one endless line until
// memory ran out; a PLY header claiming 2^31 faces said only "std::bad_alloc".
TEST(Repro, FilesThatClaimMoreThanMemoryAllowsSaySo) {
    const ProcessResult obj = run_process(
        {raypick_exe(), "pick", (kRepro / "mtllib_dev_zero.obj").string(), "--ray", "0.2", "0.2",
         "1", "0", "0", "-1", "--tinyobjloader", "--algorithm", "watertight"},
        60.0);
    ASSERT_EQ(obj.exit_code, 0) << obj.err;
    EXPECT_EQ(nlohmann::json::parse(obj.out)["hit"], true);
#ifndef RAYPICK_SANITIZED
    // AddressSanitizer's operator new reports an allocation it cannot make and ends the process
    // instead of throwing std::bad_alloc, so this part runs unsanitized only.
    expect_refused({"pick", (kRepro / "ply_claims_2e31_faces.ply").string(), "--ray", "0.2", "0.2",
                    "1", "0", "0", "-1"},
                   "claims more than memory allows");
#endif
}

// With moller_trumbore as the default, 41% of rays aimed at shared edges of a closed mesh
// passed through it, and a ray straight through the centre of a cube's face (its diagonal)
// reported no hit. The default is watertight; the seeds' algorithms keep their leaks.
TEST(Repro, TheDefaultPickDoesNotSlipThroughACubesDiagonal) {
    const std::string box = (kRepro / "box.obj").string();
    const std::vector<std::string> down = {raypick_exe(), "pick", box, "--ray", "0",
                                           "0",           "100",  "0", "0",     "-1"};
    const ProcessResult r = run_process(down);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["algorithm"], "watertight");
    ASSERT_EQ(j["hit"], true);
    EXPECT_EQ(j["t"], 99.0);
    std::vector<std::string> seed = down;
    seed.insert(seed.end(), {"--algorithm", "moller_trumbore"});
    const ProcessResult strict = run_process(seed);
    ASSERT_EQ(strict.exit_code, 0) << strict.err;
    EXPECT_EQ(nlohmann::json::parse(strict.out)["hit"], false) << "the leak the default avoids";
    // And on the whole of it: no leak for the default where moller_trumbore has many.
    const ProcessResult leaks = run_process({raypick_exe(), "leaks", box, "--rays", "2000"});
    ASSERT_EQ(leaks.exit_code, 0) << leaks.err;
    for (const std::string& line : lines(leaks.out)) {
        const auto row = nlohmann::json::parse(line);
        if (row["algorithm"] == "watertight") {
            EXPECT_EQ(row["leaks"], 0) << line;
        } else if (row["algorithm"] == "moller_trumbore") {
            EXPECT_GT(row["leaks"], 100) << line;
        }
    }
}

// A ray of finite but huge numbers crashed the BVH (SIGSEGV): in a mesh's space it left float
// range, and the box test took an empty slot of a node for a child.
TEST(Repro, AHugeFiniteRayIsPickedWithoutACrash) {
    for (const char* accel : {"bvh", "none", "sphere", "aabb"}) {
        const ProcessResult r =
            run_process({raypick_exe(), "pick", "default", "--ray", "3e38", "3e38", "3e38", "-3e38",
                         "-3e38", "-3e38", "--accel", accel});
        ASSERT_EQ(r.exit_code, 0) << accel << ": " << r.err;
        EXPECT_TRUE(nlohmann::json::parse(r.out).contains("hit")) << r.out;
    }
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

}  // namespace repro_test
}  // namespace tests
