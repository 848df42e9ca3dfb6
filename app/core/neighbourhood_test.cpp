#include "app/core/neighbourhood.h"

#include <algorithm>
#include <limits>
#include <random>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "picking/core/draw_vec3.h"

namespace app {
namespace {

/// A soup of small triangles around random centres.
struct Soup {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;
};

Soup soup(std::size_t count, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-10.0f, 10.0f);
    Soup s;
    for (std::size_t i = 0; i < count; ++i) {
        const glm::vec3 c = picking::draw_vec3<glm::vec3>(u, rng);
        for (glm::vec3 d : {glm::vec3(0.1f, 0, 0), glm::vec3(0, 0.1f, 0), glm::vec3(0, 0, 0.1f)}) {
            s.indices.push_back(std::uint32_t(s.positions.size()));
            s.positions.push_back(c + d);
        }
    }
    return s;
}

float centroid_distance(const Soup& s, std::uint32_t t, glm::vec3 p) {
    const glm::vec3 c = (s.positions[s.indices[3 * t]] + s.positions[s.indices[3 * t + 1]] +
                         s.positions[s.indices[3 * t + 2]]) /
                        3.0f;
    return glm::length(c - p);
}

// Against a brute-force oracle: every kept triangle is at least as near as every one left out.
TEST(Neighbourhood, TheNearestTrianglesNearestFirst_Seed5) {
    const Soup s = soup(5000, 5);
    const glm::vec3 point(1.0f, -2.0f, 0.5f);
    const std::vector<std::uint32_t> near = nearest_triangles(s.positions, s.indices, point, 300);
    ASSERT_EQ(near.size(), 300u);
    for (std::size_t i = 1; i < near.size(); ++i)
        EXPECT_LE(centroid_distance(s, near[i - 1], point), centroid_distance(s, near[i], point));
    const float farthest_kept = centroid_distance(s, near.back(), point);
    std::vector<bool> kept(5000, false);
    for (std::uint32_t t : near)
        kept[t] = true;
    for (std::uint32_t t = 0; t < 5000; ++t) {
        if (kept[t]) continue;
        EXPECT_GE(centroid_distance(s, t, point), farthest_kept) << t;
    }
}

TEST(Neighbourhood, ASmallMeshIsKeptWholeAndBadTrianglesAreLeftOut) {
    Soup s = soup(10, 6);
    s.indices.insert(s.indices.end(), {0, 1, 999});  // an index out of range
    s.positions.push_back(glm::vec3(std::numeric_limits<float>::quiet_NaN()));
    const std::uint32_t nan_corner = std::uint32_t(s.positions.size() - 1);
    s.indices.insert(s.indices.end(), {0, 1, nan_corner});
    const std::vector<std::uint32_t> near =
        nearest_triangles(s.positions, s.indices, glm::vec3(0.0f), 1000);
    EXPECT_EQ(near.size(), 10u);
    EXPECT_EQ(std::count_if(near.begin(), near.end(), [](std::uint32_t t) { return t >= 10; }), 0);
    EXPECT_TRUE(nearest_triangles(s.positions, s.indices, glm::vec3(0.0f), 0).empty());
}

}  // namespace
}  // namespace app
