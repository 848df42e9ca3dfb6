#include "picking/scene/instance_tree.h"

#include <set>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "picking/scene/bone_space.h"
#include "picking/testing/test_meshes.h"

namespace picking {
namespace {

/// Meshes of 150, 0 and 128 triangles; instances of mesh 0 (turned and stretched), 1 (empty),
/// 2 (moved far), 0 again (at the identity) and 2 (mirrored): transforms of their own.
struct PlacedParts {
    testing::TestMesh soup = testing::random_soup(80, 150);
    testing::TestMesh sphere = testing::bumpy_sphere(8, 8);
    std::vector<glm::vec3> no_positions;
    std::vector<std::uint32_t> no_indices;
    SceneView scene;
    std::vector<WideBvh> trees;
    PlacedParts() {
        scene.meshes = {soup.view(), {no_positions, no_indices}, sphere.view()};
        glm::mat4 turned = glm::rotate(glm::mat4(1.0f), 0.8f, glm::normalize(glm::vec3(1, 2, 3)));
        turned = glm::scale(turned, {3.0f, 0.5f, 1.0f});
        const glm::mat4 far = glm::translate(glm::mat4(1.0f), {1000.0f, -20.0f, 5.0f});
        const glm::mat4 mirrored = glm::scale(glm::mat4(1.0f), {-1.0f, 1.0f, 2.0f});
        const std::pair<std::uint32_t, glm::mat4> placed[] = {
            {0, turned}, {1, far}, {2, far}, {0, glm::mat4(1.0f)}, {2, mirrored}};
        for (const auto& [mesh, m] : placed)
            scene.instances.push_back({mesh, std::uint32_t(scene.instances.size()), m});
        for (const MeshView& mesh : scene.meshes)
            trees.push_back(build_wide_bvh(mesh, wide_bvh_build_options()));
    }
};

// Each leaf holds one instance's triangles with the corners of its mesh (bone) space and the
// tree's numbers; every triangle of every instance is in exactly one leaf, whose world box
// holds the triangle moved to world space (in double). The tree fits the transforms it was
// built for, and no others.
TEST(InstanceTree, EachLeafIsOneInstancesTrianglesInItsBoneSpace_Seed80) {
    PlacedParts parts;
    const SceneView& scene = parts.scene;
    const std::optional<InstanceTree> tree = build_instance_tree(scene, parts.trees);
    ASSERT_TRUE(tree);
    EXPECT_EQ(tree->first, (std::vector<std::uint32_t>{0, 150, 150, 278, 428, 556}));
    EXPECT_EQ(tree->instance_count(), 5u);
    EXPECT_EQ(tree->bvh.triangle_count, 556u);
    ASSERT_EQ(tree->block_instance.size(), tree->bvh.blocks.size());

    // The leaves' boxes: from each node, the box of every leaf it points at.
    std::vector<Aabb> leaf_box(tree->bvh.blocks.size());
    for (const WideNode& node : tree->bvh.nodes)
        for (int c = 0; c < int(node.child_count); ++c)
            if (WideNode::is_leaf(node.child[c]))
                leaf_box[WideNode::leaf_block(node.child[c])] = node.child_bounds(c);

    std::set<std::uint32_t> seen;
    for (std::size_t b = 0; b < tree->bvh.blocks.size(); ++b) {
        const TriangleBlock8& block = tree->bvh.blocks[b];
        const std::uint32_t instance = tree->block_instance[b];
        ASSERT_LT(instance, scene.instances.size());
        const MeshView& mesh = scene.meshes[scene.instances[instance].mesh];
        const glm::dmat4 m(scene.instances[instance].world_from_mesh);
        for (std::size_t lane = 0; lane < 8; ++lane) {
            if (block.id[lane] == kEmptyLane) continue;
            EXPECT_TRUE(seen.insert(block.id[lane]).second) << "twice: " << block.id[lane];
            const WorldTree::Place at = tree->place(block.id[lane]);
            EXPECT_EQ(at.instance, instance) << "block " << b;
            const Triangle expect = mesh.triangle(at.triangle);
            const Triangle got = block_triangle(block, lane);
            EXPECT_EQ(got.p0, expect.p0);
            EXPECT_EQ(got.p1, expect.p1);
            EXPECT_EQ(got.p2, expect.p2);
            for (const glm::vec3& p : {expect.p0, expect.p1, expect.p2}) {
                const glm::dvec3 w(m * glm::dvec4(glm::dvec3(p), 1.0));
                for (int axis = 0; axis < 3; ++axis) {
                    EXPECT_LT(double(leaf_box[b].min[axis]), w[axis]) << "block " << b;
                    EXPECT_GT(double(leaf_box[b].max[axis]), w[axis]) << "block " << b;
                }
            }
        }
    }
    EXPECT_EQ(seen.size(), 556u);

    EXPECT_TRUE(tree->fits(scene));
    SceneView moved = scene;
    moved.instances[3].world_from_mesh[3][0] += 1e-3f;
    EXPECT_FALSE(tree->fits(moved));
}

// The parts' nodes, copied from their meshes' trees with boxes moved to the world, order their
// children along each octant by the world boxes (a turned or mirrored instance's mesh-space
// order would be another).
TEST(InstanceTree, NodesOrderTheirChildrenByTheirWorldBoxes) {
    PlacedParts parts;
    const std::optional<InstanceTree> tree = build_instance_tree(parts.scene, parts.trees);
    ASSERT_TRUE(tree);
    for (const WideNode& node : tree->bvh.nodes) {
        WideNode again = node;
        again.set_octant_order();
        for (unsigned octant = 0; octant < 8; ++octant)
            EXPECT_EQ(node.order_for(octant), again.order_for(octant));
    }
}

TEST(InstanceTree, ServesInstancesWithTransformsOfTheirOwn) {
    PlacedParts parts;
    SceneView scene = parts.scene;
    EXPECT_TRUE(instance_tree_serves(scene));
    EXPECT_TRUE(instance_tree_serves(scene, 556));
    EXPECT_FALSE(instance_tree_serves(scene, 555));  // over the limit
    EXPECT_FALSE(build_instance_tree(scene, parts.trees, 1, nullptr, 555));
    EXPECT_FALSE(build_instance_tree(scene, std::span(parts.trees).first(2)));  // trees missing

    SceneView shared = scene;  // one transform for all: the world tree's case
    for (Instance& instance : shared.instances)
        instance.world_from_mesh = glm::translate(glm::mat4(1.0f), {1.0f, 2.0f, 3.0f});
    EXPECT_FALSE(instance_tree_serves(shared));

    SceneView singular = scene;
    singular.instances[2].world_from_mesh = glm::mat4(0.0f);
    EXPECT_FALSE(instance_tree_serves(singular));

    SceneView missing = scene;
    missing.instances[4].mesh = 7;
    EXPECT_FALSE(instance_tree_serves(missing));

    SceneView one = scene;
    one.instances.resize(1);
    EXPECT_FALSE(instance_tree_serves(one));

    // Instances of empty meshes only beside one with triangles: nothing to join.
    SceneView lone = scene;
    lone.instances = {scene.instances[0], scene.instances[1]};
    EXPECT_TRUE(instance_tree_serves(lone));
    EXPECT_FALSE(build_instance_tree(lone, parts.trees));
}

}  // namespace
}  // namespace picking
