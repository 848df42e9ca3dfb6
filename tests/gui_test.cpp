// The viewer driven by its own command line under xvfb-run (Mesa's software OpenGL): a
// scripted click and a screenshot. The printed pick must equal `raypick pick` with the same
// ray, and the picture must show the highlight where the click went.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "picking/ray_triangle/ray_triangle.h"
#include "tests/png_image.h"
#include "tests/process.h"

namespace tests {
namespace {

// The viewer's highlight colours (app/viewer/viewer_app.cpp): the opaque fill and the outline.
const std::array<std::array<int, 3>, 2> kHighlight = {{{242, 51, 217}, {255, 242, 89}}};
// The bind pose's answer (opaque too).
const std::array<int, 3> kBindFill = {51, 204, 255};

using Png = PngImage;

Png read_png(const std::filesystem::path& path) {
    return read_png_image(path);
}

bool near_color(std::array<int, 3> c, std::array<int, 3> h) {
    return std::abs(c[0] - h[0]) <= 2 && std::abs(c[1] - h[1]) <= 2 && std::abs(c[2] - h[2]) <= 2;
}

bool is_highlight(std::array<int, 3> c) {
    for (const auto& h : kHighlight)
        if (near_color(c, h)) return true;
    return false;
}

/// Pixels of `color` inside [x0, x1) x [y0, y1).
int pixels_in(const Png& png, std::array<int, 3> color, int x0, int y0, int x1, int y1) {
    int count = 0;
    for (int y = std::max(y0, 0); y < y1 && y < png.height; ++y)
        for (int x = std::max(x0, 0); x < x1 && x < png.width; ++x)
            if (near_color(png.at(x, y), color)) ++count;
    return count;
}

struct ViewerRun {
    nlohmann::json pick;
    Png png;
};

ViewerRun run_viewer(std::vector<std::string> extra, const std::string& name) {
    const auto shot = std::filesystem::temp_directory_path() / ("raypick_gui_" + name + ".png");
    std::filesystem::remove(shot);
    std::vector<std::string> args = {raypick_exe()};
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {"--screenshot", shot.string()});
    const ProcessResult r = run_gui_process(args, 180.0);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    ViewerRun run;
    const auto out = lines(r.out);
    EXPECT_EQ(out.size(), 1u) << r.out;
    if (out.size() == 1) run.pick = nlohmann::json::parse(out[0]);
    run.png = read_png(shot);
    EXPECT_GT(run.png.width, 0) << "no screenshot at " << shot;
    return run;
}

/// Replays the viewer's printed ray through `raypick pick` and compares the answers.
void expect_same_as_cli(const nlohmann::json& viewer, const std::string& model,
                        bool bind_pose = false) {
    std::vector<std::string> args = {raypick_exe(), "pick", model, "--ray"};
    for (int i = 0; i < 6; ++i) {
        char number[64];
        std::snprintf(number, sizeof number, "%.9g", viewer["ray"][i].get<double>());
        args.push_back(number);
    }
    char time[64];
    std::snprintf(time, sizeof time, "%.17g", viewer["time"].get<double>());
    args.insert(args.end(),
                {"--time", time, "--algorithm", viewer["algorithm"].get<std::string>()});
    if (bind_pose) args.push_back("--bind-pose");
    if (viewer.contains("loop") && !viewer["loop"].get<bool>()) args.push_back("--no-loop");
    if (viewer.contains("clip"))
        args.insert(args.end(),
                    {"--clip", viewer["clip"].is_null() ? std::string("rest")
                                                        : viewer["clip"].get<std::string>()});
    const ProcessResult r = run_process(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto cli = nlohmann::json::parse(r.out);
    ASSERT_EQ(cli["hit"], viewer["hit"]);
    if (!cli["hit"]) return;
    EXPECT_EQ(cli["mesh"], viewer["mesh"]);
    EXPECT_EQ(cli["node"], viewer["node"]);
    EXPECT_EQ(cli["triangle"], viewer["triangle"]);
    EXPECT_EQ(cli["t"], viewer["t"]);
    EXPECT_EQ(cli["u"], viewer["u"]);
    EXPECT_EQ(cli["v"], viewer["v"]);
}

void expect_highlight_at_click(const ViewerRun& run) {
    const int x = run.pick["cursor"][0].get<int>(), y = run.pick["cursor"][1].get<int>();
    ASSERT_LT(x, run.png.width);
    ASSERT_LT(y, run.png.height);
    const auto c = run.png.at(x, y);
    EXPECT_TRUE(is_highlight(c)) << "pixel " << x << "," << y << " is " << c[0] << "," << c[1]
                                 << "," << c[2];
}

TEST(Gui, DefaultSceneClickEqualsTheCliAndIsHighlighted) {
    const ViewerRun run = run_viewer({"--time", "1.5", "--click", "640,360"}, "default");
    ASSERT_TRUE(run.pick.contains("hit"));
    EXPECT_EQ(run.pick["hit"], true) << run.pick.dump();
    EXPECT_EQ(run.pick["model"], "default");
    EXPECT_EQ(run.pick["window"], nlohmann::json::array({1280, 720}));
    expect_same_as_cli(run.pick, "default");
    expect_highlight_at_click(run);
    // The GPU's ID buffer saw the same triangle at that pixel.
    ASSERT_TRUE(run.pick["id_buffer"].is_object()) << run.pick.dump();
    EXPECT_EQ(run.pick["id_buffer"]["instance"], run.pick["instance"]);
    EXPECT_EQ(run.pick["id_buffer"]["triangle"], run.pick["triangle"]);
}

TEST(Gui, TheArmMovesBetweenTwoTimes) {
    // The same pixel picks the upper arm at one pose and the terrain behind it at another,
    // and both answers equal the CLI at the same time.
    const ViewerRun a = run_viewer({"--time", "0", "--click", "628,370"}, "arm0");
    const ViewerRun b = run_viewer({"--time", "2", "--click", "628,370"}, "arm2");
    expect_same_as_cli(a.pick, "default");
    expect_same_as_cli(b.pick, "default");
    expect_highlight_at_click(a);
    expect_highlight_at_click(b);
    EXPECT_EQ(a.pick.value("node", ""), "upper_arm_geometry") << a.pick.dump();
    EXPECT_EQ(b.pick.value("node", ""), "terrain") << b.pick.dump();
}

// A skinned model at two times where the same pixel picks different triangles: each answer
// equals `raypick pick --time T` with the printed ray, and the GPU, drawing the very vertices
// the CPU skinned, sees the same triangle under the pixel.
TEST(Gui, SkinnedModelAtTwoTimesEqualsTheCliAndTheIdBuffer) {
    const std::string model = "/usr/share/assimp/models/FBX/huesitos.fbx";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    const ViewerRun a = run_viewer({model, "--time", "0", "--click", "640,360"}, "skin0");
    const ViewerRun b = run_viewer({model, "--time", "3", "--click", "640,360"}, "skin3");
    for (const ViewerRun* run : {&a, &b}) {
        ASSERT_EQ(run->pick["hit"], true) << run->pick.dump();
        expect_same_as_cli(run->pick, model);
        expect_highlight_at_click(*run);
        ASSERT_TRUE(run->pick["id_buffer"].is_object()) << run->pick.dump();
        EXPECT_EQ(run->pick["id_buffer"]["triangle"], run->pick["triangle"]);
    }
    EXPECT_NE(a.pick["triangle"], b.pick["triangle"]);
    EXPECT_NE(a.pick["t"], b.pick["t"]);
}

// With the bind pose picked too, the bent arm's pixel also names what the bind pose has there;
// where the bind pose's answer is nearer it is drawn over the scene in its own colour. The
// bone-space view shows the picked triangle in its own window.
TEST(Gui, BindPoseAnswerBesideTheRightOne) {
    const ViewerRun run =
        run_viewer({"--time", "1.5", "--click", "640,360", "--pick-bind-pose", "--ghost"}, "bind");
    ASSERT_TRUE(run.pick.contains("bind_pose")) << run.pick.dump();
    const auto& bind = run.pick["bind_pose"];
    EXPECT_EQ(run.pick["node"], "terrain") << run.pick.dump();
    EXPECT_EQ(bind["node"], "upper_arm_geometry") << bind.dump();
    EXPECT_EQ(bind["pose"], "bind");
    EXPECT_LT(bind["t"].get<double>(), run.pick["t"].get<double>());
    expect_same_as_cli(bind, "default", true);
    // Around the click (the marker's hole and the outlines cover the exact pixel).
    EXPECT_GE(pixels_in(run.png, kBindFill, 636, 356, 645, 365), 5);
}

// Agreement with the bind pose is the same triangle at the same point: at 1 s huesitos' bent
// arm puts triangle 43 under the click in both poses, but 20 units apart along the ray. The
// Animation panel says so in its warning colour, with both t (it used to say they agree).
TEST(Gui, TheSameTriangleElsewhereIsNotAgreement) {
    const std::string model = "/usr/share/assimp/models/FBX/huesitos.fbx";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    const ViewerRun run =
        run_viewer({model, "--time", "1", "--click", "640,360", "--pick-bind-pose"}, "moved");
    ASSERT_EQ(run.pick["hit"], true) << run.pick.dump();
    const auto& bind = run.pick["bind_pose"];
    EXPECT_EQ(bind["triangle"], run.pick["triangle"]) << run.pick.dump();
    EXPECT_GT(std::abs(bind["t"].get<double>() - run.pick["t"].get<double>()), 1.0);
    EXPECT_EQ(bind["comparison"], "moved");
    const std::string text = bind["comparison_text"];
    for (const auto& t : {run.pick["t"], bind["t"]}) {
        char printed[32];
        std::snprintf(printed, sizeof printed, "t = %.6g", t.get<double>());
        EXPECT_NE(text.find(printed), std::string::npos) << printed << " in " << text;
    }
    // The warning (orange) under the two answers in the Animation panel.
    EXPECT_GT(pixels_in(run.png, {255, 153, 77}, 380, 680, 940, 720), 20);
    // The default scene's click that the bind pose gets wrong says another triangle.
    const ViewerRun other =
        run_viewer({"--time", "1.5", "--click", "640,360", "--pick-bind-pose"}, "other");
    EXPECT_EQ(other.pick["bind_pose"]["comparison"], "different_triangle");
}

/// Writes a glTF of one square (2 x 2, facing +z) with a morph target that doubles it, drawn
/// at node "a" (x = -2) and node "b" (x = +2); the clip keys a's weight at 1 and leaves b at
/// the mesh's default 0. Returns the .gltf's path.
std::string write_two_morphed_squares() {
    const auto dir = std::filesystem::temp_directory_path() / "raypick_gui_morph";
    std::filesystem::create_directories(dir);
    std::vector<float> floats;
    const float corners[4][3] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    for (const auto& c : corners)  // positions
        floats.insert(floats.end(), c, c + 3);
    for (int i = 0; i < 4; ++i)  // normals
        floats.insert(floats.end(), {0.0f, 0.0f, 1.0f});
    for (const auto& c : corners)  // the target's deltas: twice the size
        floats.insert(floats.end(), c, c + 3);
    const std::uint16_t indices[6] = {0, 1, 2, 0, 2, 3};
    const float times[2] = {0.0f, 1.0f}, weights[2] = {1.0f, 1.0f};
    {
        std::ofstream bin(dir / "square.bin", std::ios::binary);
        bin.write(reinterpret_cast<const char*>(floats.data()), std::streamsize(4 * floats.size()));
        bin.write(reinterpret_cast<const char*>(indices), sizeof indices);
        bin.write(reinterpret_cast<const char*>(times), sizeof times);
        bin.write(reinterpret_cast<const char*>(weights), sizeof weights);
    }
    const nlohmann::json view = {{"buffer", 0}};
    auto part = [&](int offset, int length) {
        nlohmann::json v = view;
        v["byteOffset"] = offset;
        v["byteLength"] = length;
        return v;
    };
    const nlohmann::json gltf = {
        {"asset", {{"version", "2.0"}}},
        {"scene", 0},
        {"scenes", {{{"nodes", {0}}}}},
        {"nodes",
         {{{"name", "root"}, {"children", {1, 2}}},
          {{"name", "a"}, {"translation", {-2, 0, 0}}, {"mesh", 0}},
          {{"name", "b"}, {"translation", {2, 0, 0}}, {"mesh", 0}}}},
        {"meshes",
         {{{"name", "square"},
           {"weights", {0}},
           {"primitives",
            {{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}}},
              {"indices", 3},
              {"targets", {{{"POSITION", 2}}}}}}}}}},
        {"buffers", {{{"uri", "square.bin"}, {"byteLength", 172}}}},
        {"bufferViews",
         {part(0, 48), part(48, 48), part(96, 48), part(144, 12), part(156, 8), part(164, 8)}},
        {"accessors",
         {{{"bufferView", 0},
           {"componentType", 5126},
           {"count", 4},
           {"type", "VEC3"},
           {"min", {-1, -1, 0}},
           {"max", {1, 1, 0}}},
          {{"bufferView", 1}, {"componentType", 5126}, {"count", 4}, {"type", "VEC3"}},
          {{"bufferView", 2},
           {"componentType", 5126},
           {"count", 4},
           {"type", "VEC3"},
           {"min", {-1, -1, 0}},
           {"max", {1, 1, 0}}},
          {{"bufferView", 3}, {"componentType", 5123}, {"count", 6}, {"type", "SCALAR"}},
          {{"bufferView", 4},
           {"componentType", 5126},
           {"count", 2},
           {"type", "SCALAR"},
           {"min", {0}},
           {"max", {1}}},
          {{"bufferView", 5}, {"componentType", 5126}, {"count", 2}, {"type", "SCALAR"}}}},
        {"animations",
         {{{"name", "grow_a"},
           {"channels", {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "weights"}}}}}},
           {"samplers", {{{"input", 4}, {"output", 5}, {"interpolation", "LINEAR"}}}}}}}};
    const auto path = dir / "two_squares.gltf";
    std::ofstream(path) << gltf.dump(1);
    return path.string();
}

