// The vertex welder against a brute-force oracle: a map from each position's bits to the first
// vertex seen there.

#include "assets/vertex_welder.h"

#include <bit>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

// A namespace of its own: the test files of assets_test share unity batches.
namespace assets::vertex_welder_test {
namespace {

using Bits = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>;

std::uint32_t bits_of(float value) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    return bits == 0x80000000u ? 0u : bits;  // -0 is +0
}

Bits bits_of(const glm::vec3& p) {
    return {bits_of(p.x), bits_of(p.y), bits_of(p.z)};
}

/// Corners drawn from a small pool of positions (so most repeat), with -0, NaNs, infinities
/// and neighbouring floats among them; every draw in a fixed order.
std::vector<glm::vec3> corners(std::uint32_t seed, std::size_t count, std::size_t pool_size) {
    std::mt19937 random(seed);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<glm::vec3> pool = {{0, 0, 0},   {-0.0f, 0, -0.0f},
                                   {nan, 0, 0}, {inf, -inf, 1},
                                   {1, 1, 1},   {std::nextafter(1.0f, 2.0f), 1, 1}};
    while (pool.size() < pool_size) {
        const auto coordinate = [&] { return float(std::int32_t(random() % 64) - 32) * 0.25f; };
        const float x = coordinate();
        const float y = coordinate();
        const float z = coordinate();
        pool.push_back({x, y, z});
    }
    std::vector<glm::vec3> out(count);
    for (glm::vec3& corner : out)
        corner = pool[random() % pool.size()];
    return out;
}

void expect_welded_as_the_oracle(std::uint32_t seed, std::size_t count, std::size_t pool_size,
                                 std::size_t expected_vertices) {
    const std::vector<glm::vec3> input = corners(seed, count, pool_size);
    VertexWelder welder(expected_vertices, count);
    std::map<Bits, std::uint32_t> first_vertex;
    std::vector<glm::vec3> oracle_positions;
    for (std::size_t i = 0; i < input.size(); ++i) {
        if (i + 4 < input.size()) welder.prefetch(input[i + 4]);
        const auto [at, inserted] =
            first_vertex.try_emplace(bits_of(input[i]), std::uint32_t(oracle_positions.size()));
        if (inserted) oracle_positions.push_back(input[i]);
        ASSERT_EQ(welder.add(input[i]), at->second) << "seed " << seed << ", corner " << i;
    }
    EXPECT_EQ(welder.vertex_count(), oracle_positions.size());
    // find() answers what add() would, and adds nothing: every corner is there, and new
    // corners from another pool are not.
    for (std::size_t i = 0; i < input.size(); i += 7)
        EXPECT_EQ(welder.find(input[i]), std::optional(first_vertex.at(bits_of(input[i]))));
    for (const glm::vec3& corner : corners(seed + 1000, 500, 500))
        if (!first_vertex.contains(bits_of(corner))) {
            EXPECT_EQ(welder.find(corner), std::nullopt);
        }
    EXPECT_EQ(welder.vertex_count(), oracle_positions.size());
    const std::vector<glm::vec3> positions = welder.take_positions();
    ASSERT_EQ(positions.size(), oracle_positions.size());
    for (std::size_t v = 0; v < positions.size(); ++v)
        EXPECT_EQ(bits_of(positions[v]), bits_of(oracle_positions[v])) << "vertex " << v;
}

TEST(VertexWelder, JoinsExactlyTheCornersAtTheSamePosition_Seed81) {
    for (std::uint32_t seed = 81; seed < 86; ++seed)
        expect_welded_as_the_oracle(seed, 20000, 3000, 1500);
}

TEST(VertexWelder, GrowsPastTheVerticesItExpected_Seed87) {
    // Nearly every corner new, against a table made for 1: it doubles many times over.
    expect_welded_as_the_oracle(87, 50000, 40000, 1);
}

TEST(VertexWelder, MinusZeroAndPlusZeroAreOneVertexAndNaNsJoinBitForBit) {
    VertexWelder welder(4, 8);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(welder.add({0.0f, 1.0f, 0.0f}), 0u);
    EXPECT_EQ(welder.add({-0.0f, 1.0f, -0.0f}), 0u);
    EXPECT_EQ(welder.add({nan, 0.0f, 0.0f}), 1u);
    EXPECT_EQ(welder.add({nan, 0.0f, 0.0f}), 1u);
    EXPECT_EQ(welder.add({-nan, 0.0f, 0.0f}), 2u) << "another bit pattern is another vertex";
    EXPECT_EQ(welder.add({0.0f, std::nextafter(1.0f, 2.0f), 0.0f}), 3u);
    EXPECT_EQ(welder.vertex_count(), 4u);
}

}  // namespace
}  // namespace assets::vertex_welder_test
