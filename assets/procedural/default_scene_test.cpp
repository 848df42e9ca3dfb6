#include "assets/procedural/default_scene.h"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

namespace assets {
namespace {

TEST(DefaultScene, HasAHierarchyWithNonUniformScaleAndAMovingArm) {
    const Scene scene = make_default_scene();
    EXPECT_EQ(scene.source, "default");
    EXPECT_GT(scene.triangle_count(), 5000u);
    ASSERT_EQ(scene.clips.size(), 1u);
    EXPECT_GT(scene.clips[0].duration_seconds(), 0.0);
    bool non_uniform = false;
    int deepest = 0;
    for (std::uint32_t n = 0; n < scene.nodes.size(); ++n) {
        const glm::mat4& m = scene.nodes[n].local_transform;
        const float sx = glm::length(glm::vec3(m[0])), sy = glm::length(glm::vec3(m[1]));
        non_uniform |= std::abs(sx - sy) > 0.1f && !scene.nodes[n].meshes.empty();
        int depth = 0;
        for (std::int32_t p = scene.nodes[n].parent; p >= 0; p = scene.nodes[std::size_t(p)].parent)
            ++depth;
        deepest = std::max(deepest, depth);
        if (n > 0) {
            EXPECT_LT(scene.nodes[n].parent, std::int32_t(n));  // parents come first
        }
    }
    EXPECT_TRUE(non_uniform);
    EXPECT_GE(deepest, 4);
    // Every channel names a node that exists.
    for (const NodeChannel& channel : scene.clips[0].channels)
        EXPECT_LT(channel.node, scene.nodes.size());
    // Meshes carry a normal per position and their material exists.
    for (const MeshData& mesh : scene.meshes) {
        EXPECT_EQ(mesh.normals.size(), mesh.positions.size()) << mesh.name;
        EXPECT_LT(mesh.material, scene.materials.size());
    }
}

TEST(DefaultScene, IsTheSameEveryTime) {
    const Scene a = make_default_scene(), b = make_default_scene();
    ASSERT_EQ(a.meshes.size(), b.meshes.size());
    for (std::size_t i = 0; i < a.meshes.size(); ++i)
        EXPECT_EQ(a.meshes[i].positions, b.meshes[i].positions);
}

TEST(DefaultScene, TerrainHeightMatchesTheMesh) {
    const Scene scene = make_default_scene();
    const MeshData& terrain = scene.meshes[0];
    ASSERT_EQ(terrain.name, "terrain");
    for (std::size_t i = 0; i < terrain.positions.size(); i += 97) {
        const glm::vec3 p = terrain.positions[i];
        EXPECT_FLOAT_EQ(p.y, default_terrain_height(p.x, p.z));
    }
}

// The analytic shapes of seed 002: every kind at least once, each at a node of its own.
TEST(DefaultScene, HasAnalyticShapesOfEveryKind) {
    const Scene scene = make_default_scene();
    int kinds[4] = {0, 0, 0, 0};
    for (const ShapeData& shape : scene.shapes) {
        ++kinds[int(shape.kind)];
        ASSERT_LT(shape.node, scene.nodes.size());
        EXPECT_EQ(scene.nodes[shape.node].name, shape.name);
        EXPECT_TRUE(scene.nodes[shape.node].meshes.empty()) << shape.name;
        if (shape.kind == ShapeData::Kind::Plane) {
            EXPECT_GT(shape.radius, 0.0f);
        }
    }
    for (int k = 0; k < 4; ++k)
        EXPECT_GE(kinds[k], 1) << "kind " << k;
    EXPECT_GE(scene.shapes.size(), 6u);
}

}  // namespace
}  // namespace assets
