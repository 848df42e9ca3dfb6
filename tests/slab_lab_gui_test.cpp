// The Slab lab on an Xvfb of its own: started on a preset with --slab-preset, the Tools area shows
// the lab, the report gives the seed's, the robust and the exact verdicts, and the chart's slab
// colours are on screen. The inf and NaN presets must give exactly the seed's verdicts.

#include <array>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/png_image.h"
#include "tests/process.h"
#include "tests/scripted_viewer.h"

namespace tests {
namespace slab_lab_gui_test {

// app/viewer/panels/slab_lab_panel.h: the x, y and z slabs' colours (kSlabColorX/Y/Z).
constexpr std::array<int, 3> kSlabX = {235, 84, 79};
constexpr std::array<int, 3> kSlabY = {92, 204, 92};
constexpr std::array<int, 3> kSlabZ = {92, 143, 255};

ViewerRun run_slab_lab(const std::string& preset) {
    return run_viewer({"--slab-preset", preset, "--size", "1280x720"}, "slab_" + preset);
}

/// How many pixels of `color` the Tools area holds.
int count_in_tools(const ViewerRun& run, std::array<int, 3> color) {
    const auto& rect = run.pick["windows"]["Tools"]["rect"];
    return run.png.count(color, 3, int(rect[0].get<double>()), int(rect[1].get<double>()),
                         int(rect[2].get<double>()), int(rect[3].get<double>()));
}

TEST(SlabLabGui, OriginOnAPlaneShowsNanAndTheSeedsMiss) {
    const ViewerRun run = run_slab_lab("origin_on_plane");
    ASSERT_EQ(run.pick["tool"], "slab-lab");
    const auto& lab = run.pick["slab_lab"];
    ASSERT_TRUE(lab.is_object()) << run.pick.dump();
    EXPECT_EQ(lab["preset"], "origin_on_plane");
    // 0 / 0 on x: NaN, written as a word; y and z are ordinary.
    EXPECT_EQ(lab["axes"][0]["t_at_min"], "nan");
    EXPECT_EQ(lab["axes"][0]["near"], "nan");
    EXPECT_EQ(lab["axes"][0]["far"], "nan");
    EXPECT_NE(lab["axes"][0]["near_note"].get<std::string>().find("0 / 0 = NaN"),
              std::string::npos);
    EXPECT_EQ(lab["axes"][1]["near"], 2.0);
    EXPECT_EQ(lab["axes"][1]["far"], 4.0);
    EXPECT_EQ(lab["t_enter"], 2.0);
    EXPECT_EQ(lab["t_exit"], 4.0);
    // The seed's real verdict (intersect_slab_seed002 refuses a NaN), the robust one, the truth.
    EXPECT_EQ(lab["seed_hit"], false);
    EXPECT_EQ(lab["robust_hit"], true);
    EXPECT_EQ(lab["exact_hit"], true);
    EXPECT_FALSE(lab["lesson"].get<std::string>().empty());
    // The chart: y's and z's bars, and x's hatching, in the Tools area.
    ASSERT_EQ(run.png.width, 1280);
    EXPECT_GT(count_in_tools(run, kSlabY), 150);
    EXPECT_GT(count_in_tools(run, kSlabZ), 400);
    EXPECT_GT(count_in_tools(run, kSlabX), 40);
}

TEST(SlabLabGui, InfAndNanPresetsGiveTheSeedsVerdicts) {
    struct Expected {
        const char* preset;
        bool seed, robust, exact;
    };
    for (const Expected& e : {Expected{"zero_direction_inside", true, true, true},
                              Expected{"zero_direction_outside", false, false, false},
                              Expected{"origin_on_max_plane", false, true, true}}) {
        SCOPED_TRACE(e.preset);
        const ViewerRun run = run_slab_lab(e.preset);
        const auto& lab = run.pick["slab_lab"];
        ASSERT_TRUE(lab.is_object());
        EXPECT_EQ(lab["seed_hit"], e.seed);
        EXPECT_EQ(lab["robust_hit"], e.robust);
        EXPECT_EQ(lab["exact_hit"], e.exact);
    }
    const ViewerRun inside = run_slab_lab("zero_direction_inside");
    EXPECT_EQ(inside.pick["slab_lab"]["axes"][0]["near"], "-inf");
    EXPECT_EQ(inside.pick["slab_lab"]["axes"][0]["far"], "inf");
    EXPECT_EQ(inside.pick["slab_lab"]["t_enter"], 2.0);  // the infinities absorbed
}

TEST(SlabLabGui, UnknownPresetExitsTwoWithTheNames) {
    const ProcessResult r = run_process({raypick_exe(), "--slab-preset", "nope"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("unknown preset 'nope'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("origin_on_plane"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("far_tiny_box"), std::string::npos) << r.err;
}

TEST(SlabLabGui, ToolSlabLabOpensTheTab) {
    const auto shot = std::filesystem::temp_directory_path() / "raypick_slab_tool.png";
    const ProcessResult r = run_gui_process(
        {raypick_exe(), "--tool", "slab-lab", "--screenshot", shot.string()}, 180.0);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), 1u);
    const nlohmann::json j = nlohmann::json::parse(out[0]);
    EXPECT_EQ(j["tool"], "slab-lab");
    EXPECT_EQ(j["slab_lab"]["preset"], "through");
    EXPECT_EQ(j["slab_lab"]["seed_hit"], true);
}

}  // namespace slab_lab_gui_test
}  // namespace tests
