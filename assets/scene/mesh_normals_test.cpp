// Smooth normals: each vertex's is the area-weighted average of its faces, and a big mesh's,
// summed on several threads, are the floats one thread gives.

#include "assets/scene/mesh_normals.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

namespace assets {
namespace {

// A vertex shared by a small and a big face leans towards the big one's plane; a vertex no
// face uses, and one only a degenerate or a broken face uses, get +Y.
TEST(SmoothNormals, EachIsTheAreaWeightedAverageOfItsFaces) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const std::vector<glm::vec3> positions = {
        {0, 0, 0},   {1, 0, 0}, {0, 1, 0},  // face 0: in z = 0, area 0.5
        {0, 0, 4},                          // face 1: (0, 1, 3) in y = 0, area 2 (x-z plane)
        {5, 5, 5},                          // used by no face
        {7, 7, 7},   {8, 8, 8}, {9, 9, 9},  // a degenerate face (collinear)
        {nan, 0, 0},                        // the corner of a face that is not finite
    };
    const std::vector<std::uint32_t> indices = {0, 1, 2, 0, 3, 1, 5, 6, 7, 8, 5, 6, 0, 1, 99};
    const std::vector<glm::vec3> normals = smooth_normals(positions, indices);
    ASSERT_EQ(normals.size(), positions.size());
    // Vertex 0: (0, 0, 1) * 1 (twice the area 0.5) + (0, 4, 0) (twice the area 2).
    const glm::vec3 expected = glm::normalize(glm::vec3(0.0f, 4.0f, 1.0f));
    for (int axis = 0; axis < 3; ++axis) {
        EXPECT_NEAR(normals[0][axis], expected[axis], 1e-6f);
        EXPECT_NEAR(normals[1][axis], expected[axis], 1e-6f);
    }
    EXPECT_EQ(normals[2], glm::vec3(0, 0, 1));
    EXPECT_EQ(normals[3], glm::vec3(0, 1, 0));
    for (const std::size_t lone : {4, 5, 6, 7, 8})
        EXPECT_EQ(normals[lone], glm::vec3(0, 1, 0)) << lone;
}

// Each thread owns a range of vertices and adds their faces in order: the same sums in the
// same order, so the same floats, on any number of threads (and on a mesh big enough to split).
/// 400,000 random faces over the first `used` of `positions.size()` random vertices (vertex 7
/// infinite), drawn from `rng` in a fixed order: enough corners to be summed on every core.
void random_faces(std::mt19937& rng, std::uint32_t used, std::vector<glm::vec3>& positions,
                  std::vector<std::uint32_t>& indices) {
    std::uniform_real_distribution<float> coord(-10.0f, 10.0f);
    std::uniform_int_distribution<std::uint32_t> vertex(0, used - 1);
    for (glm::vec3& p : positions) {
        const float x = coord(rng), y = coord(rng), z = coord(rng);  // in order on any compiler
        p = {x, y, z};
    }
    positions[7] = glm::vec3(std::numeric_limits<float>::infinity());
    indices.resize(3 * 400'000);
    for (std::uint32_t& index : indices)
        index = vertex(rng);
    ASSERT_GE(indices.size(), std::size_t(1) << 20);
}

TEST(SmoothNormals, AreTheSameFloatsOnAnyNumberOfThreads_Seed91) {
    std::mt19937 rng(91);
    std::vector<glm::vec3> positions(100'000);
    std::vector<std::uint32_t> indices;
    random_faces(rng, 100'000, positions, indices);
    indices[30] = 100'000;                    // out of range: the face adds nothing
    indices[31] = indices[32] = indices[33];  // degenerate
    const std::vector<glm::vec3> one = smooth_normals(positions, indices, 1);
    for (const unsigned threads : {2u, 3u, 7u}) {
        const std::vector<glm::vec3> many = smooth_normals(positions, indices, threads);
        ASSERT_EQ(many.size(), one.size());
        EXPECT_EQ(std::memcmp(many.data(), one.data(), one.size() * sizeof(glm::vec3)), 0)
            << threads << " threads";
    }
    // And every one is a unit vector.
    for (const glm::vec3& n : one)
        ASSERT_NEAR(glm::length(n), 1.0f, 1e-5f);
}

// A pick's three corners alone: the very floats of the whole mesh's normals, on a mesh big
// enough to be searched on every core, for corners that repeat within a face, corners of
// broken faces, a vertex no face uses, and one asked for twice.
TEST(SmoothNormals, AtAFewVerticesAreTheFloatsOfTheWholeMesh_Seed92) {
    std::mt19937 rng(92);
    std::vector<glm::vec3> positions(50'001);  // the last one used by no face
    std::vector<std::uint32_t> indices;
    random_faces(rng, 50'000, positions, indices);
    indices[30] = 60'000;       // out of range
    indices[34] = indices[33];  // a corner twice in one face
    indices[3 * 399'999] = 7;   // the infinite vertex in the last face
    std::uniform_int_distribution<std::uint32_t> vertex(0, 49'999);
    const std::vector<glm::vec3> all = smooth_normals(positions, indices);
    std::vector<std::uint32_t> asked = {indices[33], indices[31], 7,
                                        50'000,      indices[35], indices[31]};
    for (int i = 0; i < 20; ++i)
        asked.push_back(vertex(rng));
    const std::vector<glm::vec3> some = smooth_normals_at(positions, indices, asked);
    ASSERT_EQ(some.size(), asked.size());
    for (std::size_t k = 0; k < asked.size(); ++k)
        EXPECT_EQ(std::memcmp(&some[k], &all[asked[k]], sizeof(glm::vec3)), 0)
            << "vertex " << asked[k];
    EXPECT_EQ(some[3], glm::vec3(0, 1, 0));
}

TEST(SmoothNormals, OnlyMeshesDrawnWithNormalsThatHaveNoneGetThem) {
    Scene scene;
    MeshData given;
    given.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    given.indices = {0, 1, 2};
    given.normals = {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}};  // the file's, however odd
    MeshData bare = given;
    bare.normals.clear();
    MeshData flat = bare;  // an STL's: lit by each triangle's plane, drawn without normals
    flat.flat_shaded = true;
    scene.meshes = {given, bare, flat};
    fill_missing_normals(scene);
    EXPECT_EQ(scene.meshes[0].normals, given.normals);
    EXPECT_EQ(scene.meshes[1].normals, std::vector<glm::vec3>(3, glm::vec3(0, 0, 1)));
    EXPECT_TRUE(scene.meshes[2].normals.empty());
}

}  // namespace
}  // namespace assets
