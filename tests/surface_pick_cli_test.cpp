// `raypick pick` on textured and coloured models: the surface attributes it prints at the hit
// ("uv", "uvs", "smooth_normal", "color", "material", "texture") against an independent
// computation: Assimp's own reading of the file with every vertex pre-transformed to world
// space, the triangle found under the printed point by brute force, and its corners'
// attributes interpolated in double.

#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>
#include <assimp/Importer.hpp>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include "tests/process.h"

namespace tests {
namespace surface_pick_cli_test {

namespace fs = std::filesystem;

const fs::path kModels = "/usr/share/assimp/models";
const fs::path kBoxTexcoords = kModels / "glTF2/BoxTexcoords-glTF/boxTexcoords.gltf";
const fs::path kBoxTextured = kModels / "glTF2/BoxTextured-glTF/BoxTextured.gltf";
const fs::path kColoredCube = kModels / "OBJ/cube_with_vertexcolors.obj";

#define SKIP_IF_MISSING(path)                              \
    do {                                                   \
        if (!fs::exists(path)) {                           \
            GTEST_SKIP() << (path) << " is not installed"; \
        }                                                  \
    } while (false)

nlohmann::json pick(const fs::path& model, const glm::dvec3& origin, const glm::dvec3& direction,
                    std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {raypick_exe(), "pick", model.string(), "--ray"};
    for (const double x : {origin.x, origin.y, origin.z, direction.x, direction.y, direction.z})
        args.push_back(std::to_string(x));
    args.insert(args.end(), extra.begin(), extra.end());
    const ProcessResult r = run_process(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
}

/// The reference: a face of Assimp's own world-space reading that holds `point`, with its
/// barycentric weights in double.
struct ReferenceHit {
    const aiMesh* mesh = nullptr;
    unsigned corners[3] = {0, 0, 0};
    double w[3] = {0, 0, 0};

    [[nodiscard]] double interpolate(const aiVector3D* values, int component) const {
        double sum = 0.0;
        for (int k = 0; k < 3; ++k)
            sum += w[k] * double(values[corners[k]][component]);
        return sum;
    }
};

std::optional<ReferenceHit> face_under(const aiScene& scene, const glm::dvec3& point) {
    const auto at = [](const aiVector3D& v) { return glm::dvec3(v.x, v.y, v.z); };
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh* mesh = scene.mMeshes[m];
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            const aiFace& face = mesh->mFaces[f];
            if (face.mNumIndices != 3) continue;
            const glm::dvec3 a = at(mesh->mVertices[face.mIndices[0]]);
            const glm::dvec3 b = at(mesh->mVertices[face.mIndices[1]]);
            const glm::dvec3 c = at(mesh->mVertices[face.mIndices[2]]);
            const glm::dvec3 n = glm::cross(b - a, c - a);
            const double area = glm::length(n);
            if (area == 0.0) continue;
            if (std::abs(glm::dot(point - a, n / area)) > 1e-4) continue;  // not in its plane
            const double wa = glm::dot(glm::cross(c - b, point - b), n) / (area * area);
            const double wb = glm::dot(glm::cross(a - c, point - c), n) / (area * area);
            const double wc = 1.0 - wa - wb;
            if (wa < -1e-6 || wb < -1e-6 || wc < -1e-6) continue;
            ReferenceHit hit;
            hit.mesh = mesh;
            for (int k = 0; k < 3; ++k)
                hit.corners[k] = face.mIndices[k];
            hit.w[0] = wa;
            hit.w[1] = wb;
            hit.w[2] = wc;
            return hit;
        }
    }
    return std::nullopt;
}

glm::dvec3 json_vec3(const nlohmann::json& j) {
    return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
}

/// Rays straight down onto the top of the model, at a few spots off its centre.
std::vector<std::pair<glm::dvec3, glm::dvec3>> rays_onto(const aiScene& scene) {
    glm::dvec3 low(1e30), high(-1e30);
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        for (unsigned v = 0; v < scene.mMeshes[m]->mNumVertices; ++v) {
            const aiVector3D& p = scene.mMeshes[m]->mVertices[v];
            low = glm::min(low, glm::dvec3(p.x, p.y, p.z));
            high = glm::max(high, glm::dvec3(p.x, p.y, p.z));
        }
    }
    const glm::dvec3 size = high - low;
    std::vector<std::pair<glm::dvec3, glm::dvec3>> rays;
    for (const auto& [fx, fz] : {std::pair{0.13, 0.21}, {0.71, 0.37}, {0.42, 0.88}, {0.9, 0.1}})
        rays.push_back({{low.x + fx * size.x, high.y + size.y, low.z + fz * size.z}, {0, -1, 0}});
    // And one from the side, onto another face.
    rays.push_back({{high.x + size.x, low.y + 0.3 * size.y, low.z + 0.6 * size.z}, {-1, 0, 0}});
    return rays;
}

