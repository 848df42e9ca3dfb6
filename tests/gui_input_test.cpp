// The viewer driven as a person drives it: pointer and key events through XTest on an X server
// of the test's own, the results read back from the viewer's UI trace.

#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "assets/procedural/default_scene.h"
#include "picking/ray_triangle/ray_triangle.h"
#include "tests/process.h"
#include "tests/viewer_under_test.h"

namespace gui_input_test {

using Trace = tests::ViewerUnderTest::Trace;

double triangles_per_ray(const Trace& heatmap) {
    return double(heatmap["triangles"].get<std::uint64_t>()) /
           double(std::max<std::uint64_t>(heatmap["rays"].get<std::uint64_t>(), 1));
}

// Repro: the Pick panel kept the broad phase as a string and the pick settings kept their own;
// switching none -> bvh in the combo left the heatmap traced with no broad phase, labelled bvh.
TEST(GuiInput, ChoosingTheBroadPhaseInTheInspectorRetracesTheHeatmapWithIt) {
    tests::ViewerUnderTest viewer({"--time", "0", "--heatmap"});
    ASSERT_EQ(viewer.error(), "");

    // With no broad phase every ray meets every triangle of the scene. (The panels are laid
    // out from their second frame on: wait for the combo too.)
    const auto none = viewer.wait_for([](const Trace& t) {
        const Trace& report = t["report"];
        return report.contains("heatmap") && report["heatmap"]["accel"] == "none" &&
               report["heatmap"]["rays"].get<std::uint64_t>() > 0 &&
               t["items"].contains("Pick/broad phase");
    });
    ASSERT_TRUE(none) << viewer.last().dump();
    EXPECT_GT(triangles_per_ray((*none)["report"]["heatmap"]), 5000.0);

    // The combo, then its `bvh` entry, where the viewer drew them.
    const auto combo = tests::ViewerUnderTest::centre(*none, "Pick/broad phase");
    ASSERT_TRUE(combo) << none->dump();
    EXPECT_GT(combo->x, 0.0f);
    EXPECT_LT(combo->y, 720.0f);
    viewer.click(*combo);
    const auto open =
        viewer.wait_for([](const Trace& t) { return t["items"].contains("Pick/broad phase/bvh"); });
    ASSERT_TRUE(open) << viewer.last().dump();
    viewer.click(*tests::ViewerUnderTest::centre(*open, "Pick/broad phase/bvh"));

    // The whole picture again, through the BVH: a few triangles per ray.
    const auto bvh = viewer.wait_for([](const Trace& t) {
        const Trace& heatmap = t["report"]["heatmap"];
        return heatmap["accel"] == "bvh" && heatmap["complete"] == true;
    });
    ASSERT_TRUE(bvh) << viewer.last().dump();
    const Trace& heatmap = (*bvh)["report"]["heatmap"];
    EXPECT_EQ((*bvh)["report"]["accel_build"]["accel"], "bvh");
    const auto& view = (*bvh)["report"]["view_rect"];
    EXPECT_EQ(heatmap["rays"], std::uint64_t((view[2].get<double>() - view[0].get<double>()) *
                                             (view[3].get<double>() - view[1].get<double>())));
    EXPECT_GT(heatmap["hits"].get<std::uint64_t>(), 1000u);
    EXPECT_GT(heatmap["nodes"].get<std::uint64_t>(), 0u);
    EXPECT_LT(triangles_per_ray(heatmap), 50.0);

    const tests::ProcessResult ended = viewer.quit();
    EXPECT_FALSE(ended.timed_out);
    EXPECT_EQ(ended.exit_code, 0) << ended.err;
}

/// The import process's test hook for the scope: the viewer started inside it inherits it.
class ImportFault {
  public:
    explicit ImportFault(const char* fault) { ::setenv("RAYPICK_IMPORT_FAULT", fault, 1); }
    ~ImportFault() { ::unsetenv("RAYPICK_IMPORT_FAULT"); }
    ImportFault(const ImportFault&) = delete;
    ImportFault& operator=(const ImportFault&) = delete;
};

std::filesystem::path triangle_file() {
    const auto path = std::filesystem::temp_directory_path() / "raypick_gui_input_triangle.obj";
    std::ofstream(path) << "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    return path;
}

/// Opens `path` as a person would: File > Open... (Ctrl+O), the path typed, Enter.
void open_with_dialog(tests::ViewerUnderTest& viewer, const std::filesystem::path& path) {
    viewer.key("ctrl+o");
    const auto dialog =
        viewer.wait_for([](const Trace& t) { return t["items"].contains("Open/file"); });
    ASSERT_TRUE(dialog) << viewer.last().dump();
    viewer.click(*tests::ViewerUnderTest::centre(*dialog, "Open/file"));
    // The field takes the keyboard in the frame after the click: type once it has it.
    ASSERT_TRUE(viewer.wait_for([](const Trace&) { return true; }));
    viewer.type(path.string());
    const auto typed = viewer.wait_for(
        [&](const Trace& t) { return t["report"]["open_dialog"]["path"] == path.string(); }, 60.0);
    ASSERT_TRUE(typed) << viewer.last()["report"].dump();
    viewer.key("Return");
}

// The import process crashes on the file opened with the Open dialog (the test hook makes it
// crash): the viewer says so, naming the file, keeps the scene it had, and goes on.
TEST(GuiInput, AnImporterCrashIsReportedAndTheSceneStays) {
    const ImportFault fault("segv");
    tests::ViewerUnderTest viewer({"--time", "0"});
    ASSERT_EQ(viewer.error(), "");
    const auto path = triangle_file();
    open_with_dialog(viewer, path);
    const auto failed = viewer.wait_for([](const Trace& t) {
        return !t["loading"].get<bool>() && !t["load_error"].get<std::string>().empty();
    });
    ASSERT_TRUE(failed) << viewer.last().dump();
    EXPECT_EQ((*failed)["load_error"],
              path.string() + ": the importer crashed on this file (signal 11, SIGSEGV)");
    EXPECT_EQ((*failed)["report"]["model"], "default");
    EXPECT_EQ(viewer.child_processes(), 0u);

    const tests::ProcessResult ended = viewer.quit();
    EXPECT_FALSE(ended.timed_out);
    EXPECT_EQ(ended.exit_code, 0) << ended.err;
}

// A load that would never end (the hook makes the import process sleep) is cancelled with the
// status bar's Cancel: the import process is killed, the scene stays.
TEST(GuiInput, CancelKillsTheImportProcess) {
    const ImportFault fault("hang");
    tests::ViewerUnderTest viewer({"--time", "0"});
    ASSERT_EQ(viewer.error(), "");
    const auto path = triangle_file();
    open_with_dialog(viewer, path);
    const auto loading = viewer.wait_for([](const Trace& t) {
        return t["loading"].get<bool>() && t["items"].contains("Status/Cancel");
    });
    ASSERT_TRUE(loading) << viewer.last().dump();
    EXPECT_EQ(viewer.child_processes(), 1u);
    viewer.click(*tests::ViewerUnderTest::centre(*loading, "Status/Cancel"));
    const auto cancelled =
        viewer.wait_for([](const Trace& t) { return !t["loading"].get<bool>(); });
    ASSERT_TRUE(cancelled) << viewer.last().dump();
    EXPECT_EQ((*cancelled)["load_error"], path.string() + ": loading cancelled");
    EXPECT_EQ((*cancelled)["report"]["model"], "default");
    // The kill and the reaping happen on the load's thread, a moment after the click.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (viewer.child_processes() > 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(viewer.child_processes(), 0u);

    const tests::ProcessResult ended = viewer.quit();
    EXPECT_FALSE(ended.timed_out);
    EXPECT_EQ(ended.exit_code, 0) << ended.err;
}

// Assimp quotes the rest of a broken ASCII STL in its error (here about 64 KB): drawn whole in
// a wrapped text it went beyond the 65,536 vertices ImGui 1.86 draws in one batch and the
// viewer aborted. The status bar and its tooltip show it shortened, frame after frame.
TEST(GuiInput, AHugeLoadErrorIsShownShortened) {
    const auto model = std::filesystem::temp_directory_path() / "raypick_gui_input_huge_error.stl";
    {
        std::ofstream out(model);
        out << "solid x\n  facet normal 0 0 1\n    outer loop\n      vertex 1 2 q";
        for (int i = 0; i < 12000; ++i)
            out << " word" << i;
        out << "\n    endloop\n  endfacet\nendsolid x\n";
    }
    tests::ViewerUnderTest viewer({model.string(), "--time", "0"});
    ASSERT_EQ(viewer.error(), "");
    const auto failed = viewer.wait_for([](const Trace& t) {
        return !t["load_error"].get<std::string>().empty() && t["items"].contains("Status/error");
    });
    ASSERT_TRUE(failed) << viewer.last().dump().substr(0, 2000);
    EXPECT_GT((*failed)["load_error"].get<std::string>().size(), 50000u);
    // Hovering the message opens the tooltip that shows the whole of what is drawn.
    viewer.move(*tests::ViewerUnderTest::centre(*failed, "Status/error"));
    for (int frame = 0; frame < 5; ++frame)
        ASSERT_TRUE(viewer.wait_for([](const Trace&) { return true; }));
    const tests::ProcessResult ended = viewer.quit();
    EXPECT_FALSE(ended.signaled) << ended.err.substr(0, 500);
    EXPECT_FALSE(ended.timed_out);
    EXPECT_EQ(ended.exit_code, 0);
}

}  // namespace gui_input_test

