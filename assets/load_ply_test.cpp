// The binary PLY reader: files written here byte by byte in both byte orders and many layouts,
// the files it leaves to Assimp, broken and hostile files, and Debian's test models, whose
// surfaces must equal Assimp's.

#include "assets/load_ply.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

#include "assets/procedural/torus_knot.h"
#include "assets/testing/against_assimp.h"
#include "assets/testing/same_surface.h"
#include "assets/testing/test_files.h"

// A namespace of its own: the test files of assets_test share unity batches.
namespace assets::load_ply_test {
namespace {

namespace fs = std::filesystem;

/// Appends `value`'s bytes in the chosen byte order.
template <class T>
void append(std::string& out, T value, bool big_endian) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    if (big_endian)
        for (std::size_t i = 0; i < sizeof(T) / 2; ++i)
            std::swap(bytes[i], bytes[sizeof(T) - 1 - i]);
    out.append(bytes, sizeof(T));
}

std::span<const std::byte> bytes_of(const std::string& text) {
    return {reinterpret_cast<const std::byte*>(text.data()), text.size()};
}

MeshData small_knot() {
    return make_knot_scene(2000).meshes.at(0);
}

/// The knot as the plainest binary PLY: float x y z, uchar-counted int indices.
std::string plain_ply(const MeshData& mesh, bool big_endian) {
    std::string out = std::string("ply\nformat ") +
                      (big_endian ? "binary_big_endian" : "binary_little_endian") +
                      " 1.0\ncomment written by load_ply_test\nelement vertex " +
                      std::to_string(mesh.positions.size()) +
                      "\nproperty float x\nproperty float y\nproperty float z\nelement face " +
                      std::to_string(mesh.triangle_count()) +
                      "\nproperty list uchar int vertex_indices\nend_header\n";
    for (const glm::vec3& p : mesh.positions)
        for (int axis = 0; axis < 3; ++axis)
            append(out, p[axis], big_endian);
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
        append(out, std::uint8_t(3), big_endian);
        for (int corner = 0; corner < 3; ++corner)
            append(out, std::int32_t(mesh.indices[3 * t + corner]), big_endian);
    }
    return out;
}

Scene read_or_fail(const std::string& file) {
    std::optional<Scene> scene = read_binary_ply(bytes_of(file), "test.ply");
    if (!scene) {
        ADD_FAILURE() << "the reader left the file to Assimp";
        return {};
    }
    validate_scene(*scene, "test.ply");
    return std::move(*scene);
}

/// The LoadError's message, or a failure when the reader reads the file or declines it.
std::string error_of(const std::string& file) {
    try {
        const bool read = read_binary_ply(bytes_of(file), "test.ply").has_value();
        ADD_FAILURE() << (read ? "read" : "left to Assimp") << " without an error";
    } catch (const LoadError& e) {
        return e.reason();
    }
    return {};
}

/// A three-vertex, one-face PLY whose face names the given indices (int).
std::string one_face(std::int32_t a, std::int32_t b, std::int32_t c) {
    std::string out =
        "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n"
        "property float y\nproperty float z\nelement face 1\n"
        "property list uchar int vertex_indices\nend_header\n";
    for (const float v : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f, 0.f})
        append(out, v, false);
    append(out, std::uint8_t(3), false);
    for (const std::int32_t i : {a, b, c})
        append(out, i, false);
    return out;
}

// == What it reads

TEST(BinaryPly, ReadsTheKnotExactlyInBothByteOrders) {
    const MeshData knot = small_knot();
    for (const bool big_endian : {false, true}) {
        SCOPED_TRACE(big_endian ? "big-endian" : "little-endian");
        const Scene scene = read_or_fail(plain_ply(knot, big_endian));
        ASSERT_EQ(scene.meshes.size(), 1u);
        EXPECT_EQ(scene.meshes[0].positions, knot.positions);
        EXPECT_EQ(scene.meshes[0].indices, knot.indices);
        EXPECT_TRUE(scene.meshes[0].normals.empty()) << "none in the file: derived for drawing";
        EXPECT_EQ(scene.meshes[0].name, "test");
        ASSERT_EQ(scene.notes.size(), 1u);
        EXPECT_NE(scene.notes[0].find(big_endian ? "big-endian" : "little-endian"),
                  std::string::npos)
            << scene.notes[0];
    }
}

