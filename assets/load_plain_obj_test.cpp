// The plain OBJ reader: files written here, the files it leaves to Assimp, bad indices, and the
// OBJ test models it reads, whose surfaces must equal Assimp's.

#include "assets/load_plain_obj.h"

#include <cstdio>
#include <filesystem>
#include <optional>
#include <random>
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
    EXPECT_TRUE(mesh.normals.empty()) << "none in the file: derived for drawing";
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

TEST(PlainObj, EveryKindOfLineEndReadsAlike) {
    // Lines are read up to their newline without finding it first: a number or a word must
    // stop there, never run on into the next line.
    const std::vector<std::string> files = {
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
        "v 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nf 1 2 3\r\n",
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3",
        "v 0 0 0 \t\nv 1 0 0\t\n\n\n   \nv 0 1 0   \r\n# no newline at the end\nf 1 2 3 ",
        "\n\n# first\ns 1\nv 0 0 0\n#\nv 1 0 0\n  v 0 1 0\n\tf 1 2 3\n# last",
    };
    for (const std::string& file : files) {
        SCOPED_TRACE(file);
        std::optional<Scene> scene = read_plain_obj(bytes_of(file), "a.obj");
        ASSERT_TRUE(scene.has_value());
        const MeshData& mesh = scene->meshes.at(0);
        EXPECT_EQ(mesh.positions, (std::vector<glm::vec3>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}));
        EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2}));
    }
    // A line cut short leaves the file to Assimp even when the next line could finish it.
    for (const std::string& file :
         {std::string("v 0 0\n0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"), kTriangle + "f 1 2\n3\n",
          kTriangle + "f 1 2 3\r4\n", std::string("v 0 0 0\nv 1 0 0\nv 0 1")}) {
        SCOPED_TRACE(file);
        EXPECT_FALSE(read_plain_obj(bytes_of(file), "a.obj").has_value());
    }
}

/// What reading a text gives, in words: the scene's mesh, "left to Assimp", or the error.
std::string outcome_of(const std::string& file, const PlainObjSplit& split) {
    try {
        const std::optional<Scene> scene = read_plain_obj(bytes_of(file), "a.obj", nullptr, split);
        if (!scene) return "left to Assimp";
        const MeshData& mesh = scene->meshes.at(0);
        std::string out = "name " + mesh.name + "\n";
        for (const glm::vec3& p : mesh.positions)
            out +=
                std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z) + "\n";
        for (const std::uint32_t i : mesh.indices)
            out += std::to_string(i) + " ";
        return out;
    } catch (const LoadError& e) {
        return "error: " + e.reason();
    }
}

/// What a random text may hold beyond vertices, triangles, comments, blank and "s" lines.
struct Oddities {
    bool names = false;      ///< "o" and "g" lines
    bool assimps = false;    ///< lines Assimp must read
    bool bad_faces = false;  ///< faces naming vertices the file may not have
    bool negatives = false;  ///< faces counting back from the last vertex
};

