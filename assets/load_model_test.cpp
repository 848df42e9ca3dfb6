// The loaders through their front door, load_model: Assimp and tinyobjloader on the project's
// testdata and Debian's test models, and every way a file can be bad (one suite: over 600 lines
// on purpose).

#include "assets/load_model.h"
#include "assets/finite_vec3.h"
#include "assets/scene/mesh_normals.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "assets/testing/same_surface.h"
#include "assets/testing/scene_notes.h"
#include "assets/testing/test_files.h"

namespace assets {
namespace {

namespace fs = std::filesystem;

using tests::kAssimpModels;
using tests::kBunny;
using tests::kTestData;

/// The front door's own choice for .obj: Assimp, except that a file of positions and triangles
/// alone goes to the plain OBJ reader.
constexpr LoadOptions kViaAssimp{false};
constexpr LoadOptions kViaTinyobj{true};

// == Helpers

/// A fresh directory for one test, removed afterwards.
class TempDir {
  public:
    TempDir() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = fs::temp_directory_path() /
                ("raypick_load_model_test_" + std::string(info->test_suite_name()) + "_" +
                 info->name() + "_" + std::to_string(std::random_device{}()));
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    fs::path write(const std::string& name, const std::string& content) const {
        const fs::path file = path_ / name;
        std::ofstream(file, std::ios::binary) << content;
        return file;
    }
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

/// The message of the LoadError that `load` throws, or a test failure when it throws none.
template <typename Load>
std::string load_error_of(Load&& load) {
    try {
        (void)load();
    } catch (const LoadError& e) {
        return e.what();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "threw something other than LoadError: " << e.what();
        return {};
    }
    ADD_FAILURE() << "loaded without a LoadError";
    return {};
}

std::string load_error(const fs::path& path, const LoadOptions& options) {
    return load_error_of([&] { return load_model(path, options); });
}

/// Expects the same surface (assets/testing/same_surface.h): the same area, the same triangles
/// up to order and to how polygons were cut, and seeded random rays picking the same points.
void expect_same_surface(const Scene& a, const Scene& b, std::uint32_t seed) {
    const std::vector<std::string> differences = tests::surface_differences(a, b);
    EXPECT_TRUE(differences.empty())
        << differences.size() << " differences, the first: " << differences.front();
    // About ten million ray-triangle tests per scene, and never fewer than 64 rays.
    const std::size_t rays = std::clamp<std::size_t>(
        10'000'000 / std::max<std::size_t>(a.triangle_count(), 1), 64, 1000);
    const tests::PickComparison picks = tests::compare_picks(a, b, seed, rays);
    EXPECT_TRUE(picks.differences.empty())
        << picks.differences.size() << " of " << picks.rays
        << " rays pick differently, the first: " << picks.differences.front();
    if (tests::surface_area(a) > 0.0) {  // a file of flat triangles only leaves nothing to hit
        EXPECT_GE(picks.compared_hits, picks.rays / 4) << "too few hits away from edges to judge";
    }
    EXPECT_LE(picks.grazing, picks.rays / 20) << "too many rays grazing an edge";
}

/// Expects a scene any caller can use: triangles, finite positions and normals.
void expect_usable(const Scene& scene) {
    EXPECT_GT(scene.triangle_count(), 0u);
    for (const MeshData& mesh : scene.meshes) {
        for (const glm::vec3& p : mesh.positions)
            EXPECT_TRUE(is_finite(p)) << p.x << " " << p.y << " " << p.z;
        for (const glm::vec3& n : mesh.normals)
            EXPECT_TRUE(is_finite(n)) << n.x << " " << n.y << " " << n.z;
    }
}

using tests::contains;
using tests::has_note;

#define SKIP_IF_MISSING(path)                              \
    do {                                                   \
        if (!fs::exists(path)) {                           \
            GTEST_SKIP() << (path) << " is not installed"; \
        }                                                  \
    } while (false)

// == Files that are not models

TEST(LoadModel, DefaultNamesTheBuiltInSceneNotAFile) {
    // Repro: the CLI's `raypick pick default` went through load_model and reported
    // "default: no such file"; every caller must get the built-in scene from the front door.
    const Scene scene = load_model(kDefaultSceneName);
    EXPECT_EQ(scene.source, "default");
    EXPECT_GT(scene.triangle_count(), 1000u);
    EXPECT_FALSE(scene.clips.empty());
}

TEST(LoadModel, TheExtensionsAssimpReadsAreListedForTheOpenDialog) {
    const std::vector<std::string> extensions = assets::model_extensions();
    for (const char* wanted :
         {".obj", ".ply", ".stl", ".off", ".3ds", ".dae", ".gltf", ".glb", ".fbx", ".x", ".md2"})
        EXPECT_NE(std::find(extensions.begin(), extensions.end(), wanted), extensions.end())
            << wanted;
    for (const std::string& e : extensions) {
        EXPECT_EQ(e[0], '.') << e;
        EXPECT_EQ(e.find('*'), std::string::npos) << e;
        EXPECT_EQ(std::count_if(e.begin(), e.end(), [](char c) { return std::isupper(c); }), 0)
            << e;
    }
}

TEST(LoadModel, MissingFileIsAnErrorThatNamesThePath) {
    TempDir dir;
    const fs::path missing = dir.path() / "no_such_model.obj";
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        const std::string message = load_error(missing, options);
        EXPECT_TRUE(contains(message, missing.string())) << message;
        EXPECT_TRUE(contains(message, "no such file")) << message;
    }
    EXPECT_TRUE(contains(load_error(dir.path() / "missing.dae", kViaAssimp), "missing.dae"));
}

TEST(LoadModel, DirectoryIsAnError) {
    TempDir dir;
    const fs::path looks_like_a_model = dir.path() / "folder.obj";
    fs::create_directory(looks_like_a_model);
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        EXPECT_TRUE(contains(load_error(dir.path(), options), "directory"));
        EXPECT_TRUE(contains(load_error(looks_like_a_model, options), "directory"));
    }
}

TEST(LoadModel, GarbageBytesAreAnErrorNotACrash) {
    TempDir dir;
    std::mt19937 random(20240601);  // fixed seed: the same garbage every run
    std::string garbage(4096, '\0');
    for (char& c : garbage)
        c = char(random() & 0xff);
    for (const char* name : {"x.obj", "x.ply", "x.dae", "x.stl", "x.gltf", "x.fbx", "x.3ds"}) {
        const fs::path file = dir.write(name, garbage);
        for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
            const std::string message = load_error(file, options);
            EXPECT_TRUE(contains(message, file.string())) << message;
        }
    }
}

