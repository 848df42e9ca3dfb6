// What the loaders read beside the geometry: every texture coordinate channel, the first vertex
// colour set and each material's base-colour texture, on Debian's test models through both
// loaders, and files made for the purpose.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include <glm/common.hpp>

#include "assets/load_model.h"
#include "assets/testing/scene_notes.h"
#include "assets/testing/test_files.h"

namespace assets {
namespace {

namespace fs = std::filesystem;

using tests::kAssimpModels;
const fs::path kBoxTexcoords = kAssimpModels / "glTF2/BoxTexcoords-glTF/boxTexcoords.gltf";
const fs::path kBoxTextured = kAssimpModels / "glTF2/BoxTextured-glTF/BoxTextured.gltf";
const fs::path kBoxEmbedded = kAssimpModels / "glTF2/BoxTextured-glTF-Embedded/BoxTextured.gltf";
const fs::path kSpider = kAssimpModels / "OBJ/spider.obj";
const fs::path kColoredCube = kAssimpModels / "OBJ/cube_with_vertexcolors.obj";

constexpr LoadOptions kViaAssimp{false};
constexpr LoadOptions kViaTinyobj{true};

#define SKIP_IF_MISSING(path)                              \
    do {                                                   \
        if (!fs::exists(path)) {                           \
            GTEST_SKIP() << (path) << " is not installed"; \
        }                                                  \
    } while (false)

using tests::has_note;

/// A file in a fresh folder, removed with it.
class TempModel {
  public:
    TempModel(const std::string& name, const std::string& content) {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        folder_ = fs::temp_directory_path() / ("raypick_surface_load_" + std::string(info->name()));
        fs::create_directories(folder_);
        path_ = folder_ / name;
        std::ofstream(path_, std::ios::binary) << content;
    }
    ~TempModel() {
        std::error_code ec;
        fs::remove_all(folder_, ec);
    }
    TempModel(const TempModel&) = delete;
    TempModel& operator=(const TempModel&) = delete;
    void add(const std::string& name, const std::string& content) const {
        std::ofstream(folder_ / name, std::ios::binary) << content;
    }
    [[nodiscard]] const fs::path& path() const { return path_; }

