// The command-line contract of DESIGN.md, tried on the real binary.

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "assets/load_model.h"
#include "peers/embree_scene.h"
#include "picking/core/isa.h"
#include "tests/png_image.h"
#include "tests/process.h"

namespace tests {
namespace cli_test {

std::filesystem::path temp_file(const std::string& name, const std::string& content) {
    const auto path = std::filesystem::temp_directory_path() / ("raypick_cli_" + name);
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

TEST(Cli, AlgorithmsListsOneNamePerLine) {
    const ProcessResult r = run_process({raypick_exe(), "algorithms"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto names = lines(r.out);
    EXPECT_NE(std::find(names.begin(), names.end(), "moller_trumbore"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "reference"), names.end());
}

TEST(Cli, PickOnTheDefaultScenePrintsOneJsonLinePerRay) {
    const auto rays = temp_file("two.txt", "0.1 30 0.2 0 -1 0\n# a comment\n0 30 0 0 1 0\n");
    const ProcessResult r =
        run_process({raypick_exe(), "pick", "default", "--rays", rays.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), 2u);
    const auto hit = nlohmann::json::parse(out[0]);
    EXPECT_EQ(hit["hit"], true);
    EXPECT_EQ(hit["algorithm"], "watertight");  // the default
    EXPECT_EQ(hit["accel"], "none");
    const auto miss = nlohmann::json::parse(out[1]);
    EXPECT_EQ(miss["hit"], false);
    EXPECT_GT(miss["triangles_tested"].get<int>(), 0);
}

TEST(Cli, OptionsReachThePick) {
    const ProcessResult r =
        run_process({raypick_exe(), "pick", "default", "--ray", "0.1", "30", "0.2", "0", "-1", "0",
                     "--algorithm", "reference", "--time", "2.5", "--space", "world"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["algorithm"], "reference");
    EXPECT_EQ(j["space"], "world");
    EXPECT_DOUBLE_EQ(j["time"].get<double>(), 2.5);
}

nlohmann::json pick_default(std::vector<std::string> extra) {
    std::vector<std::string> args = {raypick_exe(), "pick", "default"};
    args.insert(args.end(), extra.begin(), extra.end());
    const ProcessResult r = run_process(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
}

// Every name `raypick algorithms` lists picks, and the JSON names it. A ray straight down
// at (0.1, 0.2) passes the arm's base (drawn after the terrain) and then the terrain.
TEST(Cli, EveryAlgorithmPicksByName) {
    const ProcessResult list = run_process({raypick_exe(), "algorithms"});
    const auto names = lines(list.out);
    ASSERT_EQ(names.size(), 10u);
    const auto reference = pick_default({"--ray", "0.1", "30", "0.2", "0", "-1", "0"});
    for (const std::string& name : names) {
        const auto j = pick_default(
            {"--ray", "0.1", "30", "0.2", "0", "-1", "0", "--algorithm", name, "--time", "0"});
        EXPECT_EQ(j["algorithm"], name);
        ASSERT_EQ(j["hit"], true) << name;
        if (name == "xna_plane") {
            // Seed 001 returns the first triangle found: the terrain, listed first.
            EXPECT_EQ(j["node"], "terrain") << name;
            EXPECT_EQ(j["xna_hit"], "first");
        } else {
            EXPECT_EQ(j["node"], reference["node"]) << name;
            EXPECT_EQ(j["triangle"], reference["triangle"]) << name;
            EXPECT_NEAR(j["t"].get<double>(), reference["t"].get<double>(), 1e-4) << name;
        }
    }
    const auto closest = pick_default({"--ray", "0.1", "30", "0.2", "0", "-1", "0", "--algorithm",
                                       "xna_plane", "--xna-hit", "closest", "--time", "0"});
    EXPECT_EQ(closest["node"], reference["node"]);
    EXPECT_EQ(closest["xna_hit"], "closest");
}

TEST(Cli, SeedFlagsReachTheAlgorithms) {
    // Looking up from above the scene: only the seeds without a t range see the terrain
    // behind the origin, unless --seed-t clip.
    const std::vector<std::string> up = {"--ray", "0.1", "30", "0.2", "0", "1", "0"};
    auto with = [&](std::vector<std::string> more) {
        std::vector<std::string> args = up;
        args.insert(args.end(), more.begin(), more.end());
        return pick_default(args);
    };
    const auto dx = with({"--algorithm", "dx_pick"});
    EXPECT_EQ(dx["hit"], true);
    EXPECT_LT(dx["t"].get<double>(), 0.0);
    EXPECT_EQ(dx["seed_t"], "ignore");
    EXPECT_EQ(with({"--algorithm", "dx_pick", "--seed-t", "clip"})["hit"], false);
    EXPECT_EQ(with({"--algorithm", "moller_trumbore"})["hit"], false);
    // An epsilon above every determinant: dx_pick finds nothing at all.
    EXPECT_EQ(with({"--algorithm", "dx_pick", "--dx-epsilon", "1e9"})["hit"], false);
    // The t range applies to the others.
    const std::vector<std::string> down = {"--ray", "0.1", "30", "0.2", "0", "-1", "0"};
    std::vector<std::string> short_range = down;
    short_range.insert(short_range.end(), {"--t-max", "5", "--algorithm", "watertight"});
    const auto clipped = pick_default(short_range);
    EXPECT_EQ(clipped["hit"], false);
    EXPECT_EQ(clipped["t_range"][1], 5.0);
    std::vector<std::string> culled = {"--ray", "-3.4", "-30", "-0.6", "0", "1", "0"};
    EXPECT_EQ(pick_default(culled)["hit"], true);  // the terrain's underside
    culled.push_back("--cull-backfaces");
    EXPECT_EQ(pick_default(culled)["hit"], false);
}

// The tolerances and the t range are floats: a value beyond a float's range became inf
// without a word (an infinite --unity-tolerance then "hit" a knot 289 units behind the eye).
TEST(Cli, TolerancesBeyondAFloatsRangeAreRefused) {
    const std::vector<std::vector<std::string>> options = {
        {"--algorithm", "dx_pick", "--dx-epsilon", "1e39"},
        {"--algorithm", "unity_pick", "--unity-epsilon", "1e300"},
        {"--algorithm", "unity_pick", "--unity-tolerance", "1e300"},
        {"--slab-eps", "4e38"},
        {"--t-min", "-1e39"},
        {"--t-max", "1e39"},
    };
    for (const auto& more : options) {
        std::vector<std::string> args = {raypick_exe(), "pick", "knot:2000", "--ray", "10",
                                         "0.5",         "0",    "-1",        "0",     "0"};
        args.insert(args.end(), more.begin(), more.end());
        const ProcessResult r = run_process(args);
        EXPECT_NE(r.exit_code, 0) << more[more.size() - 2];
        EXPECT_NE(r.err.find("beyond a float's range"), std::string::npos) << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
    // The largest float itself, and inf for no limit, are still taken.
    for (const std::vector<std::string>& more :
         {std::vector<std::string>{"--unity-tolerance", "3.4e38"},
          std::vector<std::string>{"--t-max", "inf"}}) {
        std::vector<std::string> args = {raypick_exe(), "pick", "knot:2000", "--ray", "10",
                                         "0.5",         "0",    "-1",        "0",     "0"};
        args.insert(args.end(), more.begin(), more.end());
        EXPECT_EQ(run_process(args).exit_code, 0) << more[0];
    }
    const ProcessResult inspect =
        run_process({raypick_exe(), "inspect", "knot:2000", "--dx-epsilon", "1e39"});
    EXPECT_NE(inspect.exit_code, 0);
    EXPECT_NE(inspect.err.find("beyond a float's range"), std::string::npos) << inspect.err;
}

// The default scene's analytic shapes answer with their own JSON: the globe straight from
// above, by each of seed 002's sphere forms. Its two roots lie a diameter (1.1) apart along a
// unit direction; along a direction of length 2, t halves, except for the unit-direction form,
// which assumes D is unit and answers wrongly, as the seed's formula does.
TEST(Cli, TheGlobeIsPickedByItsEquationInEveryForm) {
    const std::vector<std::string> unit = {"--ray", "-0.2", "10", "4.6", "0", "-1", "0"};
    const auto precise = pick_default(unit);
    ASSERT_EQ(precise["hit"], true) << precise.dump();
    ASSERT_TRUE(precise.contains("shape")) << precise.dump();
    EXPECT_FALSE(precise.contains("triangle"));
    const auto& shape = precise["shape"];
    EXPECT_EQ(shape["name"], "globe");
    EXPECT_EQ(shape["kind"], "sphere");
    EXPECT_EQ(shape["test"], "precise");
    EXPECT_EQ(precise["node"], "globe");
    EXPECT_NEAR(shape["t_far"].get<double>() - shape["t_near"].get<double>(), 1.1, 1e-4);
    EXPECT_NEAR(precise["point"][1].get<double>(), 10.0 - precise["t"].get<double>(), 1e-5);
    const double t = precise["t"].get<double>();
    for (const std::string form : {"quadratic", "half_b", "unit_direction"}) {
        std::vector<std::string> args = unit;
        args.insert(args.end(), {"--sphere-form", form});
        const auto j = pick_default(args);
        EXPECT_EQ(j["shape"]["test"], form);
        EXPECT_NEAR(j["t"].get<double>(), t, 1e-4) << form;
    }
    std::vector<std::string> doubled = {"--ray", "-0.2", "10", "4.6", "0", "-2", "0"};
    EXPECT_NEAR(pick_default(doubled)["t"].get<double>(), t / 2, 1e-4);
    doubled.insert(doubled.end(), {"--sphere-form", "unit_direction"});
    const auto wrong = pick_default(doubled);
    EXPECT_GT(std::abs(wrong.value("t", 0.0) - t / 2), 0.01) << wrong.dump();
}

// The terrain's vertices lie on a 0.25 grid: a vertical ray through (-3.5, -0.5) passes
// exactly through a vertex shared by six triangles. The strict edge tests let it through.
TEST(Cli, ARayThroughATerrainVertexLeaksOnlyWithStrictEdges) {
    for (const std::string name : {"moller_trumbore", "xna_plane"})
        EXPECT_EQ(pick_default(
                      {"--ray", "-3.5", "-30", "-0.5", "0", "1", "0", "--algorithm", name})["hit"],
                  false)
            << name;
    for (const std::string name : {"reference", "watertight", "dx_pick", "baldwin_weber"})
        EXPECT_EQ(pick_default(
                      {"--ray", "-3.5", "-30", "-0.5", "0", "1", "0", "--algorithm", name})["hit"],
                  true)
            << name;
}

// The ray of the viewer's pixel (628, 370) at 1280x720: at 0 s the bent arm is in front of the
// terrain there; in the bind pose the arm stands straight and the ray meets the terrain.
TEST(Cli, BindPosePicksTheClassicWrongAnswer) {
    const std::vector<std::string> ray = {"11.5083914",   "11.7801619",   "16.8217678",
                                          "-0.515161812", "-0.435274899", "-0.738338709"};
    std::vector<std::string> args = {raypick_exe(), "pick", "default", "--time", "0", "--ray"};
    args.insert(args.end(), ray.begin(), ray.end());
    const ProcessResult drawn = run_process(args);
    args.push_back("--bind-pose");
    const ProcessResult bind = run_process(args);
    ASSERT_EQ(drawn.exit_code, 0) << drawn.err;
    ASSERT_EQ(bind.exit_code, 0) << bind.err;
    const auto a = nlohmann::json::parse(drawn.out), b = nlohmann::json::parse(bind.out);
    EXPECT_EQ(a["pose"], "current");
    EXPECT_EQ(b["pose"], "bind");
    EXPECT_EQ(a["node"], "upper_arm_geometry") << a.dump();
    EXPECT_EQ(b["node"], "terrain") << b.dump();
    EXPECT_EQ(a["clip"], "arm_wave");
    EXPECT_EQ(a["loop"], true);
    // The bone-space ray is the world ray moved by the inverse of world_from_mesh: moving its
    // hit point back by world_from_mesh gives the world hit point.
    const auto& m = a["world_from_mesh"];
    const double t = a["t"];
    for (int row = 0; row < 3; ++row) {
        double world = m[3][row].get<double>();
        for (int col = 0; col < 3; ++col)
            world += m[col][row].get<double>() *
                     (a["bone_ray"][col].get<double>() + t * a["bone_ray"][3 + col].get<double>());
        EXPECT_NEAR(world, a["point"][row].get<double>(), 1e-4);
    }
}

// 9 s is 1 s into the second lap of the 8 s clip, or past its end without looping (the last
// keys hold). Along the ray of pixel (628, 370) the arm is out of the way at 1 s and in front
// of the terrain at the end of the clip.
// Through Embree a skinned model is picked as it is posed, not in its bind pose: huesitos'
// bent arm at two times gives what testing every triangle gives (Embree used to answer
// triangle 43 at t 1626.75, the bind pose's answer, at every time).
TEST(Cli, EmbreePicksTheSkinAsPosed) {
    const std::string model = "/usr/share/assimp/models/FBX/huesitos.fbx";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    if (!peers::embree_available()) GTEST_SKIP() << "built without Embree";
    auto pick = [&](const char* time, const char* accel) {
        const ProcessResult r = run_process(
            {raypick_exe(), "pick", model, "--time", time, "--accel", accel, "--ray", "870.949097",
             "948.802429", "979.446045", "-0.507814407", "-0.435483396", "-0.743289113"});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
    };
    for (const char* time : {"0.5", "1"}) {
        const auto none = pick(time, "none");
        ASSERT_EQ(none["hit"], true) << none.dump();
        for (const char* accel : {"embree", "embree_robust"}) {
            const auto embree = pick(time, accel);
            ASSERT_EQ(embree["hit"], true) << embree.dump();
            EXPECT_EQ(embree["broad_phase"], accel);
            // Embree's own test ran, and it counts nothing (it used to say "moller_trumbore,
            // 0 triangles tested").
            EXPECT_EQ(embree["triangle_test"], accel);
            EXPECT_TRUE(embree["triangles_tested"].is_null()) << embree.dump();
            EXPECT_EQ(none["triangle_test"], none["algorithm"]);
            EXPECT_EQ(embree["triangle"], none["triangle"]) << accel << " at " << time;
            EXPECT_NEAR(embree["t"].get<double>(), none["t"].get<double>(),
                        1e-5 * none["t"].get<double>())
                << accel << " at " << time;
        }
    }
    // The two times differ, so the bind pose's one answer cannot be right at both.
    EXPECT_EQ(pick("0.5", "none")["triangle"], 41);
    EXPECT_NEAR(pick("0.5", "none")["t"].get<double>(), 1649.02, 0.01);
    EXPECT_EQ(pick("1", "none")["triangle"], 43);
    EXPECT_NEAR(pick("1", "none")["t"].get<double>(), 1606.93, 0.01);
}

TEST(Cli, NoLoopHoldsTheLastKeys) {
    auto pick = [](std::vector<std::string> extra) {
        std::vector<std::string> args = {
            raypick_exe(), "pick",       "default",      "--ray",        "11.5083914",
            "11.7801619",  "16.8217678", "-0.515161812", "-0.435274899", "-0.738338709"};
        args.insert(args.end(), extra.begin(), extra.end());
        const ProcessResult r = run_process(args);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json::object();
    };
    const auto looped = pick({"--time", "9"});
    const auto once = pick({"--time", "9", "--no-loop"});
    EXPECT_EQ(looped["loop"], true);
    EXPECT_EQ(once["loop"], false);
    EXPECT_EQ(looped["node"], "terrain") << looped.dump();
    EXPECT_EQ(once["node"], "upper_arm_geometry") << once.dump();
    EXPECT_EQ(looped["t"], pick({"--time", "1"})["t"]);
    EXPECT_EQ(once["t"], pick({"--time", "8", "--no-loop"})["t"]);
}

// --all-hits lists every intersection by t: straight down through the arm's base, the
// cylinder's top and bottom caps, then the terrain.
TEST(Cli, AllHitsListsEveryIntersectionByT) {
    const auto j =
        pick_default({"--ray", "0.1", "30", "0.2", "0", "-1", "0", "--time", "0", "--all-hits"});
    ASSERT_TRUE(j["all_hits"].is_array()) << j.dump();
    const auto& hits = j["all_hits"];
    ASSERT_GE(hits.size(), 3u) << j.dump();
    for (std::size_t i = 1; i < hits.size(); ++i)
        EXPECT_LE(hits[i - 1]["t"].get<double>(), hits[i]["t"].get<double>());
    EXPECT_EQ(hits[0]["t"], j["t"]);  // the closest is the pick
    EXPECT_EQ(hits[0]["front_face"], true);
    bool terrain = false, back_face = false;
    for (const auto& h : hits) {
        terrain |= h["node"] == "terrain";
        back_face |= h["front_face"] == false;
    }
    EXPECT_TRUE(terrain);
    EXPECT_TRUE(back_face);  // leaving the base through its bottom cap
    // Through a terrain vertex, the inclusive reference hits the triangles around it: the
    // second and later ones are flagged as near duplicates.
    const auto vertex = pick_default(
        {"--ray", "-3.5", "30", "-0.5", "0", "-1", "0", "--algorithm", "reference", "--all-hits"});
    int duplicates = 0;
    for (const auto& h : vertex["all_hits"])
        duplicates += h["near_duplicate"].get<bool>();
    EXPECT_GE(duplicates, 1) << vertex.dump();
}

// `raypick leaks MODEL [--algorithm NAME] [--rays N]`: the edge-crack sweep, one JSON line
// per algorithm.
TEST(Cli, LeaksCountsRaysThroughEdgesAndVertices) {
    const ProcessResult one = run_process(
        {raypick_exe(), "leaks", "default", "--algorithm", "watertight", "--rays", "500"});
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const auto j = nlohmann::json::parse(one.out);
    EXPECT_EQ(j["algorithm"], "watertight");
    EXPECT_EQ(j["rays"], 500);
    EXPECT_EQ(j["leaks"], 0);
    EXPECT_TRUE(j.contains("double_hits"));

    const ProcessResult all = run_process({raypick_exe(), "leaks", "default", "--rays", "300"});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    const auto rows = lines(all.out);
    ASSERT_EQ(rows.size(), 10u);
    int strict_leaks = 0;
    for (const std::string& line : rows) {
        const auto r = nlohmann::json::parse(line);
        EXPECT_EQ(r["rays"], 300);
        if (r["algorithm"] == "reference") {
            EXPECT_EQ(r["leaks"], 0);
        }
        if (r["algorithm"] == "moller_trumbore") strict_leaks = r["leaks"];
    }
    EXPECT_GT(strict_leaks, 0);
    const ProcessResult bad =
        run_process({raypick_exe(), "leaks", "default", "--algorithm", "nope"});
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_NE(bad.err.find("unknown algorithm"), std::string::npos);
}

// --clip chooses the pose's clip by name or index; "rest" is the rest pose (at 0 s the arm of
// pixel (628, 370) is bent in front of the terrain; at rest it stands straight).
TEST(Cli, ClipByNameIndexOrRest) {
    auto pick = [](std::vector<std::string> extra) {
        std::vector<std::string> args = {raypick_exe(),  "pick",         "default",
                                         "--ray",        "11.5083914",   "11.7801619",
                                         "16.8217678",   "-0.515161812", "-0.435274899",
                                         "-0.738338709", "--time",       "0"};
        args.insert(args.end(), extra.begin(), extra.end());
        return run_process(args);
    };
    const auto by_name = nlohmann::json::parse(pick({"--clip", "arm_wave"}).out);
    const auto by_index = nlohmann::json::parse(pick({"--clip", "0"}).out);
    const auto rest = nlohmann::json::parse(pick({"--clip", "rest"}).out);
    EXPECT_EQ(by_name["node"], "upper_arm_geometry");
    EXPECT_EQ(by_name["clip"], "arm_wave");
    EXPECT_EQ(by_index["t"], by_name["t"]);
    EXPECT_EQ(rest["clip"], nullptr);
    EXPECT_EQ(rest["node"], "terrain");
    const ProcessResult bad = pick({"--clip", "dance"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("'arm_wave'"), std::string::npos) << bad.err;
}

TEST(Cli, ErrorsAreClearAndNonZero) {
    struct Case {
        std::vector<std::string> args;
        std::string expected;
    };
    const auto bad_rays = temp_file("bad.txt", "0 0 5 0 0 -1\n0 0 5 0 0 -1\n1 2 three 4 5 6\n");
    const auto garbage =
        temp_file("garbage.ply", std::string("ply\nformat nonsense\n\x01\x02", 22));
    const std::vector<Case> cases = {
        {{"pick", "/nonexistent/model.obj", "--ray", "0", "0", "5", "0", "0", "-1"},
         "/nonexistent/model.obj"},
        {{"pick", garbage.string(), "--ray", "0", "0", "5", "0", "0", "-1"}, garbage.string()},
        {{"pick", "default", "--rays", bad_rays.string()}, bad_rays.string() + ":3:"},
        {{"pick", "default", "--ray", "0", "0", "5", "0", "0", "0"}, "zero length"},
        {{"pick", "default", "--ray", "0", "0", "5", "0", "0", "-1", "--algorithm", "nope"},
         "unknown algorithm 'nope'"},
        {{"pick", "default", "--ray", "0", "0", "5", "0", "0", "-1", "--accel", "octree"},
         "unknown accel 'octree'"},
        {{"pick", "default"}, "--ray"},
        {{"pick", "default", "--rays", "/nonexistent/rays.txt"}, "cannot open"},
        {{"pick", "default", "--ray", "0", "0", "5", "0", "0", "-1", "--t-min", "3", "--t-max",
          "1"},
         "--t-min"},
        {{"pick", "default", "--ray", "0", "0", "5", "0", "0", "-1", "--seed-t", "maybe"},
         "--seed-t"},
    };
    for (const Case& c : cases) {
        std::vector<std::string> args = {raypick_exe()};
        args.insert(args.end(), c.args.begin(), c.args.end());
        const ProcessResult r = run_process(args);
        EXPECT_FALSE(r.signaled) << c.expected;
        EXPECT_NE(r.exit_code, 0) << c.expected;
        EXPECT_NE(r.err.find(c.expected), std::string::npos) << "stderr: " << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
}

// == The import process: every file is parsed in a child process

/// `raypick pick MODEL --ray ...` with `environment` (NAME=VALUE) set for it.
ProcessResult pick_in_environment(const std::vector<std::string>& environment,
                                  const std::string& model,
                                  const std::vector<std::string>& options = {}) {
    std::vector<std::string> args = {"env"};
    args.insert(args.end(), environment.begin(), environment.end());
    args.insert(args.end(), {raypick_exe(), "pick", model, "--ray", "0", "0", "5", "0", "0", "-1"});
    args.insert(args.end(), options.begin(), options.end());
    return run_process(args, 60.0);
}

// Assimp asks for more memory than there is on this file (it grew at 380 MB/s when it ran on a
// thread of ours): the import process stops at its memory limit at once, and says so. The
// limit is set low so that under AddressSanitizer, where the parent watches the child's
// resident memory instead of limiting its address space, the test stays small too.
TEST(Cli, TheOutOfMemoryModelStopsAtTheMemoryLimit) {
    const std::string model = "/usr/share/assimp/models/invalid/OutOfMemory.off";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    const ProcessResult r =
        pick_in_environment({"RAYPICK_IMPORT_MEMORY_MB=1024"}, model, {"--load-timeout", "60"});
    EXPECT_FALSE(r.timed_out);
    EXPECT_FALSE(r.signaled);
    EXPECT_EQ(r.exit_code, 5) << r.err;
    EXPECT_NE(r.err.find(model + ": the importer "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("memory limit of 1024 MB"), std::string::npos) << r.err;
}

// Each way the import process can fail, made on purpose by its test hook: the command says
// what happened, naming the file, prints no JSON, and exits with the contract's status (4: the
// importer crashed or answered with garbage, 5: it hit a limit, 3: --load-timeout gave up),
// each different from a refusal's 1.
TEST(Cli, ImportFailuresNameTheFileAndHaveTheirOwnExitStatus) {
    const auto model = temp_file("triangle.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    const std::string prefix = "raypick pick: " + model.string() + ": ";
    struct Case {
        std::vector<std::string> environment;
        std::vector<std::string> options;
        int status;
        std::string message;
    };
    const std::vector<Case> cases = {
        {{"RAYPICK_IMPORT_FAULT=segv"},
         {},
         4,
         "the importer crashed on this file (signal 11, SIGSEGV)"},
        {{"RAYPICK_IMPORT_FAULT=truncate"},
         {},
         4,
         "the importer's answer is malformed: the scene "
         "ended after "},
        {{"RAYPICK_IMPORT_FAULT=spin", "RAYPICK_IMPORT_CPU_SECONDS=1"},
         {},
         5,
         "the importer used up its CPU-time limit of 1 s on this file and was stopped"},
        {{"RAYPICK_IMPORT_FAULT=alloc", "RAYPICK_IMPORT_MEMORY_MB=256"},
         {},
         5,
         "memory limit of 256 MB (RAYPICK_IMPORT_MEMORY_MB sets it)"},
        {{"RAYPICK_IMPORT_FAULT=hang"},
         {"--load-timeout", "1"},
         3,
         "loading took longer than 1 s (--load-timeout); gave up"},
        {{"RAYPICK_IMPORT_MEMORY_MB=lots"},
         {},
         1,
         "RAYPICK_IMPORT_MEMORY_MB is 'lots', not a whole number from 64"},
    };
    for (const Case& c : cases) {
        const ProcessResult r = pick_in_environment(c.environment, model.string(), c.options);
        EXPECT_FALSE(r.signaled) << c.message;
        EXPECT_FALSE(r.timed_out) << c.message;
        EXPECT_EQ(r.exit_code, c.status) << r.err;
        EXPECT_EQ(r.err.rfind(prefix, 0), 0u) << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
    const ProcessResult loaded = pick_in_environment({}, model.string());
    EXPECT_EQ(loaded.exit_code, 0) << loaded.err;
}

// A real crash of Assimp 5.2.5 (tests/repro/README.md): the DirectX importer reads a binary
// .x whose face names a vertex far out of range and dies of SIGSEGV. The command reports the
// importer's crash and exits with the crash status instead of dying with it. (Under
// AddressSanitizer its handler catches the signal first and ends the process with status 1:
// still a crash without an answer.)
TEST(Cli, AnAssimpCrashIsContainedAndReported) {
    const std::string model = std::string(RAYPICK_REPRO_DIR) + "/x_binary_face_index_segv.x";
    const ProcessResult r = pick_in_environment({}, model);
    EXPECT_FALSE(r.signaled);
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_NE(r.err.find("raypick pick: " + model + ": the importer crashed on this file"),
              std::string::npos)
        << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}

// The default scene's "slab" box, axis-aligned: a horizontal ray along (-1, 0, -1) that passes
// its corner (local x, z) = (0.9, -0.25) outside by 5e-5 leaves the z slab 5e-5 before it
// enters the x slab. Seed 002's slab test keeps it with its eps = 0.0001 (or any eps above
// 5e-5), drops it with --slab-eps 1e-5; the robust test never hits it.
TEST(Cli, TheSeedSlabEpsilonIsAFlag) {
    const std::vector<std::string> graze = {"--ray", "-1.14995", "0.38357",     "-4.1", "-1",
                                            "0",     "-1",       "--slab-test", "seed"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = graze;
        args.insert(args.end(), extra.begin(), extra.end());
        return pick_default(args);
    };
    const auto seed = with({});
    ASSERT_EQ(seed["hit"], true) << seed.dump();
    EXPECT_EQ(seed["shape"]["name"], "slab");
    EXPECT_NEAR(seed["shape"]["slab_epsilon"].get<double>(), 1e-4, 1e-9);
    const double gap =
        seed["shape"]["t_enter"].get<double>() - seed["shape"]["t_exit"].get<double>();
    EXPECT_NEAR(gap, 5e-5, 2e-6);
    const auto wide = with({"--slab-eps", "6e-5"});
    EXPECT_EQ(wide["shape"]["name"], "slab") << wide.dump();
    EXPECT_NEAR(wide["shape"]["slab_epsilon"].get<double>(), 6e-5, 1e-10);
    EXPECT_FALSE(with({"--slab-eps", "1e-5"}).contains("shape"));
    EXPECT_FALSE(with({"--slab-eps", "0"}).contains("shape"));
    EXPECT_FALSE(
        pick_default({"--ray", "-1.14995", "0.38357", "-4.1", "-1", "0", "-1"}).contains("shape"));
    const ProcessResult negative = run_process({raypick_exe(), "pick", "default", "--ray", "0", "1",
                                                "0", "0", "-1", "0", "--slab-eps", "-1"});
    EXPECT_NE(negative.exit_code, 0);
}

/// The lines of a JSON-lines text, parsed.
std::vector<nlohmann::json> json_lines(const std::string& text) {
    std::vector<nlohmann::json> out;
    for (const std::string& line : lines(text))
        out.push_back(nlohmann::json::parse(line));
    return out;
}

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// `pick --record` writes a record per ray; `pick --replay` picks each again with the recorded
// settings, pose and offset, and finds the same answers bit for bit.
TEST(Cli, PickRecordsReplayBitForBitThroughTheBinary) {
    // The model 1,000 units away along (1, 1, 1): the rays' origins move with it.
    const double far = 1000.0 / std::sqrt(3.0);
    std::string ray_text;
    for (const auto& ray : std::vector<std::array<double, 6>>{{0.1, 30, 0.2, 0, -1, 0},
                                                              {-2.5, 10, 1.65, 0, -2, 0},
                                                              {0, 30, 0, 0, 1, 0},
                                                              {4, 3, 4, -1, -0.5, -1},
                                                              {-1, 2, 5, 0.2, -0.3, -1}})
        ray_text += std::to_string(ray[0] + far) + " " + std::to_string(ray[1] + far) + " " +
                    std::to_string(ray[2] + far) + " " + std::to_string(ray[3]) + " " +
                    std::to_string(ray[4]) + " " + std::to_string(ray[5]) + "\n";
    const auto rays = temp_file("record_rays.txt", ray_text);
    const auto record = std::filesystem::temp_directory_path() / "raypick_cli_picks.jsonl";
    const ProcessResult r =
        run_process({raypick_exe(),      "pick",           "default", "--rays",       rays.string(),
                     "--record",         record.string(),  "--accel", "bvh",          "--algorithm",
                     "moller_trumbore",  "--time",         "1.3",     "--t-min",      "0.25",
                     "--cull-backfaces", "--far-distance", "1000",    "--dx-epsilon", "0.0003"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto picks = json_lines(r.out);
    const auto records = json_lines(read_text(record));
    ASSERT_EQ(records.size(), 5u);
    int hits = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        EXPECT_EQ(records[i]["result"]["hit"], picks[i]["hit"]);
        EXPECT_EQ(records[i]["settings"]["accel"], "bvh");
        EXPECT_EQ(records[i]["settings"]["dx_det_epsilon_bits"], "0x399d4952");  // 0.0003f
        EXPECT_EQ(records[i]["pose"]["time"], 1.3);
        EXPECT_EQ(records[i]["ray"]["t_min_bits"], "0x3e800000");  // 0.25f
        hits += records[i]["result"]["hit"].get<bool>();
    }
    EXPECT_GE(hits, 3);
    EXPECT_DOUBLE_EQ(records[0]["pose"]["world_offset"][0].get<double>(), far);

    const ProcessResult replay = run_process({raypick_exe(), "pick", "--replay", record.string()});
    ASSERT_EQ(replay.exit_code, 0) << replay.err << replay.out;
    const auto replays = json_lines(replay.out);
    ASSERT_EQ(replays.size(), 5u);
    for (const auto& line : replays) {
        EXPECT_EQ(line["replayed"], true) << line.dump();
        EXPECT_TRUE(line["mismatches"].empty());
        EXPECT_EQ(line["model_changed"], false);
    }
    // The replay prints the pick as `pick` does: the same triangle and t.
    EXPECT_EQ(replays[1]["pick"]["triangle"], picks[1]["triangle"]);
    EXPECT_EQ(replays[1]["pick"]["t"], picks[1]["t"]);

    // Settings come from the record alone.
    const ProcessResult mixed =
        run_process({raypick_exe(), "pick", "--replay", record.string(), "--algorithm", "dx_pick"});
    EXPECT_NE(mixed.exit_code, 0);
    EXPECT_NE(mixed.err.find("--replay takes every setting from the record"), std::string::npos)
        << mixed.err;
    const ProcessResult nothing = run_process({raypick_exe(), "pick"});
    EXPECT_NE(nothing.exit_code, 0);
    EXPECT_NE(nothing.err.find("model is required"), std::string::npos) << nothing.err;
}

// A record names its model by path and SHA-256: an edited file is "model changed" (exit 7),
// and the replay says which result fields moved with it.
TEST(Cli, AChangedModelFileIsDetectedOnReplay) {
    const auto folder = std::filesystem::temp_directory_path() / "raypick_cli_changed_model";
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const std::string obj = "v 0 0 0\nv 2 0 0\nv 0 2 0\nv 2 2 0\nf 1 2 3\nf 2 4 3\n";
    const auto model = folder / "quad.obj";
    std::ofstream(model, std::ios::binary) << obj;
    const auto copy = folder / "quad_copy.obj";
    std::filesystem::copy_file(model, copy);
    const auto record = folder / "pick.json";
    const ProcessResult r = run_process({raypick_exe(), "pick", model.string(), "--ray", "0.5",
                                         "0.5", "5", "0", "0", "-1", "--record", record.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto recorded = nlohmann::json::parse(read_text(record));
    ASSERT_EQ(recorded["result"]["hit"], true);
    EXPECT_EQ(recorded["model"]["bytes"], obj.size());
    // The hash is the file's SHA-256, as sha256sum gives it.
    const ProcessResult sum = run_process({"sha256sum", model.string()});
    ASSERT_EQ(sum.exit_code, 0);
    EXPECT_EQ(sum.out.substr(0, 64), recorded["model"]["sha256"]);

    // One vertex of the picked triangle moves (one byte: "v 0 0 0" becomes "v 0 0 1").
    std::string edited = obj;
    edited[6] = '1';
    std::ofstream(model, std::ios::binary | std::ios::trunc) << edited;
    const ProcessResult replay = run_process({raypick_exe(), "pick", "--replay", record.string()});
    EXPECT_EQ(replay.exit_code, 7) << replay.err;
    EXPECT_NE(replay.err.find("model changed"), std::string::npos) << replay.err;
    const auto line = nlohmann::json::parse(replay.out);
    EXPECT_EQ(line["replayed"], false);
    EXPECT_EQ(line["model_changed"], true);
    EXPECT_EQ(line["recorded_sha256"], recorded["model"]["sha256"]);
    EXPECT_NE(line["sha256"], recorded["model"]["sha256"]);
    std::vector<std::string> fields;
    for (const auto& m : line["mismatches"])
        fields.push_back(m["field"]);
    EXPECT_NE(std::find(fields.begin(), fields.end(), "result.t"), fields.end()) << line.dump();

    // MODEL stands in for the recorded path: the unchanged copy replays, hash and all.
    const ProcessResult from_copy =
        run_process({raypick_exe(), "pick", "--replay", record.string(), copy.string()});
    EXPECT_EQ(from_copy.exit_code, 0) << from_copy.err << from_copy.out;
    EXPECT_EQ(nlohmann::json::parse(from_copy.out)["replayed"], true);
    std::filesystem::remove_all(folder);
}

// A record whose result was edited replays as a mismatch naming the field (exit 6); a broken
// record is refused with the field's name (exit 2).
TEST(Cli, ATamperedRecordIsAMismatchNamingTheField) {
    const auto record = std::filesystem::temp_directory_path() / "raypick_cli_tampered.json";
    const ProcessResult r = run_process({raypick_exe(), "pick", "default", "--ray", "-2.5", "10",
                                         "1.65", "0", "-2", "0", "--record", record.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(read_text(record));
    ASSERT_EQ(j["result"]["hit"], true);
    j["result"]["u"] = 0.25;
    j["result"]["u_bits"] = "0x3e800000";
    std::ofstream(record, std::ios::binary | std::ios::trunc) << j.dump(2);
    const ProcessResult replay = run_process({raypick_exe(), "pick", "--replay", record.string()});
    EXPECT_EQ(replay.exit_code, 6) << replay.err;
    const auto line = nlohmann::json::parse(replay.out);
    EXPECT_EQ(line["replayed"], false);
    EXPECT_EQ(line["model_changed"], false);
    ASSERT_EQ(line["mismatches"].size(), 1u) << line.dump();
    EXPECT_EQ(line["mismatches"][0]["field"], "result.u");
    EXPECT_EQ(line["mismatches"][0]["recorded"], "0x3e800000 (0.25)");

    j["settings"]["cull_backfaces"] = "yes";
    std::ofstream(record, std::ios::binary | std::ios::trunc) << j.dump();
    const ProcessResult broken = run_process({raypick_exe(), "pick", "--replay", record.string()});
    EXPECT_EQ(broken.exit_code, 2);
    EXPECT_NE(broken.err.find("settings.cull_backfaces: expected true or false"), std::string::npos)
        << broken.err;
}

TEST(Cli, UnknownOptionAndHelp) {
    const ProcessResult bad = run_process({raypick_exe(), "--no-such-option"});
    EXPECT_NE(bad.exit_code, 0);
    const ProcessResult help = run_process({raypick_exe(), "--help"});
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_NE(help.out.find("--screenshot"), std::string::npos);
    EXPECT_NE(help.out.find("--slab-eps"), std::string::npos);
}

// == RAYPICK_ISA: every SIMD path gives the scalar code's answers, bit for bit

/// `raypick bench default` on the path `isa`: each accel's {"hits", "sum_t"} line.
std::vector<nlohmann::json> bench_on(const std::string& isa, const std::string& algorithm) {
    const ProcessResult r =
        run_process({"env", "RAYPICK_ISA=" + isa, raypick_exe(), "bench", "default", "--incoherent",
                     "3000", "--accel", "none,bvh", "--algorithm", algorithm});
    EXPECT_EQ(r.exit_code, 0) << isa << ": " << r.err;
    std::vector<nlohmann::json> rows;
    for (const std::string& line : lines(r.out))
        rows.push_back(nlohmann::json::parse(line));
    return rows;
}

TEST(Cli, EveryIsaPathGivesTheScalarAnswersBitForBit) {
    for (const std::string algorithm : {"watertight", "moller_trumbore"}) {
        const auto scalar = bench_on("scalar", algorithm);
        ASSERT_EQ(scalar.size(), 2u);
        EXPECT_GT(scalar[0]["hits"].get<int>(), 100);
        for (const picking::Isa isa : {picking::Isa::Avx2, picking::Isa::Avx512}) {
            if (!picking::cpu_supports(isa)) continue;
            const auto simd = bench_on(std::string(picking::isa_name(isa)), algorithm);
            ASSERT_EQ(simd.size(), scalar.size());
            for (std::size_t i = 0; i < simd.size(); ++i) {
                // The sum of every hit's t, in the same order: equal only if each t is.
                EXPECT_EQ(simd[i]["hits"], scalar[i]["hits"]) << algorithm << " " << simd[i];
                EXPECT_EQ(simd[i]["sum_t"].dump(), scalar[i]["sum_t"].dump())
                    << algorithm << " " << simd[i];
                EXPECT_EQ(simd[i]["triangles_per_ray"], scalar[i]["triangles_per_ray"])
                    << algorithm << " " << simd[i];
            }
        }
    }
}

/// `raypick bench knot:20000` (one mesh: the packet path's case) with `rays` ("--incoherent N"
/// or "--primary WxH"), with or without --packets: the bvh accel's line.
nlohmann::json bench_line(const std::string& isa, const std::vector<std::string>& rays,
                          bool packets) {
    std::vector<std::string> args = {
        "env", "RAYPICK_ISA=" + isa, raypick_exe(), "bench", "knot:20000", "--accel", "bvh"};
    args.insert(args.end(), rays.begin(), rays.end());
    if (packets) args.push_back("--packets");
    const ProcessResult r = run_process(args);
    EXPECT_EQ(r.exit_code, 0) << isa << ": " << r.err;
    const auto rows = lines(r.out);
    return rows.empty() ? nlohmann::json() : nlohmann::json::parse(rows.front());
}

TEST(Cli, PacketsGiveEveryRayItsSingleRayHitBitForBit) {
    for (const std::string isa : {"scalar", "avx2", "avx512"}) {
        if (isa != "scalar" &&
            !picking::cpu_supports(isa == "avx2" ? picking::Isa::Avx2 : picking::Isa::Avx512))
            continue;
        // In file order the sum of every hit's t adds the same numbers in the same order:
        // equal only if each t is.
        const auto one = bench_line(isa, {"--incoherent", "5000"}, false);
        const auto packed = bench_line(isa, {"--incoherent", "5000"}, true);
        EXPECT_GT(one["hits"].get<int>(), 500) << isa;
        EXPECT_EQ(packed["hits"], one["hits"]) << isa;
        EXPECT_EQ(packed["sum_t"].dump(), one["sum_t"].dump()) << isa;
        EXPECT_EQ(packed["packet_rays"], 16) << isa;
        EXPECT_FALSE(one.contains("packet_rays")) << isa;
        // Primary rays go in 4x4 tiles, so their t are summed in another order.
        const auto screen = bench_line(isa, {"--primary", "96x64"}, false);
        const auto tiles = bench_line(isa, {"--primary", "96x64"}, true);
        EXPECT_GT(screen["hits"].get<int>(), 500) << isa;
        EXPECT_EQ(tiles["hits"], screen["hits"]) << isa;
        EXPECT_NEAR(tiles["sum_t"].get<double>(), screen["sum_t"].get<double>(),
                    1e-9 * screen["sum_t"].get<double>())
            << isa;
        // One walk of the tree per packet: fewer nodes per ray than one walk per ray (the
        // scalar path casts ray by ray).
        if (isa != "scalar") {
            EXPECT_LT(tiles["nodes_per_ray"].get<double>(),
                      0.5 * screen["nodes_per_ray"].get<double>())
                << isa;
        }
    }
}

// Threads take blocks of rays in turn; hits and sum_t add up in block order, so two threads
// print what one prints, digit for digit, with and without packets.
TEST(Cli, BenchOnTwoThreadsSumsWhatOneThreadSums) {
    for (const bool packets : {false, true}) {
        std::vector<nlohmann::json> rows;
        for (const char* threads : {"1", "2"}) {
            std::vector<std::string> args = {raypick_exe(), "bench",   "knot:20000",
                                             "--primary",   "200x150", "--threads",
                                             threads,       "--accel", "bvh"};
            if (packets) args.push_back("--packets");
            const ProcessResult r = run_process(args);
            ASSERT_EQ(r.exit_code, 0) << r.err;
            rows.push_back(nlohmann::json::parse(lines(r.out).front()));
        }
        EXPECT_GT(rows[0]["hits"].get<int>(), 1000);
        EXPECT_EQ(rows[1]["hits"], rows[0]["hits"]) << packets;
        EXPECT_EQ(rows[1]["sum_t"].dump(), rows[0]["sum_t"].dump()) << packets;
        EXPECT_EQ(rows[1]["nodes_per_ray"], rows[0]["nodes_per_ray"]) << packets;
    }
}

// --write-rays writes the set bench would cast, in its order: cast again from the file (text
// or .f32), every figure of the bvh line but the speed comes out the same; nothing is cast
// while writing.
TEST(Cli, BenchWritesItsRaysAndCastsTheSameFromTheFile) {
    auto figures = [](const std::vector<std::string>& rays) {
        std::vector<std::string> args = {raypick_exe(), "bench", "knot:20000", "--accel", "bvh"};
        args.insert(args.end(), rays.begin(), rays.end());
        const ProcessResult r = run_process(args);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        const auto out = lines(r.out);
        if (out.empty()) return nlohmann::json();
        nlohmann::json j = nlohmann::json::parse(out.front());
        return nlohmann::json{j["rays"], j["hits"], j["sum_t"].dump(), j["nodes_per_ray"],
                              j["triangles_per_ray"]};
    };
    for (const std::vector<std::string>& set :
         {std::vector<std::string>{"--incoherent", "3000"},
          std::vector<std::string>{"--primary", "60x40", "--packets"}}) {
        const nlohmann::json generated = figures(set);
        ASSERT_FALSE(generated.is_null());
        EXPECT_GT(generated[1].get<int>(), 100);
        for (const char* name : {"written.txt", "written.f32"}) {
            const std::string file =
                (std::filesystem::temp_directory_path() / ("raypick_cli_" + std::string(name)))
                    .string();
            std::vector<std::string> args = {raypick_exe(), "bench", "knot:20000", "--write-rays",
                                             file};
            args.insert(args.end(), set.begin(), set.end());
            const ProcessResult w = run_process(args);
            ASSERT_EQ(w.exit_code, 0) << w.err;
            EXPECT_TRUE(w.out.empty()) << w.out;
            EXPECT_NE(w.err.find("wrote " + generated[0].dump() + " rays"), std::string::npos)
                << w.err;
            std::vector<std::string> again = {"--rays", file};
            if (set.back() == "--packets") again.push_back("--packets");
            EXPECT_EQ(figures(again), generated) << name << " " << set.front();
        }
    }
    // A file of rays written again in the other format: the same rays (the .f32 holds the
    // text's floats exactly), and no model opened (this one does not exist).
    const std::string text =
        (std::filesystem::temp_directory_path() / "raypick_cli_written.txt").string();
    const std::string converted =
        (std::filesystem::temp_directory_path() / "raypick_cli_converted.f32").string();
    const ProcessResult convert = run_process({raypick_exe(), "bench", "/nonexistent/model.ply",
                                               "--rays", text, "--write-rays", converted});
    ASSERT_EQ(convert.exit_code, 0) << convert.err;
    EXPECT_NE(convert.err.find("wrote 2400 rays"), std::string::npos) << convert.err;
    EXPECT_EQ(std::filesystem::file_size(converted), 2400u * 6u * 4u);
    EXPECT_EQ(figures({"--rays", converted, "--packets"}), figures({"--rays", text, "--packets"}));
    const ProcessResult full = run_process(
        {raypick_exe(), "bench", "knot:2000", "--incoherent", "10", "--write-rays", "/dev/full"});
    EXPECT_EQ(full.exit_code, 1);
    EXPECT_NE(full.err.find("write failed"), std::string::npos) << full.err;
}

// instances_per_ray counts the trees a ray searched: one tree over all of a model's meshes
// counts as one for every ray, whether they share one transform (spider.obj's 19 groups: the
// world tree) or each cube has its own node (cubes_with_names.fbx: the instance tree), while an
// algorithm without SIMD kernels walks the two levels and searches only the cubes whose boxes
// a ray enters.
TEST(Cli, BenchCountsTheTreesARaySearched) {
    auto per_ray = [](const std::string& model, const std::string& algorithm) {
        const ProcessResult r =
            run_process({raypick_exe(), "bench", model, "--incoherent", "4000", "--accel", "bvh",
                         "--algorithm", algorithm, "--repeat", "1"});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        const auto out = lines(r.out);
        return out.empty() ? -1.0
                           : nlohmann::json::parse(out.front())["instances_per_ray"].get<double>();
    };
    const std::string spider = "/usr/share/assimp/models/OBJ/spider.obj";
    const std::string cubes = "/usr/share/assimp/models/FBX/cubes_with_names.fbx";
    EXPECT_EQ(per_ray(spider, "watertight"), 1.0);
    EXPECT_EQ(per_ray(cubes, "watertight"), 1.0);
    const double two_levels = per_ray(cubes, "barycentric");
    EXPECT_GT(two_levels, 0.2);
    EXPECT_LT(two_levels, 0.95);  // most rays enter one cube's box or none
    // Embree does not say.
    const ProcessResult r = run_process({raypick_exe(), "bench", cubes, "--incoherent", "100",
                                         "--accel", "embree", "--repeat", "1"});
    if (r.exit_code == 0 && !lines(r.out).empty()) {
        EXPECT_TRUE(nlohmann::json::parse(lines(r.out).front())["instances_per_ray"].is_null());
    }
}

// `raypick heatmap --metric packets`: the same rays and hits as ray by ray, a walk of the tree
// per 4x4 tile (fewer nodes), a PNG of the tiles' costs.
TEST(Cli, HeatmapInPacketsHitsWhatSingleRaysHit) {
    const auto dir = std::filesystem::temp_directory_path();
    std::map<std::string, nlohmann::json> lines_by_metric;
    for (const std::string metric : {"work", "packets"}) {
        const auto out = dir / ("raypick_cli_heatmap_" + metric + ".png");
        const ProcessResult r =
            run_process({raypick_exe(), "heatmap", "knot:20000", "--out", out.string(), "--accel",
                         "bvh", "--size", "160x90", "--metric", metric, "--threads", "2"});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        lines_by_metric[metric] = nlohmann::json::parse(r.out);
        EXPECT_TRUE(std::filesystem::exists(out));
        std::filesystem::remove(out);
    }
    const auto& work = lines_by_metric["work"];
    const auto& packets = lines_by_metric["packets"];
    EXPECT_EQ(packets["metric"], "packets");
    EXPECT_EQ(packets["rays"], work["rays"]);
    EXPECT_EQ(packets["hits"], work["hits"]);
    EXPECT_GT(work["hits"].get<int>(), 500);
    if (picking::active_isa() != picking::Isa::Scalar) {
        EXPECT_LT(packets["nodes"].get<double>(), 0.5 * work["nodes"].get<double>());
    }
}

TEST(Cli, AnIsaPathThatCannotRunIsAClearError) {
    const ProcessResult unknown = run_process({"env", "RAYPICK_ISA=sse9", raypick_exe(), "pick",
                                               "default", "--ray", "0", "30", "0", "0", "-1", "0"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("RAYPICK_ISA=sse9 names no path (scalar, avx2, avx512)"),
              std::string::npos)
        << unknown.err;
    if (picking::cpu_supports(picking::Isa::Avx512)) GTEST_SKIP() << "this CPU runs every path";
    const ProcessResult lacking =
        run_process({"env", "RAYPICK_ISA=avx512", raypick_exe(), "algorithms"});
    EXPECT_EQ(lacking.exit_code, 2);
    EXPECT_NE(lacking.err.find("which this CPU lacks"), std::string::npos) << lacking.err;
}

// == raypick select

nlohmann::json select_json(std::vector<std::string> args) {
    args.insert(args.begin(), {raypick_exe(), "select"});
    const ProcessResult r = run_process(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
}

// The whole view of a framed model holds every triangle; the total equals the objects' sum.
TEST(Cli, SelectingTheWholeViewOfTheBunnyTakesEveryTriangle) {
    const std::string bunny = "/usr/share/glmark2/models/bunny.obj";
    const std::size_t triangles = assets::load_model(bunny).triangle_count();
    const auto all = select_json({bunny, "--rect", "0,21,980,699", "--counts-only"});
    EXPECT_EQ(all["triangles"], triangles);
    EXPECT_EQ(all["objects"], 1);
    EXPECT_EQ(all["per_object"][0]["count"], triangles);
    EXPECT_FALSE(all["per_object"][0].contains("triangles"));  // --counts-only
    // Visible-only keeps the side the camera sees: fewer, and fewer still fully inside.
    const auto seen =
        select_json({bunny, "--rect", "0,21,980,699", "--visible-only", "--counts-only"});
    EXPECT_LT(seen["triangles"].get<std::size_t>(), triangles);
    EXPECT_GT(seen["triangles"].get<std::size_t>(), triangles / 4);
    EXPECT_GT(seen["visibility_rays"].get<std::size_t>(), 600000u);
}

TEST(Cli, SelectListsEachObjectsTrianglesAndAddsThemUp) {
    const auto j = select_json({"default", "--rect", "300,200,700,500"});
    std::size_t sum = 0;
    for (const auto& object : j["per_object"]) {
        EXPECT_EQ(object["triangles"].size(), object["count"]);
        sum += object["count"].get<std::size_t>();
    }
    EXPECT_EQ(j["triangles"], sum);
    EXPECT_GT(sum, 1000u);
    EXPECT_EQ(j["rule"], "touching");
    EXPECT_GT(j["area"].get<double>(), 0.0);
    // The stricter rules keep fewer.
    const auto centroid = select_json(
        {"default", "--rect", "300,200,700,500", "--rule", "centroid", "--counts-only"});
    const auto inside =
        select_json({"default", "--rect", "300,200,700,500", "--rule", "inside", "--counts-only"});
    EXPECT_LT(centroid["triangles"].get<std::size_t>(), sum);
    EXPECT_LT(inside["triangles"].get<std::size_t>(), centroid["triangles"].get<std::size_t>());
}

// A lasso that is the rectangle's outline selects what the rectangle selects.
TEST(Cli, ALassoAlongARectanglesOutlineSelectsWhatTheRectangleDoes) {
    const auto lasso = temp_file("lasso.txt",
                                 "# a rectangle drawn as a lasso\n300 200\n500 200\n700 200\n"
                                 "700 500\n300 500\n");
    const auto a = select_json({"default", "--lasso", lasso.string()});
    const auto b = select_json({"default", "--rect", "300,200,700,500"});
    EXPECT_EQ(a["shape"], "lasso");
    EXPECT_EQ(a["per_object"], b["per_object"]);
}

TEST(Cli, SelectRefusesBadRegionsInWords) {
    const auto run = [](std::vector<std::string> args) {
        args.insert(args.begin(), {raypick_exe(), "select", "default"});
        return run_process(args);
    };
    const ProcessResult none = run({});
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_NE(none.err.find("give a rectangle"), std::string::npos) << none.err;
    const ProcessResult flat = run({"--rect", "10,10,10,300"});
    EXPECT_EQ(flat.exit_code, 2);
    EXPECT_NE(flat.err.find("no area"), std::string::npos) << flat.err;
    const ProcessResult bad = run({"--rect", "1,2,3"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("four finite numbers"), std::string::npos) << bad.err;
    const ProcessResult nan = run({"--rect", "1,2,nan,4"});
    EXPECT_EQ(nan.exit_code, 2);
    const auto two = temp_file("two_points.txt", "1 2\n3 4\n");
    const ProcessResult short_lasso = run({"--lasso", two.string()});
    EXPECT_EQ(short_lasso.exit_code, 2);
    EXPECT_NE(short_lasso.err.find("three distinct points"), std::string::npos) << short_lasso.err;
    const ProcessResult missing = run({"--lasso", "/nonexistent/lasso.txt"});
    EXPECT_EQ(missing.exit_code, 2);
    const auto junk = temp_file("junk_lasso.txt", "1 2\nthree 4\n");
    const ProcessResult not_numbers = run({"--lasso", junk.string()});
    EXPECT_EQ(not_numbers.exit_code, 2);
    EXPECT_NE(not_numbers.err.find(":2:"), std::string::npos) << not_numbers.err;
}

// `select --record` writes one record; `select --replay` rebuilds the camera and region from it
// (an orbit camera, orthographic, a lasso, visible-only at --time) and finds the same triangles.
TEST(Cli, SelectionRecordsReplayThroughTheBinary) {
    const auto lasso = temp_file("record_lasso.txt", "300 200\n700 260\n650 520\n320 480\n");
    const auto record = std::filesystem::temp_directory_path() / "raypick_cli_selection.json";
    const ProcessResult r =
        run_process({raypick_exe(), "select", "default", "--lasso", lasso.string(), "--rule",
                     "centroid", "--visible-only", "--time", "1.3", "--camera", "0,1,0,14,30,25",
                     "--ortho", "--size", "1000x700", "--record", record.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto selected = nlohmann::json::parse(r.out);
    const auto recorded = nlohmann::json::parse(read_text(record));
    EXPECT_EQ(recorded["record"], "raypick select");
    EXPECT_EQ(recorded["region"]["shape"], "lasso");
    EXPECT_EQ(recorded["region"]["points_bits"][1][0], "0x442f0000");  // 700.0f
    EXPECT_EQ(recorded["camera"]["projection"], "orthographic");
    EXPECT_EQ(recorded["camera"]["distance_bits"], "0x41600000");  // 14.0f
    EXPECT_EQ(recorded["pose"]["time"], 1.3);
    EXPECT_EQ(recorded["view"]["width"], 1000);
    ASSERT_GT(selected["triangles"].get<std::size_t>(), 0u);
    EXPECT_EQ(recorded["result"]["triangles"], selected["triangles"]);
    EXPECT_EQ(recorded["result"]["objects"].size(), selected["per_object"].size());

    const ProcessResult replay =
        run_process({raypick_exe(), "select", "--replay", record.string(), "--threads", "1"});
    ASSERT_EQ(replay.exit_code, 0) << replay.err << replay.out;
    const auto line = nlohmann::json::parse(replay.out);
    EXPECT_EQ(line["replayed"], true);
    EXPECT_EQ(line["model_changed"], false);
    EXPECT_EQ(line["mismatches"].size(), 0u);
    EXPECT_EQ(line["triangles"], selected["triangles"]);

    // A replay takes every setting from its record.
    const ProcessResult mixed =
        run_process({raypick_exe(), "select", "--replay", record.string(), "--rule", "touching"});
    EXPECT_NE(mixed.exit_code, 0);
    EXPECT_NE(mixed.err.find("--replay takes every setting from the record"), std::string::npos)
        << mixed.err;

    // An edited count is a mismatch naming its field (exit 6).
    auto tampered = recorded;
    tampered["result"]["objects"][0]["count"] =
        tampered["result"]["objects"][0]["count"].get<std::uint64_t>() + 1;
    tampered["result"]["triangles"] = tampered["result"]["triangles"].get<std::uint64_t>() + 1;
    std::ofstream(record, std::ios::binary | std::ios::trunc) << tampered.dump();
    const ProcessResult mismatch =
        run_process({raypick_exe(), "select", "--replay", record.string()});
    EXPECT_EQ(mismatch.exit_code, 6) << mismatch.err;
    const auto moved = nlohmann::json::parse(mismatch.out);
    EXPECT_EQ(moved["replayed"], false);
    ASSERT_EQ(moved["mismatches"].size(), 2u) << moved.dump();
    EXPECT_EQ(moved["mismatches"][0]["field"], "result.triangles");
    const std::string instance = recorded["result"]["objects"][0]["instance"].dump();
    EXPECT_EQ(moved["mismatches"][1]["field"], "result.objects[instance=" + instance + "].count");

    // A broken record is refused naming the field (exit 2).
    tampered["region"]["visible_only"] = "yes";
    std::ofstream(record, std::ios::binary | std::ios::trunc) << tampered.dump();
    const ProcessResult broken =
        run_process({raypick_exe(), "select", "--replay", record.string()});
    EXPECT_EQ(broken.exit_code, 2);
    EXPECT_NE(broken.err.find("region.visible_only: expected true or false"), std::string::npos)
        << broken.err;
}

// A selection record names its model by path and SHA-256: an edited file is "model changed"
// (exit 7); MODEL stands in for the recorded path.
TEST(Cli, AChangedModelFileIsDetectedOnSelectionReplay) {
    const auto folder = std::filesystem::temp_directory_path() / "raypick_cli_changed_selection";
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const std::string obj = "v 0 0 0\nv 2 0 0\nv 0 2 0\nv 2 2 0\nf 1 2 3\nf 2 4 3\n";
    const auto model = folder / "quad.obj";
    std::ofstream(model, std::ios::binary) << obj;
    const auto copy = folder / "quad_copy.obj";
    std::filesystem::copy_file(model, copy);
    const auto record = folder / "selection.json";
    const ProcessResult r = run_process({raypick_exe(), "select", model.string(), "--rect",
                                         "0,21,980,699", "--record", record.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto recorded = nlohmann::json::parse(read_text(record));
    EXPECT_EQ(recorded["result"]["triangles"], 2);
    const ProcessResult sum = run_process({"sha256sum", model.string()});
    ASSERT_EQ(sum.exit_code, 0);
    EXPECT_EQ(sum.out.substr(0, 64), recorded["model"]["sha256"]);

    // A third triangle: the file and the selection both change.
    std::ofstream(model, std::ios::binary | std::ios::app) << "f 1 2 4\n";
    const ProcessResult replay =
        run_process({raypick_exe(), "select", "--replay", record.string()});
    EXPECT_EQ(replay.exit_code, 7) << replay.err;
    EXPECT_NE(replay.err.find("model changed"), std::string::npos) << replay.err;
    const auto line = nlohmann::json::parse(replay.out);
    EXPECT_EQ(line["replayed"], false);
    EXPECT_EQ(line["model_changed"], true);
    EXPECT_EQ(line["recorded_sha256"], recorded["model"]["sha256"]);
    EXPECT_EQ(line["triangles"], 3);
    EXPECT_FALSE(line["mismatches"].empty());

    const ProcessResult from_copy =
        run_process({raypick_exe(), "select", "--replay", record.string(), copy.string()});
    EXPECT_EQ(from_copy.exit_code, 0) << from_copy.err << from_copy.out;
    EXPECT_EQ(nlohmann::json::parse(from_copy.out)["replayed"], true);
    std::filesystem::remove_all(folder);
}

}  // namespace cli_test
// `raypick disagree` casts every pixel with two algorithms: its counts cover every pixel once,
// its picture paints each verdict in its colour (the agreeing pixels and the legend's swatch
// are exactly the grey ones), watertight against the exact reference leaves no pixel where only
// one of them hits on the closed knot, and bad choices are refused.
TEST(Cli, DisagreePaintsEveryPixelsVerdictAndCountsThem) {
    const auto out = std::filesystem::temp_directory_path() / "raypick_cli_disagree.png";
    const auto run = [&](const std::string& a) {
        return run_process({raypick_exe(), "disagree", "knot:20000", "--a", a, "--b", "reference",
                            "--size", "160x90", "--far", "10000", "--threads", "2", "--out",
                            out.string()});
    };
    const ProcessResult dx = run("dx_pick");
    ASSERT_EQ(dx.exit_code, 0) << dx.err;
    const auto counts = nlohmann::json::parse(dx.out);
    EXPECT_EQ(counts["pixels"], 160 * 90);
    std::uint64_t sum = 0;
    for (const char* key :
         {"both_miss", "agree", "only_a", "only_b", "different_triangle", "t_differs"})
        sum += counts[key].get<std::uint64_t>();
    EXPECT_EQ(sum, 160u * 90u);
    EXPECT_GT(counts["agree"].get<int>(), 1000);
    const PngImage png = read_png_image(out);
    ASSERT_EQ(png.width, 160);
    ASSERT_EQ(png.height, 90);
    const int swatch = 7;  // min(160 / 18, 90 / 12): the legend's squares
    EXPECT_EQ(png.count({112, 112, 112}, 0), counts["agree"].get<int>() + swatch * swatch);

    const ProcessResult watertight = run("watertight");
    ASSERT_EQ(watertight.exit_code, 0) << watertight.err;
    const auto closed = nlohmann::json::parse(watertight.out);
    EXPECT_EQ(closed["only_a"], 0);
    EXPECT_EQ(closed["only_b"], 0);

    EXPECT_EQ(run("no_such_test").exit_code, 2);
    const ProcessResult tiny = run_process(
        {raypick_exe(), "disagree", "knot:20000", "--size", "8x8", "--out", out.string()});
    EXPECT_EQ(tiny.exit_code, 2);
    EXPECT_NE(tiny.err.find("--size"), std::string::npos) << tiny.err;
    std::filesystem::remove(out);
}

}  // namespace tests
