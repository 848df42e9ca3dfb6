// The binary STL reader: files written here, the files it leaves to Assimp, and Debian's test
// models, whose surfaces must equal Assimp's.

#include "assets/load_stl.h"

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "assets/procedural/torus_knot.h"
#include "assets/scene/mesh_normals.h"
#include "assets/testing/against_assimp.h"
#include "assets/testing/test_files.h"

// A namespace of its own: the test files of assets_test share unity batches.
namespace assets::load_stl_test {
namespace {

namespace fs = std::filesystem;

template <class T>
void append(std::string& out, T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

std::span<const std::byte> bytes_of(const std::string& text) {
    return {reinterpret_cast<const std::byte*>(text.data()), text.size()};
}

/// The mesh's triangles as a binary STL, each with `normal_of(t)` and `attribute`.
template <class NormalOf>
std::string stl_of(const MeshData& mesh, std::string header, NormalOf normal_of,
                   std::uint16_t attribute = 0) {
    header.resize(80, ' ');
    std::string out = header;
    append(out, std::uint32_t(mesh.triangle_count()));
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
        const glm::vec3 n = normal_of(t);
        for (int axis = 0; axis < 3; ++axis)
            append(out, n[axis]);
        for (int corner = 0; corner < 3; ++corner)
            for (int axis = 0; axis < 3; ++axis)
                append(out, mesh.positions[mesh.indices[3 * t + corner]][axis]);
        append(out, attribute);
    }
    return out;
}

glm::vec3 face_normal(const MeshData& mesh, std::size_t t) {
    const glm::vec3 a = mesh.positions[mesh.indices[3 * t]];
    const glm::vec3 b = mesh.positions[mesh.indices[3 * t + 1]];
    const glm::vec3 c = mesh.positions[mesh.indices[3 * t + 2]];
    return glm::normalize(glm::cross(b - a, c - a));
}

TEST(BinaryStl, JoinsTheCornersAtEachPositionAndIsDrawnFlat) {
    const MeshData knot = make_knot_scene(2000).meshes.at(0);
    // Facet normals that are plainly wrong: they must not reach the mesh.
    const std::string file = stl_of(knot, "solid knot (a binary STL may start with the word solid)",
                                    [&](std::size_t t) { return glm::vec3(float(t), 1.0f, 0.0f); });
    std::optional<Scene> scene = read_binary_stl(bytes_of(file), "knot.stl");
    ASSERT_TRUE(scene.has_value());
    validate_scene(*scene, "knot.stl");
    const MeshData& mesh = scene->meshes.at(0);
    ASSERT_EQ(mesh.triangle_count(), knot.triangle_count());
    EXPECT_TRUE(mesh.flat_shaded);
    for (std::size_t t = 0; t < knot.triangle_count(); ++t) {
        for (std::size_t corner = 0; corner < 3; ++corner) {
            ASSERT_EQ(mesh.positions[mesh.indices[3 * t + corner]],
                      knot.positions[knot.indices[3 * t + corner]]);
        }
    }
    // One vertex per position the knot's triangles use: no position twice, none unused.
    std::set<std::tuple<float, float, float>> knot_positions, positions;
    for (const std::uint32_t index : knot.indices) {
        const glm::vec3 p = knot.positions[index];
        knot_positions.insert({p.x, p.y, p.z});
    }
    for (const glm::vec3& p : mesh.positions)
        EXPECT_TRUE(positions.insert({p.x, p.y, p.z}).second) << "a position twice";
    EXPECT_EQ(positions, knot_positions);
    // No normals are read or made: drawing derives smooth ones from the joined corners, and
    // they are the knot's own (smooth too).
    EXPECT_TRUE(mesh.normals.empty());
    const std::vector<glm::vec3> normals = smooth_normals(mesh.positions, mesh.indices);
    for (std::size_t t = 0; t < knot.triangle_count(); ++t) {
        const glm::vec3 n = normals[mesh.indices[3 * t]];
        EXPECT_GT(glm::dot(n, knot.normals[knot.indices[3 * t]]), 0.9f) << "triangle " << t;
    }
    EXPECT_NE(
        scene->notes.at(0).find("joined into " + std::to_string(positions.size()) + " vertices"),
        std::string::npos)
        << scene->notes.at(0);
}

TEST(BinaryStl, RunsOnSeveralThreadsGiveWhatOnePassGives) {
    // A knot's triangles in shuffled order (so a vertex first seen in a later run may come
    // back in an earlier one), read in 1 to 5 runs; then a colour triangle in the last run.
    const MeshData knot = make_knot_scene(3000).meshes.at(0);
    MeshData shuffled = knot;
    std::mt19937 rng(79);
    for (std::size_t t = knot.triangle_count() - 1; t > 0; --t) {
        const std::size_t other = std::size_t(rng()) % (t + 1);
        for (std::size_t k = 0; k < 3; ++k)
            std::swap(shuffled.indices[3 * t + k], shuffled.indices[3 * other + k]);
    }
    const std::string file = stl_of(shuffled, "", [](std::size_t) { return glm::vec3(0.0f); });
    const std::optional<Scene> one = read_binary_stl(bytes_of(file), "k.stl", nullptr, {1, 1});
    ASSERT_TRUE(one.has_value());
    for (unsigned threads = 2; threads <= 5; ++threads) {
        const std::optional<Scene> many =
            read_binary_stl(bytes_of(file), "k.stl", nullptr, {threads, 1});
        ASSERT_TRUE(many.has_value()) << threads;
        EXPECT_EQ(many->meshes.at(0).positions, one->meshes.at(0).positions) << threads;
        EXPECT_EQ(many->meshes.at(0).indices, one->meshes.at(0).indices) << threads;
        EXPECT_EQ(many->meshes.at(0).normals, one->meshes.at(0).normals) << threads;
    }
    std::string coloured = file;
    const std::size_t last_attribute = coloured.size() - 2;
    coloured[last_attribute + 1] = char(0x80);  // the colour bit of the last triangle
    EXPECT_FALSE(read_binary_stl(bytes_of(coloured), "k.stl", nullptr, {3, 1}).has_value());
    LoadProgress cancelled;
    cancelled.cancel = true;
    for (unsigned threads : {1u, 3u}) {
        try {
            (void)read_binary_stl(bytes_of(file), "k.stl", &cancelled, {threads, 1});
            ADD_FAILURE() << "a cancelled read went on, " << threads << " threads";
        } catch (const LoadError& e) {
            EXPECT_EQ(e.failure(), LoadFailure::Cancelled) << threads;
        }
    }
}

TEST(BinaryStl, ATriangleSoupKeepsEveryCorner) {
    // Triangles that share no corner: nothing to join, three vertices each.
    MeshData soup;
    for (std::uint32_t t = 0; t < 300; ++t) {
        for (std::uint32_t corner = 0; corner < 3; ++corner) {
            soup.positions.push_back({float(t), float(corner), corner == 2 ? 1.0f : 0.0f});
            soup.indices.push_back(3 * t + corner);
        }
    }
    const std::string file = stl_of(soup, "", [](std::size_t) { return glm::vec3(0.0f); });
    // In several runs too: the welders' tables, made for half as many vertices as triangles,
    // must grow to six times that.
    for (unsigned threads : {1u, 2u, 4u}) {
        std::optional<Scene> scene =
            read_binary_stl(bytes_of(file), "soup.stl", nullptr, {threads, 1});
        ASSERT_TRUE(scene.has_value()) << threads;
        validate_scene(*scene, "soup.stl");
        EXPECT_EQ(scene->meshes.at(0).positions, soup.positions) << threads;
        EXPECT_EQ(scene->meshes.at(0).indices, soup.indices) << threads;
    }
}

TEST(BinaryStl, LeavesAsciiColourAndMisSizedFilesToAssimp) {
    const MeshData knot = make_knot_scene(200).meshes.at(0);
    const auto normal = [&](std::size_t t) { return face_normal(knot, t); };
    const std::string good = stl_of(knot, "", normal);
    ASSERT_TRUE(read_binary_stl(bytes_of(good), "a.stl").has_value());
    EXPECT_FALSE(
        read_binary_stl(bytes_of(stl_of(knot, "COLOR=\xff\x00\x00\xff", normal)), "a.stl"));
    EXPECT_FALSE(read_binary_stl(bytes_of(stl_of(knot, "", normal, 0x8000 | 31)), "a.stl"));
    EXPECT_FALSE(read_binary_stl(bytes_of("solid a\nendsolid a\n"), "a.stl"));
    // Every cut, and one byte more: not the size the count says.
    for (std::size_t size = 0; size < good.size(); size += 7)
        EXPECT_FALSE(read_binary_stl(bytes_of(good.substr(0, size)), "a.stl")) << size;
    EXPECT_FALSE(read_binary_stl(bytes_of(good + " "), "a.stl"));
}

TEST(BinaryStl, EveryTestModelItReadsHasAssimpsSurface) {
    if (!fs::exists(tests::kAssimpModels))
        GTEST_SKIP() << tests::kAssimpModels << " is not installed";
    const auto files = tests::files_with_extension(tests::kAssimpModels, ".stl", true);
    EXPECT_GE(tests::expect_assimps_surface(files, "binary STL reader"), 1u)
        << "no test model was read by the binary STL reader";
}

}  // namespace
}  // namespace assets::load_stl_test
