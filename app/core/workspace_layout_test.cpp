#include "app/core/workspace_layout.h"

#include <gtest/gtest.h>

namespace app {
namespace {

constexpr float kBar = 22.0f;

bool inside(const Rect& inner, glm::vec2 window) {
    return inner.empty() || (inner.min.x >= 0.0f && inner.min.y >= 0.0f &&
                             inner.max.x <= window.x && inner.max.y <= window.y);
}

bool overlap(const Rect& a, const Rect& b) {
    if (a.empty() || b.empty()) return false;
    return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}

void expect_sane(const WorkspaceLayout& layout, glm::vec2 window) {
    const Rect* regions[] = {&layout.menu_bar,  &layout.status_bar, &layout.outliner,
                             &layout.inspector, &layout.tools,      &layout.view};
    for (const Rect* r : regions)
        EXPECT_TRUE(inside(*r, window));
    for (const Rect* a : regions) {
        for (const Rect* b : regions) {
            if (a == b) continue;
            EXPECT_FALSE(overlap(*a, *b));
        }
    }
    EXPECT_FALSE(layout.view.empty());
    // Every pixel of the window belongs to some region: nothing is left undrawn.
    float area = 0.0f;
    for (const Rect* r : regions)
        area += r->empty() ? 0.0f : r->area();
    EXPECT_FLOAT_EQ(area, window.x * window.y);
}

TEST(WorkspaceLayout, TheDefaultLayoutLeavesTheViewMostOfTheWindow) {
    const WorkspaceWishes wishes;
    for (glm::vec2 window : {glm::vec2(1280, 720), glm::vec2(1920, 1080)}) {
        const WorkspaceLayout layout = layout_workspace(wishes, window, kBar);
        expect_sane(layout, window);
        const float share = layout.view.area() / (window.x * window.y);
        EXPECT_GE(share, window.x < 1500 ? 0.70f : 0.80f) << window.x;
        EXPECT_FALSE(layout.inspector.empty());
        EXPECT_TRUE(layout.outliner.empty());
        EXPECT_TRUE(layout.tools.empty());
    }
}

TEST(WorkspaceLayout, RegionsSitWhereDesktopToolsPutThem) {
    WorkspaceWishes wishes;
    wishes.outliner_open = wishes.tools_open = true;
    const glm::vec2 window(1600, 900);
    const WorkspaceLayout layout = layout_workspace(wishes, window, kBar);
    expect_sane(layout, window);
    EXPECT_EQ(layout.outliner.min, glm::vec2(0, kBar));
    EXPECT_EQ(layout.outliner.width(), wishes.outliner_width);
    EXPECT_EQ(layout.inspector.max, glm::vec2(window.x, window.y - kBar));
    EXPECT_EQ(layout.inspector.width(), wishes.inspector_width);
    EXPECT_EQ(layout.tools.height(), wishes.tools_height);
    EXPECT_EQ(layout.tools.min.x, layout.view.min.x);  // under the view, between the sidebars
    EXPECT_EQ(layout.tools.max.x, layout.view.max.x);
    EXPECT_EQ(layout.view.max.y, layout.tools.min.y);
    EXPECT_TRUE(layout.outliner_splitter.contains({layout.outliner.max.x, 400.0f}));
    EXPECT_TRUE(layout.inspector_splitter.contains({layout.inspector.min.x, 400.0f}));
    EXPECT_TRUE(layout.tools_splitter.contains({800.0f, layout.tools.min.y}));
}

TEST(WorkspaceLayout, EveryRegionStaysOnScreenAtAnySize) {
    WorkspaceWishes wishes;
    wishes.outliner_open = wishes.tools_open = true;
    wishes.outliner_width = wishes.inspector_width = WorkspaceLimits::kMaxSidebar;
    wishes.tools_height = WorkspaceLimits::kMaxTools;
    for (glm::vec2 window : {glm::vec2(64, 64), glm::vec2(1024, 600), glm::vec2(1280, 720),
                             glm::vec2(2560, 1440), glm::vec2(300, 2000)}) {
        const WorkspaceLayout layout = layout_workspace(wishes, window, kBar, 1.5f);
        expect_sane(layout, window);
        EXPECT_GE(layout.view.width(), WorkspaceLimits::kViewShare * window.x - 1.0f);
    }
}

TEST(WorkspaceLayout, ASqueezedSidebarGetsItsWishBackWhenTheWindowGrows) {
    WorkspaceWishes wishes;
    wishes.outliner_open = true;
    wishes.outliner_width = 400.0f;
    wishes.inspector_width = 500.0f;
    const WorkspaceLayout small = layout_workspace(wishes, {1024, 600}, kBar);
    EXPECT_LT(small.outliner.width() + small.inspector.width(), 900.0f);
    const WorkspaceLayout big = layout_workspace(wishes, {2560, 1440}, kBar);
    EXPECT_EQ(big.outliner.width(), 400.0f);
    EXPECT_EQ(big.inspector.width(), 500.0f);
}

TEST(WorkspaceLayout, DraggingASplitterResizesItsRegionWithinLimits) {
    WorkspaceWishes wishes;
    wishes.tools_open = true;
    const WorkspaceLayout layout = layout_workspace(wishes, {1280, 720}, kBar);
    drag_splitter(wishes, layout, Region::Inspector, {-40.0f, 0.0f});  // left: wider
    EXPECT_EQ(wishes.inspector_width, layout.inspector.width() + 40.0f);
    drag_splitter(wishes, layout, Region::Tools, {0.0f, 30.0f});  // down: lower
    EXPECT_EQ(wishes.tools_height, layout.tools.height() - 30.0f);
    drag_splitter(wishes, layout, Region::Inspector, {5000.0f, 0.0f});
    EXPECT_EQ(wishes.inspector_width, WorkspaceLimits::kMinSidebar);
    drag_splitter(wishes, layout, Region::Outliner, {5000.0f, 0.0f});
    EXPECT_EQ(wishes.outliner_width, WorkspaceLimits::kMaxSidebar);
}

TEST(WorkspaceLayout, WishesSurviveTheSettingsFile) {
    WorkspaceWishes wishes;
    wishes.outliner_open = true;
    wishes.inspector_open = false;
    wishes.tools_open = true;
    wishes.outliner_width = 321.5f;
    wishes.inspector_width = 411.0f;
    wishes.tools_height = 222.0f;
    EXPECT_EQ(wishes_from_text(to_text(wishes)), wishes);
}

TEST(WorkspaceLayout, ABadSettingsFileGivesTheDefaultsBack) {
    EXPECT_EQ(wishes_from_text(""), WorkspaceWishes{});
    EXPECT_EQ(wishes_from_text("garbage\n=\ninspector_width=abc\ntools_height=nan\n\xff\xfe"),
              WorkspaceWishes{});
    const WorkspaceWishes clamped = wishes_from_text("inspector_width=1e30\ntools_height=-5\n");
    EXPECT_EQ(clamped.inspector_width, WorkspaceLimits::kMaxSidebar);
    EXPECT_EQ(clamped.tools_height, WorkspaceLimits::kMinTools);
}

}  // namespace
}  // namespace app