namespace gui_input_test {

using tests::ViewerUnderTest;

/// The report's pick serial: counts picks, so a test can tell a new pick from the last one.
bool picked(const Trace& t) {
    return t["report"].contains("hit");
}

/// Whether `rect` ([x0, y0, x1, y1]) lies inside `outer`.
bool inside(const Trace& rect, const Trace& outer) {
    return rect[0].get<double>() >= outer[0].get<double>() &&
           rect[1].get<double>() >= outer[1].get<double>() &&
           rect[2].get<double>() <= outer[2].get<double>() &&
           rect[3].get<double>() <= outer[3].get<double>();
}

// A click picks under the pointer (the GPU's ID buffer saw the same triangle at that pixel),
// and the Inspector shows t, u and v where the eye lands, inside its region.
TEST(GuiInput, AClickPicksUnderThePointerAndTheInspectorShowsIt) {
    ViewerUnderTest viewer({"--time", "1.5"});
    ASSERT_EQ(viewer.error(), "");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) { return t["report"]["model"] == "default"; }));
    viewer.click({490, 360});
    const auto pick = viewer.wait_for(
        [](const Trace& t) { return picked(t) && t["items"].contains("Inspector/t"); });
    ASSERT_TRUE(pick) << viewer.last().dump();
    const Trace& report = (*pick)["report"];
    EXPECT_EQ(report["hit"], true) << report.dump();
    EXPECT_EQ(report["cursor"], Trace::array({490.5, 360.5}));
    EXPECT_EQ(report["id_buffer_agrees"], true) << report.dump();
    const Trace& inspector = report["windows"]["Inspector"]["rect"];
    for (const char* item : {"Inspector/t", "Inspector/u, v"})
        EXPECT_TRUE(inside((*pick)["items"][item], inspector)) << item;
    EXPECT_FALSE(viewer.quit().timed_out);
}

/// The triangle count of `raypick select default` with these arguments.
std::size_t cli_selected(std::vector<std::string> args) {
    args.insert(args.begin(), {tests::raypick_exe(), "select", "default", "--time", "0",
                               "--counts-only", "--threads", "1"});
    const tests::ProcessResult r = tests::run_process(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out)["triangles"].get<std::size_t>() : 0;
}

std::size_t region_triangles(const Trace& t) {
    return t["report"]["region_selection"]["triangles"].get<std::size_t>();
}

