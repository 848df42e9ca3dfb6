// The surface at a hit against a double-precision reference on seeded random triangles, weights
// and placements, and on the default scene's deforming meshes against the session's own posed
// normals.

#include "app/core/surface_at_hit.h"

#include <cmath>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "assets/procedural/default_scene.h"
#include "assets/scene/mesh_normals.h"

namespace app {
namespace {

/// Uniform in [lo, hi) from the generator's raw bits: the same numbers under any compiler.
float uniform(std::mt19937& rng, float lo, float hi) {
    return lo + (hi - lo) * float(rng() >> 8) * 0x1p-24f;
}

glm::vec3 random_vec3(std::mt19937& rng, float half) {
    const float x = uniform(rng, -half, half);
    const float y = uniform(rng, -half, half);
    const float z = uniform(rng, -half, half);
    return {x, y, z};
}

/// The reference's 3x3 cofactor matrix of `m`: det(m) times the inverse transpose, written out
/// rather than through glm::inverse.
glm::dmat3 cofactors(const glm::dmat3& m) {
    glm::dmat3 c;
    for (int col = 0; col < 3; ++col) {
        for (int row = 0; row < 3; ++row) {
            const int c1 = (col + 1) % 3, c2 = (col + 2) % 3;
            const int r1 = (row + 1) % 3, r2 = (row + 2) % 3;
            c[col][row] = m[c1][r1] * m[c2][r2] - m[c2][r1] * m[c1][r2];
        }
    }
    return c;
}

void expect_near(const glm::vec3& actual, const glm::dvec3& expected, double tolerance,
                 const char* what) {
    for (int i = 0; i < 3; ++i)
        EXPECT_NEAR(actual[i], expected[i], tolerance) << what << " component " << i;
}

TEST(SurfaceAtHit, MatchesADoublePrecisionReferenceOnRandomTriangles_Seed15) {
    std::mt19937 rng(15);
    int crossings = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        assets::MeshData mesh;
        for (int k = 0; k < 3; ++k) {
            mesh.positions.push_back(random_vec3(rng, 10.0f));
            mesh.normals.push_back(glm::normalize(random_vec3(rng, 1.0f) + glm::vec3(0, 0, 1.5f)));
            mesh.colors.push_back(glm::vec4{uniform(rng, 0, 1), uniform(rng, 0, 1),
                                            uniform(rng, 0, 1), uniform(rng, 0, 1)});
        }
        mesh.tex_coords.resize(1 + trial % 3);
        for (assets::TexCoordChannel& channel : mesh.tex_coords)
            for (int k = 0; k < 3; ++k)
                channel.uv.push_back(glm::vec2{uniform(rng, -4, 4), uniform(rng, -4, 4)});
        mesh.indices = {0, 1, 2};
        mesh.material = 0;
        const assets::Material material{"brick", glm::vec3(0.5f), "maps/brick.png"};
        float u = uniform(rng, 0, 1), v = uniform(rng, 0, 1);
        if (u + v > 1.0f) {
            u = 1.0f - u;
            v = 1.0f - v;
        }
        // A rotation, a non-uniform scale (mirrored every fourth trial) and a translation.
        glm::mat4 m = glm::translate(glm::mat4(1.0f), random_vec3(rng, 50.0f));
        const float angle = uniform(rng, 0, 6.28f);
        m = glm::rotate(m, angle, glm::normalize(random_vec3(rng, 1) + 0.01f));
        glm::vec3 scale{uniform(rng, 0.2f, 5), uniform(rng, 0.2f, 5), uniform(rng, 0.2f, 5)};
        if (trial % 4 == 3) scale.x = -scale.x;
        m = glm::scale(m, scale);

        const SurfaceAtHit s =
            surface_at_hit(mesh, material, mesh.positions, mesh.normals, 0, u, v, m);

        const double w[3] = {double(1.0f - u - v), double(u), double(v)};
        ASSERT_EQ(s.uvs.size(), mesh.tex_coords.size());
        for (std::size_t c = 0; c < s.uvs.size(); ++c) {
            for (int i = 0; i < 2; ++i) {
                double expected = 0.0;
                for (int k = 0; k < 3; ++k)
                    expected += w[k] * double(mesh.tex_coords[c].uv[std::size_t(k)][i]);
                EXPECT_NEAR(s.uvs[c][i], expected, 4e-7 * (1.0 + std::abs(expected)))
                    << "trial " << trial << " channel " << c;
            }
        }
        ASSERT_TRUE(s.color.has_value());
        for (int i = 0; i < 4; ++i) {
            double expected = 0.0;
            for (int k = 0; k < 3; ++k)
                expected += w[k] * double(mesh.colors[std::size_t(k)][i]);
            EXPECT_NEAR((*s.color)[i], expected, 2e-7) << "trial " << trial;
        }

        glm::dvec3 smooth(0.0);
        for (int k = 0; k < 3; ++k)
            smooth += w[k] * glm::dvec3(mesh.normals[std::size_t(k)]);
        ASSERT_TRUE(s.smooth_normal_mesh.has_value());
        expect_near(*s.smooth_normal_mesh, smooth / glm::length(smooth), 1e-6, "smooth (mesh)");
        const glm::dmat3 cof = cofactors(glm::dmat3(m));
        const double det = glm::determinant(glm::dmat3(m));
        // The inverse transpose is the cofactor matrix over det: its sign turns the direction.
        const glm::dvec3 smooth_world = (det > 0 ? 1.0 : -1.0) * (cof * smooth);
        ASSERT_TRUE(s.smooth_normal_world.has_value());
        expect_near(*s.smooth_normal_world, smooth_world / glm::length(smooth_world), 1e-5,
                    "smooth (world)");

        const glm::dvec3 p0(mesh.positions[0]), p1(mesh.positions[1]), p2(mesh.positions[2]);
        const glm::dvec3 geometric = glm::cross(p1 - p0, p2 - p0);
        expect_near(s.geometric_normal_mesh, geometric / glm::length(geometric), 1e-5,
                    "geometric (mesh)");
        // Placed corners wind by the sign of det: cross(M a, M b) = cof(M) (a x b).
        const glm::dvec3 geometric_world = cof * geometric;
        expect_near(s.geometric_normal_world, geometric_world / glm::length(geometric_world), 1e-4,
                    "geometric (world)");
        crossings += glm::dot(glm::dvec3(s.geometric_normal_world), smooth_world) < 0.0;

        EXPECT_EQ(s.material_name, "brick");
        EXPECT_EQ(s.texture, "maps/brick.png");
    }
    EXPECT_GT(crossings, 0) << "mirrored placements turn the geometric normal against the smooth";
}

TEST(SurfaceAtHit, CornerNormalsThatCancelHaveNoSmoothNormal) {
    assets::MeshData mesh;
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh.normals = {{0, 0, 1}, {0, 0, -1}, {0, 0, 1}};
    mesh.indices = {0, 1, 2};
    const SurfaceAtHit s = surface_at_hit(mesh, assets::Material{}, mesh.positions, mesh.normals, 0,
                                          0.5f, 0.0f, glm::mat4(1.0f));
    EXPECT_FALSE(s.smooth_normal_mesh.has_value());
    EXPECT_FALSE(s.smooth_normal_world.has_value());
    EXPECT_EQ(s.geometric_normal_mesh, glm::vec3(0, 0, 1));
    EXPECT_TRUE(s.uvs.empty());
    EXPECT_FALSE(s.color.has_value());
}

// The session keeps only positions for deforming meshes; the surface poses their normals again.
// A session asked to deform normals too is the reference.
TEST(SurfaceAtHit, DeformingMeshesGetTheirPosedNormals_Seed3) {
    SceneSession session(assets::make_default_scene());
    SceneSession reference(assets::make_default_scene(), SessionOptions{.deform_normals = true});
    ASSERT_FALSE(session.deforming_meshes().empty());
    std::mt19937 rng(3);
    int checked = 0, moved = 0;
    for (const double time : {0.0, 0.9, 2.4}) {
        session.set_time(time);
        reference.set_time(time);
        for (std::uint32_t i = 0; i < session.view().instances.size(); ++i) {
            const ViewMesh mesh = session.view_mesh(i);
            if (!session.deforms(mesh)) continue;
            const auto& scene_mesh = session.scene().meshes[index(session.scene_mesh(mesh))];
            const std::span<const glm::vec3> expected = reference.mesh_normals(mesh);
            for (int k = 0; k < 20; ++k) {
                const auto triangle =
                    std::uint32_t(rng() % std::uint32_t(scene_mesh.triangle_count()));
                const auto corners = corner_normals(session, i, triangle, PoseChoice::Current);
                for (int c = 0; c < 3; ++c) {
                    const std::uint32_t vertex = scene_mesh.indices[3 * triangle + c];
                    EXPECT_EQ(corners[c], expected[vertex]) << "instance " << i;
                    EXPECT_EQ(corner_normals(reference, i, triangle, PoseChoice::Current)[c],
                              expected[vertex]);
                    moved += corners[c] != scene_mesh.normals[vertex];
                }
                const auto bind = corner_normals(session, i, triangle, PoseChoice::Bind);
                EXPECT_EQ(bind[0], scene_mesh.normals[scene_mesh.indices[3 * triangle]]);
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 0);
    EXPECT_GT(moved, 0) << "the poses bend some normals away from the rest pose";
}

// A mesh whose file gave no normals (the fast readers' big meshes) gets smooth ones the first
// time a hit's smooth normal is asked for, in either pose, from any thread at once: the floats
// smooth_normals gives, made once.
TEST(SurfaceAtHit, AMeshWithoutNormalsGetsSmoothOnesWhenFirstAsked) {
    assets::Scene scene = assets::make_default_scene();
    assets::MeshData& bare = scene.meshes.at(0);
    ASSERT_FALSE(bare.deforms());
    const std::vector<glm::vec3> expected = assets::smooth_normals(bare.positions, bare.indices);
    ASSERT_FALSE(expected.empty());
    bare.normals.clear();
    const SceneSession session(std::move(scene));
    std::uint32_t instance = 0;
    while (index(session.scene_mesh(session.view_mesh(instance))) != 0)
        ++instance;
    const assets::MeshData& mesh = session.scene().meshes[0];
    EXPECT_TRUE(mesh.normals.empty()) << "the scene itself is not changed";
    std::vector<std::thread> askers;
    std::vector<std::span<const glm::vec3>> seen(4);
    for (std::size_t t = 0; t < seen.size(); ++t)
        askers.emplace_back([&, t] { seen[t] = session.loaded_normals(SceneMesh{0}); });
    for (std::thread& asker : askers)
        asker.join();
    for (const std::span<const glm::vec3> normals : seen) {
        EXPECT_EQ(normals.data(), seen[0].data()) << "made once";
        EXPECT_TRUE(std::equal(normals.begin(), normals.end(), expected.begin(), expected.end()));
    }
    for (const PoseChoice pose : {PoseChoice::Current, PoseChoice::Bind}) {
        const std::uint32_t triangle = 5;
        const auto corners = corner_normals(session, instance, triangle, pose);
        for (int c = 0; c < 3; ++c)
            EXPECT_EQ(corners[c], expected[mesh.indices[3 * triangle + c]]);
    }
    EXPECT_EQ(session.mesh_normals(session.view_mesh(instance)).data(), seen[0].data());
}

// Before anything has derived the mesh's smooth normals (a first pick), a hit's corners get
// theirs found alone: the floats the whole mesh's derivation gives, in either pose, and at
// every later pick too.
TEST(SurfaceAtHit, AFirstPickGetsTheSmoothNormalsOfItsCornersAloneTheSameFloats) {
    assets::Scene scene = assets::make_default_scene();
    assets::MeshData& bare = scene.meshes.at(0);
    const std::vector<glm::vec3> expected = assets::smooth_normals(bare.positions, bare.indices);
    bare.normals.clear();
    const std::size_t triangles = bare.indices.size() / 3;
    ASSERT_GT(triangles, 10u);
    for (const PoseChoice pose : {PoseChoice::Current, PoseChoice::Bind}) {
        for (std::uint32_t triangle = 0; triangle < triangles; triangle += 7) {
            const SceneSession session{assets::Scene(scene)};  // nothing derived yet
            std::uint32_t instance = 0;
            while (index(session.scene_mesh(session.view_mesh(instance))) != 0)
                ++instance;
            const auto corners = corner_normals(session, instance, triangle, pose);
            for (int c = 0; c < 3; ++c)
                EXPECT_EQ(corners[c], expected[bare.indices[3 * triangle + c]])
                    << "triangle " << triangle << " corner " << c;
        }
    }
    // Many picks on one session (the second derives the mesh's normals, the rest read them):
    // the same floats throughout.
    const SceneSession session{assets::Scene(scene)};
    std::uint32_t instance = 0;
    while (index(session.scene_mesh(session.view_mesh(instance))) != 0)
        ++instance;
    for (std::uint32_t triangle = 0; triangle < triangles; triangle += 5) {
        const auto corners = corner_normals(session, instance, triangle, PoseChoice::Current);
        for (int c = 0; c < 3; ++c)
            EXPECT_EQ(corners[c], expected[bare.indices[3 * triangle + c]])
                << "triangle " << triangle << " corner " << c;
    }
}

}  // namespace
}  // namespace app