/// Every UV channel and the smooth normal printed at each hit agree with the reference.
void expect_surface_like_assimp(const fs::path& model, std::size_t channels) {
    Assimp::Importer importer;
    const aiScene* scene =
        importer.ReadFile(model.string(), aiProcess_Triangulate | aiProcess_PreTransformVertices);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    int hits = 0;
    for (const auto& [origin, direction] : rays_onto(*scene)) {
        const nlohmann::json j = pick(model, origin, direction);
        ASSERT_EQ(j["hit"], true) << j.dump();
        ++hits;
        const glm::dvec3 point = json_vec3(j["point"]);
        const std::optional<ReferenceHit> ref = face_under(*scene, point);
        ASSERT_TRUE(ref.has_value()) << "no face of Assimp's reading holds " << j["point"];
        ASSERT_EQ(j["uvs"].size(), channels) << j.dump();
        for (std::size_t c = 0; c < channels; ++c) {
            ASSERT_NE(ref->mesh->mTextureCoords[c], nullptr);
            for (int i = 0; i < 2; ++i) {
                EXPECT_NEAR(j["uvs"][c][i].get<double>(),
                            ref->interpolate(ref->mesh->mTextureCoords[c], i), 1e-4)
                    << "channel " << c << " at " << j["point"];
            }
        }
        EXPECT_EQ(j["uv"], j["uvs"][0]);
        glm::dvec3 smooth(0.0);
        for (int i = 0; i < 3; ++i)
            smooth[i] = ref->interpolate(ref->mesh->mNormals, i);
        const glm::dvec3 printed = json_vec3(j["smooth_normal"]);
        EXPECT_NEAR(glm::length(printed), 1.0, 1e-5);
        EXPECT_GT(glm::dot(printed, glm::normalize(smooth)), 1.0 - 1e-5) << j.dump();
        // A box's normals are flat: the smooth normal is the face's, against the ray.
        EXPECT_GT(glm::dot(printed, json_vec3(j["normal"])), 1.0 - 1e-5);
        EXPECT_LT(glm::dot(printed, direction), -0.99);
    }
    EXPECT_EQ(hits, 5);
}

TEST(SurfacePickCli, BothUvChannelsOfATexturedBoxMatchAssimpsOwnReading) {
    SKIP_IF_MISSING(kBoxTexcoords);
    expect_surface_like_assimp(kBoxTexcoords, 2);
    const nlohmann::json j = pick(kBoxTexcoords, {0.1, 5, 0.2}, {0, -1, 0});
    EXPECT_EQ(j["material"], "Material");
    EXPECT_EQ(fs::path(j["texture"].get<std::string>()),
              kBoxTexcoords.parent_path() / "texture.png");
}

TEST(SurfacePickCli, ARotatedTexturedBoxMatchesAssimpsOwnReading) {
    SKIP_IF_MISSING(kBoxTextured);  // its node rotates the box: world and mesh space differ
    expect_surface_like_assimp(kBoxTextured, 1);
}

TEST(SurfacePickCli, VertexColoursMatchAssimpsOwnReadingThroughBothObjLoaders) {
    SKIP_IF_MISSING(kColoredCube);
    Assimp::Importer importer;
    const aiScene* scene = importer.ReadFile(
        kColoredCube.string(), aiProcess_Triangulate | aiProcess_PreTransformVertices);
    ASSERT_NE(scene, nullptr);
    for (const auto& [origin, direction] : rays_onto(*scene)) {
        for (const std::string loader : {"--tinyobjloader", ""}) {
            const nlohmann::json j = pick(
                kColoredCube, origin, direction,
                loader.empty() ? std::vector<std::string>{} : std::vector<std::string>{loader});
            ASSERT_EQ(j["hit"], true) << loader;
            EXPECT_FALSE(j.contains("uv")) << "the cube has no texture coordinates";
            const std::optional<ReferenceHit> ref = face_under(*scene, json_vec3(j["point"]));
            ASSERT_TRUE(ref.has_value());
            ASSERT_NE(ref->mesh->mColors[0], nullptr);
            ASSERT_EQ(j["color"].size(), 4u) << j.dump();
            for (int i = 0; i < 4; ++i) {
                double expected = 0.0;
                for (int k = 0; k < 3; ++k)
                    expected += ref->w[k] * double(ref->mesh->mColors[0][ref->corners[k]][i]);
                EXPECT_NEAR(j["color"][i].get<double>(), expected, 1e-4) << loader << " " << i;
            }
        }
    }
}

TEST(SurfacePickCli, AMeshWithoutUvsOrColoursPrintsNeither) {
    const ProcessResult r = run_process(
        {raypick_exe(), "pick", "default", "--ray", "0.1", "30", "0.2", "0", "-1", "0"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["hit"], true);
    EXPECT_FALSE(j.contains("uv"));
    EXPECT_FALSE(j.contains("uvs"));
    EXPECT_FALSE(j.contains("color"));
    EXPECT_EQ(j["smooth_normal"].size(), 3u);
    EXPECT_TRUE(j["material"].is_string());
    EXPECT_TRUE(j["texture"].is_null());
}

}  // namespace surface_pick_cli_test
}  // namespace tests