// The Box tool (key S) selects what a person sees in the rectangle they drag, the same as
// `raypick select --visible-only` on it; X-ray (key X) adds the hidden triangles, as the CLI
// without --visible-only; Shift adds a lasso, Ctrl takes it away again; a click still picks.
TEST(GuiInput, BoxAndLassoDragsSelectWhatTheCommandLineSelects) {
    ViewerUnderTest viewer({"--time", "0", "--accel", "bvh"});
    ASSERT_EQ(viewer.error(), "");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) {
        return t["report"]["model"] == "default" && t["report"]["accel_build"]["accel"] == "bvh";
    }));
    viewer.press("s");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) {
        return t["report"]["region_selection"]["tool"] == "box";
    })) << viewer.last().dump();
    viewer.drag_path({{400, 250}, {450, 300}, {520, 380}, {600, 450}});
    const auto seen = viewer.wait_for([](const Trace& t) { return region_triangles(t) > 0; });
    ASSERT_TRUE(seen) << viewer.last().dump();
    const std::size_t visible = region_triangles(*seen);
    EXPECT_EQ(visible, cli_selected({"--rect", "400,250,600,450", "--visible-only"}));
    EXPECT_FALSE((*seen)["report"]["hit"] == true);  // a drag never picks

    viewer.press("x");
    ASSERT_TRUE(viewer.wait_for(
        [](const Trace& t) { return t["report"]["region_selection"]["xray"] == true; }));
    viewer.drag_path({{400, 250}, {500, 350}, {600, 450}});
    const auto xray =
        viewer.wait_for([&](const Trace& t) { return region_triangles(t) != visible; });
    ASSERT_TRUE(xray) << viewer.last().dump();
    const std::size_t all = region_triangles(*xray);
    EXPECT_GT(all, visible);
    EXPECT_EQ(all, cli_selected({"--rect", "400,250,600,450"}));

    // A lasso elsewhere, added with Shift, then taken away with Ctrl.
    viewer.press("l");
    const std::vector<glm::vec2> lasso{{700, 300}, {800, 320}, {820, 420}, {720, 460}, {690, 380}};
    viewer.drag_path(lasso, 1, "shift");
    const auto added = viewer.wait_for([&](const Trace& t) { return region_triangles(t) > all; });
    ASSERT_TRUE(added) << viewer.last().dump();
    viewer.drag_path(lasso, 1, "ctrl");
    const auto removed = viewer.wait_for(
        [&](const Trace& t) { return region_triangles(t) < region_triangles(*added); });
    ASSERT_TRUE(removed) << viewer.last().dump();
    EXPECT_LE(region_triangles(*removed), all);

    // Repro: a box dragged faster than a frame started where the pointer had got to by the
    // time the press was handled (GLFW asks the X server where the pointer is now), not where
    // the button went down. Replaced, it selects what the CLI selects on the same rectangle.
    viewer.press("s");
    ASSERT_TRUE(viewer.wait_for(
        [](const Trace& t) { return t["report"]["region_selection"]["tool"] == "box"; }));
    const auto regions = viewer.last()["report"]["region_selection"]["regions"].get<int>();
    viewer.fast_drag({400, 250}, {600, 450});
    const auto fast = viewer.wait_for([&](const Trace& t) {
        return t["report"]["region_selection"]["regions"].get<int>() > regions;
    });
    ASSERT_TRUE(fast) << viewer.last().dump();
    EXPECT_FALSE((*fast)["report"]["region_selection"].contains("error"))
        << (*fast)["report"]["region_selection"].dump();
    EXPECT_EQ(region_triangles(*fast), all);
    viewer.press("l");

    // A click with the lasso tool still picks, and Esc clears both.
    viewer.click({490, 360});
    ASSERT_TRUE(viewer.wait_for(picked)) << viewer.last().dump();
    viewer.key("Escape");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) { return region_triangles(t) == 0; }));
    EXPECT_FALSE(viewer.quit().timed_out);
}

// Snapping (V) moves a click onto the crate's corners and edges: a vertex snap lands exactly on
// the vertex as the model stores it, an edge snap on the edge; the Measure tool (M) measures
// between the snapped points, and Esc clears it.
TEST(GuiInput, SnappingFindsTheCratesCornersAndTheMeasureToolMeasuresBetweenThem) {
    ViewerUnderTest viewer({"--time", "0", "--accel", "bvh"});
    ASSERT_EQ(viewer.error(), "");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) {
        return t["report"]["model"] == "default" && t["report"]["accel_build"]["accel"] == "bvh";
    }));
    viewer.press("v");
    viewer.press("m");
    ASSERT_TRUE(viewer.wait_for(
        [](const Trace& t) { return t["report"]["region_selection"]["tool"] == "measure"; }));
    const assets::Scene scene = assets::make_default_scene();
    int vertices = 0, snaps = 0;
    std::uint64_t last_serial = 0;
    // The crate's top corners in the opening view, an edge between two, the top's middle.
    for (const glm::vec2 at : {glm::vec2(489, 467), glm::vec2(515, 453), glm::vec2(541, 466),
                               glm::vec2(516, 482), glm::vec2(528, 460), glm::vec2(515, 467)}) {
        viewer.click(at);
        const auto pick = viewer.wait_for([&](const Trace& t) {
            return t["report"].contains("serial") &&
                   t["report"]["serial"].get<std::uint64_t>() > last_serial;
        });
        ASSERT_TRUE(pick) << viewer.last().dump();
        const Trace& report = (*pick)["report"];
        last_serial = report["serial"].get<std::uint64_t>();
        if (report["hit"] != true || !report.contains("snap")) continue;
        ++snaps;
        const Trace& snap = report["snap"];
        EXPECT_LE(snap["distance_px"].get<double>(), 12.0) << snap.dump();
        const auto& mesh = scene.meshes[report["mesh"].get<std::size_t>()];
        if (snap["kind"] == "vertex" && !mesh.deforms()) {
            ++vertices;
            const glm::vec3 v = mesh.positions[snap["vertex"].get<std::size_t>()];
            EXPECT_EQ(snap["bone_point"], Trace::array({double(v.x), double(v.y), double(v.z)}))
                << snap.dump();
        }
    }
    EXPECT_GE(snaps, 3);
    EXPECT_GE(vertices, 2);
    // Three points on the terrain: a distance, the faces' angle and the angle at the second.
    viewer.key("Escape");
    ASSERT_TRUE(
        viewer.wait_for([](const Trace& t) { return t["report"]["measure"]["points"].empty(); }));
    for (const glm::vec2 at : {glm::vec2(300, 450), glm::vec2(420, 520), glm::vec2(613, 462)})
        viewer.click(at);
    const auto measured = viewer.wait_for(
        [](const Trace& t) { return t["report"]["measure"]["points"].size() == 3; });
    ASSERT_TRUE(measured) << viewer.last().dump();
    const Trace& measure = (*measured)["report"]["measure"];
    const Trace &a = measure["points"][0]["world"], &b = measure["points"][1]["world"];
    double squared = 0.0;
    for (int i = 0; i < 3; ++i)
        squared += std::pow(a[i].get<double>() - b[i].get<double>(), 2.0);
    EXPECT_NEAR(measure["distance"].get<double>(), std::sqrt(squared), 1e-9);
    EXPECT_EQ(measure["distance"], measure["distance_bone"]);  // the terrain is not scaled
    EXPECT_GT(measure["angle_degrees"].get<double>(), 0.0);
    EXPECT_LT(measure["angle_degrees"].get<double>(), 180.0);
    EXPECT_TRUE(measure.contains("face_angle_degrees"));
    viewer.key("Escape");
    ASSERT_TRUE(
        viewer.wait_for([](const Trace& t) { return t["report"]["measure"]["points"].empty(); }));
    EXPECT_FALSE(viewer.quit().timed_out);
}