TEST(LoadModel, EmptyFileIsAnError) {
    TempDir dir;
    for (const char* name : {"empty.obj", "empty.ply", "empty.dae"}) {
        const fs::path file = dir.write(name, "");
        for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
            EXPECT_FALSE(load_error(file, options).empty()) << name;
        }
    }
}

TEST(LoadModel, TruncatedRealModelsFailCleanlyOrLoad) {
    TempDir dir;
    for (const fs::path& source : {kAssimpModels / "Collada/duck.dae",
                                   kAssimpModels / "OBJ/spider.obj", kAssimpModels / "PLY/cube.ply",
                                   kAssimpModels / "glTF2/BoxTextured-glTF/BoxTextured.gltf"}) {
        if (!fs::exists(source)) continue;
        std::ifstream in(source, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
        for (const double part : {0.1, 0.5, 0.9}) {
            const fs::path cut =
                dir.write("cut" + source.extension().string(),
                          bytes.substr(0, std::size_t(double(bytes.size()) * part)));
            for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
                // Either outcome is fine; a crash or another exception type is not.
                try {
                    const Scene scene = load_model(cut, options);
                    EXPECT_GT(scene.triangle_count(), 0u);
                } catch (const LoadError&) {
                }
            }
        }
    }
}

// == Files without triangles, or with broken ones

TEST(LoadModel, ObjWithOnlyPointsAndLinesHasNoTriangles) {
    TempDir dir;
    const fs::path lines =
        dir.write("lines.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2 3\nl 3 1\np 1 2\n");
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        const std::string message = load_error(lines, options);
        EXPECT_TRUE(contains(message, "contains no triangles")) << message;
    }
}

