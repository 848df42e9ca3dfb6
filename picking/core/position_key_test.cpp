#include "picking/core/position_key.h"

#include <algorithm>
#include <limits>
#include <unordered_set>
#include <vector>

#include <gtest/gtest.h>

namespace picking {
namespace {

TEST(PositionKey, MinusZeroIsTheSamePointAsPlusZero) {
    EXPECT_EQ(position_key({-0.0f, 0.0f, -0.0f}), position_key({0.0f, -0.0f, 0.0f}));
    EXPECT_EQ(PositionKeyHash{}(position_key({-0.0f, 1.0f, 2.0f})),
              PositionKeyHash{}(position_key({0.0f, 1.0f, 2.0f})));
}

TEST(PositionKey, DifferentBitsAreDifferentPoints) {
    const float tiny = std::numeric_limits<float>::denorm_min();
    const std::vector<glm::vec3> points = {{0, 0, 0},     {tiny, 0, 0}, {0, tiny, 0}, {0, 0, tiny},
                                           {-tiny, 0, 0}, {1, 2, 3},    {3, 2, 1},    {1, 2, -3}};
    std::unordered_set<PositionKey, PositionKeyHash> keys;
    for (const glm::vec3& p : points)
        keys.insert(position_key(p));
    EXPECT_EQ(keys.size(), points.size());
    // The order is a strict weak order: sorting twice, in either direction, agrees.
    std::vector<PositionKey> sorted(keys.begin(), keys.end());
    std::sort(sorted.begin(), sorted.end());
    EXPECT_TRUE(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    std::vector<PositionKey> reversed(sorted.rbegin(), sorted.rend());
    std::sort(reversed.begin(), reversed.end());
    EXPECT_EQ(reversed, sorted);
}

}  // namespace
}  // namespace picking