// Ctrl+C after a click puts the pick's record on the X clipboard (read back with xclip, as
// another program would), and `raypick pick --replay` finds the same pick in it bit for bit;
// File > Save pick record writes the same record to a file the status bar names.
TEST(GuiInput, CtrlCCopiesThePicksRecordAndTheCommandLineReplaysIt) {
    ViewerUnderTest viewer({"--time", "1.5", "--accel", "bvh"});
    ASSERT_EQ(viewer.error(), "");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) { return t["report"]["model"] == "default"; }));
    viewer.key("ctrl+c");  // nothing picked yet: nothing to copy, and the status bar says so
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) {
        return t["report"].value("note", "").starts_with("No pick to record");
    })) << viewer.last()["report"].dump();
    viewer.click({490, 360});
    const auto pick = viewer.wait_for(picked);
    ASSERT_TRUE(pick) << viewer.last().dump();
    const Trace report = (*pick)["report"];
    ASSERT_EQ(report["hit"], true) << report.dump();
    viewer.key("ctrl+c");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) {
        return t["report"].value("note", "").starts_with("Copied the pick's record");
    })) << viewer.last()["report"].dump();

    const tests::ProcessResult clip = tests::run_process(
        {"env", "DISPLAY=" + viewer.display(), "xclip", "-o", "-selection", "clipboard"}, 30.0);
    ASSERT_EQ(clip.exit_code, 0) << "xclip (scripts/setup installs it): " << clip.err;
    const Trace record = Trace::parse(clip.out);
    EXPECT_EQ(record["record"], "raypick pick");
    EXPECT_EQ(record["result"]["hit"], true);
    EXPECT_EQ(record["result"]["triangle"], report["triangle"]);
    EXPECT_EQ(record["result"]["t"], report["t"]);
    EXPECT_EQ(record["settings"]["accel"], "bvh");
    EXPECT_EQ(record["pose"]["time"], 1.5);
    EXPECT_EQ(record["model"]["path"], "default");

    const auto file = std::filesystem::temp_directory_path() / "raypick_gui_clipboard.json";
    std::ofstream(file, std::ios::binary) << clip.out;
    const tests::ProcessResult replay =
        tests::run_process({tests::raypick_exe(), "pick", "--replay", file.string()});
    EXPECT_EQ(replay.exit_code, 0) << replay.err << replay.out;
    EXPECT_NE(replay.out.find("\"replayed\":true"), std::string::npos) << replay.out;
    std::filesystem::remove(file);

    const auto file_menu = ViewerUnderTest::centre(viewer.last(), "Menu/File");
    ASSERT_TRUE(file_menu);
    viewer.click(*file_menu);
    const auto menu = viewer.wait_for(
        [](const Trace& t) { return t["items"].contains("Menu/Save pick record"); });
    ASSERT_TRUE(menu);
    viewer.click(*ViewerUnderTest::centre(*menu, "Menu/Save pick record"));
    const std::string saved_prefix = "Saved the pick's record to ";
    const auto saved = viewer.wait_for(
        [&](const Trace& t) { return t["report"].value("note", "").starts_with(saved_prefix); });
    ASSERT_TRUE(saved) << viewer.last()["report"].dump();
    const std::filesystem::path saved_file =
        (*saved)["report"]["note"].get<std::string>().substr(saved_prefix.size());
    std::ifstream in(saved_file, std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    EXPECT_EQ(text, clip.out + "\n");  // the same pick, the same record
    std::filesystem::remove(saved_file);
    EXPECT_FALSE(viewer.quit().timed_out);
}

/// The note the status bar shows, once it starts with `prefix`.
std::optional<Trace> wait_for_note(tests::ViewerUnderTest& viewer, const std::string& prefix) {
    return viewer.wait_for(
        [&](const Trace& t) { return t["report"].value("note", "").starts_with(prefix); });
}

/// What a session gives back: the camera bit for bit, the regions' sizes, the tool, the
/// selection and the pick.
void expect_same_session(const Trace& saved, const Trace& opened) {
    EXPECT_EQ(opened["camera"], saved["camera"]);
    EXPECT_EQ(opened["layout_wishes"], saved["layout_wishes"]);
    EXPECT_EQ(opened["view_rect"], saved["view_rect"]);
    EXPECT_EQ(opened["region_selection"]["triangles"], saved["region_selection"]["triangles"]);
    EXPECT_EQ(opened["region_selection"]["per_object"], saved["region_selection"]["per_object"]);
    EXPECT_EQ(opened["region_selection"]["tool"], "box");
    EXPECT_EQ(opened["region_selection"]["xray"], true);
    EXPECT_EQ(opened["hit"], true);
    for (const char* key : {"instance", "triangle", "t", "u", "v", "cursor"})
        EXPECT_EQ(opened[key], saved[key]) << key;
}