TEST(LoadModel, ObjWithoutFacesHasNoTriangles) {
    TempDir dir;
    const fs::path no_faces =
        dir.write("no_faces.obj", "# just points\nv 0 0 0\nv 1 0 0\nv 0 1 0\n");
    const fs::path comment_only = dir.write("comment.obj", "# nothing here at all, not a thing\n");
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        EXPECT_TRUE(contains(load_error(no_faces, options), "contains no triangles"));
        EXPECT_TRUE(contains(load_error(comment_only, options), "contains no triangles"));
    }
}

TEST(LoadModel, NonFiniteVertexUsedByAFaceIsAnError) {
    TempDir dir;
    for (const char* bad : {"nan", "inf", "-inf", "1e999"}) {
        const fs::path file =
            dir.write("bad.obj", "v 0 0 0\nv 1 0 0\nv 0 " + std::string(bad) + " 0\nf 1 2 3\n");
        const std::string message = load_error(file, kViaAssimp);
        EXPECT_TRUE(contains(message, "non-finite")) << bad << ": " << message;
        // tinyobjloader reads a word that is not a number as 0; what it does read may overflow.
        try {
            expect_usable(load_model(file, kViaTinyobj));
        } catch (const LoadError& e) {
            EXPECT_TRUE(contains(e.what(), "non-finite")) << bad << ": " << e.what();
        }
    }
    EXPECT_TRUE(contains(
        load_error(dir.write("big.obj", "v 0 0 0\nv 1e999 0 0\nv 0 1 0\nf 1 2 3\n"), kViaTinyobj),
        "non-finite"));
}

TEST(LoadModel, HugeCoordinatesLoadWithUsableNormals) {
    TempDir dir;
    // Finite floats whose cross products overflow: the smooth normals must not.
    const fs::path file = dir.write(
        "huge.obj", "v 3e38 0 0\nv 0 3e38 0\nv -3e38 -3e38 1\nv 0 0 3e38\nf 1 2 3\nf 1 2 4\n");
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        const Scene scene = load_model(file, options);
        EXPECT_EQ(scene.triangle_count(), 2u);
        expect_usable(scene);
        for (const glm::vec3& n : scene.meshes.at(0).normals)
            EXPECT_NEAR(glm::length(n), 1.0f, 1e-5f);
    }
}

TEST(LoadModel, FaceIndexOutOfRangeIsAnError) {
    TempDir dir;
    // A good triangle first: a loader that skipped the bad face would still have one to show.
    const std::string five = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nv 2 1 0\nf 1 2 3\n";
    for (const char* face : {"f 1 2 6", "f -6 -2 -1", "f 0 1 2", "f 1 2 4 9", "f -9 1 2 4",
                             "f 1 2 5 4 9", "f 1 2 5 4 -9"}) {
        const fs::path file = dir.write("bad_index.obj", five + face + "\n");
        for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
            const std::string message = load_error(file, options);
            EXPECT_TRUE(contains(message, file.string())) << face << ": " << message;
        }
    }
}

TEST(LoadModel, DegenerateFacesAreKeptOrSkippedNeverACrash) {
    TempDir dir;
    // One real triangle beside a repeated corner, a flat quad and a pentagon folded onto one
    // point (a face of two corners is among the odd statements below).
    const fs::path file = dir.write("degenerate.obj",
                                    "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 2 0 0\nv 3 0 0\n"
                                    "f 1 2 3\nf 1 1 1\nf 1 2 4 5\nf 2 2 2 2 2\n");
    const Scene assimp = load_model(file, kViaAssimp);
    const Scene tinyobj = load_model(file, kViaTinyobj);
    expect_usable(assimp);
    expect_usable(tinyobj);
    expect_same_surface(assimp, tinyobj, 11);
}

TEST(LoadModel, OddBytesInNamesAreKeptAsBytes) {
    TempDir dir;
    const fs::path file = dir.write("odd.obj",
                                    "mtllib \xff\xfe.mtl\no \xff\xfe\x01name\x7f\nusemtl \xc3\x28\n"
                                    "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\ng \x80 \x81\nf 3 2 1\n");
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj})
        expect_usable(load_model(file, options));
    const Scene tinyobj = load_model(file, kViaTinyobj);
    ASSERT_EQ(tinyobj.nodes.size(), 3u);
    EXPECT_EQ(tinyobj.nodes[1].name, "\xff\xfe\x01name\x7f");
    EXPECT_EQ(tinyobj.nodes[2].name, "\x80 \x81");
}

