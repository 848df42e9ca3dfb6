// The workspace in scripted viewer runs: the 3D view gets most of the window, what F frames lies
// inside it, the Inspector shows its key numbers without scrolling or clipping, and every panel
// stays on screen at any window size.

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/process.h"
#include "tests/scripted_viewer.h"

namespace tests {
namespace gui_layout_test {

double area(const nlohmann::json& r) {
    return (r[2].get<double>() - r[0].get<double>()) * (r[3].get<double>() - r[1].get<double>());
}

/// `inner` lies within `outer` (both [x0, y0, x1, y1]), to `slack` pixels.
bool within(const nlohmann::json& inner, const nlohmann::json& outer, double slack = 0.0) {
    return inner[0].get<double>() >= outer[0].get<double>() - slack &&
           inner[1].get<double>() >= outer[1].get<double>() - slack &&
           inner[2].get<double>() <= outer[2].get<double>() + slack &&
           inner[3].get<double>() <= outer[3].get<double>() + slack;
}

// The view covers at least 70% of 1280x720 and 80% of 1920x1080 with the default layout and a
// pick made (floating panels covered 63% to 86% of it before).
TEST(GuiLayout, TheViewIsMostOfTheWindowWithAPickMade) {
    for (const auto& [size, click, share] :
         {std::tuple{"1280x720", "490,360", 0.70}, std::tuple{"1920x1080", "810,540", 0.80}}) {
        SCOPED_TRACE(size);
        const ViewerRun run = run_viewer({"--time", "1.5", "--size", size, "--click", click},
                                         std::string("layout_") + size);
        ASSERT_EQ(run.pick["hit"], true) << run.pick.dump();
        const auto& window = run.pick["window"];
        const double window_area = window[0].get<double>() * window[1].get<double>();
        EXPECT_GE(area(run.pick["view_rect"]) / window_area, share) << run.pick.dump();
        // Nothing but the bars and the Inspector: the model is the biggest thing on screen.
        for (const auto& [name, w] : run.pick["windows"].items())
            EXPECT_TRUE(name == "Menu bar" || name == "Status bar" || name == "Inspector") << name;
    }
}

// `raypick select` measures its rectangle in the viewer's opening view: the same view
// rectangle, the same camera, so a small visible-only rectangle around a click holds the
// triangle the viewer picked there.
TEST(GuiLayout, RaypickSelectSeesTheViewersOpeningView) {
    const ViewerRun run = run_viewer({"--time", "1.5", "--click", "490,360"}, "select_view");
    ASSERT_EQ(run.pick["hit"], true) << run.pick.dump();
    const ProcessResult r =
        run_process({raypick_exe(), "select", "default", "--time", "1.5", "--rect",
                     "488,358,493,363", "--visible-only", "--threads", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["view_rect"], run.pick["view_rect"]);
    bool found = false;
    for (const auto& object : j["per_object"])
        if (object["instance"] == run.pick["instance"])
            for (const auto& t : object["triangles"])
                found |= t == run.pick["triangle"];
    EXPECT_TRUE(found) << "picked " << run.pick["instance"] << "/" << run.pick["triangle"]
                       << " not in " << r.out;
}

// What F frames (here, at the start) lies inside the view, not under a panel.
TEST(GuiLayout, TheFramedModelLiesInsideTheView) {
    for (const char* model : {"default", "/usr/share/glmark2/models/bunny.obj", "knot:20000"}) {
        SCOPED_TRACE(model);
        for (const char* tool : {"", "algorithms"}) {
            std::vector<std::string> args = {model, "--time", "0"};
            if (*tool) args.insert(args.end(), {"--tool", tool});
            const ViewerRun run = run_viewer(args, std::string("framed_") + tool);
            ASSERT_TRUE(run.pick.contains("framed_rect")) << run.pick.dump();
            EXPECT_TRUE(within(run.pick["framed_rect"], run.pick["view_rect"], 1.0))
                << run.pick["framed_rect"].dump() << " in " << run.pick["view_rect"].dump();
            // And it is not lost in a corner: it spans most of the view one way.
            const auto& f = run.pick["framed_rect"];
            const auto& v = run.pick["view_rect"];
            const double wide = (f[2].get<double>() - f[0].get<double>()) /
                                (v[2].get<double>() - v[0].get<double>());
            const double tall = (f[3].get<double>() - f[1].get<double>()) /
                                (v[3].get<double>() - v[1].get<double>());
            EXPECT_GT(std::max(wide, tall), 0.6);
        }
    }
}

// t, u and v are in view at once after a pick, and no value is cut at the Inspector's edge.
TEST(GuiLayout, TheInspectorShowsTheKeyNumbersWithoutScrollingOrClipping) {
    const ViewerRun triangle = run_viewer({"--time", "1.5", "--click", "490,360"}, "keys_tri");
    const ViewerRun skinned = run_viewer(
        {"/usr/share/assimp/models/FBX/huesitos.fbx", "--time", "1", "--click", "490,360"},
        "keys_skin");
    const ViewerRun globe = run_viewer({"--time", "1", "--click", "388,454"}, "keys_globe");
    for (const ViewerRun* run : {&triangle, &skinned, &globe}) {
        ASSERT_EQ(run->pick["hit"], true) << run->pick.dump();
        const auto& inspector = run->pick["inspector"];
        EXPECT_EQ(inspector["key_numbers"], true);
        const auto& rect = run->pick["windows"]["Inspector"]["rect"];
        EXPECT_LT(inspector["key_numbers_bottom"].get<double>(), rect[3].get<double>());
        EXPECT_LE(inspector["overflow_px"].get<double>(), 0.0) << run->pick.dump();
    }
}

// Small and large windows: every panel stays on the screen and off the view.
TEST(GuiLayout, EveryPanelStaysOnScreenAtAnySize) {
    for (const char* size : {"1024x600", "2560x1440", "800x600"}) {
        SCOPED_TRACE(size);
        const ViewerRun run = run_viewer({"--size", size, "--tool", "algorithms", "--outliner"},
                                         std::string("size_") + size);
        const auto& window = run.pick["window"];
        const nlohmann::json screen = {0.0, 0.0, window[0].get<double>(), window[1].get<double>()};
        const auto& view = run.pick["view_rect"];
        EXPECT_TRUE(within(view, screen));
        EXPECT_GT(area(view), 0.15 * area(screen)) << view.dump();
        for (const char* name : {"Menu bar", "Status bar", "Outliner", "Inspector", "Tools"}) {
            ASSERT_TRUE(run.pick["windows"].contains(name)) << name;
            const auto& rect = run.pick["windows"][name]["rect"];
            EXPECT_TRUE(within(rect, screen)) << name << rect.dump();
            EXPECT_GT(area(rect), 0.0) << name;
        }
    }
}

}  // namespace gui_layout_test
}  // namespace tests