// A region's record copied with Ctrl+Shift+C replays through `raypick select --replay`; Ctrl+S
// saves the session (the camera after a zoom, the Outliner opened, the box tool with X-ray,
// its selection and a pick), and the session comes back as it was both through File > Open
// in the same window and with `raypick --session FILE` in a new one.
TEST(GuiInput, ASessionSavedWithCtrlSOpensAsItWasAndARegionsRecordReplays) {
    std::filesystem::path session_file;
    Trace saved;
    {
        ViewerUnderTest viewer({"--time", "0", "--accel", "bvh"});
        ASSERT_EQ(viewer.error(), "");
        ASSERT_TRUE(viewer.wait_for([](const Trace& t) {
            return t["report"]["model"] == "default" &&
                   t["report"]["accel_build"]["accel"] == "bvh";
        }));
        viewer.key("ctrl+shift+c");  // no region yet: nothing to copy, and the status bar says so
        ASSERT_TRUE(wait_for_note(viewer, "No region to record")) << viewer.last()["report"].dump();
        viewer.press("s");
        viewer.press("x");
        ASSERT_TRUE(viewer.wait_for(
            [](const Trace& t) { return t["report"]["region_selection"]["xray"] == true; }));
        viewer.drag_path({{420, 260}, {520, 350}, {610, 440}});
        const auto selected =
            viewer.wait_for([](const Trace& t) { return region_triangles(t) > 0; });
        ASSERT_TRUE(selected) << viewer.last().dump();

        viewer.key("ctrl+shift+c");
        ASSERT_TRUE(wait_for_note(viewer, "Copied the last region's record"))
            << viewer.last()["report"].dump();
        const tests::ProcessResult clip = tests::run_process(
            {"env", "DISPLAY=" + viewer.display(), "xclip", "-o", "-selection", "clipboard"}, 30.0);
        ASSERT_EQ(clip.exit_code, 0) << clip.err;
        const Trace record = Trace::parse(clip.out);
        EXPECT_EQ(record["record"], "raypick select");
        EXPECT_EQ(record["result"]["triangles"], region_triangles(*selected));
        const auto record_file =
            std::filesystem::temp_directory_path() / "raypick_gui_selection_record.json";
        std::ofstream(record_file, std::ios::binary) << clip.out;
        const tests::ProcessResult replay =
            tests::run_process({tests::raypick_exe(), "select", "--replay", record_file.string()});
        EXPECT_EQ(replay.exit_code, 0) << replay.err << replay.out;
        EXPECT_NE(replay.out.find("\"replayed\":true"), std::string::npos) << replay.out;
        std::filesystem::remove(record_file);

        viewer.click({490, 360});  // the box tool still picks with a click
        ASSERT_TRUE(viewer.wait_for(picked)) << viewer.last().dump();
        viewer.press("t");
        viewer.wheel({640, 400}, 2);
        ASSERT_TRUE(viewer.wait_for([](const Trace& t) {
            return t["report"]["layout_wishes"].get<std::string>().find("outliner_open=1") !=
                   std::string::npos;
        })) << viewer.last()["report"].dump();
        viewer.key("ctrl+s");
        const std::string prefix = "Saved the session to ";
        const auto saved_trace = wait_for_note(viewer, prefix);
        ASSERT_TRUE(saved_trace) << viewer.last()["report"].dump();
        saved = (*saved_trace)["report"];
        session_file = saved["note"].get<std::string>().substr(prefix.size());
        ASSERT_TRUE(std::filesystem::exists(session_file)) << session_file;

        // Everything cleared and the view moved, then File > Open on the session.
        viewer.key("Escape");
        viewer.press("r");
        viewer.press("t");
        ASSERT_TRUE(viewer.wait_for([&](const Trace& t) {
            return region_triangles(t) == 0 && t["report"]["camera"] != saved["camera"] &&
                   t["report"]["layout_wishes"] != saved["layout_wishes"];
        })) << viewer.last()["report"].dump();
        open_with_dialog(viewer, session_file);
        const auto opened = wait_for_note(viewer, "Opened the session");
        ASSERT_TRUE(opened) << viewer.last()["report"].dump();
        expect_same_session(saved, (*opened)["report"]);
        EXPECT_FALSE(viewer.quit().timed_out);
    }
    {
        ViewerUnderTest viewer({"--session", session_file.string()});
        ASSERT_EQ(viewer.error(), "");
        const auto opened = wait_for_note(viewer, "Opened the session");
        ASSERT_TRUE(opened) << viewer.last()["report"].dump();
        expect_same_session(saved, (*opened)["report"]);
        EXPECT_FALSE(viewer.quit().timed_out);
    }
    std::filesystem::remove(session_file);

    // A session file that cannot be read is told before any window opens.
    const auto bad = std::filesystem::temp_directory_path() / "raypick_gui_bad_session.json";
    std::ofstream(bad, std::ios::binary) << "{\"record\":\"raypick session\",\"version\":9}";
    const tests::ProcessResult refused =
        tests::run_process({tests::raypick_exe(), "--session", bad.string()});
    EXPECT_EQ(refused.exit_code, 2) << refused.err;
    EXPECT_NE(refused.err.find("version"), std::string::npos) << refused.err;
    std::filesystem::remove(bad);
}

// A drag orbits and never picks; a click after it picks where the pointer is; the wheel zooms
// towards the pointer, so the same pixel then finds the same surface nearer.
TEST(GuiInput, DragOrbitsWithoutPickingAndTheWheelZoomsTowardsThePointer) {
    ViewerUnderTest viewer({"--time", "1.5"});
    ASSERT_EQ(viewer.error(), "");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) { return t["report"]["model"] == "default"; }));
    viewer.drag({300, 500}, {520, 470});
    const auto dragged = viewer.wait_for([](const Trace&) { return true; });
    ASSERT_TRUE(dragged);
    EXPECT_FALSE(picked(*dragged)) << "a drag picked";
    viewer.click({490, 380});
    const auto first = viewer.wait_for(picked);
    ASSERT_TRUE(first) << viewer.last().dump();
    const Trace a = (*first)["report"];
    ASSERT_EQ(a["hit"], true) << a.dump();
    EXPECT_EQ(a["id_buffer_agrees"], true) << a.dump();
    viewer.wheel({490, 380}, 3);
    viewer.click({490, 380});
    const auto second =
        viewer.wait_for([&](const Trace& t) { return picked(t) && t["report"]["t"] != a["t"]; });
    ASSERT_TRUE(second) << viewer.last().dump();
    const Trace& b = (*second)["report"];
    EXPECT_EQ(b["node"], a["node"]);
    EXPECT_LT(b["t"].get<double>(), 0.8 * a["t"].get<double>()) << "zoomed in";
    EXPECT_EQ(b["id_buffer_agrees"], true) << b.dump();
    EXPECT_FALSE(viewer.quit().timed_out);
}

// Choosing another algorithm in the Inspector's combo picks the same ray again at once, and
// says what changed (it used to wait for the next click).
TEST(GuiInput, AnotherAlgorithmRepicksTheSameRayAtOnce) {
    ViewerUnderTest viewer({"--time", "1.5", "--algorithm", "moller_trumbore"});
    ASSERT_EQ(viewer.error(), "");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) { return t["report"]["model"] == "default"; }));
    viewer.click({490, 360});
    const auto first = viewer.wait_for(picked);
    ASSERT_TRUE(first) << viewer.last().dump();
    const Trace before = (*first)["report"];
    const auto combo = ViewerUnderTest::centre(*first, "Pick/algorithm");
    ASSERT_TRUE(combo);
    viewer.click(*combo);
    const auto open = viewer.wait_for(
        [](const Trace& t) { return t["items"].contains("Pick/algorithm/watertight"); });
    ASSERT_TRUE(open) << viewer.last().dump();
    viewer.click(*ViewerUnderTest::centre(*open, "Pick/algorithm/watertight"));
    const auto after = viewer.wait_for(
        [](const Trace& t) { return t["report"].value("algorithm", "") == "watertight"; });
    ASSERT_TRUE(after) << viewer.last().dump();
    const Trace& report = (*after)["report"];
    EXPECT_EQ(report["ray"], before["ray"]) << "the same ray";
    EXPECT_EQ(report["triangle"], before["triangle"]);
    EXPECT_EQ(report["repicked"], "algorithm moller_trumbore -> watertight");
    EXPECT_FALSE(viewer.quit().timed_out);
}

