#include "assets/texture_path.h"

#include <gtest/gtest.h>

namespace assets {
namespace {

TEST(TexturePath, ARelativePathIsTakenFromBesideTheModel) {
    EXPECT_EQ(resolve_texture_path("wood.jpg", "models/box/box.obj"), "models/box/wood.jpg");
    EXPECT_EQ(resolve_texture_path("../maps/wood.jpg", "models/box/box.obj"),
              "models/maps/wood.jpg");
    EXPECT_EQ(resolve_texture_path("wood.jpg", "box.obj"), "wood.jpg");
}

TEST(TexturePath, WindowsSeparatorsBecomeSlashes) {
    EXPECT_EQ(resolve_texture_path(".\\wal67ar_small.jpg", "OBJ/spider.obj"),
              "OBJ/wal67ar_small.jpg");
    EXPECT_EQ(resolve_texture_path("maps\\sub\\a.png", "m/x.fbx"), "m/maps/sub/a.png");
}

TEST(TexturePath, AnAbsolutePathIsKept) {
    EXPECT_EQ(resolve_texture_path("/srv/textures/./a.png", "models/x.obj"), "/srv/textures/a.png");
}

}  // namespace
}  // namespace assets