TEST(LoadModel, OddObjStatementsLoadOrFailCleanly) {
    TempDir dir;
    const std::string corners = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\n";
    for (const char* odd :
         {"f 1 2 3 # a comment\n", "f 1 2 \\\n3\n", "f 1 2 99999999999\n", "f 1 2\nf 1 2 3\n",
          "v 1 1 1 0\nf 1 2 5\n", "g\nf 1 2 3\n", "o\nf 1 2 3\n", "usemtl\nf 1 2 3\n",
          "mtllib\nf 1 2 3\n", "f 1/1/1 2/2/2 3/3/3\n", "f 1/x 2/y 3/z\n",
          "f 1 2 3 4 1 2 3 4 1 2 3 4\n", "s off\nf 1 2 3 4\nvn 0 0 0\n",
          "vn nan nan nan\nf 1//1 2//1 3//1\n"}) {
        const fs::path file = dir.write("odd.obj", corners + odd);
        for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
            try {
                expect_usable(load_model(file, options));
            } catch (const LoadError& e) {
                EXPECT_TRUE(contains(e.what(), file.string())) << odd << ": " << e.what();
            }
        }
    }
}

TEST(LoadModel, PointsAndLinesNextToTrianglesAreDroppedWithANote) {
    TempDir dir;
    const fs::path file =
        dir.write("mixed.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nl 1 4\np 4\n");
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        const Scene scene = load_model(file, options);
        EXPECT_EQ(scene.triangle_count(), 1u);
        EXPECT_TRUE(has_note(scene, "line/point"))
            << (options.obj_via_tinyobjloader ? "tinyobj" : "assimp");
    }
}

// == Cancel and progress

TEST(LoadModel, CancelBeforeLoadingIsAnError) {
    const fs::path obj = kTestData / "polygons.obj";
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        LoadProgress progress;
        progress.cancel = true;
        const std::string message =
            load_error_of([&] { return load_model(obj, options, &progress); });
        EXPECT_TRUE(contains(message, "cancelled")) << message;
    }
}

TEST(LoadModel, ProgressEndsAtOne) {
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        LoadProgress progress;
        const Scene scene = load_model(kTestData / "polygons.obj", options, &progress);
        EXPECT_EQ(progress.fraction.load(), 1.0f);
        EXPECT_FALSE(progress.cancel.load());
    }
}

// == Hand-written .obj files

TEST(LoadModel, BothObjLoadersCoverThePolygonsAlike) {
    const Scene assimp = load_model(kTestData / "polygons.obj", kViaAssimp);
    const Scene tinyobj = load_model(kTestData / "polygons.obj", kViaTinyobj);
    // Any triangulation of a simple polygon of n corners has n - 2 triangles, and its area:
    // quad 4 (2 triangles), dart 4 (2), hexagon 3 (4), star 1.17554114 (8), triangle 2 (1).
    constexpr double kArea = 4.0 + 4.0 + 3.0 + 1.17554114 + 2.0;
    for (const Scene* scene : {&assimp, &tinyobj}) {
        EXPECT_EQ(scene->triangle_count(), 17u);
        EXPECT_NEAR(tests::surface_area(*scene), kArea, 1e-5);
    }
    expect_same_surface(assimp, tinyobj, 1);
}

