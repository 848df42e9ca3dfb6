#include "assets/procedural/procedural_meshes.h"

#include <map>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

namespace assets {
namespace {

/// Every edge of a closed mesh is used exactly twice, once in each direction (by position,
/// so meshes with split normals count as closed when their positions meet).
bool is_closed_and_consistently_wound(const MeshData& mesh) {
    auto key = [&](std::uint32_t i) {
        const glm::vec3 p = mesh.positions[i];
        return std::tuple{p.x, p.y, p.z};
    };
    std::map<std::pair<std::tuple<float, float, float>, std::tuple<float, float, float>>, int>
        edges;
    for (std::size_t i = 0; i < mesh.indices.size(); i += 3)
        for (int k = 0; k < 3; ++k)
            ++edges[{key(mesh.indices[i + k]), key(mesh.indices[i + (k + 1) % 3])}];
    for (const auto& [edge, count] : edges) {
        if (count != 1) return false;
        if (!edges.contains({edge.second, edge.first})) return false;
    }
    return true;
}

/// Faces point away from the centroid (for convex-ish shapes around the origin).
int inward_faces(const MeshData& mesh, glm::vec3 centre) {
    int inward = 0;
    for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
        const glm::vec3 a = mesh.positions[mesh.indices[i]],
                        b = mesh.positions[mesh.indices[i + 1]],
                        c = mesh.positions[mesh.indices[i + 2]];
        if (glm::dot(glm::cross(b - a, c - a), (a + b + c) / 3.0f - centre) <= 0.0f) ++inward;
    }
    return inward;
}

TEST(ProceduralMeshes, CubeIsClosedAndOutward) {
    const MeshData cube = make_cube();
    EXPECT_EQ(cube.triangle_count(), 12u);
    EXPECT_TRUE(is_closed_and_consistently_wound(cube));
    EXPECT_EQ(inward_faces(cube, glm::vec3(0)), 0);
}

TEST(ProceduralMeshes, IcosphereIsClosedOutwardAndOnTheSphere) {
    const MeshData sphere = make_icosphere(3);
    EXPECT_EQ(sphere.triangle_count(), 1280u);
    EXPECT_TRUE(is_closed_and_consistently_wound(sphere));
    EXPECT_EQ(inward_faces(sphere, glm::vec3(0)), 0);
    for (const glm::vec3& p : sphere.positions)
        EXPECT_NEAR(glm::length(p), 1.0f, 1e-6f);
}

TEST(ProceduralMeshes, TorusAndCylinderAreClosed) {
    const MeshData torus = make_torus(0.7f, 0.2f, 32, 16);
    EXPECT_EQ(torus.triangle_count(), 2u * 32 * 16);
    EXPECT_TRUE(is_closed_and_consistently_wound(torus));
    const MeshData cylinder = make_cylinder(24);
    EXPECT_TRUE(is_closed_and_consistently_wound(cylinder));
    EXPECT_EQ(inward_faces(cylinder, glm::vec3(0, 0.5f, 0)), 0);
}

TEST(ProceduralMeshes, TerrainFacesUpAndFollowsTheHeight) {
    const MeshData terrain = make_terrain(2.0f, 8, [](float x, float z) { return 0.1f * x * z; });
    EXPECT_EQ(terrain.triangle_count(), 2u * 8 * 8);
    EXPECT_EQ(terrain.normals.size(), terrain.positions.size());
    for (std::size_t i = 0; i < terrain.indices.size(); i += 3) {
        const glm::vec3 a = terrain.positions[terrain.indices[i]];
        const glm::vec3 b = terrain.positions[terrain.indices[i + 1]];
        const glm::vec3 c = terrain.positions[terrain.indices[i + 2]];
        EXPECT_GT(glm::cross(b - a, c - a).y, 0.0f);
    }
    for (const glm::vec3& p : terrain.positions)
        EXPECT_FLOAT_EQ(p.y, 0.1f * p.x * p.z);
}

}  // namespace
}  // namespace assets