// Choosing the other BVH build method in the Acceleration tool rebuilds the tree and picks the
// same ray again at once: the same triangle, the new tree's cost, and the Inspector says why.
TEST(GuiInput, AnotherBvhBuildMethodRebuildsAndRepicksTheSameRay) {
    ViewerUnderTest viewer({"--time", "1.5", "--accel", "bvh", "--tool", "acceleration"});
    ASSERT_EQ(viewer.error(), "");
    const auto ready = viewer.wait_for([](const Trace& t) {
        return t["report"]["model"] == "default" &&
               t["report"]["accel_build"].value("built_by", "") == "SAH" &&
               t["items"].contains("Acceleration/Morton");
    });
    ASSERT_TRUE(ready) << viewer.last().dump();
    // The middle of the view, above the Tools area.
    const auto& view = (*ready)["report"]["view_rect"];
    viewer.click({0.5f * (view[0].get<float>() + view[2].get<float>()),
                  0.5f * (view[1].get<float>() + view[3].get<float>())});
    const auto first = viewer.wait_for(picked);
    ASSERT_TRUE(first) << viewer.last().dump();
    const Trace before = (*first)["report"];
    ASSERT_EQ(before["hit"], true) << before.dump();
    viewer.click(*ViewerUnderTest::centre(*first, "Acceleration/Morton"));
    const auto after = viewer.wait_for([](const Trace& t) {
        return t["report"]["accel_build"].value("built_by", "") == "Morton" &&
               t["report"].value("repicked", "") == "BVH built by Morton";
    });
    ASSERT_TRUE(after) << viewer.last().dump();
    const Trace& report = (*after)["report"];
    EXPECT_EQ(report["ray"], before["ray"]) << "the same ray";
    EXPECT_EQ(report["triangle"], before["triangle"]);
    EXPECT_EQ(report["t"], before["t"]);
    EXPECT_GT(report["serial"].get<std::uint64_t>(), before["serial"].get<std::uint64_t>());
    EXPECT_NE(report["accel_build"]["bytes"], before["accel_build"]["bytes"]) << "another tree";
    EXPECT_FALSE(viewer.quit().timed_out);
}

// Tab steps the pick through every triangle hit along its ray, in the order `raypick pick
// --all-hits` lists them for the same ray (the arm's near side, its far side, the terrain),
// wrapping around; Shift+Tab steps back to the nearest.
TEST(GuiInput, TabStepsThroughEveryHitAlongTheRayAsAllHitsListsThem) {
    ViewerUnderTest viewer({"--time", "0"});
    ASSERT_EQ(viewer.error(), "");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) { return t["report"]["model"] == "default"; }));
    viewer.click({490, 360});
    const auto first = viewer.wait_for(picked);
    ASSERT_TRUE(first) << viewer.last().dump();
    const Trace nearest = (*first)["report"];
    ASSERT_EQ(nearest["hit"], true);
    std::vector<std::string> args{tests::raypick_exe(), "pick", "default", "--time", "0",
                                  "--all-hits",         "--ray"};
    for (const auto& v : nearest["ray"]) {
        char text[32];  // nine digits give a float back exactly
        std::snprintf(text, sizeof text, "%.9g", double(v.get<float>()));
        args.push_back(text);
    }
    const tests::ProcessResult cli = tests::run_process(args);
    ASSERT_EQ(cli.exit_code, 0) << cli.err;
    const Trace hits = Trace::parse(cli.out)["all_hits"];
    ASSERT_GE(hits.size(), 2u) << cli.out;
    EXPECT_EQ(hits[0]["triangle"], nearest["triangle"]);

    std::uint64_t serial = nearest["serial"].get<std::uint64_t>();
    for (std::size_t step = 1; step <= hits.size(); ++step) {
        viewer.press("Tab");
        const auto stepped = viewer.wait_for(
            [&](const Trace& t) { return t["report"].value("serial", std::uint64_t{0}) > serial; });
        ASSERT_TRUE(stepped) << viewer.last().dump();
        const Trace& report = (*stepped)["report"];
        serial = report["serial"].get<std::uint64_t>();
        const std::size_t rank = step % hits.size();
        EXPECT_EQ(report["hit_rank"]["rank"], rank);
        EXPECT_EQ(report["hit_rank"]["of"], hits.size());
        EXPECT_EQ(report["triangle"], hits[rank]["triangle"]) << step;
        EXPECT_EQ(report["t"], hits[rank]["t"]) << step;
        EXPECT_EQ(report["ray"], nearest["ray"]) << "the same ray";
    }
    viewer.key("shift+Tab");
    const auto back = viewer.wait_for(
        [&](const Trace& t) { return t["report"].value("serial", std::uint64_t{0}) > serial; });
    ASSERT_TRUE(back) << viewer.last().dump();
    EXPECT_EQ((*back)["report"]["hit_rank"]["rank"], hits.size() - 1);
    EXPECT_FALSE(viewer.quit().timed_out);
}

// "Run sweep" in the Leaks tab starts the sweep on a thread of its own (finding a big mesh's
// shared edges takes about a second, which froze the view): the table fills in when it is done,
// with every algorithm's row, and none leaks but the ones that should.
TEST(GuiInput, TheLeakSweepRunsInTheBackgroundAndFillsTheTable) {
    ViewerUnderTest viewer({"knot:200000", "--time", "0", "--panel", "leaks"});
    ASSERT_EQ(viewer.error(), "");
    const auto shown = viewer.wait_for(
        [](const Trace& t) { return t["items"].contains("Leaks/Run sweep"); }, 120.0);
    ASSERT_TRUE(shown) << viewer.last().dump().substr(0, 2000);
    ASSERT_EQ((*shown)["report"]["algorithms"]["leaks"].size(), 0u);
    viewer.click(*ViewerUnderTest::centre(*shown, "Leaks/Run sweep"));
    const auto swept = viewer.wait_for(
        [](const Trace& t) {
            return t["report"].contains("algorithms") &&
                   t["report"]["algorithms"]["leaks"].size() ==
                       picking::kRayTriangleAlgorithms.size();
        },
        120.0);
    ASSERT_TRUE(swept) << viewer.last()["report"].dump().substr(0, 2000);
    const Trace& report = (*swept)["report"];
    EXPECT_FALSE(report.contains("busy")) << report["busy"];
    for (const Trace& row : report["algorithms"]["leaks"]) {
        EXPECT_GT(row["rays"].get<int>(), 0) << row;
        // The knot is closed: the watertight test lets no ray through a shared edge.
        if (row["algorithm"] == "watertight" || row["algorithm"] == "reference") {
            EXPECT_EQ(row["leaks"], 0) << row;
        }
    }
    EXPECT_FALSE(viewer.quit().timed_out);
}

