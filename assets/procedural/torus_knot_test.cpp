#include "assets/procedural/torus_knot.h"

#include <algorithm>
#include <map>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "assets/load_model.h"

namespace assets {
namespace {

TEST(TorusKnot, HitsTheTriangleCount) {
    for (std::size_t target : {1000u, 12345u, 100000u}) {
        TorusKnotOptions options;
        options.triangles = target;
        const MeshData mesh = make_torus_knot(options);
        EXPECT_NEAR(double(mesh.triangle_count()), double(target), 0.001 * double(target) + 2)
            << target;
        EXPECT_EQ(mesh.normals.size(), mesh.positions.size());
    }
}

TEST(TorusKnot, IsClosedAndWoundOutwards) {
    TorusKnotOptions options;
    options.triangles = 20000;
    const MeshData mesh = make_torus_knot(options);
    // Every directed edge once, and its reverse present: closed, consistently wound.
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> edges;
    for (std::size_t i = 0; i < mesh.indices.size(); i += 3)
        for (std::size_t k = 0; k < 3; ++k)
            ++edges[{mesh.indices[i + k], mesh.indices[i + (k + 1) % 3]}];
    for (const auto& [edge, count] : edges) {
        ASSERT_EQ(count, 1);
        ASSERT_TRUE(edges.contains({edge.second, edge.first}));
    }
    // Counter-clockwise faces agree with the outward vertex normals.
    for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
        const glm::vec3 a = mesh.positions[mesh.indices[i]],
                        b = mesh.positions[mesh.indices[i + 1]],
                        c = mesh.positions[mesh.indices[i + 2]];
        const glm::vec3 n = mesh.normals[mesh.indices[i]] + mesh.normals[mesh.indices[i + 1]] +
                            mesh.normals[mesh.indices[i + 2]];
        ASSERT_GT(glm::dot(glm::cross(b - a, c - a), n), 0.0f) << "triangle " << i / 3;
    }
}

TEST(TorusKnot, NoiseIsSeededAndWithinTwoPercent) {
    TorusKnotOptions options;
    options.triangles = 5000;
    const MeshData a = make_torus_knot(options), b = make_torus_knot(options);
    EXPECT_EQ(a.positions, b.positions);
    options.seed = 2;
    const MeshData c = make_torus_knot(options);
    EXPECT_NE(a.positions, c.positions);
    options.radius_noise = 0.0f;
    const MeshData smooth = make_torus_knot(options);
    // Each vertex moved along its own normal by at most 2% of the tube radius.
    float largest = 0.0f;
    for (std::size_t v = 0; v < a.positions.size(); ++v) {
        const float moved = glm::dot(a.positions[v] - smooth.positions[v], smooth.normals[v]);
        EXPECT_LE(std::abs(moved), 0.02f * options.tube_radius * 1.0001f);
        largest = std::max(largest, std::abs(moved));
    }
    EXPECT_GT(largest, 0.015f * options.tube_radius);  // and the noise is really there
}

// Repro: a knot:N load ignored Cancel until the whole mesh was made.
TEST(TorusKnot, StopsWhenAskedAndSaysHowFarItGot) {
    TorusKnotOptions options;
    options.triangles = 400000;
    std::vector<float> asked;
    options.keep_going = [&](float fraction) {
        asked.push_back(fraction);
        return fraction < 0.25f;
    };
    const MeshData stopped = make_torus_knot(options);
    EXPECT_EQ(stopped.triangle_count(), 0u);
    EXPECT_TRUE(stopped.positions.empty());
    ASSERT_GE(asked.size(), 2u);
    EXPECT_TRUE(std::is_sorted(asked.begin(), asked.end()));
    EXPECT_GE(asked.back(), 0.25f);
    EXPECT_LT(asked.back(), 0.35f) << "it stopped soon after it was asked to";
    // Never stopped, it reports its way up to the end and makes the whole knot.
    asked.clear();
    options.keep_going = [&](float fraction) {
        asked.push_back(fraction);
        return true;
    };
    EXPECT_NEAR(double(make_torus_knot(options).triangle_count()), 400000.0, 402.0);
    EXPECT_GT(asked.back(), 0.9f);
}

TEST(TorusKnot, Names) {
    EXPECT_EQ(parse_knot_name("knot:1000000")->triangles, 1000000u);
    EXPECT_EQ(parse_knot_name("knot:8")->triangles, 8u);
    EXPECT_EQ(parse_knot_name("knot:8")->scale, 1.0f);
    EXPECT_EQ(parse_knot_name("knot:80000:0.1")->triangles, 80000u);
    EXPECT_EQ(parse_knot_name("knot:80000:0.1")->scale, 0.1f);
    EXPECT_EQ(parse_knot_name("knot:80000:250")->scale, 250.0f);
    for (const char* bad :
         {"knot:80000:", "knot:80000:0", "knot:80000:-1", "knot:80000:1e3", "knot:80000:nan",
          "knot:80000:inf", "knot:80000:2000000", "knot:80000:0.1x", "knot:80000;0.1", "knot::0.1"})
        EXPECT_FALSE(parse_knot_name(bad)) << bad;
    EXPECT_FALSE(parse_knot_name("knot:"));
    EXPECT_FALSE(parse_knot_name("knot:7"));
    EXPECT_FALSE(parse_knot_name("knot:12x"));
    EXPECT_FALSE(parse_knot_name("knot:-5"));
    EXPECT_FALSE(parse_knot_name("knot:999999999999"));
    EXPECT_FALSE(parse_knot_name("bunny.obj"));
    EXPECT_TRUE(is_knot_name("knot:-5"));
    EXPECT_FALSE(is_knot_name("bunny.obj"));
    const Scene scene = load_model("knot:2000");
    EXPECT_EQ(scene.source, "knot:2000");
    ASSERT_EQ(scene.meshes.size(), 1u);
    EXPECT_NEAR(double(scene.triangle_count()), 2000.0, 4.0);
    // A scaled knot is the same mesh with every coordinate scaled.
    const Scene small = load_model("knot:2000:0.1");
    EXPECT_EQ(small.source, "knot:2000:0.1");
    ASSERT_EQ(small.meshes.at(0).positions.size(), scene.meshes[0].positions.size());
    for (std::size_t i = 0; i < small.meshes[0].positions.size(); i += 97)
        for (int k = 0; k < 3; ++k)
            EXPECT_NEAR(small.meshes[0].positions[i][k], 0.1f * scene.meshes[0].positions[i][k],
                        1e-6f);
    EXPECT_EQ(small.meshes[0].indices, scene.meshes[0].indices);
    EXPECT_EQ(scene.instances().size(), 1u);
}

// knot:0, knot:-5 and knot:100000000000 were looked up as files ("no such file").
TEST(TorusKnot, ACountOutOfRangeSaysTheRange) {
    for (const char* name : {"knot:0", "knot:-5", "knot:100000000000", "knot:", "knot:1e6"}) {
        try {
            (void)load_model(name);
            ADD_FAILURE() << name << " loaded";
        } catch (const LoadError& e) {
            EXPECT_NE(std::string(e.what()).find("from 8 to 100000000"), std::string::npos)
                << e.what();
        }
    }
}

}  // namespace
}  // namespace assets
