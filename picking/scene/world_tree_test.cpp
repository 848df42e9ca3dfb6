#include "picking/scene/world_tree.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "picking/testing/test_meshes.h"

namespace picking {
namespace {

// Meshes of 2, 0 and 3 triangles; instances of mesh 0, 1 (empty), 2 and 0 again.
struct FourInstances {
    testing::TestMesh two = testing::random_soup(3, 2);
    testing::TestMesh three = testing::random_soup(4, 3);
    std::vector<glm::vec3> no_positions;
    std::vector<std::uint32_t> no_indices;
    SceneView scene;
    FourInstances() {
        scene.meshes = {two.view(), {no_positions, no_indices}, three.view()};
        for (std::uint32_t mesh : {0u, 1u, 2u, 0u})
            scene.instances.push_back(
                {mesh, std::uint32_t(scene.instances.size()), glm::mat4(1.0f)});
    }
};

TEST(WorldTree, NumbersTrianglesInstanceByInstanceAndPlacesEachNumber) {
    const FourInstances four;
    const std::optional<WorldTree> tree = build_world_tree(four.scene, wide_bvh_build_options());
    ASSERT_TRUE(tree);
    EXPECT_EQ(tree->first, (std::vector<std::uint32_t>{0, 2, 2, 5, 7}));
    EXPECT_EQ(tree->instance_count(), 4u);
    EXPECT_EQ(tree->bvh.triangle_count, 7u);
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> expected = {
        {0, 0}, {0, 1}, {2, 0}, {2, 1}, {2, 2}, {3, 0}, {3, 1}};  // the empty instance owns none
    for (std::uint32_t id = 0; id < expected.size(); ++id) {
        const WorldTree::Place at = tree->place(id);
        EXPECT_EQ(at.instance, expected[id].first) << id;
        EXPECT_EQ(at.triangle, expected[id].second) << id;
    }
    // Each leaf lane's corners are those of the instance's own triangle.
    int lanes = 0;
    for (const TriangleBlock8& block : tree->bvh.blocks)
        for (std::size_t lane = 0; lane < 8; ++lane) {
            if (block.id[lane] == kEmptyLane) continue;
            ++lanes;
            const WorldTree::Place at = tree->place(block.id[lane]);
            const Triangle expect =
                four.scene.meshes[four.scene.instances[at.instance].mesh].triangle(at.triangle);
            const Triangle got = block_triangle(block, lane);
            EXPECT_EQ(got.p0, expect.p0) << block.id[lane];
            EXPECT_EQ(got.p1, expect.p1) << block.id[lane];
            EXPECT_EQ(got.p2, expect.p2) << block.id[lane];
        }
    EXPECT_EQ(lanes, 7);
}

TEST(WorldTree, ACornerPastItsMeshStaysACornerOfNoMesh) {
    // Mesh 0's second triangle names vertex 3 of a mesh of three: in the joined positions that
    // would be mesh 1's first vertex, and the triangle a real one. It must stay a triangle with
    // a NaN corner, which the build leaves out (no ray hits it).
    const std::vector<glm::vec3> a = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const std::vector<std::uint32_t> a_indices = {0, 1, 2, 0, 1, 3};
    const std::vector<glm::vec3> b = {{0, 0, 1}, {1, 0, 1}, {0, 1, 1}};
    const std::vector<std::uint32_t> b_indices = {0, 1, 2};
    SceneView scene;
    scene.meshes = {{a, a_indices}, {b, b_indices}};
    scene.instances = {{0, 0, glm::mat4(1.0f)}, {1, 1, glm::mat4(1.0f)}};
    const std::optional<WorldTree> tree = build_world_tree(scene, wide_bvh_build_options());
    ASSERT_TRUE(tree);
    EXPECT_EQ(tree->first, (std::vector<std::uint32_t>{0, 2, 3}));
    EXPECT_EQ(tree->bvh.triangle_count, 2u);
    for (const TriangleBlock8& block : tree->bvh.blocks)
        for (std::size_t lane = 0; lane < 8; ++lane)
            EXPECT_NE(block.id[lane], 1u);
}

TEST(WorldTree, ServesOnlyTwoInstancesOrMoreOfOneTransformWithinTheLimit) {
    FourInstances four;
    EXPECT_TRUE(world_tree_serves(four.scene));
    EXPECT_TRUE(world_tree_serves(four.scene, 7));
    EXPECT_FALSE(world_tree_serves(four.scene, 6));  // seven triangles over the instances
    EXPECT_FALSE(build_world_tree(four.scene, wide_bvh_build_options(), nullptr, 6));

    SceneView one = four.scene;
    one.instances.resize(1);  // the direct case serves a lone instance
    EXPECT_FALSE(world_tree_serves(one));

    SceneView moved = four.scene;  // all of them alike: still one bone space
    for (Instance& instance : moved.instances)
        instance.world_from_mesh = glm::rotate(glm::mat4(1.0f), 0.5f, glm::vec3(0.0f, 1.0f, 0.0f));
    EXPECT_TRUE(world_tree_serves(moved));
    moved.instances[2].world_from_mesh =
        glm::translate(moved.instances[2].world_from_mesh, {0.0f, 0.0f, 1e-7f});
    EXPECT_FALSE(world_tree_serves(moved));
    EXPECT_FALSE(build_world_tree(moved, wide_bvh_build_options()));

    SceneView missing = four.scene;
    missing.instances[1].mesh = 7;
    EXPECT_FALSE(world_tree_serves(missing));
}

}  // namespace
}  // namespace picking
