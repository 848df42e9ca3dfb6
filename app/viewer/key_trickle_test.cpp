#include "app/viewer/key_trickle.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

namespace app {
namespace {

using Event = KeyTrickle::KeyEvent;

// Repro: Enter typed into the Open dialog on a slow frame was pressed and released between two
// frames, and ImGui 1.86 never saw it down.
TEST(KeyTrickle, ATapBetweenTwoFramesLastsAFrame) {
    KeyTrickle trickle;
    const Event down{GLFW_KEY_ENTER, 36, GLFW_PRESS, 0}, up{GLFW_KEY_ENTER, 36, GLFW_RELEASE, 0};
    EXPECT_EQ(trickle.on_key(down), std::vector<Event>{down});
    EXPECT_TRUE(trickle.on_key(up).empty());  // held back: no frame has seen Enter down
    EXPECT_EQ(trickle.next_frame(), std::vector<Event>{up});
    EXPECT_TRUE(trickle.next_frame().empty());
}

TEST(KeyTrickle, AKeyHeldOverAFrameIsReleasedAtOnce) {
    KeyTrickle trickle;
    const Event down{GLFW_KEY_A, 38, GLFW_PRESS, 0}, repeat{GLFW_KEY_A, 38, GLFW_REPEAT, 0},
        up{GLFW_KEY_A, 38, GLFW_RELEASE, 0};
    (void)trickle.on_key(down);
    EXPECT_TRUE(trickle.next_frame().empty());
    EXPECT_EQ(trickle.on_key(repeat), std::vector<Event>{repeat});
    EXPECT_EQ(trickle.on_key(up), std::vector<Event>{up});  // seen down already
    // Two keys tapped in one gap: both held, released together with their modifiers.
    const Event b{GLFW_KEY_B, 56, GLFW_PRESS, GLFW_MOD_SHIFT}, c{GLFW_KEY_C, 54, GLFW_PRESS, 0};
    (void)trickle.on_key(b);
    (void)trickle.on_key(c);
    const Event b_up{GLFW_KEY_B, 56, GLFW_RELEASE, GLFW_MOD_SHIFT},
        c_up{GLFW_KEY_C, 54, GLFW_RELEASE, 0};
    EXPECT_TRUE(trickle.on_key(b_up).empty());
    EXPECT_TRUE(trickle.on_key(c_up).empty());
    EXPECT_EQ(trickle.next_frame(), (std::vector<Event>{b_up, c_up}));
}

}  // namespace
}  // namespace app