TEST(LoadModel, ObjLayoutIsANodePerObjectOrGroup) {
    const Scene assimp = load_model(kTestData / "polygons.obj", kViaAssimp);
    const Scene tinyobj = load_model(kTestData / "polygons.obj", kViaTinyobj);
    // A root named after the file, one child per object or group, a mesh per material.
    for (const Scene* scene : {&assimp, &tinyobj}) {
        ASSERT_EQ(scene->nodes.size(), 3u);
        EXPECT_EQ(scene->nodes[0].name, "polygons.obj");
        EXPECT_EQ(scene->nodes[1].name, "quads");
        EXPECT_EQ(scene->nodes[2].name, "ngons");
        ASSERT_EQ(scene->nodes[2].meshes.size(), 2u);
        ASSERT_EQ(scene->materials.size(), 3u);
        EXPECT_EQ(scene->materials[1].name, "red");
        EXPECT_EQ(scene->materials[1].base_color, glm::vec3(1, 0, 0));
        EXPECT_EQ(scene->materials[scene->meshes[scene->nodes[1].meshes[0]].material].name, "red");
        EXPECT_EQ(scene->materials[scene->meshes[scene->nodes[2].meshes[0]].material].name, "blue");
        EXPECT_EQ(scene->materials[scene->meshes[scene->nodes[2].meshes[1]].material].name, "red");
        EXPECT_EQ(scene->source, (kTestData / "polygons.obj").string());
    }
}

TEST(LoadModel, MissingMaterialLibraryIsANote) {
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        const Scene scene = load_model(kTestData / "missing_mtl.obj", options);
        EXPECT_EQ(scene.triangle_count(), 1u);
        ASSERT_FALSE(scene.materials.empty());
        EXPECT_LT(scene.meshes[0].material, scene.materials.size());
    }
    const Scene tinyobj = load_model(kTestData / "missing_mtl.obj", kViaTinyobj);
    EXPECT_TRUE(has_note(tinyobj, "nowhere_to_be_found.mtl"));
}