// A morphing mesh drawn at two nodes is morphed with each node's weights, for picking and for
// drawing: b keeps its size while a doubles. The pixel between them, which a b morphed with
// a's weights would cover, shows nothing and picks nothing; b's centre picks b, where the GPU
// drew b (both used to take a's weights for b).
TEST(Gui, EachInstanceOfAMorphingMeshHasItsOwnWeights) {
    const std::string model = write_two_morphed_squares();
    const ViewerRun on_b =
        run_viewer({model, "--time", "0.5", "--click", "870,420", "--no-bone-view"}, "morph_b");
    const ViewerRun between =
        run_viewer({model, "--time", "0.5", "--click", "740,400", "--no-bone-view"}, "morph_gap");
    ASSERT_EQ(on_b.pick["hit"], true) << on_b.pick.dump();
    EXPECT_EQ(on_b.pick["node"], "b");
    EXPECT_EQ(on_b.pick["mesh"], 0);
    EXPECT_EQ(on_b.pick["id_buffer"]["instance"], on_b.pick["instance"]);
    EXPECT_EQ(on_b.pick["id_buffer"]["triangle"], on_b.pick["triangle"]);
    expect_same_as_cli(on_b.pick, model);
    expect_highlight_at_click(on_b);
    EXPECT_EQ(between.pick["hit"], false) << between.pick.dump();
    EXPECT_TRUE(between.pick["id_buffer"].is_null()) << between.pick.dump();
    expect_same_as_cli(between.pick, model);
    // The window's background there: nothing drawn.
    const auto c = between.png.at(740, 400);
    EXPECT_TRUE(near_color(c, {33, 36, 41})) << c[0] << "," << c[1] << "," << c[2];
}

