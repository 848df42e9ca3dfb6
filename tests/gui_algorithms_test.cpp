// The Algorithms tool in scripted viewer runs (--panel): Compare, Explain, All hits, Leaks, Far
// from origin and Disagreement, each checked in the printed JSON and in the picture.

#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "picking/ray_triangle/ray_triangle.h"
#include "tests/process.h"
#include "tests/scripted_viewer.h"

namespace tests {
namespace gui_algorithms_test {

TEST(Gui, EachAlgorithmIsNamedInTheJson) {
    for (const auto& algorithm : picking::kRayTriangleAlgorithms) {
        const std::string name(algorithm.name);
        const ViewerRun run =
            run_viewer({"--time", "1.5", "--click", "490,360", "--algorithm", name}, "alg_" + name);
        EXPECT_EQ(run.pick["algorithm"], name);
        EXPECT_EQ(run.pick["hit"], true) << name;
        expect_same_as_cli(run.pick, "default");
        expect_highlight_at_click(run);
    }
}

// == The Algorithms tool, opened by --panel (the Tools area takes the bottom of the window, so
// the view above it is smaller: its centre is at 490,200)

/// Whether the picture holds a 6x6 patch of exactly this colour (an ImGui colour swatch).
bool has_patch(const Png& png, std::array<int, 3> color) {
    for (int y = 0; y + 6 < png.height; y += 2)
        for (int x = 0; x + 6 < png.width; x += 2) {
            bool all = true;
            for (int dy = 0; dy < 6 && all; ++dy)
                for (int dx = 0; dx < 6 && all; ++dx) {
                    const auto c = png.at(x + dx, y + dy);
                    all = std::abs(c[0] - color[0]) <= 2 && std::abs(c[1] - color[1]) <= 2 &&
                          std::abs(c[2] - color[2]) <= 2;
                }
            if (all) return true;
        }
    return false;
}

TEST(Gui, CompareRunsEveryAlgorithmOnTheClickAndDrawsTheTable) {
    const ViewerRun run =
        run_viewer({"--time", "1.5", "--click", "490,200", "--panel", "compare"}, "compare");
    const auto& panel = run.pick["algorithms"];
    EXPECT_EQ(panel["tab"], "compare");
    ASSERT_EQ(panel["compare"].size(), 10u) << run.pick.dump();
    for (const auto& row : panel["compare"]) {
        EXPECT_EQ(row["hit"], true) << row.dump();
        EXPECT_EQ(row["triangle"], run.pick["triangle"]) << row.dump();
        EXPECT_EQ(row["agrees"], true) << row.dump();
        if (row["algorithm"] == "reference") {
            EXPECT_EQ(row["t_ulps"], 0);
        }
    }
    // Each row's colour swatch is drawn (app/viewer/panels/algorithms_panel.cpp's palette).
    for (const std::array<int, 3> swatch :
         {std::array{242, 89, 77}, std::array{64, 230, 166}, std::array{255, 255, 255}})
        EXPECT_TRUE(has_patch(run.png, swatch)) << swatch[0] << "," << swatch[1];
    // At 1280x720 every column fits the window: nothing clipped, no horizontal scrolling.
    ASSERT_TRUE(panel.contains("compare_overflow_px")) << panel.dump();
    EXPECT_LE(panel["compare_overflow_px"].get<double>(), 0.0);
    EXPECT_FALSE(panel.contains("compare_shape"));
}

// A click on the globe picks the analytic sphere: Compare says so, and still compares the
// algorithms on the triangles along the same ray (the terrain behind the globe), not a
// column of misses.
TEST(Gui, CompareOnAShapeClickComparesTheTrianglesBehindIt) {
    const ViewerRun run =
        run_viewer({"--time", "1", "--click", "436,252", "--panel", "compare"}, "compare_globe");
    ASSERT_TRUE(run.pick.contains("shape")) << run.pick.dump();
    EXPECT_EQ(run.pick["shape"]["name"], "globe");
    const auto& panel = run.pick["algorithms"];
    EXPECT_EQ(panel["compare_shape"], "globe");
    ASSERT_EQ(panel["compare"].size(), 10u) << panel.dump();
    const double shape_t = run.pick["t"].get<double>();
    for (const auto& row : panel["compare"]) {
        EXPECT_EQ(row["hit"], true) << row.dump();
        EXPECT_EQ(row["mesh_name"], "terrain") << row.dump();
        EXPECT_GT(row["t"].get<double>(), shape_t) << "behind the globe: " << row.dump();
    }
    EXPECT_LE(panel["compare_overflow_px"].get<double>(), 0.0);
    // The note above the table, in the shapes' magenta, in the Tools area.
    const auto& tools = run.pick["windows"]["Tools"]["rect"];
    ASSERT_TRUE(tools.is_array()) << run.pick.dump();
    int magenta = 0;
    for (int y = int(tools[1].get<double>()); y < int(tools[1].get<double>()) + 90; ++y)
        for (int x = int(tools[0].get<double>()); x < int(tools[2].get<double>()); ++x) {
            const auto c = run.png.at(x, y);
            magenta += c[0] > 200 && c[1] > 100 && c[1] < 150 && c[2] > 190;
        }
    EXPECT_GT(magenta, 200);
}

TEST(Gui, ExplainShowsTheAlgorithmsSteps) {
    const ViewerRun run = run_viewer(
        {"--time", "1.5", "--click", "490,200", "--panel", "explain", "--algorithm", "dx_pick"},
        "explain");
    const auto& explain = run.pick["algorithms"]["explain"];
    EXPECT_EQ(explain["algorithm"], "dx_pick");
    EXPECT_EQ(explain["hit"], true);
    EXPECT_GE(explain["steps"].get<int>(), 9);
    EXPECT_GT(explain["flops"].get<int>(), 30);
    EXPECT_EQ(explain["step_names"].size(), explain["steps"].get<std::size_t>());
}

// Möller–Trumbore's Explain shows seed 002's names with the paper's beside them (E1, E2, P,
// det, T, u, Q, v, t), and the note that maps one to the other.
TEST(Gui, ExplainShowsMollerTrumboreWithBothNamings) {
    const ViewerRun run = run_viewer({"--time", "1.5", "--click", "490,200", "--panel", "explain",
                                      "--algorithm", "moller_trumbore"},
                                     "explain_mt");
    const auto& explain = run.pick["algorithms"]["explain"];
    EXPECT_EQ(explain["algorithm"], "moller_trumbore");
    EXPECT_EQ(explain["hit"], true);
    const std::vector<std::string> names = explain["step_names"];
    const std::vector<std::string> expected = {"E1",        "E2",     "S = T", "S1 = P",  "det",
                                               "alpha = u", "S2 = Q", "t",     "beta = v"};
    EXPECT_EQ(names, expected);
    EXPECT_NE(explain["note"].get<std::string>().find("V0, V1, V2"), std::string::npos);
}

TEST(Gui, AllHitsListsTheRay) {
    const ViewerRun run =
        run_viewer({"--time", "1.5", "--click", "490,200", "--panel", "all-hits"}, "allhits");
    EXPECT_GE(run.pick["algorithms"]["all_hits"]["count"].get<int>(), 1) << run.pick.dump();
}

TEST(Gui, LeaksSweepsAndMarksTheSpots) {
    // The marks are the Pick panel's algorithm's: moller_trumbore's leaks are the ones to see
    // (the default, watertight, has none).
    const ViewerRun run = run_viewer(
        {"--time", "0", "--panel", "leaks", "--leaks", "--algorithm", "moller_trumbore"}, "leaks");
    const auto& panel = run.pick["algorithms"];
    ASSERT_EQ(panel["leaks"].size(), 10u) << run.pick.dump();
    for (const auto& row : panel["leaks"]) {
        EXPECT_GT(row["rays"].get<int>(), 1000);
        if (row["algorithm"] == "watertight" || row["algorithm"] == "reference") {
            EXPECT_EQ(row["leaks"], 0) << row.dump();
        }
    }
    EXPECT_GT(panel["leak_marks"].get<int>(), 100);
    // The leak crosses are drawn in red over the scene, in the view.
    const auto& view = run.pick["view_rect"];
    int red = 0;
    for (int y = int(view[1].get<double>()); y < int(view[3].get<double>()); ++y)
        for (int x = int(view[0].get<double>()); x < int(view[2].get<double>()); ++x) {
            const auto c = run.png.at(x, y);
            red += c[0] > 200 && c[1] < 90 && c[2] < 80;
        }
    EXPECT_GT(red, 50);
}

TEST(Gui, FarFromOriginMovesTheModelAndGradesTheAlgorithms) {
    const ViewerRun run = run_viewer(
        {"--time", "1.5", "--panel", "far", "--far-distance", "1e6", "--click", "490,175"}, "far");
    const auto& far = run.pick["algorithms"]["far"];
    EXPECT_DOUBLE_EQ(far["distance"].get<double>(), 1e6);
    // One row per algorithm, each graded on the three inputs against reference and the aim.
    ASSERT_EQ(far["rows"].size(), picking::kRayTriangleAlgorithms.size()) << run.pick.dump();
    for (const auto& row : far["rows"]) {
        const std::string name = row["name"];
        for (const char* input : {"float", "bone_space", "double"})
            for (const char* grade : {"vs_reference", "vs_aim"})
                ASSERT_TRUE(row[input][grade].contains("u_max")) << name << " " << input;
        // A double world rebased near the origin hits every aimed ray, and its u errors are
        // what float corners near the origin give on the scene's smallest triangles.
        EXPECT_EQ(row["double"]["vs_aim"]["misses"], 0) << name;
        EXPECT_LT(row["double"]["vs_aim"]["u_max"].get<double>(), 1e-3) << name;
        EXPECT_LT(row["double"]["vs_aim"]["u_median"].get<double>(), 1e-5) << name;
        if (name == "moller_trumbore") {
            // In a float world a million units out the input's rounding dominates: many
            // misses, hits far from the aim, yet close to reference on the same input.
            EXPECT_GT(row["float"]["vs_aim"]["misses"].get<int>(), 100) << name;
            EXPECT_GT(row["float"]["vs_aim"]["u_median"].get<double>(), 1e-2) << name;
            EXPECT_LT(row["float"]["vs_reference"]["u_median"].get<double>(), 1e-4) << name;
        }
        if (name == "reference") {
            EXPECT_EQ(row["float"]["vs_reference"]["u_max"], 0.0);
            EXPECT_EQ(row["float"]["disagreements"], 0);
        }
    }
    // The camera followed: the click still finds the model, a million units out.
    EXPECT_EQ(run.pick["hit"], true);
    EXPECT_GT(run.pick["point"][0].get<double>(), 5e5);
}

// == Disagreement: the picture over the view is `raypick disagree`'s for the view's size

/// `raypick disagree` on the viewer's view: its counts, keyed as the viewer reports them.
nlohmann::json disagree_cli(const std::string& model, const std::string& a, const std::string& far,
                            const nlohmann::json& size) {
    const auto out = std::filesystem::temp_directory_path() / "raypick_gui_disagree_cli.png";
    const std::string wxh =
        std::to_string(size[0].get<int>()) + "x" + std::to_string(size[1].get<int>());
    const ProcessResult r = run_process({raypick_exe(), "disagree", model, "--a", a, "--far", far,
                                         "--size", wxh, "--out", out.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
}

constexpr const char* kVerdicts[] = {"both_miss",          "agree",    "only_a", "only_b",
                                     "different_triangle", "t_differs"};

TEST(Gui, TheDisagreementPictureIsTheCommandsForTheViewAndFollowsTheFarOffset) {
    for (const auto& [algorithm, far] :
         {std::pair<std::string, std::string>{"moller_trumbore", "0"}, {"dx_pick", "10000"}}) {
        std::vector<std::string> args = {"knot:20000", "--panel", "disagree", "--algorithm",
                                         algorithm};
        if (far != "0") args.insert(args.end(), {"--far-distance", far});
        const ViewerRun run = run_viewer(args, "disagree_" + algorithm);
        ASSERT_TRUE(run.pick.contains("disagreement")) << run.pick.dump();
        const auto& d = run.pick["disagreement"];
        EXPECT_EQ(d["a"], algorithm);
        EXPECT_EQ(d["b"], "reference");
        EXPECT_EQ(d["complete"], true);
        const auto& view = run.pick["view_rect"];
        const int w = int(view[2].get<double>() - view[0].get<double>());
        const int h = int(view[3].get<double>() - view[1].get<double>());
        EXPECT_EQ(d["size"], nlohmann::json::array({w, h}));
        EXPECT_EQ(d["pixels"].get<long>(), long(w) * h);
        EXPECT_NEAR(d["far"].get<double>(), std::stod(far), 1e-6);
        // Pixel for pixel the command's picture of the same view, moved as far.
        const nlohmann::json cli = disagree_cli("knot:20000", algorithm, far, d["size"]);
        for (const char* verdict : kVerdicts)
            EXPECT_EQ(d[verdict], cli[verdict]) << algorithm << " " << verdict;
        EXPECT_GT(d["agree"].get<long>(), 10000);
        // Drawn over the view: the grey of "agree" covers as many pixels as agree (less the
        // few under the view's labels), and the magenta of "t differs" is there when counted.
        const int grey = pixels_in(run.png, {112, 112, 112}, view);
        EXPECT_GT(grey, d["agree"].get<int>() * 97 / 100);
        EXPECT_LE(grey, d["agree"].get<int>());
        if (d["t_differs"].get<int>() > 20) {
            EXPECT_GT(pixels_in(run.png, {225, 60, 225}, view), 10);
        }
        // The tab's swatches: one per verdict.
        EXPECT_TRUE(has_patch(run.png, {235, 85, 40}));   // only A hits
        EXPECT_TRUE(has_patch(run.png, {45, 125, 245}));  // only B hits
    }
}

// On a closed mesh moved far out, watertight never leaves a pixel that only reference hits, nor
// the reverse (the float Moller-Trumbore may).
TEST(Gui, WatertightShowsNoCrackAgainstTheReferenceFarOut) {
    const ViewerRun run = run_viewer({"knot:20000", "--panel", "disagree", "--far-distance", "1e4",
                                      "--algorithm", "watertight", "--disagree-ulps", "8"},
                                     "disagree_watertight");
    const auto& d = run.pick["disagreement"];
    EXPECT_EQ(d["a"], "watertight");
    EXPECT_EQ(d["ulps"], 8);
    EXPECT_EQ(d["only_a"], 0);
    EXPECT_EQ(d["only_b"], 0);
    EXPECT_GT(d["agree"].get<long>(), 10000);
    // Without the tab, no picture and no "disagreement".
    const ViewerRun plain = run_viewer({"knot:20000", "--panel", "far"}, "disagree_none");
    EXPECT_FALSE(plain.pick.contains("disagreement"));
    EXPECT_EQ(pixels_in(plain.png, {112, 112, 112}, plain.pick["view_rect"]), 0);
}

// Explain's "draw the construction" (--construction) for every algorithm on one terrain
// triangle: each drawn vector is the Explain trace's step of its name, the ray's arrow ends at
// the pick's point once mapped to the world, and the picture shows the legend and the arrows.
TEST(Gui, EachAlgorithmsConstructionIsItsExplainTraceDrawnOnThePickedTriangle) {
    for (const auto& algorithm : picking::kRayTriangleAlgorithms) {
        const std::string name(algorithm.name);
        SCOPED_TRACE(name);
        const ViewerRun run = run_viewer(
            {"--time", "1.5", "--click", "560,300", "--algorithm", name, "--construction"},
            "construction_" + name);
        ASSERT_EQ(run.pick["hit"], true);
        ASSERT_TRUE(run.pick.contains("construction")) << run.pick.dump();
        const auto& c = run.pick["construction"];
        const auto& explain = run.pick["algorithms"]["explain"];
        EXPECT_EQ(c["algorithm"], name);
        EXPECT_EQ(explain["algorithm"], name);
        EXPECT_EQ(run.pick["algorithms"]["tab"], "explain");
        auto step_value = [&](const std::string& step) -> const nlohmann::json* {
            const nlohmann::json* found = nullptr;
            for (std::size_t i = 0; i < explain["step_names"].size(); ++i)
                if (explain["step_names"][i] == step) found = &explain["step_values"][i];
            return found;
        };
        std::vector<float> m;
        for (const auto& x : c["world_from_test"])
            m.push_back(x.get<float>());
        ASSERT_EQ(m.size(), 16u);
        auto world = [&](const nlohmann::json& p) {
            std::array<double, 3> w{};
            for (int r = 0; r < 3; ++r)
                w[std::size_t(r)] = double(m[std::size_t(r)]) * p[0].get<double>() +
                                    double(m[std::size_t(4 + r)]) * p[1].get<double>() +
                                    double(m[std::size_t(8 + r)]) * p[2].get<double>() +
                                    double(m[std::size_t(12 + r)]);
            return w;
        };
        int vector_steps = 0;
        bool ray_ends_at_the_pick = false, has_product = false;
        for (const auto& a : c["arrows"]) {
            const std::string step = a["step"];
            has_product = has_product || a["role"] == "product";
            if (a["label"].get<std::string>().rfind("t D", 0) == 0) {
                const auto end = world(a["to"]);
                double far = 0.0, size = 0.0;
                for (int k = 0; k < 3; ++k) {
                    far = std::max(
                        far, std::abs(end[std::size_t(k)] - run.pick["point"][k].get<double>()));
                    size = std::max(size, std::abs(run.pick["point"][k].get<double>()));
                }
                ray_ends_at_the_pick = far <= 1e-4 * (1.0 + size);
            }
            if (step.empty()) continue;
            const nlohmann::json* value = step_value(step);
            ASSERT_TRUE(value) << a.dump();
            if (!value->is_array()) continue;
            ++vector_steps;
            for (int k = 0; k < 3; ++k) {
                const double drawn = a["to"][k].get<double>() - a["from"][k].get<double>();
                const double expected = (*value)[k].get<double>() * a["scale"].get<double>();
                EXPECT_NEAR(drawn, expected, 1e-4 * (1.0 + std::abs(a["from"][k].get<double>())))
                    << a.dump();
            }
        }
        EXPECT_TRUE(ray_ends_at_the_pick) << c.dump();
        // Every algorithm but the plane-free ones draws at least one of its vectors.
        if (name != "watertight" && name != "reference" && name != "baldwin_weber") {
            EXPECT_GT(vector_steps, 0);
        }
        // The legend's swatch of the ray, and the products drawn in the view.
        EXPECT_TRUE(has_patch(run.png, {255, 224, 77}));
        if (has_product) {
            EXPECT_GT(pixels_in(run.png, {242, 115, 242}, run.pick["view_rect"]), 20);
        }
        // The flat picture of the algorithms that decide in 2D.
        const bool flat = name == "watertight" || name == "baldwin_weber" ||
                          name == "barycentric" || name == "barycentric_cross" ||
                          name == "crossing_2d";
        EXPECT_EQ(!c["inset"].is_null(), flat);
    }
}

}  // namespace gui_algorithms_test
}  // namespace tests
