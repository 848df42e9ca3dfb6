// The viewer driven by its own command line on an Xvfb of its own (Mesa's software OpenGL): a
// scripted click and a screenshot. The printed pick must equal `raypick pick` with the same
// ray, and the picture must show the highlight where the click went.

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include "picking/ray_triangle/ray_triangle.h"
#include "tests/process.h"
#include "tests/scripted_viewer.h"

namespace tests {
namespace gui_test {

TEST(Gui, DefaultSceneClickEqualsTheCliAndIsHighlighted) {
    const ViewerRun run = run_viewer({"--time", "1.5", "--click", "490,360"}, "default");
    ASSERT_TRUE(run.pick.contains("hit"));
    EXPECT_EQ(run.pick["hit"], true) << run.pick.dump();
    EXPECT_EQ(run.pick["model"], "default");
    EXPECT_EQ(run.pick["algorithm"], "watertight");  // the default, as on the command line
    EXPECT_EQ(run.pick["window"], nlohmann::json::array({1280, 720}));
    expect_same_as_cli(run.pick, "default");
    expect_highlight_at_click(run);
    // The GPU's ID buffer saw the same triangle at that pixel.
    ASSERT_TRUE(run.pick["id_buffer"].is_object()) << run.pick.dump();
    EXPECT_EQ(run.pick["id_buffer"]["instance"], run.pick["instance"]);
    EXPECT_EQ(run.pick["id_buffer"]["triangle"], run.pick["triangle"]);
}

// Seed 002's area and triple product and seed 000's hit point both ways, as the Inspector's
// Triangle section shows them: the world area equals half the cross product of the world
// corners the report prints, and O + tD lies within a few ULPs of the barycentric point.
TEST(Gui, TheTrianglesLessonsAgreeWithItsCorners) {
    const ViewerRun run = run_viewer({"--time", "1.5", "--click", "490,360"}, "lessons");
    ASSERT_EQ(run.pick["hit"], true) << run.pick.dump();
    const nlohmann::json& lessons = run.pick["lessons"];
    ASSERT_TRUE(lessons.is_object()) << run.pick.dump();
    glm::dvec3 p[3];
    for (int i = 0; i < 3; ++i)
        for (int k = 0; k < 3; ++k)
            p[i][k] = run.pick["vertices"][i][k].get<double>();
    const double area = 0.5 * glm::length(glm::cross(p[1] - p[0], p[2] - p[0]));
    EXPECT_NEAR(lessons["area_world"].get<double>(), area, 1e-5 * area);
    EXPECT_GT(lessons["triple_product"].get<double>(), 0.0);
    EXPECT_LE(lessons["apart_ulps"].get<double>(), 64.0);
    const nlohmann::json& a = lessons["from_ray"];
    const nlohmann::json& b = lessons["from_barycentric"];
    double apart = 0.0;
    for (int k = 0; k < 3; ++k)
        apart += std::pow(a[k].get<double>() - b[k].get<double>(), 2.0);
    EXPECT_NEAR(lessons["apart"].get<double>(), std::sqrt(apart), 1e-12);
}

TEST(Gui, TheArmMovesBetweenTwoTimes) {
    // The same pixel picks the upper arm at one pose and the terrain behind it at another,
    // and both answers equal the CLI at the same time.
    const ViewerRun a = run_viewer({"--time", "0", "--click", "480,368"}, "arm0");
    const ViewerRun b = run_viewer({"--time", "2", "--click", "480,368"}, "arm2");
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
    const ViewerRun a = run_viewer({model, "--time", "0", "--click", "490,360"}, "skin0");
    const ViewerRun b = run_viewer({model, "--time", "3", "--click", "490,360"}, "skin3");
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
// where the bind pose's answer is nearer it is drawn over the scene in its own colour.
TEST(Gui, BindPoseAnswerBesideTheRightOne) {
    const ViewerRun run =
        run_viewer({"--time", "1.5", "--click", "490,360", "--pick-bind-pose", "--ghost"}, "bind");
    ASSERT_TRUE(run.pick.contains("bind_pose")) << run.pick.dump();
    const auto& bind = run.pick["bind_pose"];
    EXPECT_EQ(run.pick["node"], "terrain") << run.pick.dump();
    EXPECT_EQ(bind["node"], "upper_arm_geometry") << bind.dump();
    EXPECT_EQ(bind["pose"], "bind");
    EXPECT_LT(bind["t"].get<double>(), run.pick["t"].get<double>());
    expect_same_as_cli(bind, "default", true);
    // Around the click (the marker's hole and the outlines cover the exact pixel).
    EXPECT_GE(pixels_in(run.png, kBindFill, 486, 356, 495, 365), 5);
}

// Agreement with the bind pose is the same triangle at the same point: at 1 s huesitos' bent
// arm puts triangle 43 under the click in both poses, but 20 units apart along the ray. The
// Inspector says so in its warning colour, with both t (it used to say they agree).
TEST(Gui, TheSameTriangleElsewhereIsNotAgreement) {
    const std::string model = "/usr/share/assimp/models/FBX/huesitos.fbx";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    const ViewerRun run =
        run_viewer({model, "--time", "1", "--click", "490,360", "--pick-bind-pose"}, "moved");
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
    // The warning (orange) under the two answers in the Inspector.
    EXPECT_GT(pixels_in(run.png, {255, 179, 77}, run.pick["windows"]["Inspector"]["rect"]), 20);
    // The default scene's click that the bind pose gets wrong says another triangle.
    const ViewerRun other =
        run_viewer({"--time", "1.5", "--click", "490,360", "--pick-bind-pose"}, "other");
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
    const ViewerRun on_b = run_viewer({model, "--time", "0.5", "--click", "757,435"}, "morph_b");
    const ViewerRun between =
        run_viewer({model, "--time", "0.5", "--click", "585,400"}, "morph_gap");
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
    const auto c = between.png.at(585, 400);
    EXPECT_TRUE(near_color(c, {33, 36, 41})) << c[0] << "," << c[1] << "," << c[2];
}

// The Bone space tool (in the Tools area under the view) shows the picked limb alone in its own
// space, with the picked triangle in the pick's colour; it is not drawn while another tool is
// shown.
TEST(Gui, TheBoneSpaceViewShowsThePickedTriangle) {
    const ViewerRun open =
        run_viewer({"--time", "0", "--click", "485,200", "--tool", "bone-space"}, "bone");
    const ViewerRun other =
        run_viewer({"--time", "0", "--click", "485,200", "--tool", "acceleration"}, "nobone");
    EXPECT_EQ(open.pick["node"], "upper_arm_geometry") << open.pick.dump();
    EXPECT_EQ(other.pick["node"], "upper_arm_geometry") << other.pick.dump();
    ASSERT_TRUE(open.pick["windows"].contains("Tools")) << open.pick.dump();
    EXPECT_EQ(open.pick["tool"], "bone-space");
    EXPECT_EQ(open.pick["bone_view"]["triangles"], 12);  // the whole unit cube
    EXPECT_GT(pixels_in(open.png, kHighlight[0], open.pick["windows"]["Tools"]["rect"]), 300);
    EXPECT_FALSE(other.pick.contains("bone_view"));
    EXPECT_EQ(pixels_in(other.png, kHighlight[0], other.pick["windows"]["Tools"]["rect"]), 0);
}

// The Bone space tool draws the picked mesh in the pose of the pick, like the triangle and the
// ray over it, also once the animation has moved on (--then-time): the picture is the same as
// when the pose stays. (It used to draw the mesh in the pose of now under the triangle of
// then.)
TEST(Gui, TheBoneSpaceViewKeepsThePoseOfThePick) {
    const std::string model = "/usr/share/assimp/models/FBX/huesitos.fbx";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    const ViewerRun still = run_viewer(
        {model, "--time", "0", "--click", "490,222", "--tool", "bone-space"}, "bone_still");
    const ViewerRun moved = run_viewer(
        {model, "--time", "0", "--click", "490,222", "--then-time", "1", "--tool", "bone-space"},
        "bone_moved");
    ASSERT_EQ(still.pick["hit"], true) << still.pick.dump();
    EXPECT_EQ(moved.pick["triangle"], still.pick["triangle"]);
    EXPECT_EQ(moved.pick["time"], 0.0);
    EXPECT_EQ(moved.pick["time_now"], 1.0);
    EXPECT_FALSE(still.pick.contains("time_now"));
    EXPECT_EQ(moved.pick["bone_view"]["vertices"], "as_picked");
    EXPECT_EQ(moved.pick["bone_view"]["pick_time"], 0.0);
    expect_same_as_cli(moved.pick, model);  // the pick is the one of 0 s
    // The tool's picture (below its tab bar and line of text) is the same in both runs...
    const auto& tools = still.pick["windows"]["Tools"]["rect"];
    ASSERT_TRUE(tools.is_array()) << still.pick.dump();
    int same = 0, compared = 0;
    for (int y = int(tools[1].get<double>()) + 60; y < int(tools[3].get<double>()) - 8; ++y)
        for (int x = int(tools[0].get<double>()) + 10; x < int(tools[2].get<double>()) - 10; ++x) {
            ++compared;
            same += near_color(still.png.at(x, y), moved.png.at(x, y));
        }
    EXPECT_GT(compared, 10000);
    EXPECT_GE(same, compared * 995 / 1000) << same << " of " << compared;
    // ... while the main view has moved on.
    int differ = 0;
    for (int y = 100; y < 420; ++y)
        for (int x = 300; x < 700; ++x)
            differ += !near_color(still.png.at(x, y), moved.png.at(x, y));
    EXPECT_GT(differ, 2000);
}

// The Outliner's tree opens every node of a small tree, so a skinned model's bones show, not
// only the path down to the picked mesh (huesitos: 16 nodes, 9 of them bones under Armature,
// which used to stay folded).
TEST(Gui, TheHierarchyShowsEveryNodeOfASmallTree) {
    const std::string model = "/usr/share/assimp/models/FBX/huesitos.fbx";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    const ViewerRun run =
        run_viewer({model, "--time", "0", "--click", "640,360", "--outliner"}, "tree");
    ASSERT_TRUE(run.pick.contains("outliner")) << run.pick.dump();
    EXPECT_EQ(run.pick["outliner"]["nodes"], 16);
    EXPECT_EQ(run.pick["outliner"]["tree_nodes_shown"], 16);
    const ViewerRun none = run_viewer({"--time", "0", "--outliner"}, "tree_default");
    EXPECT_EQ(none.pick["outliner"]["tree_nodes_shown"], none.pick["outliner"]["nodes"]);
    // Closed, it is not drawn at all.
    const ViewerRun closed = run_viewer({"--time", "0"}, "tree_closed");
    EXPECT_FALSE(closed.pick.contains("outliner"));
    EXPECT_FALSE(closed.pick["windows"].contains("Outliner"));
}

TEST(Gui, BunnyClickEqualsTheCliAndIsHighlighted) {
    const std::string bunny = "/usr/share/glmark2/models/bunny.obj";
    if (!std::filesystem::exists(bunny)) GTEST_SKIP() << bunny << " is not installed";
    const ViewerRun run = run_viewer({bunny, "--click", "490,360"}, "bunny");
    EXPECT_EQ(run.pick["hit"], true) << run.pick.dump();
    EXPECT_EQ(run.pick["mesh_name"].get<std::string>().empty(), false);
    expect_same_as_cli(run.pick, bunny);
    expect_highlight_at_click(run);
}

// A model whose path and mesh name are not UTF-8 aborted the viewer's report (nlohmann's
// type_error 316): the screenshot's JSON line and the UI trace now say they repaired them.
TEST(Gui, NamesThatAreNotUtf8AreRepairedInTheReportAndTheTrace) {
    const auto dir = std::filesystem::temp_directory_path();
    const auto model = dir / "raypick_gui_tri_\xff.obj";
    std::filesystem::copy_file(std::filesystem::path(RAYPICK_REPRO_DIR) / "invalid_utf8_names.obj",
                               model, std::filesystem::copy_options::overwrite_existing);
    const auto trace = dir / "raypick_gui_utf8_trace.json";
    std::filesystem::remove(trace);
    const ViewerRun run =
        run_viewer({model.string(), "--click", "600,400", "--ui-trace", trace.string()}, "utf8");
    EXPECT_EQ(run.pick["utf8_repaired"], true) << run.pick.dump();
    const std::string shown = run.pick["model"];
    EXPECT_EQ(std::filesystem::path(shown).filename(), "raypick_gui_tri_\xef\xbf\xbd.obj");
    std::ifstream in(trace);
    const auto traced = nlohmann::json::parse(in);  // throws on invalid UTF-8
    EXPECT_EQ(traced["utf8_repaired"], true);
}

TEST(Gui, AMissLeavesNoHighlight) {
    // Top middle of the default scene is sky.
    const ViewerRun run = run_viewer({"--time", "0", "--click", "490,40"}, "miss");
    EXPECT_EQ(run.pick["hit"], false) << run.pick.dump();
    EXPECT_FALSE(is_highlight(run.png.at(490, 40)));
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
TEST(Gui, ABadModelFailsClearly) {
    const auto shot = std::filesystem::temp_directory_path() / "raypick_gui_bad.png";
    const ProcessResult r =
        run_gui_process({raypick_exe(), "/nonexistent/thing.fbx", "--screenshot", shot.string()});
    EXPECT_FALSE(r.signaled);
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("/nonexistent/thing.fbx"), std::string::npos) << r.err;
}

// An import that never ends (the import process's test hook makes it sleep): the viewer gives
// up at --load-timeout, says so, and exits with the timeout status instead of hanging.
TEST(Gui, AHangingImportGivesUpAtTheLoadTimeout) {
    const auto model = std::filesystem::temp_directory_path() / "raypick_gui_hang.obj";
    std::ofstream(model) << "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    const auto shot = std::filesystem::temp_directory_path() / "raypick_gui_hang.png";
    const ProcessResult r =
        run_gui_process({"env", "RAYPICK_IMPORT_FAULT=hang", raypick_exe(), model.string(),
                         "--load-timeout", "2", "--screenshot", shot.string()},
                        60.0);
    EXPECT_FALSE(r.signaled);
    EXPECT_FALSE(r.timed_out);
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("took longer than 2 s (--load-timeout)"), std::string::npos) << r.err;
}

// The same real Assimp crash as the command line's test (tests/repro/README.md): a scripted
// viewer run reports it, naming the file, and exits cleanly with the crash status.
TEST(Gui, AnAssimpCrashIsReportedAndTheViewerExitsCleanly) {
    const std::string model = std::string(RAYPICK_REPRO_DIR) + "/x_binary_face_index_segv.x";
    const auto shot = std::filesystem::temp_directory_path() / "raypick_gui_crash.png";
    const ProcessResult r =
        run_gui_process({raypick_exe(), model, "--screenshot", shot.string()}, 60.0);
    EXPECT_FALSE(r.signaled);
    EXPECT_FALSE(r.timed_out);
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_NE(r.err.find("raypick: " + model + ": the importer crashed on this file"),
              std::string::npos)
        << r.err;
}

// Assimp quotes the rest of a broken ASCII STL in its error (here about 64 KB): the viewer drew
// it whole, beyond the 65,536 vertices ImGui 1.86 draws for one wrapped text, and aborted
// (found by scripts/mutate). A scripted run refuses the file, says why in full on stderr, and
// exits cleanly; GuiInput.AHugeLoadErrorIsShownShortened draws it.
TEST(Gui, AHugeLoadErrorDoesNotAbortTheViewer) {
    const auto model = std::filesystem::temp_directory_path() / "raypick_gui_huge_error.stl";
    {
        std::ofstream out(model);
        out << "solid x\n  facet normal 0 0 1\n    outer loop\n      vertex 1 2 q";
        for (int i = 0; i < 12000; ++i)
            out << " word" << i;
        out << "\n    endloop\n  endfacet\nendsolid x\n";
    }
    const auto shot = std::filesystem::temp_directory_path() / "raypick_gui_huge_error.png";
    const ProcessResult r =
        run_gui_process({raypick_exe(), model.string(), "--screenshot", shot.string()}, 60.0);
    EXPECT_FALSE(r.signaled) << r.err.substr(r.err.size() > 300 ? r.err.size() - 300 : 0);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("raypick: " + model.string() + ": Cannot parse string"),
              std::string::npos);
    EXPECT_GT(r.err.size(), 50000u) << "the whole message goes to stderr";
}

// An object named with 30,000 bytes (tinyobjloader kept it whole) aborted the viewer as soon as
// the Inspector drew it: ImGui 1.86 draws at most about 16,000 characters as one text. Names are
// capped at Assimp's 1,023 bytes when loaded.
TEST(Gui, AHugeObjectNameIsDrawnCapped) {
    const auto model = std::filesystem::temp_directory_path() / "raypick_gui_long_name.obj";
    std::ofstream(model) << "o " << std::string(30000, 'n')
                         << "\nv -1 -1 0\nv 1 -1 0\nv 0 1 0\nf 1 2 3\n";
    const ViewerRun run =
        run_viewer({model.string(), "--tinyobjloader", "--click", "490,360"}, "huge_name");
    EXPECT_EQ(run.pick["hit"], true);
    EXPECT_EQ(run.pick["node"], std::string(1023, 'n'));
}

// Help > The seeds shows each seed's title as written, in Chinese: DejaVu has none of those
// characters and they were drawn as '?'. The font now takes them from WenQuanYi Micro Hei.
TEST(Gui, TheSeedsChineseTitlesHaveGlyphs) {
    const ViewerRun run = run_viewer({"--time", "0"}, "seed_glyphs");
    EXPECT_EQ(run.pick["missing_glyphs"], 0) << run.pick.dump().substr(0, 500);
}

// == Analytic shapes (seed 002) in the default scene

// A click on the globe picks the analytic sphere (the same answer as `raypick pick` with the
// printed ray), the GPU's ID pass names the same shape at that pixel, and it is drawn: teal
// where it stands unpicked, tinted towards the pick colour once picked.
TEST(Gui, AClickOnTheGlobePicksTheAnalyticSphere) {
    const ViewerRun picked = run_viewer({"--time", "1", "--click", "388,454"}, "globe");
    const ViewerRun plain = run_viewer({"--time", "1"}, "noglobe");
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
    for (int y = 440; y < 468; ++y)
        for (int x = 374; x < 402; ++x) {
            teal_before += teal(plain.png.at(x, y));
            magenta_after += magenta(picked.png.at(x, y));
        }
    EXPECT_GT(teal_before, 250);
    EXPECT_GT(magenta_after, 250);
}

// Repro: in an orthographic view the globe was drawn as a speckled box (its rays started 1e4
// units away, where the float discriminant cancels to noise). Now a solid disc: every pixel
// within its radius of the centre is the globe's, and the corners of its square are not.
TEST(Gui, TheGlobeIsARoundDiscInAnOrthographicView) {
    const ViewerRun run =
        run_viewer({"--time", "1", "--orthographic", "--click", "346,499"}, "ortho");
    ASSERT_TRUE(run.pick.contains("shape")) << run.pick.dump();
    EXPECT_EQ(run.pick["shape"]["name"], "globe");
    const ViewerRun plain = run_viewer({"--time", "1", "--orthographic"}, "ortho_plain");
    auto teal = [](std::array<int, 3> c) { return c[1] > 120 && c[2] > 110 && c[0] < 110; };
    int inside = 0, inside_teal = 0, corners_teal = 0;
    for (int dy = -28; dy <= 28; ++dy)
        for (int dx = -28; dx <= 28; ++dx) {
            const double r = std::sqrt(double(dx * dx + dy * dy));
            const bool is_teal = teal(plain.png.at(346 + dx, 499 + dy));
            if (r < 20.0) {
                ++inside;
                inside_teal += is_teal;
            }
            if (std::abs(dx) > 24 && std::abs(dy) > 24) corners_teal += is_teal;
        }
    EXPECT_EQ(inside_teal, inside) << "speckles inside the globe";
    EXPECT_EQ(corners_teal, 0) << "a box, not a disc";
}

// With --accel bvh the click waits for the BVH (built off the UI thread), picks through it,
// and finds what testing every triangle finds, at a fraction of the triangle tests.
}  // namespace gui_test
}  // namespace tests