// The "Bone space" window (top left of the viewport) shows the picked limb alone in its own
// space, with the picked triangle in the pick's colour; it can be left closed.
TEST(Gui, TheBoneSpaceViewShowsThePickedTriangle) {
    const ViewerRun open = run_viewer({"--time", "0", "--click", "628,370"}, "bone");
    const ViewerRun closed =
        run_viewer({"--time", "0", "--click", "628,370", "--no-bone-view"}, "nobone");
    EXPECT_EQ(open.pick["node"], "upper_arm_geometry");
    EXPECT_EQ(closed.pick["node"], "upper_arm_geometry");
    EXPECT_GT(pixels_in(open.png, kHighlight[0], 380, 10, 650, 220), 300);
    EXPECT_EQ(pixels_in(closed.png, kHighlight[0], 380, 10, 650, 220), 0);
}

// The Bone space window draws the picked mesh in the pose of the pick, like the triangle and
// the ray over it, also once the animation has moved on (--then-time): the window is the same
// picture as when the pose stays, and says both times. (It used to draw the mesh in the pose
// of now under the triangle of then.)
TEST(Gui, TheBoneSpaceViewKeepsThePoseOfThePick) {
    const std::string model = "/usr/share/assimp/models/FBX/huesitos.fbx";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    const ViewerRun still = run_viewer({model, "--time", "0", "--click", "640,360"}, "bone_still");
    const ViewerRun moved =
        run_viewer({model, "--time", "0", "--click", "640,360", "--then-time", "1"}, "bone_moved");
    ASSERT_EQ(still.pick["hit"], true) << still.pick.dump();
    EXPECT_EQ(moved.pick["triangle"], still.pick["triangle"]);
    EXPECT_EQ(moved.pick["time"], 0.0);
    EXPECT_EQ(moved.pick["time_now"], 1.0);
    EXPECT_FALSE(still.pick.contains("time_now"));
    EXPECT_EQ(moved.pick["bone_view"]["vertices"], "as_picked");
    EXPECT_EQ(moved.pick["bone_view"]["pick_time"], 0.0);
    expect_same_as_cli(moved.pick, model);  // the pick is the one of 0 s
    // The window's picture (below its two lines of text) is the same in both runs...
    int same = 0, compared = 0;
    for (int y = 82; y < 210; ++y)
        for (int x = 392; x < 640; ++x) {
            ++compared;
            same += near_color(still.png.at(x, y), moved.png.at(x, y));
        }
    EXPECT_GE(same, compared * 995 / 1000) << same << " of " << compared;
    // ... while the main view has moved on.
    int differ = 0;
    for (int y = 200; y < 520; ++y)
        for (int x = 560; x < 900; ++x)
            differ += !near_color(still.png.at(x, y), moved.png.at(x, y));
    EXPECT_GT(differ, 2000);
}