/// A random OBJ text of `lines` lines. Draws come straight from the engine, in a fixed order.
std::string random_obj(std::mt19937& random, int lines, const Oddities& odd) {
    auto draw = [&](std::uint32_t n) { return std::uint32_t(random() % n); };
    std::string out;
    std::uint32_t vertices = 0;
    const char* const ends[] = {"\n", "\r\n", " \n", "\t\r\n"};
    for (int l = 0; l < lines; ++l) {
        const std::uint32_t kind = draw(100);
        std::string line;
        if (kind < 45 || vertices == 0) {
            line = "v " + std::to_string(int(draw(200)) - 100) + " " + std::to_string(draw(1000)) +
                   "e-2 " + std::to_string(draw(7));
            ++vertices;
        } else if (kind < 85) {
            line = "f";
            for (int c = 0; c < 3; ++c) {
                const std::uint32_t how = draw(odd.bad_faces ? 24 : 20);
                std::int64_t corner = 0;
                if (how < 14 || (how < 20 && !odd.negatives))
                    corner = 1 + std::int64_t(draw(vertices));
                else if (how < 20)
                    corner = -1 - std::int64_t(draw(vertices));
                else if (how < 21)
                    corner = std::int64_t(vertices) + 1 + draw(3);  // perhaps given later
                else if (how < 22)
                    corner = -std::int64_t(vertices) - 1;  // before the first vertex
                else if (how < 23)
                    corner = 0;
                else
                    corner = 5000000000;
                line += " " + std::to_string(corner);
            }
        } else if (kind < 90) {
            line = "# a comment with f 1 2 3 in it";
        } else if (kind < 93) {
            line = "";
        } else if (kind < 95 || (kind < 97 && !odd.names) || (kind >= 97 && !odd.assimps)) {
            line = "s 1";
        } else if (kind < 97) {
            line = draw(2) ? "o part" : "g  side \t";
        } else if (kind < 98) {
            line = "vt 0 0";
        } else if (kind < 99) {
            line = "f 1 2 3 4";
        } else {
            line = "v 1 2";
        }
        out += line + ends[draw(4)];
    }
    if (draw(2)) out += "# the end";  // a last line without its newline
    return out;
}

TEST(PlainObj, ReadInStretchesItGivesWhatOneStretchGives_Seed31) {
    // Stretches as short as a line, on two to seven threads: the same mesh, the same refusal or
    // the same error as reading the text in one go.
    std::mt19937 random(31);
    int scenes = 0, refused = 0, errors = 0;
    for (int round = 0; round < 300; ++round) {
        Oddities odd;
        odd.names = random() % 2;
        odd.assimps = random() % 4 == 0;
        odd.bad_faces = random() % 4 == 0;
        odd.negatives = random() % 4 == 0;
        const std::string file = random_obj(random, 1 + int(random() % 60), odd);
        const std::string one = outcome_of(file, {1, 1});
        for (unsigned threads = 2; threads <= 7; threads += 5) {
            SCOPED_TRACE(file);
            EXPECT_EQ(outcome_of(file, {threads, 1 + random() % 40}), one);
        }
        scenes += one.rfind("name", 0) == 0;
        refused += one == "left to Assimp";
        errors += one.rfind("error", 0) == 0;
    }
    // Every outcome is met often enough for the comparison to mean something.

    EXPECT_GT(scenes, 20);
    EXPECT_GT(refused, 20);
    EXPECT_GT(errors, 20);
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

TEST(PlainObj, IndicesOfManyDigitsReadAsStdFromCharsReadsThem) {
    // Up to 17 digits are read in the reader's own loop, from 18 on by std::from_chars: each
    // side of that line, leading zeros included, and a number past int64's range.
    const std::string seventeen = "00000000000000003", eighteen = "000000000000000003";
    for (const std::string& index : {seventeen, eighteen}) {
        const std::optional<Scene> scene =
            read_plain_obj(bytes_of(kTriangle + "f 1 2 " + index + "\n"), "digits.obj");
        ASSERT_TRUE(scene.has_value()) << index;
        EXPECT_EQ(scene->meshes[0].indices, (std::vector<std::uint32_t>{0, 1, 2})) << index;
    }
    EXPECT_EQ(error_of(kTriangle + "f 1 2 00000000000000004\n"),
              "face 0 names vertex 4, but the file has 3 vertices");
    EXPECT_EQ(error_of(kTriangle + "f 1 2 99999999999999999\n"),
              "face 0 names vertex 99999999999999999, which the file does not have");
    // Too big for any integer, or signed with '+' (which std::from_chars refuses): not a face
    // this reader knows, so Assimp's.
    for (const std::string& index : {std::string("99999999999999999999"), std::string("+3")})
        EXPECT_FALSE(
            read_plain_obj(bytes_of(kTriangle + "f 1 2 " + index + "\n"), "digits.obj").has_value())
            << index;
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
