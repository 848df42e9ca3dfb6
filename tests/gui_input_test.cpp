// The viewer driven as a person drives it: pointer and key events through XTest on an X server
// of the test's own, the results read back from the viewer's UI trace.

#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

#include "tests/viewer_under_test.h"

namespace {

using Trace = tests::ViewerUnderTest::Trace;

double triangles_per_ray(const Trace& heatmap) {
    return double(heatmap["triangles"].get<std::uint64_t>()) /
           double(std::max<std::uint64_t>(heatmap["rays"].get<std::uint64_t>(), 1));
}

// Repro: the Pick panel kept the broad phase as a string and the pick settings kept their own;
// switching none -> bvh in the combo left the heatmap traced with no broad phase, labelled bvh.
TEST(GuiInput, ChoosingTheBroadPhaseInThePickPanelRetracesTheHeatmapWithIt) {
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
    EXPECT_EQ(heatmap["rays"], 1280u * 720u);
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

/// Types `path` into the File panel and presses Enter.
void open_in_file_panel(tests::ViewerUnderTest& viewer, const std::filesystem::path& path) {
    const auto panel =
        viewer.wait_for([](const Trace& t) { return t["items"].contains("File/path"); });
    ASSERT_TRUE(panel) << viewer.last().dump();
    viewer.click(*tests::ViewerUnderTest::centre(*panel, "File/path"));
    viewer.type(path.string());
    viewer.press("Return");
}

// The import process crashes on the file opened from the File panel (the test hook makes it
// crash): the viewer says so, naming the file, keeps the scene it had, and goes on.
TEST(GuiInput, AnImporterCrashIsReportedAndTheSceneStays) {
    const ImportFault fault("segv");
    tests::ViewerUnderTest viewer({"--time", "0"});
    ASSERT_EQ(viewer.error(), "");
    const auto path = triangle_file();
    open_in_file_panel(viewer, path);
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
// File panel's Cancel: the import process is killed, the scene stays.
TEST(GuiInput, CancelKillsTheImportProcess) {
    const ImportFault fault("hang");
    tests::ViewerUnderTest viewer({"--time", "0"});
    ASSERT_EQ(viewer.error(), "");
    const auto path = triangle_file();
    open_in_file_panel(viewer, path);
    const auto loading = viewer.wait_for([](const Trace& t) {
        return t["loading"].get<bool>() && t["items"].contains("File/Cancel");
    });
    ASSERT_TRUE(loading) << viewer.last().dump();
    EXPECT_EQ(viewer.child_processes(), 1u);
    viewer.click(*tests::ViewerUnderTest::centre(*loading, "File/Cancel"));
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

}  // namespace