// The Inspect mesh tool's "next" buttons turn the camera to each finding in turn, ringed: the
// spider's degenerate triangles one after the other, then its duplicate vertices.
TEST(GuiInput, NextTurnsTheCameraToEachFindingOfTheMeshInspector) {
    const std::string spider = "/usr/share/assimp/models/OBJ/spider.obj";
    if (!std::filesystem::exists(spider)) GTEST_SKIP() << spider << " is not installed";
    ViewerUnderTest viewer({spider, "--tool", "inspect-mesh"});
    ASSERT_EQ(viewer.error(), "");
    const std::string next = "Inspect mesh/Degenerate triangles/next";
    const auto shown = viewer.wait_for(
        [&](const Trace& t) {
            // The spider's inspection, not the empty scene's shown while it loads.
            return t["items"].contains(next) && t["report"].contains("mesh_inspection") &&
                   t["report"]["mesh_inspection"].is_object() &&
                   t["report"]["mesh_inspection"]["triangles"].get<int>() > 0;
        },
        120.0);
    ASSERT_TRUE(shown) << viewer.last().dump().substr(0, 2000);
    const int degenerate = (*shown)["report"]["mesh_inspection"]["degenerate"].get<int>();
    ASSERT_GT(degenerate, 1);
    const double distance_before = (*shown)["report"]["camera"]["distance"].get<double>();
    std::vector<int> triangles;
    for (int step = 0; step < 2; ++step) {
        viewer.click(*ViewerUnderTest::centre(viewer.last(), next));
        const auto went = viewer.wait_for([&](const Trace& t) {
            const Trace& r = t["report"]["mesh_inspection"];
            return r.contains("focus") && r["focus"]["item"] == step;
        });
        ASSERT_TRUE(went) << viewer.last()["report"]["mesh_inspection"].dump().substr(0, 2000);
        const Trace& focus = (*went)["report"]["mesh_inspection"]["focus"];
        EXPECT_EQ(focus["kind"], "degenerate");
        EXPECT_EQ(focus["of"], degenerate);  // one instance: every mesh's findings once
        // The camera looks at it, from no further than before.
        const Trace& camera = (*went)["report"]["camera"];
        for (int axis = 0; axis < 3; ++axis)
            EXPECT_EQ(camera["target"][axis], focus["center"][axis]) << axis;
        EXPECT_LE(camera["distance"].get<double>(), distance_before);
        triangles.push_back(focus["index"].get<int>());
    }
    EXPECT_NE(triangles[0], triangles[1]);
    // Another kind starts from its first finding.
    const std::string duplicates = "Inspect mesh/Duplicate vertices/next";
    viewer.click(*ViewerUnderTest::centre(viewer.last(), duplicates));
    const auto vertex = viewer.wait_for([](const Trace& t) {
        const Trace& r = t["report"]["mesh_inspection"];
        return r.contains("focus") && r["focus"]["kind"] == "duplicate_vertex";
    });
    ASSERT_TRUE(vertex) << viewer.last()["report"]["mesh_inspection"].dump().substr(0, 2000);
    EXPECT_EQ((*vertex)["report"]["mesh_inspection"]["focus"]["item"], 0);
    EXPECT_FALSE(viewer.quit().timed_out);
}

