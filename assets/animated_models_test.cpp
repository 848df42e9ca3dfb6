// Animation, skinning and morph targets on Debian's assimp-testmodels, against values worked out
// by hand from the files themselves (the glTF buffers and the Collada matrices).

#include <filesystem>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "assets/load_model.h"
#include "assets/scene/pose.h"
#include "assets/scene/posed_mesh.h"
#include "assets/testing/test_files.h"

namespace assets {
namespace {

Scene load_or_skip(const std::string& relative) {
    const std::string path = (tests::kAssimpModels / relative).string();
    if (!std::filesystem::exists(path)) return {};
    return load_model(path);
}

std::uint32_t node_named(const Scene& scene, const std::string& name) {
    for (std::uint32_t n = 0; n < scene.nodes.size(); ++n)
        if (scene.nodes[n].name == name) return n;
    ADD_FAILURE() << "no node " << name;
    return 0;
}

std::uint32_t first_node_drawing(const Scene& scene, std::uint32_t mesh) {
    for (const MeshInstance& instance : scene.instances())
        if (instance.mesh == mesh) return instance.node;
    ADD_FAILURE() << "no node draws mesh " << mesh;
    return 0;
}

/// The vertex whose bind position is `p` (file order may not survive Assimp's post-processing).
std::size_t vertex_at(const MeshData& mesh, glm::vec3 p) {
    for (std::size_t v = 0; v < mesh.positions.size(); ++v)
        if (glm::length(mesh.positions[v] - p) < 1e-6f) return v;
    ADD_FAILURE() << "no vertex at " << p.x << ", " << p.y << ", " << p.z;
    return 0;
}

void expect_near(glm::vec3 actual, glm::vec3 expected, float tolerance) {
    EXPECT_LT(glm::length(actual - expected), tolerance)
        << "(" << actual.x << ", " << actual.y << ", " << actual.z << ") vs (" << expected.x << ", "
        << expected.y << ", " << expected.z << ")";
}

// glTF-Tutorials' simple skin: ten vertices in a 1 x 2 strip, joints nodes[1] (at y = 1) and
// nodes[2] (its child, turning about Z: 0° at 0 s, 45° at 0.5 s, 90° at 1 s and 1.5 s, ...),
// both with the inverse bind matrix translate(-0.5, -1, 0), weights from 1:0 at y = 0 to 0:1
// at y = 2.
TEST(AnimatedModels, SimpleSkinGltfSkinsAsWorkedOutByHand) {
    const Scene scene = load_or_skip("glTF2/simple_skin/simple_skin.gltf");
    if (scene.meshes.empty()) GTEST_SKIP() << "assimp-testmodels is not installed";
    ASSERT_EQ(scene.meshes.size(), 1u);
    const MeshData& mesh = scene.meshes[0];
    ASSERT_EQ(mesh.skin.joints.size(), 2u);
    EXPECT_FALSE(mesh.skin.rigid_joint);
    EXPECT_TRUE(mesh.deforms());
    ASSERT_EQ(scene.clips.size(), 1u);
    EXPECT_DOUBLE_EQ(scene.clips[0].duration_seconds(), 5.5);

    const std::uint32_t space = first_node_drawing(scene, 0);
    PosedMesh posed;
    const auto skinned = [&](double seconds, glm::vec3 bind) {
        pose_mesh(scene, 0, space, evaluate_pose(scene, &scene.clips[0], seconds, true), false,
                  posed);
        const glm::mat4 world = posed.world_from_mesh.value_or(glm::mat4(1.0f));
        return glm::vec3(world * glm::vec4(posed.positions[vertex_at(mesh, bind)], 1.0f));
    };
    // At 1 s joint 2 has turned 90°. (1, 2, 0) follows joint 2 alone:
    // translate(0, 1, 0) * rotate90 * (0.5, 1, 0) = (-1, 1.5, 0).
    expect_near(skinned(1.0, {1, 2, 0}), {-1.0f, 1.5f, 0.0f}, 1e-5f);
    // (0, 0, 0) follows joint 1 alone: (0, 1, 0) + (-0.5, -1, 0).
    expect_near(skinned(1.0, {0, 0, 0}), {-0.5f, 0.0f, 0.0f}, 1e-5f);
    // (1, 1, 0) half and half: (0.5, 1, 0) and (0, 1.5, 0) average to (0.25, 1.25, 0).
    expect_near(skinned(1.0, {1, 1, 0}), {0.25f, 1.25f, 0.0f}, 1e-5f);
    // At 0.25 s, halfway between the first two keys. The file rounds the second key to
    // (0, 0, 0.383, 0.924), which is 2 * atan2(0.383, 0.924) = 45.03°; halfway is half of that.
    const float angle = std::atan2(0.383f, 0.924f);
    const float c = std::cos(angle), s = std::sin(angle);
    expect_near(skinned(0.25, {1, 2, 0}), {0.5f * c - s, 0.5f * s + c + 1.0f, 0.0f}, 1e-5f);
    // Looping: 6.5 s is 1 s into the second lap.
    expect_near(skinned(6.5, {1, 2, 0}), {-1.0f, 1.5f, 0.0f}, 1e-5f);
}

// A box skinned to one bone with weight 1 everywhere: a rigid part, placed by one matrix. Its
// bone's first key is at 1/24 s and the file gives no pre-state (Assimp's DEFAULT): before that
// key the bone keeps its rest transform; at 0.5 s it holds the file's 12th matrix key exactly.
TEST(AnimatedModels, BoxNestedColladaIsARigidPartWithTheFilesKeys) {
    const Scene scene = load_or_skip("Collada/box_nested_animation.dae");
    if (scene.meshes.empty()) GTEST_SKIP() << "assimp-testmodels is not installed";
    const MeshData& mesh = scene.meshes[0];
    ASSERT_TRUE(mesh.skin.rigid_joint);
    EXPECT_FALSE(mesh.deforms());
    const std::uint32_t bone = node_named(scene, "Armature_Bone");
    ASSERT_EQ(mesh.skin.joints[*mesh.skin.rigid_joint].node, bone);
    ASSERT_EQ(scene.clips.size(), 1u);
    const AnimationClip& clip = scene.clips[0];

    // <matrix> keys are row-major; key 11 (t = 0.5 s) from the file's output array:
    const float key11[16] = {
        0.9286572f,  0.1729132f, 0.328172f,  1.0f, 0.0f, 0.8847058f, -0.4661497f, -1.0f,
        -0.3709391f, 0.4328933f, 0.8215885f, 0.0f, 0.0f, 0.0f,       0.0f,        1.0f};
    const glm::mat4 expected = glm::transpose(glm::make_mat4(key11));
    const Pose at_half = evaluate_pose(scene, &clip, 0.5, true);
    for (int c = 0; c < 4; ++c)
        expect_near(glm::vec3(at_half.local[bone][c]), glm::vec3(expected[c]), 2e-5f);

    // Before the first key: the rest transform (the <matrix> of node Armature_Bone).
    const Pose early = evaluate_pose(scene, &clip, 0.02, true);
    for (int c = 0; c < 4; ++c)
        expect_near(glm::vec3(early.local[bone][c]),
                    glm::vec3(scene.nodes[bone].local_transform[c]), 1e-5f);

    // The rigid part is placed by world(bone) * offset, the same for every instance.
    PosedMesh posed;
    pose_mesh(scene, 0, first_node_drawing(scene, 0), at_half, true, posed);
    ASSERT_TRUE(posed.world_from_mesh);
    EXPECT_TRUE(posed.positions.empty());  // no per-vertex work
    const glm::mat4 want = at_half.world[bone] * mesh.skin.joints[0].bone_from_mesh;
    for (int c = 0; c < 4; ++c)
        expect_near(glm::vec3((*posed.world_from_mesh)[c]), glm::vec3(want[c]), 1e-5f);
}

// Two morph targets driven by a "weights" channel: at 2 s (key 60) the file's weights are
// 0.8055561 and 0.1944439; the corner (-0.01, -0.01, -0.01) moves up by 0.01893253 and
// 0.01989084 at full weight.
TEST(AnimatedModels, AnimatedMorphCubeBlendsItsTargetsAsTheFileSays) {
    const Scene scene =
        load_or_skip("glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf");
    if (scene.meshes.empty()) GTEST_SKIP() << "assimp-testmodels is not installed";
    const MeshData& mesh = scene.meshes[0];
    ASSERT_EQ(mesh.morph_targets.size(), 2u);
    EXPECT_TRUE(mesh.deforms());
    ASSERT_EQ(scene.clips.size(), 1u);
    ASSERT_EQ(scene.clips[0].morph_channels.size(), 1u);
    for (const std::string& note : scene.notes)
        EXPECT_EQ(note.find("morph"), std::string::npos) << note;

    const std::uint32_t node = first_node_drawing(scene, 0);
    PosedMesh posed;
    pose_mesh(scene, 0, node, evaluate_pose(scene, &scene.clips[0], 2.0, true), true, posed);
    ASSERT_EQ(posed.positions.size(), mesh.positions.size());
    EXPECT_FALSE(posed.world_from_mesh);  // not skinned: each instance follows its node
    const float y = -0.01000000536f + 0.8055561f * 0.018932529f + 0.1944439f * 0.019890836f;
    int corners = 0;
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
        if (glm::length(mesh.positions[v] - glm::vec3(-0.00999999f, -0.01f, -0.01f)) > 1e-6f)
            continue;
        ++corners;
        expect_near(posed.positions[v], {mesh.positions[v].x, y, mesh.positions[v].z}, 1e-6f);
    }
    EXPECT_GE(corners, 1);
    // At rest (no clip) the default weights (0, 0) leave the cube as it is.
    pose_mesh(scene, 0, node, rest_pose(scene), false, posed);
    for (std::size_t v = 0; v < mesh.positions.size(); ++v)
        EXPECT_EQ(posed.positions[v], mesh.positions[v]);
}

// A Blender export whose vertices have up to six bone influences, their weights not summing
// to 1: the loader keeps every one (four inline, the rest in the overflow), normalised over
// all of them, and says so in a note.
TEST(AnimatedModels, AnimationWithSkeletonFbxKeepsEveryInfluence) {
    const Scene scene = load_or_skip("FBX/animation_with_skeleton.fbx");
    if (scene.meshes.empty()) GTEST_SKIP() << "assimp-testmodels is not installed";
    ASSERT_EQ(scene.meshes.size(), 1u);
    const MeshSkin& skin = scene.meshes[0].skin;
    ASSERT_TRUE(skin.has_extra_influences());
    std::size_t over_four = 0, most = 0;
    for (std::size_t v = 0; v < skin.vertex_weights.size(); ++v) {
        const glm::vec4 w = skin.vertex_weights[v];
        double sum = double(w.x) + double(w.y) + double(w.z) + double(w.w);
        float lightest = w.w;
        for (const SkinInfluence& extra : skin.extra_influences_of(v)) {
            EXPECT_LE(extra.weight, lightest) << "vertex " << v << ": heaviest first";
            lightest = extra.weight;
            sum += double(extra.weight);
        }
        const std::size_t extras = skin.extra_influences_of(v).size();
        over_four += extras > 0;
        most = std::max(most, 4 + extras);
        EXPECT_NEAR(sum, 1.0, 1e-6) << "vertex " << v;
    }
    EXPECT_EQ(over_four, 1515u);
    EXPECT_EQ(most, 6u);
    EXPECT_EQ(skin_defect(skin, scene.meshes[0].positions.size()), "");
    bool noted = false;
    for (const std::string& note : scene.notes)
        noted = noted || note.find("1515 vertices have more than 4 bone influences (up to 6)") !=
                             std::string::npos;
    EXPECT_TRUE(noted);
}

// Where a file's skeleton stands in its bind pose, skinning must give back the bind vertices
// (seen from the node that draws the mesh): a check of offset matrices, joint lookup and weights
// together. Not every file's rest pose is its bind pose: animation_with_skeleton.fbx poses
// Bone.005 at rest, and reaches the bind pose at the first frame of its clip.
struct BindPoseCase {
    const char* model;
    double seconds;  ///< negative: the rest pose
};

/// Stable, readable test names in ctest (which lists the parameter).
void PrintTo(const BindPoseCase& c, std::ostream* out) {
    *out << c.model << " at " << c.seconds << " s";
}

class SkinnedInTheBindPose : public ::testing::TestWithParam<BindPoseCase> {};

TEST_P(SkinnedInTheBindPose, GivesTheBindVertices) {
    const Scene scene = load_or_skip(GetParam().model);
    if (scene.meshes.empty()) GTEST_SKIP() << "assimp-testmodels is not installed";
    const Pose rest = rest_pose(scene);
    const Pose pose = GetParam().seconds < 0.0
                          ? rest
                          : evaluate_pose(scene, &scene.clips.at(0), GetParam().seconds, true);
    int skinned = 0;
    for (std::uint32_t m = 0; m < scene.meshes.size(); ++m) {
        const MeshData& mesh = scene.meshes[m];
        if (mesh.skin.empty()) continue;
        ++skinned;
        const std::uint32_t node = first_node_drawing(scene, m);
        PosedMesh posed;
        pose_mesh(scene, m, node, pose, false, posed);
        const glm::mat4 world = posed.world_from_mesh.value_or(pose.world[node]);
        const std::span<const glm::vec3> vertices =
            posed.positions.empty() ? std::span<const glm::vec3>(mesh.positions) : posed.positions;
        float size = 0.0f;
        for (const glm::vec3& p : mesh.positions)
            size = std::max(size, glm::length(glm::vec3(rest.world[node] * glm::vec4(p, 1.0f))));
        for (std::size_t v = 0; v < vertices.size(); ++v) {
            const glm::vec3 at = glm::vec3(world * glm::vec4(vertices[v], 1.0f));
            const glm::vec3 bind = glm::vec3(rest.world[node] * glm::vec4(mesh.positions[v], 1.0f));
            ASSERT_LT(glm::length(at - bind), 1e-5f * size) << "vertex " << v;
        }
    }
    EXPECT_GT(skinned, 0);
}

INSTANTIATE_TEST_SUITE_P(AssimpModels, SkinnedInTheBindPose,
                         ::testing::Values(BindPoseCase{"FBX/animation_with_skeleton.fbx", 0.0},
                                           BindPoseCase{"FBX/huesitos.fbx", -1.0},
                                           BindPoseCase{"SMD/WusonSMD.smd", -1.0}),
                         [](const ::testing::TestParamInfo<BindPoseCase>& param_info) {
                             // "FBX/huesitos.fbx" -> "huesitos"
                             std::string name = param_info.param.model;
                             name = name.substr(name.find('/') + 1);
                             return name.substr(0, name.find('.'));
                         });

}  // namespace
}  // namespace assets
