// The same-surface oracle must accept what two honest loaders may differ in (order, first
// corner, diagonals, a float ulp) and report what changes the surface.

#include "assets/testing/same_surface.h"

#include <cmath>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "assets/scene/mesh_normals.h"

namespace assets::tests {
namespace {

constexpr std::uint32_t kSeed = 20240611;
constexpr std::size_t kRays = 1000;

Scene scene_of(std::vector<glm::vec3> positions, std::vector<std::uint32_t> indices) {
    Scene scene;
    MeshData mesh;
    mesh.positions = std::move(positions);
    mesh.indices = std::move(indices);
    compute_smooth_normals(mesh);
    scene.meshes.push_back(std::move(mesh));
    scene.materials.push_back({});
    scene.nodes.push_back({"root", glm::mat4(1.0f), -1, {1}, {}});
    scene.nodes.push_back({"child", glm::mat4(1.0f), 0, {}, {0}});
    return scene;
}

// A convex quad whose corners 0 and 2 are the far ones, and a dart whose corner 2 is concave.
const std::vector<glm::vec3> kQuad{{0, 0, 0}, {3, -1, 0}, {4, 0, 0}, {3, 1, 0}};
const std::vector<glm::vec3> kDart{{0, 0, 1}, {4, 0, 1}, {1, 1, 1}, {0, 4, 1}};

void expect_same(const Scene& a, const Scene& b) {
    const std::vector<std::string> differences = surface_differences(a, b);
    EXPECT_TRUE(differences.empty()) << differences.front();
    const PickComparison picks = compare_picks(a, b, kSeed, kRays);
    EXPECT_EQ(picks.rays, kRays);
    EXPECT_TRUE(picks.differences.empty()) << picks.differences.front();
    EXPECT_GE(picks.compared_hits, kRays / 4);
}

TEST(SameSurface, AcceptsAnotherOrderAndFirstCorner) {
    const Scene a = scene_of(kQuad, {0, 1, 2, 0, 2, 3});
    const Scene b = scene_of(kQuad, {3, 0, 2, 1, 2, 0});
    expect_same(a, b);
}

TEST(SameSurface, AcceptsAPlanarQuadCutAlongTheOtherDiagonal) {
    expect_same(scene_of(kQuad, {0, 1, 2, 0, 2, 3}), scene_of(kQuad, {0, 1, 3, 1, 2, 3}));
}

TEST(SameSurface, AcceptsCornersAFloatApart) {
    std::vector<glm::vec3> nudged = kQuad;
    nudged[1].x = std::nextafter(nudged[1].x, 10.0f);
    nudged[3].y = std::nextafter(nudged[3].y, -10.0f);
    expect_same(scene_of(kQuad, {0, 1, 2, 0, 2, 3}), scene_of(nudged, {0, 1, 2, 0, 2, 3}));
}

TEST(SameSurface, IgnoresDegenerateTriangles) {
    std::vector<glm::vec3> positions = kQuad;
    positions.push_back({8, 0, 0});  // on the line through corners 0 and 2
    expect_same(scene_of(positions, {0, 1, 2, 0, 2, 3}),
                scene_of(positions, {0, 1, 2, 0, 2, 3, 0, 2, 4, 1, 1, 1}));
}

TEST(SameSurface, ReportsAMissingTriangle) {
    const Scene a = scene_of(kQuad, {0, 1, 2, 0, 2, 3});
    const Scene b = scene_of(kQuad, {0, 1, 2});
    EXPECT_FALSE(surface_differences(a, b).empty());
    EXPECT_FALSE(compare_picks(a, b, kSeed, kRays).differences.empty());
}

TEST(SameSurface, ReportsATriangleFacingTheOtherWay) {
    const std::vector<std::string> differences = surface_differences(
        scene_of(kQuad, {0, 1, 2, 0, 2, 3}), scene_of(kQuad, {0, 1, 2, 0, 3, 2}));
    ASSERT_EQ(differences.size(), 1u);
    EXPECT_NE(differences[0].find("faces another way"), std::string::npos) << differences[0];
}

TEST(SameSurface, ReportsAConcaveQuadCutOutsideItself) {
    // Through the concave corner is the only cut inside the dart; the other covers more.
    const Scene inside = scene_of(kDart, {0, 1, 2, 0, 2, 3});
    const Scene outside = scene_of(kDart, {0, 1, 3, 1, 2, 3});
    EXPECT_FALSE(surface_differences(inside, outside).empty());
    EXPECT_FALSE(compare_picks(inside, outside, kSeed, kRays).differences.empty());
}

TEST(SameSurface, ReportsANonPlanarQuadCutTheOtherWay) {
    // Two cuts of a bent quad are two surfaces: a ridge and a valley.
    std::vector<glm::vec3> bent = kQuad;
    bent[1].z = 0.5f;
    bent[3].z = 0.5f;
    const Scene ridge = scene_of(bent, {0, 1, 2, 0, 2, 3});
    const Scene valley = scene_of(bent, {0, 1, 3, 1, 2, 3});
    EXPECT_FALSE(surface_differences(ridge, valley).empty());
    EXPECT_FALSE(compare_picks(ridge, valley, kSeed, kRays).differences.empty());
}

TEST(SameSurface, ReportsAMovedCorner) {
    std::vector<glm::vec3> moved = kQuad;
    moved[3].z = 0.01f;
    const Scene a = scene_of(kQuad, {0, 1, 2, 0, 2, 3});
    const Scene b = scene_of(moved, {0, 1, 2, 0, 2, 3});
    EXPECT_FALSE(surface_differences(a, b).empty());
    EXPECT_FALSE(compare_picks(a, b, kSeed, kRays).differences.empty());
}

TEST(SameSurface, RaysAreTheSameForTheSameSeed) {
    const Scene a = scene_of(kQuad, {0, 1, 2, 0, 2, 3});
    const Scene b = scene_of(kQuad, {0, 1, 2});
    const PickComparison first = compare_picks(a, b, kSeed, kRays);
    const PickComparison again = compare_picks(a, b, kSeed, kRays);
    EXPECT_EQ(first.differences, again.differences);
    EXPECT_NE(first.differences, compare_picks(a, b, kSeed + 1, kRays).differences);
}

}  // namespace
}  // namespace assets::tests
