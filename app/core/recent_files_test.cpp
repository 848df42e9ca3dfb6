#include "app/core/recent_files.h"

#include <gtest/gtest.h>

namespace app {
namespace {

TEST(RecentFiles, MostRecentFirstNoDuplicatesKeptAcrossRuns) {
    const auto file = std::filesystem::temp_directory_path() / "raypick_recent_test" / "recent.txt";
    std::filesystem::remove_all(file.parent_path());
    {
        RecentFiles recent(file);
        recent.add("/models/a.obj");
        recent.add("/models/b.dae");
        recent.add("/models/a.obj");
        recent.add("default");  // the built-in scene is not a file
        ASSERT_EQ(recent.entries().size(), 2u);
        EXPECT_EQ(recent.entries()[0], "/models/a.obj");
    }
    RecentFiles again(file);  // a new run reads what the last one saved
    ASSERT_EQ(again.entries().size(), 2u);
    EXPECT_EQ(again.entries()[1], "/models/b.dae");
    for (int i = 0; i < 30; ++i)
        again.add("/m/" + std::to_string(i) + ".ply");
    EXPECT_EQ(again.entries().size(), RecentFiles::kMax);
    EXPECT_EQ(again.entries()[0], "/m/29.ply");
}

// Repro: "knot:1000" was saved as /the/working/dir/knot:1000, which opens nothing.
TEST(RecentFiles, AGeneratedModelIsKeptAsItsName) {
    RecentFiles recent{std::filesystem::path()};
    recent.add("knot:1000");
    recent.add("relative/model.obj");
    ASSERT_EQ(recent.entries().size(), 2u);
    EXPECT_EQ(recent.entries()[1], "knot:1000");
    EXPECT_TRUE(std::filesystem::path(recent.entries()[0]).is_absolute());
}

TEST(RecentFiles, EmptyPathKeepsNothingOnDisk) {
    RecentFiles recent{std::filesystem::path()};
    recent.add("/x.obj");
    EXPECT_EQ(recent.entries().size(), 1u);
}

}  // namespace
}  // namespace app