// The Spaces panel's hierarchy opens every node of a small tree, so a skinned model's bones
// show, not only the path down to the picked mesh (huesitos: 16 nodes, 9 of them bones under
// Armature, which used to stay folded).
TEST(Gui, TheHierarchyShowsEveryNodeOfASmallTree) {
    const std::string model = "/usr/share/assimp/models/FBX/huesitos.fbx";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    const ViewerRun run =
        run_viewer({model, "--time", "0", "--click", "640,360", "--no-bone-view"}, "tree");
    ASSERT_TRUE(run.pick.contains("spaces")) << run.pick.dump();
    EXPECT_EQ(run.pick["spaces"]["nodes"], 16);
    EXPECT_EQ(run.pick["spaces"]["tree_nodes_shown"], 16);
    const ViewerRun none = run_viewer({"--time", "0", "--no-bone-view"}, "tree_default");
    EXPECT_EQ(none.pick["spaces"]["tree_nodes_shown"], none.pick["spaces"]["nodes"]);
}

TEST(Gui, BunnyClickEqualsTheCliAndIsHighlighted) {
    const std::string bunny = "/usr/share/glmark2/models/bunny.obj";
    if (!std::filesystem::exists(bunny)) GTEST_SKIP() << bunny << " is not installed";
    const ViewerRun run = run_viewer({bunny, "--click", "640,360"}, "bunny");
    EXPECT_EQ(run.pick["hit"], true) << run.pick.dump();
    EXPECT_EQ(run.pick["mesh_name"].get<std::string>().empty(), false);
    expect_same_as_cli(run.pick, bunny);
    expect_highlight_at_click(run);
}

