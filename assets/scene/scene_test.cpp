#include "assets/scene/scene.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

namespace assets {
namespace {

Scene three_level_scene() {
    Scene scene;
    scene.meshes.resize(2);
    scene.nodes.push_back({"root", glm::translate(glm::mat4(1.0f), {1, 0, 0}), -1, {1}, {}});
    scene.nodes.push_back({"arm", glm::scale(glm::mat4(1.0f), {2, 2, 2}), 0, {2}, {0}});
    scene.nodes.push_back({"", glm::translate(glm::mat4(1.0f), {0, 3, 0}), 1, {}, {0, 1, 7}});
    return scene;
}

TEST(Scene, WorldTransformsComposeDownTheTree) {
    const Scene scene = three_level_scene();
    const auto world = scene.world_transforms(scene.rest_local_transforms());
    // hand origin: root (+1 x) * arm (scale 2) * hand (+3 y) -> (1, 6, 0)
    const glm::vec3 origin = glm::vec3(world[2] * glm::vec4(0, 0, 0, 1));
    EXPECT_EQ(origin, glm::vec3(1, 6, 0));
}

TEST(Scene, InstancesSkipMissingMeshesAndPathsNameEveryNode) {
    const Scene scene = three_level_scene();
    const auto instances = scene.instances();
    ASSERT_EQ(instances.size(), 3u);  // mesh 7 does not exist
    EXPECT_EQ(instances[2].node, 2u);
    EXPECT_EQ(instances[2].mesh, 1u);
    EXPECT_EQ(scene.node_path(2), "root/arm/(unnamed)");
    EXPECT_EQ(scene.node_path(99), "");
}

}  // namespace
}  // namespace assets
