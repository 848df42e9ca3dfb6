#include "app/core/bvh_build_choice.h"

#include <gtest/gtest.h>

namespace app {
namespace {

using picking::BvhBuildMethod;

TEST(BvhBuildChoice, AutoBuildsABigModelsMortonTreeFirstThenItsSahTree) {
    const std::size_t big = kMortonFirstTriangles, small = kMortonFirstTriangles - 1;
    EXPECT_EQ(bvh_build_for(BvhBuildChoice::Auto, big, false), BvhBuildMethod::Morton);
    EXPECT_EQ(bvh_build_for(BvhBuildChoice::Auto, big, true), BvhBuildMethod::Sah);
    EXPECT_EQ(bvh_build_for(BvhBuildChoice::Auto, small, false), BvhBuildMethod::Sah);
    EXPECT_EQ(bvh_build_for(BvhBuildChoice::Auto, small, true), BvhBuildMethod::Sah);
    for (bool serves : {false, true}) {
        EXPECT_EQ(bvh_build_for(BvhBuildChoice::Sah, big, serves), BvhBuildMethod::Sah);
        EXPECT_EQ(bvh_build_for(BvhBuildChoice::Morton, small, serves), BvhBuildMethod::Morton);
    }
}

TEST(BvhBuildChoice, ACommandTakesAutosFirstTree) {
    EXPECT_EQ(command_bvh_build("auto", kMortonFirstTriangles), BvhBuildMethod::Morton);
    EXPECT_EQ(command_bvh_build("auto", kMortonFirstTriangles - 1), BvhBuildMethod::Sah);
    EXPECT_EQ(command_bvh_build("sah", kMortonFirstTriangles), BvhBuildMethod::Sah);
    EXPECT_EQ(command_bvh_build("morton", 3), BvhBuildMethod::Morton);
}

TEST(BvhBuildChoice, NamesGoBothWays) {
    for (BvhBuildChoice choice :
         {BvhBuildChoice::Auto, BvhBuildChoice::Sah, BvhBuildChoice::Morton})
        EXPECT_EQ(find_bvh_build_choice(bvh_build_choice_name(choice)), choice);
    EXPECT_FALSE(find_bvh_build_choice("SAH"));
    EXPECT_FALSE(find_bvh_build_choice(""));
    EXPECT_EQ(bvh_build_choice_names_text(), "auto | sah | morton");
    EXPECT_EQ(bvh_build_name(BvhBuildMethod::Sah), "sah");
    EXPECT_EQ(bvh_build_name(BvhBuildMethod::Morton), "morton");
    EXPECT_EQ(bvh_build_label(BvhBuildMethod::Sah), "SAH");
    EXPECT_EQ(bvh_build_label(BvhBuildMethod::Morton), "Morton");
}

}  // namespace
}  // namespace app