TEST(Gui, AMissLeavesNoHighlight) {
    // Top middle of the default scene is sky.
    const ViewerRun run = run_viewer({"--time", "0", "--click", "640,12"}, "miss");
    EXPECT_EQ(run.pick["hit"], false) << run.pick.dump();
    EXPECT_FALSE(is_highlight(run.png.at(640, 12)));
    expect_same_as_cli(run.pick, "default");
}

TEST(Gui, NoClickStillWritesTheScreenshotAndSizeIsHonoured) {
    const ViewerRun run = run_viewer({"--size", "800x600"}, "noclick");
    EXPECT_EQ(run.pick["clicked"], false);
    EXPECT_EQ(run.png.width, 800);
    EXPECT_EQ(run.png.height, 600);
}

// A scripted click with each algorithm of the table: the JSON names it, the CLI replays the
// same pick, and the highlight is drawn where the click went.
TEST(Gui, EachAlgorithmIsNamedInTheJson) {
    for (const auto& algorithm : picking::kRayTriangleAlgorithms) {
        const std::string name(algorithm.name);
        const ViewerRun run =
            run_viewer({"--time", "1.5", "--click", "640,360", "--algorithm", name}, "alg_" + name);
        EXPECT_EQ(run.pick["algorithm"], name);
        EXPECT_EQ(run.pick["hit"], true) << name;
        expect_same_as_cli(run.pick, "default");
        expect_highlight_at_click(run);
    }
}

