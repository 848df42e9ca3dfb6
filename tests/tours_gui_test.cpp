// The guided tours (app/core/tours.h): `raypick tours` lists them, `raypick --tour NAME
// --screenshot FILE` plays one headless with a JSON line per step, and every step's lesson
// still shows; Help > Tours plays one with real clicks.

#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/core/tours.h"
#include "tests/process.h"
#include "tests/scripted_viewer.h"
#include "tests/viewer_under_test.h"

namespace tests {
namespace tours_gui_test {

TEST(Tours, TheListHasOneJsonLinePerTourWithItsNameAndSteps) {
    const ProcessResult r = run_process({raypick_exe(), "tours"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), app::tours().size()) << r.out;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto j = nlohmann::json::parse(out[i]);
        const app::Tour& tour = app::tours()[i];
        EXPECT_EQ(j["name"], tour.name);
        EXPECT_EQ(j["steps"].size(), tour.steps.size());
        EXPECT_FALSE(j["title"].get<std::string>().empty());
    }
}

TEST(Tours, AnUnknownTourIsAClearErrorThatNamesTheTours) {
    const ProcessResult r = run_process({raypick_exe(), "--tour", "no-such-tour"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("unknown tour 'no-such-tour'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("slab-nan"), std::string::npos) << r.err;
}

class TourPlays : public ::testing::TestWithParam<std::string> {};

// Played headless as CI plays it: one JSON line and one picture per step, each step's lesson
// shown, and the caption drawn over the view with its verdict.
TEST_P(TourPlays, EveryStepShowsItsLesson) {
    const app::Tour* tour = app::find_tour(GetParam());
    ASSERT_TRUE(tour);
    const auto base =
        std::filesystem::temp_directory_path() / ("raypick_tour_" + tour->name + ".png");
    const ProcessResult r = run_gui_process(
        {raypick_exe(), "--tour", tour->name, "--screenshot", base.string()}, 600.0);
    EXPECT_EQ(r.exit_code, 0) << r.err << r.out;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), tour->steps.size()) << r.out;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto j = nlohmann::json::parse(out[i]);
        SCOPED_TRACE(out[i]);
        EXPECT_EQ(j["tour"], tour->name);
        EXPECT_EQ(j["step"], i + 1);
        EXPECT_EQ(j["of"], tour->steps.size());
        EXPECT_EQ(j["title"], tour->steps[i].title);
        EXPECT_EQ(j["lesson_shown"], true);
        EXPECT_FALSE(j["saw"].get<std::string>().empty());
        const Png png = read_png(j["screenshot"].get<std::string>());
        ASSERT_EQ(png.width, 1280);
        // The caption's green "Shown: ..." line, at the top of the view (its glyphs are
        // antialiased: pixels of that bright green, give or take).
        int green = 0;
        for (int y = 20; y < 200; ++y)
            for (int x = 0; x < 980; ++x) {
                const auto c = png.at(x, y);
                green += c[1] > 200 && c[0] < 150 && c[2] < 160;
            }
        EXPECT_GT(green, 100);
    }
}

std::vector<std::string> tour_names() {
    std::vector<std::string> names;
    for (const app::Tour& tour : app::tours())
        names.push_back(tour.name);
    return names;
}

INSTANTIATE_TEST_SUITE_P(Tours, TourPlays, ::testing::ValuesIn(tour_names()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                             std::string name = param.param;
                             for (char& c : name)
                                 if (c == '-') c = '_';
                             return name;
                         });

// A person's way in: Help > Tours, Play, read, Next, Finish.
TEST(TourInput, HelpToursPlaysATourAndNextMovesToTheNextStep) {
    using Trace = ViewerUnderTest::Trace;
    ViewerUnderTest viewer({"--time", "0"});
    ASSERT_EQ(viewer.error(), "");
    const auto ready =
        viewer.wait_for([](const Trace& t) { return t["items"].contains("Menu/Help"); });
    ASSERT_TRUE(ready) << viewer.last().dump();
    viewer.click(*ViewerUnderTest::centre(*ready, "Menu/Help"));
    const std::string item = "Menu/Tours: the seeds' lessons, step by step";
    const auto menu = viewer.wait_for([&](const Trace& t) { return t["items"].contains(item); });
    ASSERT_TRUE(menu) << viewer.last().dump();
    viewer.click(*ViewerUnderTest::centre(*menu, item));
    const auto list =
        viewer.wait_for([](const Trace& t) { return t["items"].contains("Tours/slab-nan"); });
    ASSERT_TRUE(list) << viewer.last().dump();
    viewer.click(*ViewerUnderTest::centre(*list, "Tours/slab-nan"));

    auto shown = [](int step) {
        return [step](const Trace& t) {
            const Trace& tour = t["report"]["tour"];
            return tour.is_object() && tour["name"] == "slab-nan" && tour["step"] == step &&
                   tour["lesson_shown"] == true && t["items"].contains("Tour/Next");
        };
    };
    const auto first = viewer.wait_for(shown(1));
    ASSERT_TRUE(first) << viewer.last().dump();
    EXPECT_EQ((*first)["report"]["slab_lab"]["preset"], "origin_on_plane");
    EXPECT_EQ((*first)["report"]["slab_lab"]["seed_hit"], false);
    viewer.click(*ViewerUnderTest::centre(*first, "Tour/Next"));
    const auto second = viewer.wait_for(shown(2));
    ASSERT_TRUE(second) << viewer.last().dump();
    EXPECT_EQ((*second)["report"]["slab_lab"]["preset"], "zero_direction_inside");
    // The last step's button finishes the tour.
    viewer.click(*ViewerUnderTest::centre(*second, "Tour/Next"));
    const auto over = viewer.wait_for([](const Trace& t) { return !t["report"].contains("tour"); });
    EXPECT_TRUE(over) << viewer.last().dump();
}

TEST(TourInput, EndTourPutsThePersonsPickSettingsBack) {
    using Trace = ViewerUnderTest::Trace;
    // The person's own settings: the tour's first step changes all three.
    ViewerUnderTest viewer({"--time", "0", "--algorithm", "moller_trumbore", "--seed-t", "clip"});
    ASSERT_EQ(viewer.error(), "");
    const auto ready =
        viewer.wait_for([](const Trace& t) { return t["items"].contains("Menu/Help"); });
    ASSERT_TRUE(ready) << viewer.last().dump();
    EXPECT_EQ((*ready)["report"]["pick_settings"]["algorithm"], "moller_trumbore");
    viewer.click(*ViewerUnderTest::centre(*ready, "Menu/Help"));
    const std::string item = "Menu/Tours: the seeds' lessons, step by step";
    const auto menu = viewer.wait_for([&](const Trace& t) { return t["items"].contains(item); });
    ASSERT_TRUE(menu) << viewer.last().dump();
    viewer.click(*ViewerUnderTest::centre(*menu, item));
    const auto list = viewer.wait_for(
        [](const Trace& t) { return t["items"].contains("Tours/dx-behind-the-eye"); });
    ASSERT_TRUE(list) << viewer.last().dump();
    viewer.click(*ViewerUnderTest::centre(*list, "Tours/dx-behind-the-eye"));
    const auto shown = viewer.wait_for([](const Trace& t) {
        const Trace& tour = t["report"]["tour"];
        return tour.is_object() && tour["step"] == 1 && tour["lesson_shown"] == true &&
               t["items"].contains("Tour/End");
    });
    ASSERT_TRUE(shown) << viewer.last().dump();
    EXPECT_EQ((*shown)["report"]["pick_settings"]["algorithm"], "dx_pick");
    EXPECT_EQ((*shown)["report"]["pick_settings"]["seed_t"], "ignore");
    viewer.click(*ViewerUnderTest::centre(*shown, "Tour/End"));
    const auto over = viewer.wait_for([](const Trace& t) { return !t["report"].contains("tour"); });
    ASSERT_TRUE(over) << viewer.last().dump();
    EXPECT_EQ((*over)["report"]["pick_settings"]["algorithm"], "moller_trumbore");
    EXPECT_EQ((*over)["report"]["pick_settings"]["seed_t"], "clip");
}

}  // namespace tours_gui_test
}  // namespace tests
