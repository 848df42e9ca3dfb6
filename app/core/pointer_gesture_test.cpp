#include "app/core/pointer_gesture.h"

#include <gtest/gtest.h>

namespace app {
namespace {

constexpr int kLeft = 0, kRight = 1;

TEST(PointerGesture, APressAndReleaseThatBarelyMovedIsAClickWhereReleased) {
    PointerGesture g;
    ASSERT_TRUE(g.press(kLeft, {100, 100}));
    EXPECT_FALSE(g.move({102, 101}));  // within the threshold: still a click
    EXPECT_FALSE(g.dragging());
    const auto click = g.release(kLeft, {102, 101});
    ASSERT_TRUE(click);
    EXPECT_EQ(*click, glm::vec2(102, 101));
    EXPECT_EQ(g.held_button(), -1);
}

TEST(PointerGesture, MovingPastTheThresholdDragsAndNeverClicks) {
    PointerGesture g;
    ASSERT_TRUE(g.press(kRight, {10, 10}));
    EXPECT_FALSE(g.move({12, 10}));
    const auto first = g.move({15, 10});  // 5 px from the press
    ASSERT_TRUE(first);
    EXPECT_EQ(first->button, kRight);
    EXPECT_EQ(first->from, glm::vec2(12, 10));  // from where the pointer last was
    EXPECT_EQ(first->to, glm::vec2(15, 10));
    const auto back = g.move({11, 10});  // back near the press: still dragging
    ASSERT_TRUE(back);
    EXPECT_TRUE(g.dragging());
    EXPECT_FALSE(g.release(kRight, {11, 10}));
    EXPECT_FALSE(g.dragging());
}

TEST(PointerGesture, AnotherButtonDuringAPressIsIgnored) {
    PointerGesture g;
    ASSERT_TRUE(g.press(kLeft, {50, 50}));
    EXPECT_FALSE(g.press(kRight, {50, 50}));
    EXPECT_FALSE(g.release(kRight, {50, 50})) << "its release neither";
    EXPECT_EQ(g.held_button(), kLeft);
    EXPECT_TRUE(g.release(kLeft, {50, 50}));
}

TEST(PointerGesture, HoverMovesAreCountedOnce) {
    PointerGesture g;
    EXPECT_FALSE(g.take_moved());
    EXPECT_FALSE(g.move({1, 2})) << "no button held: no drag";
    EXPECT_TRUE(g.take_moved());
    EXPECT_FALSE(g.take_moved());
    EXPECT_EQ(g.last_cursor(), glm::vec2(1, 2));
}

}  // namespace
}  // namespace app
