#include "app/core/pick_json.h"

#include <gtest/gtest.h>

#include "assets/procedural/default_scene.h"

namespace app {
namespace {

TEST(PickJson, HitCarriesTheContractFields) {
    SceneSession session(assets::make_default_scene());
    // Straight down onto the ball, a little off its top vertex (seed 002's strict edge test
    // lets a ray through a vertex slip between the triangles around it).
    const picking::Ray ray{{-2.5f, 10.0f, 1.65f}, {0, -2, 0}};
    const auto result = session.pick(ray, {});
    ASSERT_TRUE(result.hit);
    const auto j = pick_to_json(session, ray, {}, result);
    for (const char* key :
         {"hit", "ray", "t", "point", "normal", "mesh", "mesh_name", "node", "triangle", "u", "v",
          "algorithm", "accel", "triangles_tested", "nodes_visited", "microseconds"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["mesh_name"], "unit_sphere");
    EXPECT_EQ(j["node"], "ball");
    EXPECT_EQ(j["algorithm"], "watertight");  // the default
    EXPECT_EQ(j["ray"].size(), 6u);
    // point = origin + t * direction, with the direction as given (length 2 here).
    const float t = j["t"];
    EXPECT_NEAR(float(j["point"][1]), 10.0f - 2.0f * t, 1e-5f);
    std::size_t instanced_triangles = 0;  // the unit cube is drawn by four nodes
    for (const auto& instance : session.view().instances)
        instanced_triangles += session.view().meshes[instance.mesh].triangle_count();
    EXPECT_EQ(j["triangles_tested"], instanced_triangles);
}

TEST(PickJson, MissHasCountersButNoHitFields) {
    SceneSession session(assets::make_default_scene());
    const picking::Ray ray{{0, 50, 0}, {0, 1, 0}};  // straight up, into the sky
    const auto result = session.pick(ray, {});
    ASSERT_FALSE(result.hit);
    const auto j = pick_to_json(session, ray, {}, result);
    EXPECT_EQ(j["hit"], false);
    EXPECT_FALSE(j.contains("t"));
    EXPECT_TRUE(j.contains("triangles_tested"));
    EXPECT_TRUE(j.contains("microseconds"));
}

}  // namespace
}  // namespace app