  private:
    fs::path folder_, path_;
};

TEST(SurfaceAttributesLoad, EveryUvChannelOfAGltfIsKept) {
    SKIP_IF_MISSING(kBoxTexcoords);
    const Scene scene = load_model(kBoxTexcoords, kViaAssimp);
    ASSERT_EQ(scene.meshes.size(), 1u);
    const MeshData& mesh = scene.meshes[0];
    ASSERT_EQ(mesh.tex_coords.size(), 2u) << "TEXCOORD_0 and TEXCOORD_1";
    for (const TexCoordChannel& channel : mesh.tex_coords) {
        EXPECT_EQ(channel.uv.size(), mesh.positions.size());
        EXPECT_EQ(channel.components, 2u);
    }
    EXPECT_NE(mesh.tex_coords[0].uv, mesh.tex_coords[1].uv) << "two different channels";
    EXPECT_TRUE(mesh.colors.empty());
    const Material& material = scene.materials.at(mesh.material);
    EXPECT_EQ(fs::path(material.base_color_texture), kBoxTexcoords.parent_path() / "texture.png");
    EXPECT_TRUE(fs::exists(material.base_color_texture));
}

TEST(SurfaceAttributesLoad, AGltfBaseColourTextureIsFoundBesideTheModel) {
    SKIP_IF_MISSING(kBoxTextured);
    const Scene scene = load_model(kBoxTextured, kViaAssimp);
    const MeshData& mesh = scene.meshes.at(0);
    ASSERT_EQ(mesh.tex_coords.size(), 1u);
    // The file's accessor: min [0, 0], max [6, 1] (the texture repeats along u).
    glm::vec2 low(1e9f), high(-1e9f);
    for (const glm::vec2& uv : mesh.tex_coords[0].uv) {
        low = glm::min(low, uv);
        high = glm::max(high, uv);
    }
    EXPECT_EQ(low, glm::vec2(0.0f, 0.0f));
    EXPECT_EQ(high, glm::vec2(6.0f, 1.0f));
    EXPECT_EQ(fs::path(scene.materials.at(mesh.material).base_color_texture),
              kBoxTextured.parent_path() / "CesiumLogoFlat.png");
}

TEST(SurfaceAttributesLoad, AnEmbeddedTextureIsANoteNotAPath) {
    SKIP_IF_MISSING(kBoxEmbedded);
    const Scene scene = load_model(kBoxEmbedded, kViaAssimp);
    EXPECT_EQ(scene.meshes.at(0).tex_coords.size(), 1u);
    for (const Material& material : scene.materials)
        EXPECT_EQ(material.base_color_texture, "");
    EXPECT_TRUE(has_note(scene, "embedded in the file, which raypick does not decode"));
}

/// Every (position, uv) pair a scene's meshes hold, for comparing the two OBJ loaders: they may
/// number and split vertices differently, but not pair a position with another coordinate.
std::vector<std::tuple<float, float, float, float, float>> position_uv_pairs(const Scene& scene) {
    std::vector<std::tuple<float, float, float, float, float>> pairs;
    for (const MeshData& mesh : scene.meshes) {
        if (mesh.tex_coords.empty()) continue;
        for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
            const glm::vec3& p = mesh.positions[v];
            const glm::vec2& uv = mesh.tex_coords[0].uv[v];
            pairs.emplace_back(p.x, p.y, p.z, uv.x, uv.y);
        }
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    return pairs;
}

TEST(SurfaceAttributesLoad, BothObjLoadersReadTheSpidersUvsAndTextures) {
    SKIP_IF_MISSING(kSpider);
    const Scene assimp = load_model(kSpider, kViaAssimp);
    const Scene tinyobj = load_model(kSpider, kViaTinyobj);
    const auto pairs = position_uv_pairs(assimp);
    EXPECT_GT(pairs.size(), 100u);
    // The two parse a few numbers a last bit apart (Assimp's fast_atof): the pairs match closely.
    const auto other = position_uv_pairs(tinyobj);
    EXPECT_EQ(pairs.size(), other.size());
    std::size_t unmatched = 0;
    for (const auto& pair : pairs) {
        // Compared field by field: C++20 lets a lambda capture structured bindings (P1091),
        // but clang 14, which builds the asan preset, does not implement that yet.
        const bool found = std::any_of(other.begin(), other.end(), [&](const auto& o) {
            return std::abs(std::get<0>(o) - std::get<0>(pair)) < 1e-3f &&
                   std::abs(std::get<1>(o) - std::get<1>(pair)) < 1e-3f &&
                   std::abs(std::get<2>(o) - std::get<2>(pair)) < 1e-3f &&
                   std::abs(std::get<3>(o) - std::get<3>(pair)) < 1e-6f &&
                   std::abs(std::get<4>(o) - std::get<4>(pair)) < 1e-6f;
        });
        unmatched += !found;
    }
    EXPECT_EQ(unmatched, 0u);
    // spider.mtl names its maps ".\wal67ar_small.jpg": Windows separators, beside the model.
    for (const Scene* scene : {&assimp, &tinyobj}) {
        std::map<std::string, std::string> textures;
        for (const Material& material : scene->materials)
            if (!material.base_color_texture.empty())
                textures[material.name] = material.base_color_texture;
        EXPECT_EQ(fs::path(textures["Skin"]), kSpider.parent_path() / "wal67ar_small.jpg");
        EXPECT_EQ(fs::path(textures["HLeibTex"]), kSpider.parent_path() / "SpiderTex.jpg");
        EXPECT_TRUE(fs::exists(textures["Skin"]));
    }
}

TEST(SurfaceAttributesLoad, BothObjLoadersReadVertexColours) {
    SKIP_IF_MISSING(kColoredCube);
    for (const LoadOptions options : {kViaAssimp, kViaTinyobj}) {
        SCOPED_TRACE(options.obj_via_tinyobjloader ? "tinyobjloader" : "Assimp");
        const Scene scene = load_model(kColoredCube, options);
        std::size_t checked = 0;
        for (const MeshData& mesh : scene.meshes) {
            ASSERT_EQ(mesh.colors.size(), mesh.positions.size());
            EXPECT_TRUE(mesh.tex_coords.empty());
            for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
                // The file's first line: "v 0.0 0.0 0.0 0.48627 0.43137 0.47059".
                if (mesh.positions[v] != glm::vec3(0.0f)) continue;
                EXPECT_EQ(mesh.colors[v], glm::vec4(0.48627f, 0.43137f, 0.47059f, 1.0f));
                ++checked;
            }
        }
        EXPECT_GT(checked, 0u);
    }
}

TEST(SurfaceAttributesLoad, AModelWithoutUvsOrColoursHoldsNone) {
    const Scene knot = load_model("knot:2000");
    const TempModel obj("plain.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    for (const Scene& scene :
         {knot, load_model(obj.path(), kViaAssimp), load_model(obj.path(), kViaTinyobj)}) {
        for (const MeshData& mesh : scene.meshes) {
            EXPECT_EQ(mesh.tex_coords.capacity(), 0u);
            EXPECT_EQ(mesh.colors.capacity(), 0u);
        }
        for (const Material& material : scene.materials)
            EXPECT_EQ(material.base_color_texture, "");
    }
}

TEST(SurfaceAttributesLoad, ObjUvsSplitVerticesAndFollowTheirCorners) {
    // Two triangles share the edge 2-3 in position but not in texture coordinate.
    const TempModel obj("seam.obj",
                        "mtllib seam.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\n"
                        "vt 0 0\nvt 1 0\nvt 0 1\nvt 0.5 0.5\nvt 0.25 0.75\nvt 1 1\n"
                        "usemtl wood\nf 1/1 2/2 3/3\nf 2/4 4/6 3/5\n");
    obj.add("seam.mtl", "newmtl wood\nKd 1 1 1\nmap_Kd maps\\wood.png\n");
    for (const LoadOptions options : {kViaAssimp, kViaTinyobj}) {
        SCOPED_TRACE(options.obj_via_tinyobjloader ? "tinyobjloader" : "Assimp");
        const Scene scene = load_model(obj.path(), options);
        ASSERT_EQ(scene.meshes.size(), 1u);
        const MeshData& mesh = scene.meshes[0];
        ASSERT_EQ(mesh.tex_coords.size(), 1u);
        EXPECT_EQ(mesh.positions.size(), 6u) << "vertices 2 and 3 differ in UV across the seam";
        const std::vector<glm::vec2> expected = {{0, 0},     {1, 0}, {0, 1},
                                                 {0.5, 0.5}, {1, 1}, {0.25, 0.75}};
        ASSERT_EQ(mesh.indices.size(), 6u);
        for (std::size_t corner = 0; corner < 6; ++corner)
            EXPECT_EQ(mesh.tex_coords[0].uv[mesh.indices[corner]], expected[corner]) << corner;
        EXPECT_EQ(fs::path(scene.materials.at(mesh.material).base_color_texture),
                  obj.path().parent_path() / "maps/wood.png");
    }
}

TEST(SurfaceAttributesLoad, ObjCornersMissingSomeUvsDropTheChannelWithANote) {
    const TempModel obj("partial.obj",
                        "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nvt 0 0\nvt 1 0\n"
                        "vt 0 1\nf 1/1 2/2 3/3\nf 2 4 3\n");
    const Scene scene = load_model(obj.path(), kViaTinyobj);
    for (const MeshData& mesh : scene.meshes)
        EXPECT_TRUE(mesh.tex_coords.empty());
    EXPECT_TRUE(has_note(scene, "UVs are ignored"));
}

}  // namespace
}  // namespace assets