// == The Algorithms window, opened by --panel

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
        run_viewer({"--time", "1.5", "--click", "640,360", "--panel", "compare"}, "compare");
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
        run_viewer({"--time", "1", "--click", "512,478", "--no-bone-view", "--panel", "compare"},
                   "compare_globe");
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
    // The note above the table, in the shapes' magenta.
    int magenta = 0;
    for (int y = 420; y < 460; ++y)
        for (int x = 385; x < 940; ++x) {
            const auto c = run.png.at(x, y);
            magenta += c[0] > 200 && c[1] > 100 && c[1] < 150 && c[2] > 190;
        }
    EXPECT_GT(magenta, 200);
}

TEST(Gui, ExplainShowsTheAlgorithmsSteps) {
    const ViewerRun run = run_viewer(
        {"--time", "1.5", "--click", "640,360", "--panel", "explain", "--algorithm", "dx_pick"},
        "explain");
    const auto& explain = run.pick["algorithms"]["explain"];
    EXPECT_EQ(explain["algorithm"], "dx_pick");
    EXPECT_EQ(explain["hit"], true);
    EXPECT_GE(explain["steps"].get<int>(), 9);
    EXPECT_GT(explain["flops"].get<int>(), 30);
    EXPECT_EQ(explain["step_names"].size(), explain["steps"].get<std::size_t>());
}