// tinyobjloader read whatever `mtllib` named: /dev/zero was one endless line that grew until
// memory ran out. Only regular files of a bounded size are read now.
TEST(LoadModel, AMaterialLibraryThatIsNotARegularFileIsIgnored) {
    TempDir dir;
    const fs::path file =
        dir.write("zero.obj",
                  "mtllib ../../../../../../../../../../../../../../../../dev/zero\nmtllib .\n"
                  "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    const Scene scene = load_model(file, kViaTinyobj);
    EXPECT_EQ(scene.triangle_count(), 1u);
    EXPECT_TRUE(has_note(scene, "not a regular file"));
}

// tinyobjloader kept an object's name whole: 30,000 bytes drawn as one text aborted the viewer.
// Both loaders keep at most what Assimp's aiString holds (Assimp drops a longer name).
TEST(LoadModel, NamesAreCappedAtWhatAssimpKeeps) {
    TempDir dir;
    const std::string name(30000, 'n');
    const fs::path file =
        dir.write("long_name.obj", "mtllib long_name.mtl\no " + name + "\nusemtl " + name +
                                       "\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    dir.write("long_name.mtl", "newmtl " + name + "\nKd 1 0 0\n");
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        const Scene scene = load_model(file, options);
        ASSERT_EQ(scene.triangle_count(), 1u);
        for (const SceneNode& node : scene.nodes)
            EXPECT_LE(node.name.size(), kMaxNameBytes);
        for (const MeshData& mesh : scene.meshes)
            EXPECT_LE(mesh.name.size(), kMaxNameBytes);
        for (const Material& material : scene.materials)
            EXPECT_LE(material.name.size(), kMaxNameBytes);
    }
    const Scene tinyobj = load_model(file, kViaTinyobj);
    EXPECT_EQ(tinyobj.nodes.at(1).name, std::string(kMaxNameBytes, 'n'));
}

TEST(LoadModel, UppercaseObjExtensionGoesToTinyobj) {
    TempDir dir;
    // tinyobjloader's warnings become notes that name it, which tells the paths apart.
    const fs::path file =
        dir.write("SHOUT.OBJ", "usemtl undefined\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    EXPECT_FALSE(has_note(load_model(file, kViaAssimp), "tinyobjloader"));
    const Scene tinyobj = load_model(file, kViaTinyobj);
    EXPECT_EQ(tinyobj.triangle_count(), 1u);
    EXPECT_TRUE(has_note(tinyobj, "tinyobjloader"));
}

TEST(LoadModel, ObjNormalsAreKeptOrDerived) {
    TempDir dir;
    const fs::path with =
        dir.write("with.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 -1\nf 1//1 2//1 3//1\n");
    const fs::path without = dir.write("without.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    const fs::path broken =
        dir.write("broken.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//1 3//7\n");
    for (const LoadOptions& options : {kViaAssimp, kViaTinyobj}) {
        // The file's normal wins, even where it disagrees with the winding.
        const Scene kept = load_model(with, options);
        for (const glm::vec3& n : kept.meshes.at(0).normals)
            EXPECT_EQ(n, glm::vec3(0, 0, -1));
        // Without: the plain OBJ reader (which the default path gives such a file) and
        // tinyobjloader's path both leave them to be derived for drawing, the winding's.
        const MeshData without_normals = load_model(without, options).meshes.at(0);
        EXPECT_TRUE(without_normals.normals.empty());
        const std::vector<glm::vec3> normals =
            smooth_normals(without_normals.positions, without_normals.indices);
        ASSERT_EQ(normals.size(), 3u);
        for (const glm::vec3& n : normals)
            EXPECT_NEAR(glm::distance(n, glm::vec3(0, 0, 1)), 0.0f, 1e-6f);
    }
    // A normal index out of range: no normals (smooth ones for drawing), a note, and no crash.
    const Scene scene = load_model(broken, kViaTinyobj);
    EXPECT_TRUE(scene.meshes.at(0).normals.empty());
    EXPECT_TRUE(has_note(scene, "smooth normals are derived instead"));
}

TEST(LoadModel, AssimpContinuesALineAfterABackslash) {
    TempDir dir;
    const fs::path continued =
        dir.write("continued.obj", "v 0 0 0\nv 1 0 \\\n0\nv 0 1 0\nv 1 1 0\nf 1 2 \\\r\n 4 3\n");
    const fs::path joined =
        dir.write("joined.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 4 3\n");
    const Scene assimp = load_model(continued, kViaAssimp);
    EXPECT_EQ(assimp.triangle_count(), 2u);
    expect_same_surface(assimp, load_model(joined, kViaAssimp), 2);
}

TEST(LoadModel, AssimpDividesHomogeneousVerticesByW) {
    // tinyobjloader reads a fourth number as the start of a vertex colour, not as w.
    TempDir dir;
    const fs::path file = dir.write("w.obj", "v 0 0 0 1\nv 2 0 0 2\nv 0 3 0 3\nf 1 2 3\n");
    const fs::path divided = dir.write("divided.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    expect_same_surface(load_model(file, kViaAssimp), load_model(divided, kViaAssimp), 3);
}

// == validate_scene

Scene minimal_scene() {
    Scene scene;
    MeshData mesh;
    mesh.name = "tri";
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    mesh.indices = {0, 1, 2};
    scene.meshes.push_back(mesh);
    scene.materials.push_back({});
    scene.nodes.push_back({"root", glm::mat4(1.0f), -1, {1}, {}});
    scene.nodes.push_back({"child", glm::mat4(1.0f), 0, {}, {0}});
    return scene;
}

std::string validation_error(const Scene& scene) {
    return load_error_of([&] {
        validate_scene(scene, "scene.obj");
        return 0;
    });
}

TEST(ValidateScene, AcceptsAMinimalScene) {
    EXPECT_NO_THROW(validate_scene(minimal_scene(), "x"));
}

TEST(ValidateScene, RejectsWhatLoadersMustNotProduce) {
    {
        Scene scene = minimal_scene();
        scene.meshes[0].indices.clear();
        EXPECT_TRUE(contains(validation_error(scene), "contains no triangles"));
    }
    {
        Scene scene = minimal_scene();
        scene.meshes[0].positions[2].y = std::numeric_limits<float>::quiet_NaN();
        const std::string message = validation_error(scene);
        EXPECT_TRUE(contains(message, "'tri'") && contains(message, "vertex 2")) << message;
        EXPECT_TRUE(contains(message, "scene.obj")) << message;
    }
    {
        Scene scene = minimal_scene();
        scene.meshes[0].positions[0].x = std::numeric_limits<float>::infinity();
        EXPECT_TRUE(contains(validation_error(scene), "non-finite"));
    }
    {
        Scene scene = minimal_scene();
        scene.meshes[0].indices[1] = 3;
        EXPECT_TRUE(contains(validation_error(scene), "index 1"));
    }
    {
        Scene scene = minimal_scene();
        scene.meshes[0].normals.pop_back();
        EXPECT_TRUE(contains(validation_error(scene), "2 normals for 3 positions"));
    }
    {
        Scene scene = minimal_scene();
        scene.nodes[0].parent = 1;
        EXPECT_TRUE(contains(validation_error(scene), "not a root"));
    }
    {
        Scene scene = minimal_scene();
        scene.nodes.push_back({"orphan", glm::mat4(1.0f), 5, {}, {}});
        EXPECT_TRUE(contains(validation_error(scene), "does not precede"));
    }
    {
        Scene scene = minimal_scene();
        scene.nodes[1].meshes.push_back(4);
        EXPECT_TRUE(contains(validation_error(scene), "draws mesh 4"));
    }
    {
        Scene scene = minimal_scene();
        scene.meshes[0].material = 1;
        EXPECT_TRUE(contains(validation_error(scene), "material"));
    }
}

// == Real models

TEST(RealModels, BunnyHas69666TrianglesThroughBothPaths) {
    SKIP_IF_MISSING(kBunny);
    EXPECT_EQ(load_model(kBunny, kViaAssimp).triangle_count(), 69666u);
    EXPECT_EQ(load_model(kBunny, kViaTinyobj).triangle_count(), 69666u);
}

/// Every .obj of the project's testdata, Debian's assimp-testmodels and glmark2's models.
std::vector<fs::path> obj_files() {
    std::vector<fs::path> files;
    for (const fs::path& folder :
         {kTestData, kAssimpModels / "OBJ", fs::path("/usr/share/glmark2/models")}) {
        if (!fs::exists(folder)) continue;
        for (const auto& entry : fs::directory_iterator(folder))
            if (entry.path().extension() == ".obj") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

/// Files whose faces one library cuts into triangles wrongly, so the loaders cannot agree.
const std::map<std::string, std::string> kMiscut = {
    {"concave_polygon.obj",
     "a 66-corner ring cut open by a bridge: tinyobjloader's ear clipping covers its hole"},
    {"space_in_material_name.obj", "the same ring as concave_polygon.obj"},
    {"box_longline.obj", "a face walks the box's four corners 234 times: no surface to agree on"},
};

TEST(RealModels, EveryObjBothLoadersReadShowsTheSameSurface) {
    const std::vector<fs::path> files = obj_files();
    std::size_t compared = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
        const fs::path& file = files[i];
        SCOPED_TRACE(file.string());
        Scene assimp, tinyobj;
        try {
            assimp = load_model(file, kViaAssimp);
            tinyobj = load_model(file, kViaTinyobj);
        } catch (const LoadError& e) {
            // Files neither loader can use (points only, UTF-16) must fail through both.
            EXPECT_FALSE(load_error(file, kViaAssimp).empty()) << e.what();
            EXPECT_FALSE(load_error(file, kViaTinyobj).empty()) << e.what();
            continue;
        }
        if (kMiscut.contains(file.filename().string())) {
            expect_usable(assimp);
            expect_usable(tinyobj);
            continue;
        }
        expect_same_surface(assimp, tinyobj, std::uint32_t(100 + i));
        ++compared;
    }
    // polygons, bunny, spider, WusonOBJ, regr01, the boxes and cubes, ...
    EXPECT_GE(compared, 15u);
}

/// "node: material material ..." for every node that draws something, in node order.
std::vector<std::string> drawing_nodes(const Scene& scene) {
    std::vector<std::string> out;
    for (const SceneNode& node : scene.nodes) {
        if (node.meshes.empty()) continue;
        std::vector<std::string> materials;
        for (std::uint32_t m : node.meshes)
            materials.push_back(scene.materials[scene.meshes[m].material].name);
        std::sort(materials.begin(), materials.end());
        std::string line = node.name + ":";
        for (const std::string& material : materials)
            line += " " + material;
        out.push_back(line);
    }
    return out;
}

TEST(RealModels, ObjNodesAndMaterialsAgreeWithAssimp) {
    std::size_t checked = 0;
    // Files whose every usemtl names a material their .mtl defines: tinyobjloader forgets the
    // name of one it does not find, Assimp makes a material of that name.
    for (const char* name : {"spider.obj", "regr01.obj", "regr_3429812.obj"}) {
        const fs::path file = kAssimpModels / "OBJ" / name;
        if (!fs::exists(file)) continue;
        SCOPED_TRACE(name);
        // The same nodes by name, drawing the same materials by name (Assimp also makes an
        // empty node for a bare "g", which tinyobjloader ignores).
        const std::vector<std::string> assimp = drawing_nodes(load_model(file, kViaAssimp));
        EXPECT_GT(assimp.size(), 0u);
        EXPECT_EQ(assimp, drawing_nodes(load_model(file, kViaTinyobj)));
        ++checked;
    }
    if (checked == 0) GTEST_SKIP() << "no assimp test models installed";
}

TEST(RealModels, DuckKeepsItsNodeHierarchy) {
    const fs::path duck = kAssimpModels / "Collada/duck.dae";
    SKIP_IF_MISSING(duck);
    const Scene scene = load_model(duck);
    EXPECT_GT(scene.nodes.size(), 1u);
    EXPECT_TRUE(std::any_of(scene.nodes.begin(), scene.nodes.end(), [](const SceneNode& node) {
        return node.local_transform != glm::mat4(1.0f);
    }));
    EXPECT_EQ(scene.triangle_count(), 4212u);
    // Translation sits in the last column of a column-major glm matrix: the row-major aiMatrix4x4
    // must have been transposed. Every world vertex of the duck stays within a sane box.
    for (const glm::mat4& world : scene.world_transforms(scene.rest_local_transforms())) {
        EXPECT_EQ(world[0][3], 0.0f);
        EXPECT_EQ(world[1][3], 0.0f);
        EXPECT_EQ(world[2][3], 0.0f);
        EXPECT_EQ(world[3][3], 1.0f);
    }
}

TEST(RealModels, AnimationClipsMapToExistingNodes) {
    std::size_t checked = 0;
    for (const fs::path& file : {kAssimpModels / "Collada/box_nested_animation.dae",
                                 kAssimpModels / "glTF2/simple_skin/simple_skin.gltf"}) {
        if (!fs::exists(file)) continue;
        SCOPED_TRACE(file.string());
        const Scene scene = load_model(file);
        ASSERT_FALSE(scene.clips.empty());
        for (const AnimationClip& clip : scene.clips) {
            EXPECT_FALSE(clip.channels.empty());
            EXPECT_GT(clip.ticks_per_second, 0.0);
            EXPECT_GT(clip.duration_ticks, 0.0);
            for (const NodeChannel& channel : clip.channels) {
                ASSERT_LT(channel.node, scene.nodes.size());
                EXPECT_FALSE(channel.positions.empty() && channel.rotations.empty() &&
                             channel.scales.empty());
                for (const RotationKey& key : channel.rotations)
                    EXPECT_NEAR(glm::length(key.value), 1.0f, 1e-3f);
            }
        }
        ++checked;
    }
    if (checked == 0) GTEST_SKIP() << "no animated test models installed";
}

TEST(RealModels, SkinnedModelKeepsItsBonesAndWeights) {
    const fs::path file = kAssimpModels / "glTF2/simple_skin/simple_skin.gltf";
    SKIP_IF_MISSING(file);
    const Scene scene = load_model(file);
    EXPECT_FALSE(has_note(scene, "skinning is not applied"));
    ASSERT_EQ(scene.meshes.size(), 1u);
    const MeshSkin& skin = scene.meshes[0].skin;
    ASSERT_EQ(skin.joints.size(), 2u);
    EXPECT_EQ(scene.nodes[skin.joints[0].node].name, "nodes[1]");
    EXPECT_EQ(scene.nodes[skin.joints[1].node].name, "nodes[2]");
    ASSERT_EQ(skin.vertex_weights.size(), scene.meshes[0].positions.size());
    for (const glm::vec4& w : skin.vertex_weights)
        EXPECT_NEAR(w.x + w.y + w.z + w.w, 1.0f, 1e-6f);
}

}  // namespace
}  // namespace assets