/// `raypick pick default --time 0 --ray ... --all-hits [more]`: the hits on `node`, by t.
std::vector<nlohmann::json> cli_hits_on(const std::string& node, const std::vector<double>& ray,
                                        const std::vector<std::string>& more) {
    std::vector<std::string> args = {
        tests::raypick_exe(), "pick", "default", "--time", "0", "--ray"};
    for (const double v : ray) {
        char number[64];
        std::snprintf(number, sizeof number, "%.9g", v);
        args.push_back(number);
    }
    args.push_back("--all-hits");
    args.insert(args.end(), more.begin(), more.end());
    const tests::ProcessResult r = tests::run_process(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<nlohmann::json> hits;
    if (r.exit_code != 0) return hits;
    const nlohmann::json pick = nlohmann::json::parse(r.out);  // outlives the loop
    for (const auto& h : pick["all_hits"])
        if (h["node"] == node) hits.push_back(h);
    return hits;
}

// The Ground probe follows the pointer: seed 000's TestPos where the pointer rests, and the
// corrected height, each equal to `raypick pick --all-hits` on the same vertical ray.
TEST(GuiInput, TheGroundProbeFollowsThePointerAndItsHeightsAreThePicks) {
    ViewerUnderTest viewer({"--time", "0", "--tool", "ground-probe"});
    ASSERT_EQ(viewer.error(), "");
    const auto shown = viewer.wait_for([](const Trace& t) {
        return t["report"]["model"] == "default" && t["report"].contains("ground_probe");
    });
    ASSERT_TRUE(shown) << viewer.last()["report"].dump().substr(0, 2000);
    EXPECT_TRUE((*shown)["report"]["ground_probe"].is_null());  // the pointer has not moved
    // Onto the terrain's left part, below the objects: a few places in turn, each reached in
    // two steps (the pointer moves), until the probe is of the terrain there.
    std::optional<Trace> probed;
    for (const glm::vec2 f : {glm::vec2(0.39f, 0.62f), glm::vec2(0.45f, 0.7f),
                              glm::vec2(0.6f, 0.72f), glm::vec2(0.35f, 0.55f)}) {
        const Trace& view = viewer.last()["report"]["view_rect"];
        const glm::vec2 min(view[0].get<float>(), view[1].get<float>());
        const glm::vec2 max(view[2].get<float>(), view[3].get<float>());
        const glm::vec2 at = min + f * (max - min);
        viewer.move(at - glm::vec2(6.0f, 3.0f));
        viewer.move(at);
        probed = viewer.wait_for(
            [&](const Trace& t) {
                const Trace& p = t["report"]["ground_probe"];
                return p.is_object() && p["node"] == "terrain";
            },
            20.0);
        if (probed) break;
    }
    const Trace& probe = (*probed)["report"]["ground_probe"];
    const std::string node = probe["node"];
    const double x = probe["x"], z = probe["z"];
    ASSERT_TRUE(probe["height"].is_number()) << probe;
    // Straight down from above with watertight: the nearest hit on the mesh is the height.
    const float top = probe["ground_ray_y"].get<float>();
    const auto down = cli_hits_on(node, {x, double(top), z, 0, -1, 0}, {});
    ASSERT_FALSE(down.empty()) << probe;
    EXPECT_EQ(down[0]["triangle"], probe["ground_triangle"]);
    EXPECT_NEAR(top - down[0]["t"].get<float>(), probe["height"].get<double>(), 1e-5) << probe;
    // The seed's ray from y = 0.2 up with unity_pick and no t range: the same hits.
    const auto up = cli_hits_on(node, {x, 0.2, z, 0, 1, 0}, {"--algorithm", "unity_pick"});
    ASSERT_EQ(up.size(), probe["seed_hits"].size()) << probe;
    for (std::size_t i = 0; i < up.size(); ++i) {
        EXPECT_EQ(up[i]["t"], probe["seed_hits"][i]["t"]) << i;
        EXPECT_EQ(up[i]["triangle"], probe["seed_hits"][i]["triangle"]) << i;
    }
    EXPECT_FALSE(viewer.quit().timed_out);
}

// Keys open and close the regions and Help; resizing the window keeps every panel on it.
TEST(GuiInput, KeysToggleTheRegionsAndAResizeKeepsThemOnScreen) {
    ViewerUnderTest viewer({"--time", "0"});
    ASSERT_EQ(viewer.error(), "");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) { return t["report"]["model"] == "default"; }));
    viewer.key("t");
    EXPECT_TRUE(viewer.wait_for(
        [](const Trace& t) { return t["report"]["windows"].contains("Outliner"); }));
    viewer.key("n");
    EXPECT_TRUE(viewer.wait_for(
        [](const Trace& t) { return !t["report"]["windows"].contains("Inspector"); }));
    viewer.key("grave");
    EXPECT_TRUE(
        viewer.wait_for([](const Trace& t) { return t["report"]["windows"].contains("Tools"); }));
    viewer.key("F1");
    EXPECT_TRUE(viewer.wait_for([](const Trace& t) { return t["items"].contains("Help"); }));
    viewer.key("F1");
    viewer.key("n");
    viewer.resize({1024, 600});
    const auto small = viewer.wait_for([](const Trace& t) {
        return t["report"]["window"] == Trace::array({1024, 600}) &&
               t["report"]["windows"].contains("Inspector");
    });
    ASSERT_TRUE(small) << viewer.last().dump();
    const Trace screen = Trace::array({0.0, 0.0, 1024.0, 600.0});
    for (const auto& [name, w] : (*small)["report"]["windows"].items())
        EXPECT_TRUE(inside(w["rect"], screen)) << name << " " << w.dump();
    EXPECT_FALSE(viewer.quit().timed_out);
}

// The cost heatmap's colours explain themselves: while the picture covers the view, its key
// (what the cost counts, from 0 to the top of the scale) sits in the view's lower left corner.
// The C key shows and hides picture and key together.
TEST(GuiInput, TheHeatmapShowsItsKeyInTheViewAndCTogglesBoth) {
    ViewerUnderTest viewer({"--time", "0"});
    ASSERT_EQ(viewer.error(), "");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) { return t["report"]["model"] == "default"; }));
    EXPECT_FALSE(viewer.last()["items"].contains("View/heatmap key"));
    viewer.key("c");
    const auto shown = viewer.wait_for([](const Trace& t) {
        return t["report"].contains("heatmap") && t["items"].contains("View/heatmap key");
    });
    ASSERT_TRUE(shown) << viewer.last().dump();
    const auto& key = (*shown)["items"]["View/heatmap key"];
    const auto& view = (*shown)["report"]["view_rect"];
    auto at = [](const Trace& rect, int i) { return rect[std::size_t(i)].get<double>(); };
    EXPECT_GE(at(key, 0), at(view, 0));
    EXPECT_LT(at(key, 0), at(view, 0) + 30.0);
    EXPECT_LE(at(key, 3), at(view, 3));
    EXPECT_GT(at(key, 3), at(view, 3) - 30.0);
    // Small: the model keeps the view.
    EXPECT_LT(at(key, 2) - at(key, 0), 0.5 * (at(view, 2) - at(view, 0)));
    EXPECT_LT(at(key, 3) - at(key, 1), 60.0);

    viewer.key("c");
    EXPECT_TRUE(viewer.wait_for([](const Trace& t) {
        return !t["report"].contains("heatmap") && !t["items"].contains("View/heatmap key");
    })) << viewer.last().dump();
    EXPECT_FALSE(viewer.quit().timed_out);
}

// File > Open... (Ctrl+O) lists folders and models; a path typed into it opens that model, and
// the window's title names it.
TEST(GuiInput, TheOpenDialogOpensATypedPath) {
    const std::string model = "/usr/share/glmark2/models/cube.3ds";
    if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not installed";
    ViewerUnderTest viewer({"--time", "0"});
    ASSERT_EQ(viewer.error(), "");
    ASSERT_TRUE(viewer.wait_for([](const Trace& t) { return t["report"]["model"] == "default"; }));
    viewer.key("ctrl+o");
    const auto dialog =
        viewer.wait_for([](const Trace& t) { return t["items"].contains("Open/file"); });
    ASSERT_TRUE(dialog) << viewer.last().dump();
    viewer.click(*ViewerUnderTest::centre(*dialog, "Open/file"));
    // The field takes the keyboard in the frame after the click: type once it has it.
    ASSERT_TRUE(viewer.wait_for([](const Trace&) { return true; }));
    viewer.type(model);
    const auto typed = viewer.wait_for(
        [&](const Trace& t) { return t["report"]["open_dialog"]["path"] == model; }, 60.0);
    ASSERT_TRUE(typed) << viewer.last()["report"].dump();
    viewer.key("Return");
    const auto loaded =
        viewer.wait_for([&](const Trace& t) { return t["report"]["model"] == model; });
    ASSERT_TRUE(loaded) << viewer.last().dump();
    EXPECT_FALSE(viewer.quit().timed_out);
}

}  // namespace gui_input_test
