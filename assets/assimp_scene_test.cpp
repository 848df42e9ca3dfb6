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

}  // namespace
}  // namespace assets
