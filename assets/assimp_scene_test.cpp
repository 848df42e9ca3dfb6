#include "assets/assimp_scene.h"

#include <memory>

#include <assimp/scene.h>
#include <gtest/gtest.h>

#include "assets/load_model.h"

namespace assets {
namespace {

/// One triangle drawn by the root: the smallest scene the conversion accepts.
std::unique_ptr<aiScene> one_triangle() {
    auto scene = std::make_unique<aiScene>();
    auto* mesh = new aiMesh();
    mesh->mName.Set("tri");
    mesh->mNumVertices = 3;
    mesh->mVertices = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh->mNumFaces = 1;
    mesh->mFaces = new aiFace[1];
    mesh->mFaces[0].mNumIndices = 3;
    mesh->mFaces[0].mIndices = new unsigned[3]{0, 1, 2};
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh* [1] { mesh };
    scene->mRootNode = new aiNode("root");
    scene->mRootNode->mNumMeshes = 1;
    scene->mRootNode->mMeshes = new unsigned[1]{0};
    return scene;
}

TEST(AssimpScene, ConvertsTheSmallestScene) {
    const auto source = one_triangle();
    const Scene scene = scene_from_assimp(*source, "one.glb");
    validate_scene(scene, "one.glb");
    EXPECT_EQ(scene.source, "one.glb");
    ASSERT_EQ(scene.meshes.size(), 1u);
    EXPECT_EQ(scene.meshes[0].name, "tri");
    EXPECT_EQ(scene.meshes[0].normals.size(), 3u);  // computed: the mesh had none
    ASSERT_EQ(scene.nodes.size(), 1u);
    EXPECT_EQ(scene.nodes[0].meshes, std::vector<std::uint32_t>{0});
    EXPECT_EQ(scene.materials.size(), 1u);  // a default one: every mesh needs a material
}

TEST(AssimpScene, NoHierarchyIsAnError) {
    const auto source = one_triangle();
    delete source->mRootNode;
    source->mRootNode = nullptr;
    EXPECT_THROW((void)scene_from_assimp(*source, "rootless.glb"), LoadError);
}

// Found by fuzz/fuzz_assimp_scene: a node claiming children with a null array was read
// through it (a crash); so were null arrays of meshes, faces, indices, materials, node meshes,
// animations, channels and keys. Assimp pairs each count with an array or with null, and a
// count beside a null array may be anything: nothing may be read or allocated for it.
TEST(AssimpScene, CountsBesideNullArraysAreEmpty) {
    const auto source = one_triangle();
    constexpr unsigned kHuge = 0xffffffffu;
    auto* mesh = new aiMesh();  // a second mesh: faces and vertices claimed, none there
    mesh->mNumVertices = kHuge;
    mesh->mNumFaces = kHuge;
    auto* meshes = new aiMesh* [2] { source->mMeshes[0], mesh };
    delete[] source->mMeshes;
    source->mMeshes = meshes;
    source->mNumMeshes = 2;
    source->mNumMaterials = kHuge;
    source->mNumAnimations = 2;
    auto* node = new aiNode("no_meshes");
    node->mNumMeshes = kHuge;  // and no array
    node->mNumChildren = 3;    // nor here
    node->mParent = source->mRootNode;
    source->mRootNode->mChildren = new aiNode* [1] { node };
    source->mRootNode->mNumChildren = 1;

    const Scene scene = scene_from_assimp(*source, "nulls.glb");
    validate_scene(scene, "nulls.glb");
    EXPECT_EQ(scene.meshes.size(), 1u);  // the mesh without vertices is dropped, with a note
    ASSERT_EQ(scene.nodes.size(), 2u);
    EXPECT_TRUE(scene.nodes[1].meshes.empty());
    EXPECT_EQ(scene.materials.size(), 1u);
    EXPECT_TRUE(scene.clips.empty());
}

TEST(AssimpScene, NullArraysInsideAnimationsAreEmpty) {
    const auto source = one_triangle();
    auto* channel = new aiNodeAnim();
    channel->mNodeName.Set("root");
    channel->mNumPositionKeys = 4;  // none of the three kinds has its array
    channel->mNumRotationKeys = 4;
    channel->mNumScalingKeys = 4;
    auto* morph = new aiMeshMorphAnim();
    morph->mName.Set("root");
    morph->mNumKeys = 1;
    morph->mKeys = new aiMeshMorphKey[1];
    morph->mKeys[0].mNumValuesAndWeights = 5;  // no values, no weights
    auto* empty = new aiAnimation();
    empty->mNumChannels = 7;  // and no array
    auto* animation = new aiAnimation();
    animation->mName.Set("wave");
    animation->mNumChannels = 1;
    animation->mChannels = new aiNodeAnim* [1] { channel };
    animation->mNumMorphMeshChannels = 1;
    animation->mMorphMeshChannels = new aiMeshMorphAnim* [1] { morph };
    source->mNumAnimations = 2;
    source->mAnimations = new aiAnimation* [2] { empty, animation };

    const Scene scene = scene_from_assimp(*source, "keys.glb");
    ASSERT_EQ(scene.clips.size(), 1u);  // the one whose channels are there
    EXPECT_EQ(scene.clips[0].name, "wave");
    ASSERT_EQ(scene.clips[0].channels.size(), 1u);
    EXPECT_TRUE(scene.clips[0].channels[0].positions.empty());
    ASSERT_EQ(scene.clips[0].morph_channels.size(), 1u);
    EXPECT_TRUE(scene.clips[0].morph_channels[0].keys[0].weights.empty());
}

}  // namespace
}  // namespace assets