// Möller–Trumbore's Explain shows seed 002's names with the paper's beside them (the issue's
// E1, E2, P, det, T, u, Q, v, t), and the note that maps one to the other.
TEST(Gui, ExplainShowsMollerTrumboreWithBothNamings) {
    const ViewerRun run = run_viewer({"--time", "1.5", "--click", "640,360", "--panel", "explain",
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
        run_viewer({"--time", "1.5", "--click", "640,360", "--panel", "all-hits"}, "allhits");
    EXPECT_GE(run.pick["algorithms"]["all_hits"]["count"].get<int>(), 1) << run.pick.dump();
}

TEST(Gui, LeaksSweepsAndMarksTheSpots) {
    const ViewerRun run = run_viewer({"--time", "0", "--panel", "leaks", "--leaks"}, "leaks");
    const auto& panel = run.pick["algorithms"];
    ASSERT_EQ(panel["leaks"].size(), 10u) << run.pick.dump();
    for (const auto& row : panel["leaks"]) {
        EXPECT_GT(row["rays"].get<int>(), 1000);
        if (row["algorithm"] == "watertight" || row["algorithm"] == "reference") {
            EXPECT_EQ(row["leaks"], 0) << row.dump();
        }
    }
    EXPECT_GT(panel["leak_marks"].get<int>(), 100);
    // The leak crosses are drawn in red over the scene.
    int red = 0;
    for (int y = 0; y < run.png.height; ++y)
        for (int x = 380; x < 940; ++x) {
            const auto c = run.png.at(x, y);
            red += c[0] > 200 && c[1] < 90 && c[2] < 80;
        }
    EXPECT_GT(red, 50);
}

TEST(Gui, FarFromOriginMovesTheModelAndGradesTheAlgorithms) {
    const ViewerRun run = run_viewer(
        {"--time", "1.5", "--panel", "far", "--far-distance", "1e6", "--click", "640,300"}, "far");
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

TEST(Gui, ABadModelFailsClearly) {
    const auto shot = std::filesystem::temp_directory_path() / "raypick_gui_bad.png";
    const ProcessResult r =
        run_gui_process({raypick_exe(), "/nonexistent/thing.fbx", "--screenshot", shot.string()});
    EXPECT_FALSE(r.signaled);
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("/nonexistent/thing.fbx"), std::string::npos) << r.err;
}

// Assimp spins for minutes on this file: the viewer gives up at --load-timeout, says so, and
// exits with the timeout status instead of hanging.
TEST(Gui, AHangingImportGivesUpAtTheLoadTimeout) {
    const std::string model = "/usr/share/assimp/models/invalid/OutOfMemory.off";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    const auto shot = std::filesystem::temp_directory_path() / "raypick_gui_hang.png";
    const ProcessResult r = run_gui_process(
        {raypick_exe(), model, "--load-timeout", "2", "--screenshot", shot.string()}, 60.0);
    EXPECT_FALSE(r.signaled);
    EXPECT_FALSE(r.timed_out);
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("took longer than 2 s (--load-timeout)"), std::string::npos) << r.err;
}

// == Analytic shapes (seed 002) in the default scene

// A click on the globe picks the analytic sphere (the same answer as `raypick pick` with the
// printed ray), the GPU's ID pass names the same shape at that pixel, and it is drawn: teal
// where it stands unpicked, tinted towards the pick colour once picked.
TEST(Gui, AClickOnTheGlobePicksTheAnalyticSphere) {
    const ViewerRun picked =
        run_viewer({"--time", "1", "--click", "512,478", "--no-bone-view"}, "globe");
    const ViewerRun plain = run_viewer({"--time", "1", "--no-bone-view"}, "noglobe");
    ASSERT_EQ(picked.pick["hit"], true) << picked.pick.dump();
    ASSERT_TRUE(picked.pick.contains("shape")) << picked.pick.dump();
    EXPECT_EQ(picked.pick["shape"]["name"], "globe");
    EXPECT_EQ(picked.pick["shape"]["kind"], "sphere");
    EXPECT_EQ(picked.pick["id_buffer"]["shape"], picked.pick["shape"]["index"]);
    // The same ray through the command line.
    std::vector<std::string> args = {raypick_exe(), "pick", "default", "--time", "1", "--ray"};
    for (int i = 0; i < 6; ++i) {
        char number[64];
        std::snprintf(number, sizeof number, "%.9g", picked.pick["ray"][i].get<double>());
        args.push_back(number);
    }
    const ProcessResult r = run_process(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto cli = nlohmann::json::parse(r.out);
    EXPECT_EQ(cli["shape"]["name"], "globe");
    EXPECT_EQ(cli["t"], picked.pick["t"]);
    // Drawn: the globe's teal around the click before, the pick's magenta tint after.
    auto teal = [](std::array<int, 3> c) { return c[1] > 120 && c[2] > 110 && c[0] < 110; };
    auto magenta = [](std::array<int, 3> c) { return c[0] > 150 && c[2] > 130 && c[1] < 110; };
    int teal_before = 0, magenta_after = 0;
    for (int y = 462; y < 494; ++y)
        for (int x = 496; x < 528; ++x) {
            teal_before += teal(plain.png.at(x, y));
            magenta_after += magenta(picked.png.at(x, y));
        }
    EXPECT_GT(teal_before, 300);
    EXPECT_GT(magenta_after, 300);
}

// == The broad phases in the viewer (issue 4)

const std::string kBunny = "/usr/share/glmark2/models/bunny.obj";

// With --accel bvh the click waits for the BVH (built off the UI thread), picks through it,
// and finds what testing every triangle finds, at a fraction of the triangle tests.
TEST(Gui, BvhClickEqualsEveryTriangleAndSaysWhatItCost) {
    if (!std::filesystem::exists(kBunny)) GTEST_SKIP() << kBunny << " is not installed";
    const ViewerRun bvh =
        run_viewer({kBunny, "--accel", "bvh", "--click", "640,360", "--no-bone-view"}, "bvh");
    const ViewerRun none = run_viewer({kBunny, "--click", "640,360", "--no-bone-view"}, "nobvh");
    ASSERT_EQ(bvh.pick["hit"], true) << bvh.pick.dump();
    EXPECT_EQ(bvh.pick["broad_phase"], "bvh") << "the click waited for the build";
    EXPECT_EQ(none.pick["broad_phase"], "none");
    EXPECT_EQ(bvh.pick["triangle"], none.pick["triangle"]);
    EXPECT_EQ(bvh.pick["t"], none.pick["t"]);
    EXPECT_GT(bvh.pick["nodes_visited"].get<int>(), 0);
    EXPECT_GT(bvh.pick["box_tests"].get<int>(), 0);
    EXPECT_LT(bvh.pick["triangles_tested"].get<int>(), 500);
    EXPECT_EQ(none.pick["triangles_tested"].get<int>(), 69666);
    EXPECT_GT(bvh.pick["accel_build"]["milliseconds"].get<double>(), 0.0);
    // Acceleration memory within the 64 bytes per triangle.
    const double bytes = bvh.pick["accel_build"]["bytes"].get<double>();
    EXPECT_GT(bytes, 0.0);
    EXPECT_LE(bytes / 69666.0, 64.0);
    expect_highlight_at_click(bvh);
}

// --bvh-depth draws every box of that level (in its level's colour), --show-visited the boxes
// the click entered (orange).
TEST(Gui, BvhBoxesAtADepthAndTheBoxesAPickEntered) {
    if (!std::filesystem::exists(kBunny)) GTEST_SKIP() << kBunny << " is not installed";
    const ViewerRun run = run_viewer({kBunny, "--accel", "bvh", "--bvh-depth", "1",
                                      "--show-visited", "--click", "640,360", "--no-bone-view"},
                                     "boxes");
    const auto& boxes = run.pick["bvh_boxes"];
    ASSERT_TRUE(boxes.is_object()) << run.pick.dump();
    EXPECT_EQ(boxes["depth"], 1);
    EXPECT_GT(boxes["drawn"].get<int>(), 8);   // more than the root's eight children
    EXPECT_LE(boxes["drawn"].get<int>(), 64);  // at most eight of each of them
    EXPECT_EQ(boxes["drawn"], boxes["at_depth"]);
    EXPECT_GE(boxes["levels"].get<int>(), 3);
    EXPECT_GT(run.pick["visited_boxes"].get<int>(), 0);
    // Level 1's colour (app/viewer/accel_view.cpp) and the visited boxes' orange, in the view.
    EXPECT_GT(pixels_in(run.png, {115, 255, 140}, 380, 0, 950, 720), 1000);
    EXPECT_GT(pixels_in(run.png, {255, 140, 26}, 380, 0, 950, 720), 100);
}

// The viewer's heatmap is the picture `raypick heatmap` writes: the same rays through the same
// camera, the same totals, the same colours where no panel covers the view.
TEST(Gui, TheHeatmapIsTheOneTheCommandLineWrites) {
    if (!std::filesystem::exists(kBunny)) GTEST_SKIP() << kBunny << " is not installed";
    const ViewerRun run = run_viewer({kBunny, "--accel", "bvh", "--heatmap"}, "heatmap");
    const auto& heat = run.pick["heatmap"];
    ASSERT_TRUE(heat.is_object()) << run.pick.dump();
    EXPECT_EQ(heat["complete"], true);
    const auto out = std::filesystem::temp_directory_path() / "raypick_gui_heatmap_cli.png";
    const ProcessResult r =
        run_process({raypick_exe(), "heatmap", kBunny, "--out", out.string(), "--accel", "bvh",
                     "--algorithm", "moller_trumbore", "--size", "1280x720"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto cli = nlohmann::json::parse(r.out);
    for (const char* total : {"rays", "hits", "nodes", "triangles", "scale_max"})
        EXPECT_EQ(heat[total], cli[total]) << total;
    const Png written = read_png(out);
    ASSERT_EQ(written.width, run.png.width);
    ASSERT_EQ(written.height, run.png.height);
    // Between the left panels and the Acceleration window, above the Animation panel.
    int same = 0, compared = 0, coloured = 0;
    for (int y = 120; y < 530; y += 3)
        for (int x = 390; x < 640; x += 3) {
            ++compared;
            const auto a = run.png.at(x, y), b = written.at(x, y);
            same += std::abs(a[0] - b[0]) <= 2 && std::abs(a[1] - b[1]) <= 2 &&
                    std::abs(a[2] - b[2]) <= 2;
            coloured += a[1] > 120;  // green and yellow: the bunny's costlier pixels
        }
    EXPECT_GE(same, compared * 99 / 100);
    EXPECT_GT(coloured, compared / 20);
}

}  // namespace
}  // namespace tests