TEST(BinaryPly, ReadsDoublesAndSkipsPropertiesItDoesNotUse) {
    const MeshData knot = small_knot();
    for (const bool big_endian : {false, true}) {
        SCOPED_TRACE(big_endian ? "big-endian" : "little-endian");
        std::string out = std::string("ply\r\nformat ") +
                          (big_endian ? "binary_big_endian" : "binary_little_endian") +
                          " 1.0\r\nobj_info scanned\r\nelement vertex " +
                          std::to_string(knot.positions.size()) +
                          "\r\nproperty double x\r\nproperty float confidence\r\n"
                          "property float64 y\r\nproperty double z\r\nproperty uint8 flags\r\n"
                          "element face " +
                          std::to_string(knot.triangle_count()) +
                          "\r\nproperty int tag\r\nproperty list uint16 uint16 vertex_index\r\n"
                          "property float quality\r\nend_header\r\n";
        for (const glm::vec3& p : knot.positions) {
            append(out, double(p.x), big_endian);
            append(out, 0.5f, big_endian);
            append(out, double(p.y), big_endian);
            append(out, double(p.z), big_endian);
            append(out, std::uint8_t(7), big_endian);
        }
        for (std::size_t t = 0; t < knot.triangle_count(); ++t) {
            append(out, std::int32_t(-1), big_endian);
            append(out, std::uint16_t(3), big_endian);
            for (int corner = 0; corner < 3; ++corner)
                append(out, std::uint16_t(knot.indices[3 * t + corner]), big_endian);
            append(out, 0.25f, big_endian);
        }
        const Scene scene = read_or_fail(out);
        EXPECT_EQ(scene.meshes.at(0).positions, knot.positions);
        EXPECT_EQ(scene.meshes.at(0).indices, knot.indices);
    }
}

TEST(BinaryPly, KeepsTheFilesNormals) {
    std::string out =
        "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n"
        "property float y\nproperty float z\nproperty float nx\nproperty float ny\n"
        "property float nz\nelement face 1\nproperty list uchar uint "
        "vertex_indices\nend_header\n";
    const float rows[3][6] = {{0, 0, 0, 0, 0, 1}, {1, 0, 0, 0, 0.6f, 0.8f}, {0, 1, 0, 1, 0, 0}};
    for (const auto& row : rows)
        for (const float v : row)
            append(out, v, false);
    append(out, std::uint8_t(3), false);
    for (const std::uint32_t i : {0u, 1u, 2u})
        append(out, i, false);
    const Scene scene = read_or_fail(out);
    const MeshData& mesh = scene.meshes.at(0);
    ASSERT_EQ(mesh.normals.size(), 3u);
    EXPECT_EQ(mesh.normals[0], glm::vec3(0, 0, 1));
    EXPECT_EQ(mesh.normals[1], glm::vec3(0, 0.6f, 0.8f));
    EXPECT_EQ(mesh.normals[2], glm::vec3(1, 0, 0));
    EXPECT_NE(scene.notes.at(0).find("the file's normals"), std::string::npos);
}

// == What it leaves to Assimp

TEST(BinaryPly, LeavesOtherFilesToAssimp) {
    const std::string good = one_face(0, 1, 2);
    ASSERT_TRUE(read_binary_ply(bytes_of(good), "test.ply").has_value());
    const auto replaced = [&](const std::string& from, const std::string& to) {
        std::string file = good;
        const std::size_t at = file.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return at == std::string::npos ? file : file.replace(at, from.size(), to);
    };
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"ASCII", replaced("binary_little_endian", "ascii")},
        {"not a PLY", replaced("ply\n", "plx\n")},
        {"no format line", replaced("format binary_little_endian 1.0\n", "")},
        {"colours", replaced("property float z\n", "property float z\nproperty uchar red\n")},
        {"texture coordinates",
         replaced("property float z\n", "property float z\nproperty float s\n")},
        {"another element",
         replaced("end_header", "element edge 0\nproperty int vertex1\nend_header")},
        {"no x", replaced("property float x\n", "property float w\n")},
        {"integer positions", replaced("property float x\n", "property int x\n")},
        {"another list", replaced("vertex_indices", "texcoord")},
        {"an unknown type", replaced("property float y", "property half y")},
        {"an unknown keyword", replaced("end_header", "elephant\nend_header")},
        {"a count that is not a number", replaced("element vertex 3", "element vertex 3x")},
        {"no end_header", replaced("end_header\n", "")},
    };
    for (const auto& [what, file] : cases) {
        SCOPED_TRACE(what);
        EXPECT_FALSE(read_binary_ply(bytes_of(file), "test.ply").has_value());
    }
}

TEST(BinaryPly, LeavesPolygonsToAssimpWhetherTheyFitTheFileOrNot) {
    // A quad: the faces no longer fit the file as triangles.
    std::string quad =
        "ply\nformat binary_little_endian 1.0\nelement vertex 4\nproperty float x\n"
        "property float y\nproperty float z\nelement face 1\n"
        "property list uchar int vertex_indices\nend_header\n";
    for (const float v : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 1.f, 1.f, 0.f, 0.f, 1.f, 0.f})
        append(quad, v, false);
    append(quad, std::uint8_t(4), false);
    for (const std::int32_t i : {0, 1, 2, 3})
        append(quad, i, false);
    EXPECT_FALSE(read_binary_ply(bytes_of(quad), "test.ply").has_value());
    // A quad and a point: together as many bytes as two triangles.
    std::string mixed = quad;
    mixed.replace(mixed.find("element face 1"), 14, "element face 2");
    append(mixed, std::uint8_t(1), false);
    append(mixed, std::int32_t(0), false);
    EXPECT_FALSE(read_binary_ply(bytes_of(mixed), "test.ply").has_value());
}

