// The plain OBJ reader: files written here, the files it leaves to Assimp, bad indices, and the
// OBJ test models it reads, whose surfaces must equal Assimp's.

#include "assets/load_plain_obj.h"

#include <cstdio>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "assets/procedural/torus_knot.h"
#include "assets/testing/against_assimp.h"
#include "assets/testing/test_files.h"

// A namespace of its own: the test files of assets_test share unity batches.
namespace assets::load_plain_obj_test {
namespace {

namespace fs = std::filesystem;

std::span<const std::byte> bytes_of(const std::string& text) {
    return {reinterpret_cast<const std::byte*>(text.data()), text.size()};
}

std::string knot_obj(const MeshData& mesh) {
    std::string out = "# a torus knot\r\no knot\r\n";
    char line[96];
    for (const glm::vec3& p : mesh.positions) {
        std::snprintf(line, sizeof line, "v %.9g\t%.9g %.9g\r\n", double(p.x), double(p.y),
                      double(p.z));
        out += line;
    }
    out += "s off\r\n";
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
        std::snprintf(line, sizeof line, "f %u %u %u\r\n", mesh.indices[3 * t] + 1,
                      mesh.indices[3 * t + 1] + 1, mesh.indices[3 * t + 2] + 1);
        out += line;
    }
    return out;
}

std::string error_of(const std::string& file) {
    try {
        const bool read = read_plain_obj(bytes_of(file), "test.obj").has_value();
        ADD_FAILURE() << (read ? "read" : "left to Assimp") << " without an error";
    } catch (const LoadError& e) {
        return e.reason();
    }
    return {};
}

const std::string kTriangle = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";

TEST(PlainObj, ReadsTheKnotExactly) {
    const MeshData knot = make_knot_scene(2000).meshes.at(0);
    std::optional<Scene> scene = read_plain_obj(bytes_of(knot_obj(knot)), "knot.obj");
    ASSERT_TRUE(scene.has_value());
    validate_scene(*scene, "knot.obj");
    const MeshData& mesh = scene->meshes.at(0);
    EXPECT_EQ(mesh.positions, knot.positions);
    EXPECT_EQ(mesh.indices, knot.indices);
    EXPECT_EQ(mesh.normals.size(), knot.positions.size());
    // The other OBJ paths' layout: the file at the root, the object below it.
    ASSERT_EQ(scene->nodes.size(), 2u);
    EXPECT_EQ(scene->nodes[0].name, "knot.obj");
    EXPECT_EQ(scene->nodes[1].name, "knot");
    EXPECT_EQ(scene->nodes[1].meshes, (std::vector<std::uint32_t>{0}));
    EXPECT_EQ(mesh.name, "knot");
}

TEST(PlainObj, NegativeIndicesCountBackAndLaterVerticesAreFound) {
    std::optional<Scene> scene =
        read_plain_obj(bytes_of("v 0 0 0\nv 1 0 0\nf -2 -1 3\nv 0 1 0\n"), "a.obj");
    ASSERT_TRUE(scene.has_value());
    EXPECT_EQ(scene->meshes.at(0).indices, (std::vector<std::uint32_t>{0, 1, 2}));
    EXPECT_EQ(scene->meshes.at(0).name, "defaultobject");
}

TEST(PlainObj, AnObjectNameOfBlanksAloneKeepsTheDefaultName) {
    // Found by fuzz_plain_obj: "o" and a tab read the name from past its end.
    for (const std::string line : {"o\t\n", "o \t \r\n", "g\n", "o  a b \t\n"}) {
        std::optional<Scene> scene =
            read_plain_obj(bytes_of(line + kTriangle + "f 1 2 3\n"), "a.obj");
        ASSERT_TRUE(scene.has_value());
        EXPECT_EQ(scene->meshes.at(0).name, line == "o  a b \t\n" ? "a b" : "defaultobject");
    }
}

TEST(PlainObj, LeavesOtherFilesToAssimp) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"texture coordinates", kTriangle + "vt 0 0\nf 1 2 3\n"},
        {"normals", kTriangle + "vn 0 0 1\nf 1 2 3\n"},
        {"corners with texture coordinates", kTriangle + "f 1/1 2/2 3/3\n"},
        {"corners with normals", kTriangle + "f 1//1 2//1 3//1\n"},
        {"a material library", "mtllib a.mtl\n" + kTriangle + "f 1 2 3\n"},
        {"a material", kTriangle + "usemtl red\nf 1 2 3\n"},
        {"a quad", kTriangle + "v 1 1 0\nf 1 2 4 3\n"},
        {"a line", kTriangle + "l 1 2\nf 1 2 3\n"},
        {"two groups", "g a\n" + kTriangle + "f 1 2 3\ng b\nf 3 2 1\n"},
        {"a homogeneous W (Assimp divides by it)", "v 0 0 0 2\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"},
        {"vertex colours", "v 0 0 0 1 0 0\nv 1 0 0 1 0 0\nv 0 1 0 1 0 0\nf 1 2 3\n"},
        {"a number it cannot read", "v 0 0 zero\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"},
        {"a face of two corners", kTriangle + "f 1 2\n"},
    };
    for (const auto& [what, file] : cases) {
        SCOPED_TRACE(what);
        EXPECT_FALSE(read_plain_obj(bytes_of(file), "a.obj").has_value());
    }
}

TEST(PlainObj, AFaceNamingAMissingVertexIsAnErrorThatSaysWhich) {
    EXPECT_EQ(error_of(kTriangle + "f 1 2 4\n"),
              "face 0 names vertex 4, but the file has 3 vertices");
    EXPECT_EQ(error_of(kTriangle + "f 1 2 3\nf 0 1 2\n"),
              "face 1 names vertex 0, which the file does not have");
    EXPECT_EQ(error_of(kTriangle + "f -4 1 2\n"),
              "face 0 names vertex -4, which the file does not have");
}

TEST(PlainObj, AFileOfNoFacesIsReadAsNoTriangles) {
    for (const std::string& file : {std::string(), std::string("# nothing\n"), kTriangle}) {
        std::optional<Scene> scene = read_plain_obj(bytes_of(file), "empty.obj");
        ASSERT_TRUE(scene.has_value());
        EXPECT_EQ(scene->triangle_count(), 0u);
        EXPECT_THROW(validate_scene(*scene, "empty.obj"), LoadError);
    }
}

TEST(PlainObj, StopsWhenCancelled) {
    // The first look at cancel comes after 16 MB of text.
    const std::string file = knot_obj(make_knot_scene(500000).meshes.at(0));
    ASSERT_GT(file.size(), std::size_t(16) << 20);
    LoadProgress progress;
    progress.cancel = true;
    try {
        (void)read_plain_obj(bytes_of(file), "knot.obj", &progress);
        ADD_FAILURE() << "read a cancelled load";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.failure(), LoadFailure::Cancelled);
    }
}

TEST(PlainObj, EveryTestModelItReadsHasAssimpsSurface) {
    std::vector<fs::path> files;
    if (fs::exists(tests::kBunny)) files.push_back(tests::kBunny);
    for (const fs::path& folder : {tests::kAssimpModels / "OBJ", tests::kTestData})
        for (const fs::path& file : tests::files_with_extension(folder, ".obj", false))
            files.push_back(file);
    // The layout too: the file at the root, the object below it, as Assimp names them.
    EXPECT_GE(tests::expect_assimps_surface(files, "plain OBJ reader", true), 1u)
        << "no test model was read by the plain OBJ reader";
}

}  // namespace
}  // namespace assets::load_plain_obj_test
