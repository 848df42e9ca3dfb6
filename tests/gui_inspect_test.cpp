// The Inspect mesh tool in scripted viewer runs: its report equals `raypick inspect`, its
// findings are drawn in their colours over the view, and nothing of it shows while it is closed.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/process.h"
#include "tests/scripted_viewer.h"

namespace tests {
namespace gui_inspect_test {

const std::string kWuson = "/usr/share/assimp/models/PLY/Wuson.ply";    // open boundaries
const std::string kSpider = "/usr/share/assimp/models/OBJ/spider.obj";  // degenerate triangles
const std::string kHorse = "/usr/share/glmark2/models/horse.3ds";       // non-manifold edges

// The overlay's colours (app/viewer/mesh_inspect_view.cpp).
const std::array<int, 3> kDegenerate = {255, 56, 56};
const std::array<int, 3> kBoundary = {64, 230, 255};
const std::array<int, 3> kNonManifold = {255, 89, 255};
const std::array<int, 3> kDuplicate = {140, 255, 64};

nlohmann::json inspect_cli(const std::string& model) {
    const ProcessResult r = run_process({raypick_exe(), "inspect", model});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
}

/// The viewer's report of the tool equals the command's line, count for count.
void expect_report_equals_cli(const nlohmann::json& report, const std::string& model) {
    ASSERT_TRUE(report.contains("mesh_inspection")) << report.dump();
    const nlohmann::json& viewer = report["mesh_inspection"];
    const nlohmann::json cli = inspect_cli(model);
    for (const char* key :
         {"triangles", "degenerate", "slivers", "duplicate_vertices", "duplicated_positions",
          "boundary_edges", "non_manifold_edges", "near_duplicate_vertices", "dx_epsilon_rejects",
          "degenerate_dx", "slivers_dx", "sliver_height_ratio", "dx_det_epsilon"})
        EXPECT_EQ(viewer[key], cli[key]) << model << ": " << key;
    ASSERT_EQ(viewer["meshes"].size(), cli["meshes"].size());
    for (std::size_t m = 0; m < cli["meshes"].size(); ++m)
        EXPECT_EQ(viewer["meshes"][m]["boundary_edges"], cli["meshes"][m]["boundary_edges"]);
}

TEST(GuiInspect, OpenBoundariesAreCountedAsTheCommandDoesAndDrawn) {
    if (!std::filesystem::exists(kWuson)) GTEST_SKIP() << kWuson << " is not installed";
    const ViewerRun run = run_viewer({kWuson, "--tool", "inspect-mesh"}, "inspect_wuson");
    EXPECT_EQ(run.pick["tool"], "inspect-mesh");
    expect_report_equals_cli(run.pick, kWuson);
    const nlohmann::json& drawn = run.pick["mesh_inspection"]["drawn"];
    EXPECT_EQ(drawn["boundary_edges"], run.pick["mesh_inspection"]["boundary_edges"]);
    EXPECT_GT(pixels_in(run.png, kBoundary, run.pick["view_rect"]), 100);
}

// The Wuson's split vertices: a cross at each place two vertices or more share, one per place.
TEST(GuiInspect, DuplicateVerticesAreCrossedWhereTheyAre) {
    if (!std::filesystem::exists(kWuson)) GTEST_SKIP() << kWuson << " is not installed";
    const ViewerRun run = run_viewer({kWuson, "--tool", "inspect-mesh"}, "inspect_duplicates");
    expect_report_equals_cli(run.pick, kWuson);
    const nlohmann::json& report = run.pick["mesh_inspection"];
    EXPECT_GT(report["duplicated_positions"].get<int>(), 1000);  // 2,015 places, 9,035 copies
    EXPECT_EQ(report["drawn"]["duplicate_positions"], report["duplicated_positions"]);
    EXPECT_GT(pixels_in(run.png, kDuplicate, run.pick["view_rect"]), 200);
}

TEST(GuiInspect, DegenerateTrianglesAndNonManifoldEdgesAreRinged) {
    if (!std::filesystem::exists(kSpider) || !std::filesystem::exists(kHorse))
        GTEST_SKIP() << "the spider or the horse is not installed";
    const ViewerRun spider = run_viewer({kSpider, "--tool", "inspect-mesh"}, "inspect_spider");
    expect_report_equals_cli(spider.pick, kSpider);
    EXPECT_EQ(spider.pick["mesh_inspection"]["drawn"]["degenerate"], 56);
    EXPECT_GE(spider.pick["mesh_inspection"]["rings"].get<int>(), 56);
    EXPECT_GT(pixels_in(spider.png, kDegenerate, spider.pick["view_rect"]), 100);

    const ViewerRun horse = run_viewer({kHorse, "--tool", "inspect-mesh"}, "inspect_horse");
    expect_report_equals_cli(horse.pick, kHorse);
    EXPECT_EQ(horse.pick["mesh_inspection"]["drawn"]["non_manifold_edges"],
              horse.pick["mesh_inspection"]["non_manifold_edges"]);
    EXPECT_GT(pixels_in(horse.png, kNonManifold, horse.pick["view_rect"]), 100);
}

// Repro: a scene inspected while the Tools area was still being laid out (a generated knot, in
// the first frames) fitted the table's columns to nothing, for good: "0 n" instead of
// "Degenerate triangles  0  no area ...".
TEST(GuiInspect, TheTableKeepsItsColumnsWhenTheSceneComesLater) {
    const auto trace = std::filesystem::temp_directory_path() / "raypick_gui_inspect_trace.json";
    std::filesystem::remove(trace);
    const ViewerRun run = run_viewer(
        {"knot:200000", "--tool", "inspect-mesh", "--ui-trace", trace.string()}, "inspect_knot");
    EXPECT_EQ(run.pick["mesh_inspection"]["triangles"], 200000);
    std::ifstream in(trace);
    const auto items = nlohmann::json::parse(in)["items"];
    for (const char* label :
         {"Degenerate triangles", "Slivers", "Open boundary edges", "Non-manifold edges"}) {
        const std::string name = std::string("Inspect mesh/") + label;
        ASSERT_TRUE(items.contains(name) && items.contains(name + "/count")) << items.dump();
        const auto& text = items[name];
        const auto& count = items[name + "/count"];
        EXPECT_GE(text[2].get<double>() - text[0].get<double>(), 40.0) << label;  // not clipped
        EXPECT_GE(count[0].get<double>(), text[2].get<double>()) << label;  // beside, not over
    }
}

TEST(GuiInspect, NothingOfItShowsWhileTheToolIsClosed) {
    if (!std::filesystem::exists(kWuson)) GTEST_SKIP() << kWuson << " is not installed";
    const ViewerRun run = run_viewer({kWuson}, "inspect_closed");
    EXPECT_FALSE(run.pick.contains("mesh_inspection"));
    EXPECT_EQ(pixels_in(run.png, kBoundary, run.pick["view_rect"]), 0);
}

}  // namespace gui_inspect_test
}  // namespace tests