// == Broken and hostile files

TEST(BinaryPly, AnIndexOutOfRangeIsAnErrorThatNamesIt) {
    EXPECT_EQ(error_of(one_face(0, 1, 3)), "face 0 names vertex 3, but the file has 3 vertices");
    EXPECT_EQ(error_of(one_face(0, -1, 2)), "face 0 names vertex -1, but the file has 3 vertices");
}

TEST(BinaryPly, CountsPastTheEndAreErrorsBeforeAnythingIsAllocated) {
    const std::string good = one_face(0, 1, 2);
    const auto with = [&](const std::string& from, const std::string& to) {
        std::string file = good;
        return file.replace(file.find(from), from.size(), to);
    };
    EXPECT_NE(
        error_of(with("element vertex 3", "element vertex 5")).find("ends before its 5 vertices"),
        std::string::npos);
    EXPECT_NE(error_of(with("element face 1", "element face 2")).find("ends before its 2 faces"),
              std::string::npos);
    // Counts that would need terabytes: refused from the header alone.
    EXPECT_NE(error_of(with("element face 1", "element face 2000000000000"))
                  .find("ends before its 2000000000000 faces"),
              std::string::npos);
    EXPECT_NE(error_of(with("element vertex 3", "element vertex 4000000000"))
                  .find("ends before its 4000000000 vertices"),
              std::string::npos);
    EXPECT_NE(error_of(with("element vertex 3", "element vertex 18446744073709551615"))
                  .find("more than 32-bit indices reach"),
              std::string::npos);
}

TEST(BinaryPly, EveryCutOfAFileIsAnErrorOrLeftToAssimpNeverACrash) {
    const std::string file = plain_ply(make_knot_scene(100).meshes.at(0), false);
    const std::size_t header_end = file.find("end_header\n") + 11;
    for (std::size_t size = 0; size < file.size(); ++size) {
        const std::string cut = file.substr(0, size);
        try {
            const std::optional<Scene> scene = read_binary_ply(bytes_of(cut), "cut.ply");
            // Only a cut inside the header leaves the file to Assimp: past it, the counts are
            // known and the file is short.
            EXPECT_FALSE(scene.has_value()) << "read a file cut at byte " << size;
            EXPECT_LT(size, header_end) << "left a file cut at byte " << size << " to Assimp";
        } catch (const LoadError& e) {
            EXPECT_GE(size, header_end) << e.what();
            EXPECT_NE(e.reason().find("ends before"), std::string::npos) << e.reason();
        }
    }
}

TEST(BinaryPly, AFileOfNoVerticesIsReadAsNoTriangles) {
    // Found by fuzz_binary_mesh: the packed-floats copy was handed a null pointer.
    const std::string file =
        "ply\nformat binary_little_endian 1.0\nelement vertex 0\n"
        "property float x\nproperty float y\nproperty float z\n"
        "element face 0\nproperty list uchar int vertex_indices\nend_header\n";
    const std::optional<Scene> scene = read_binary_ply(bytes_of(file), "empty.ply");
    ASSERT_TRUE(scene.has_value());
    EXPECT_EQ(scene->triangle_count(), 0u);
    EXPECT_THROW(validate_scene(*scene, "empty.ply"), LoadError);
}

TEST(BinaryPly, StopsWhenCancelled) {
    LoadProgress progress;
    progress.cancel = true;
    try {
        (void)read_binary_ply(bytes_of(plain_ply(small_knot(), false)), "test.ply", &progress);
        ADD_FAILURE() << "read a cancelled load";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.failure(), LoadFailure::Cancelled);
    }
}

// == Debian's test models, against Assimp

TEST(BinaryPly, EveryTestModelItReadsHasAssimpsSurface) {
    if (!fs::exists(tests::kAssimpModels))
        GTEST_SKIP() << tests::kAssimpModels << " is not installed";
    const auto files = tests::files_with_extension(tests::kAssimpModels, ".ply", true);
    EXPECT_GE(tests::expect_assimps_surface(files, "binary PLY reader"), 1u)
        << "no test model was read by the binary PLY reader";
}

TEST(BinaryPly, TheFrontDoorReadsABinaryPlyWithItAndItMatchesAssimp) {
    const MeshData knot = make_knot_scene(20000).meshes.at(0);
    const fs::path file = fs::temp_directory_path() /
                          ("raypick_load_ply_test_" + std::to_string(::getpid()) + ".ply");
    {
        const std::string bytes = plain_ply(knot, false);
        std::ofstream(file, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
    }
    const Scene own = load_model(file);
    const Scene assimp = load_with_assimp(file, nullptr);
    fs::remove(file);
    EXPECT_EQ(own.meshes.at(0).positions, knot.positions);
    EXPECT_EQ(own.meshes.at(0).indices, knot.indices);
    const std::vector<std::string> differences = tests::surface_differences(own, assimp);
    EXPECT_TRUE(differences.empty()) << differences.front();
}

}  // namespace
}  // namespace assets::load_ply_test
