#include "assets/procedural/skinned_tube.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "assets/scene/pose.h"
#include "assets/scene/posed_mesh.h"

namespace assets {
namespace {

Scene tube_scene(const SkinnedTubeOptions& options, std::vector<std::uint32_t>* bones = nullptr) {
    Scene scene;
    scene.nodes.push_back({"root", glm::mat4(1.0f), -1, {}, {}});
    const auto chain = add_skinned_tube(scene, 0, "tube", glm::mat4(1.0f), options, glm::vec3(1));
    if (bones) *bones = chain;
    return scene;
}

TEST(SkinnedTube, HasTheTrianglesChainAndWeightsItPromises) {
    SkinnedTubeOptions options;
    options.rings = 10;
    options.sides = 8;
    options.bones = 4;
    options.length = 4.0f;
    std::vector<std::uint32_t> bones;
    const Scene scene = tube_scene(options, &bones);
    ASSERT_EQ(scene.meshes.size(), 1u);
    const MeshData& mesh = scene.meshes[0];
    EXPECT_EQ(mesh.triangle_count(), skinned_tube_triangles(options));
    EXPECT_EQ(mesh.triangle_count(), 2u * 8 * 10 + 2 * 8);
    ASSERT_EQ(bones.size(), 4u);
    for (std::size_t b = 1; b < bones.size(); ++b)
        EXPECT_EQ(scene.nodes[bones[b]].parent, std::int32_t(bones[b - 1]));
    ASSERT_EQ(mesh.skin.joints.size(), 4u);
    EXPECT_FALSE(mesh.skin.rigid_joint);
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
        const glm::vec4 w = mesh.skin.vertex_weights[v];
        EXPECT_NEAR(w.x + w.y + w.z + w.w, 1.0f, 1e-6f);
        EXPECT_EQ(w.z, 0.0f);  // two joints at most
        // Bone b spans heights [b, b + 1) (length 4, 4 bones); the centre of bone b follows it
        // alone, the base and the tip follow the end bones.
        const float y = mesh.positions[v].y;
        if (y == 0.0f) {
            EXPECT_EQ(mesh.skin.vertex_joints[v].x, 0u);
        }
        if (y == 4.0f) {
            EXPECT_EQ(mesh.skin.vertex_joints[v].x, 3u);
        }
    }
    // Ring 6 is at height 2.4: between the centres of bones 1 (1.5) and 2 (2.5), nearer 2.
    const std::size_t ring6 = 6 * 8;
    EXPECT_EQ(mesh.skin.vertex_joints[ring6].x, 2u);
    EXPECT_EQ(mesh.skin.vertex_joints[ring6].y, 1u);
    const float f = 0.9f, smooth = f * f * (3.0f - 2.0f * f);
    EXPECT_NEAR(mesh.skin.vertex_weights[ring6].x, smooth, 1e-5f);
}

TEST(SkinnedTube, EightJointsPerVertexGiveEveryVertexEightUnnormalisedInfluences) {
    SkinnedTubeOptions options;
    options.bones = 12;
    options.length = 6.0f;
    options.joints_per_vertex = 8;
    const Scene scene = tube_scene(options);
    const MeshData& mesh = scene.meshes[0];
    ASSERT_EQ(mesh.skin.extra_begin.size(), mesh.positions.size() + 1);
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
        const auto authored = skinned_tube_influences(options, mesh.positions[v].y);
        ASSERT_EQ(authored.size(), 8u);
        float sum = 0.0f;
        for (const auto& [joint, weight] : authored) {
            EXPECT_LT(joint, 12u);
            EXPECT_GT(weight, 0.0f);
            sum += weight;
        }
        EXPECT_GT(std::abs(sum - 1.0f), 0.5f) << "authored weights need not sum to 1";
        // The skin keeps all eight, normalised; the heaviest is the joint nearest the vertex.
        EXPECT_EQ(mesh.skin.extra_influences_of(v).size(), 4u);
        const glm::vec4 w = mesh.skin.vertex_weights[v];
        float kept = w.x + w.y + w.z + w.w;
        for (const SkinInfluence& extra : mesh.skin.extra_influences_of(v))
            kept += extra.weight;
        EXPECT_NEAR(kept, 1.0f, 1e-5f);
        // Bone length 0.5: joint j's centre is at s = j + 0.5, the ends sit at s = 0 and 12.
        const float s = mesh.positions[v].y / 0.5f;
        const float centre = float(mesh.skin.vertex_joints[v].x) + 0.5f;
        EXPECT_LE(std::abs(centre - std::clamp(s, 0.5f, 11.5f)), 0.5f + 1e-5f)
            << "height " << mesh.positions[v].y;
    }
}

TEST(SkinnedTube, TheBindPoseIsTheStraightTubeAndTheWaveBendsIt) {
    SkinnedTubeOptions options;
    std::vector<std::uint32_t> bones;
    Scene scene = tube_scene(options, &bones);
    PosedMesh posed;
    pose_mesh(scene, 0, 1, rest_pose(scene), false, posed);
    for (std::size_t v = 0; v < posed.positions.size(); ++v)
        EXPECT_LT(glm::length(posed.positions[v] - scene.meshes[0].positions[v]), 1e-5f);

    AnimationClip clip;
    clip.ticks_per_second = 24.0;
    clip.duration_ticks = 24.0 * 4.0;
    add_tube_wave(clip, scene, bones, 30.0f, 4.0);
    EXPECT_EQ(clip.channels.size(), bones.size());
    pose_mesh(scene, 0, 1, evaluate_pose(scene, &clip, 1.0, true), false, posed);
    float base = 0.0f, tip = 0.0f;
    for (std::size_t v = 0; v < posed.positions.size(); ++v) {
        const float moved = glm::length(posed.positions[v] - scene.meshes[0].positions[v]);
        if (scene.meshes[0].positions[v].y == 0.0f) base = std::max(base, moved);
        if (scene.meshes[0].positions[v].y == options.length) tip = std::max(tip, moved);
    }
    EXPECT_LT(base, 0.05f);  // planted
    EXPECT_GT(tip, 0.4f);    // swaying
}

}  // namespace
}  // namespace assets
