#include "app/viewer/commands.h"

#include <set>
#include <string>

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

namespace app {
namespace {

TEST(Commands, EveryCommandIsInTheTableOnce) {
    std::set<Command> seen;
    for (const CommandInfo& info : commands()) {
        EXPECT_TRUE(seen.insert(info.command).second) << info.label;
        EXPECT_FALSE(info.label.empty());
        EXPECT_EQ(command_info(info.command).label, info.label);
    }
    EXPECT_EQ(seen.size(), std::size_t(Command::Tours) + 1);
}

TEST(Commands, NoTwoCommandsShareAKey) {
    std::set<std::pair<int, int>> keys;
    for (const CommandInfo& info : commands()) {
        if (info.key < 0) continue;
        EXPECT_TRUE(keys.insert({info.key, info.mods}).second) << info.label;
        // A key shows its shortcut in the menus and Help.
        EXPECT_FALSE(info.shortcut.empty()) << info.label;
    }
}

TEST(Commands, KeysFindTheirCommands) {
    EXPECT_EQ(command_for_key(GLFW_KEY_F, 0), Command::Frame);
    EXPECT_EQ(command_for_key(GLFW_KEY_O, 0), Command::ToggleProjection);
    EXPECT_EQ(command_for_key(GLFW_KEY_O, GLFW_MOD_CONTROL), Command::Open);
    EXPECT_EQ(command_for_key(GLFW_KEY_Q, GLFW_MOD_CONTROL), Command::Quit);
    // A bare Q quits nothing: it goes back to the click tool.
    EXPECT_EQ(command_for_key(GLFW_KEY_Q, 0), Command::ToolClick);
    EXPECT_EQ(command_for_key(GLFW_KEY_S, 0), Command::ToolBox);
    EXPECT_EQ(command_for_key(GLFW_KEY_TAB, 0), Command::NextHit);
    EXPECT_EQ(command_for_key(GLFW_KEY_TAB, GLFW_MOD_SHIFT), Command::PreviousHit);
    EXPECT_EQ(command_for_key(GLFW_KEY_L, 0), Command::ToolLasso);
    EXPECT_EQ(command_for_key(GLFW_KEY_F1, 0), Command::Help);
    EXPECT_EQ(command_for_key(GLFW_KEY_SLASH, GLFW_MOD_SHIFT), Command::Help);  // "?"
    EXPECT_EQ(command_for_key(GLFW_KEY_A, GLFW_MOD_SHIFT), Command::ShowAlgorithms);
    EXPECT_FALSE(command_for_key(GLFW_KEY_A, GLFW_MOD_CONTROL));
    EXPECT_EQ(command_for_key(GLFW_KEY_C, 0), Command::ToggleHeatmap);
    EXPECT_EQ(command_for_key(GLFW_KEY_C, GLFW_MOD_CONTROL), Command::CopyPickRecord);
    EXPECT_FALSE(command_info(Command::CopyPickRecord).global);  // a text field copies its text
    EXPECT_EQ(command_for_key(GLFW_KEY_C, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT),
              Command::CopySelectionRecord);
    EXPECT_EQ(command_for_key(GLFW_KEY_S, GLFW_MOD_CONTROL), Command::SaveSession);
    EXPECT_EQ(command_for_key(GLFW_KEY_S, 0), Command::ToolBox);
    EXPECT_EQ(command_for_key(GLFW_KEY_TAB, 0), Command::NextHit);
    EXPECT_EQ(command_for_key(GLFW_KEY_TAB, GLFW_MOD_SHIFT), Command::PreviousHit);
    EXPECT_TRUE(command_info(Command::Quit).global);
    EXPECT_FALSE(command_info(Command::Frame).global);
}

TEST(Commands, GesturesAreExplained) {
    std::set<std::string> inputs;
    for (const Gesture& g : gestures()) {
        EXPECT_TRUE(inputs.insert(std::string(g.input)).second);
        EXPECT_FALSE(g.does.empty());
    }
    EXPECT_TRUE(inputs.count("left click"));
    EXPECT_TRUE(inputs.count("left drag"));
}

}  // namespace
}  // namespace app
