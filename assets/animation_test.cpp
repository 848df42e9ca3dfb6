#include "assets/animation.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

namespace assets {
namespace {

// One node with two position keys (ticks 10 and 20) and two rotation keys about Y (0° at
// tick 10, 90° at tick 20), at 10 ticks per second.
AnimationClip two_key_clip(Extrapolation pre, Extrapolation post) {
    AnimationClip clip;
    clip.ticks_per_second = 10.0;
    clip.duration_ticks = 30.0;
    NodeChannel channel;
    channel.node = 0;
    channel.positions = {{10.0, {0, 0, 0}}, {20.0, {4, 0, 0}}};
    channel.rotations = {{10.0, glm::angleAxis(0.0f, glm::vec3(0, 1, 0))},
                         {20.0, glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0))}};
    channel.pre_state = pre;
    channel.post_state = post;
    clip.channels.push_back(channel);
    return clip;
}

const std::vector<glm::mat4> kRest = {glm::translate(glm::mat4(1.0f), {0, 7, 0})};

TEST(Animation, InterpolatesBetweenTwoKeys) {
    const auto local = evaluate_clip(two_key_clip(Extrapolation::Constant, Extrapolation::Constant),
                                     kRest, 1.5, false);  // tick 15: halfway
    EXPECT_NEAR(local[0][3].x, 2.0f, 1e-6f);
    EXPECT_NEAR(local[0][3].y, 0.0f, 1e-6f);  // the channel's position replaces the rest one
    // Slerp halfway between 0° and 90° about Y: 45°, so +X maps to (cos45, 0, -sin45).
    const glm::vec3 x = glm::vec3(local[0] * glm::vec4(1, 0, 0, 0));
    EXPECT_NEAR(x.x, std::sqrt(0.5f), 1e-5f);
    EXPECT_NEAR(x.z, -std::sqrt(0.5f), 1e-5f);
}

TEST(Animation, BeforeTheFirstAndAfterTheLastKey) {
    const auto clip = two_key_clip(Extrapolation::Constant, Extrapolation::Constant);
    EXPECT_NEAR(evaluate_clip(clip, kRest, 0.2, false)[0][3].x, 0.0f, 1e-6f);  // tick 2
    EXPECT_NEAR(evaluate_clip(clip, kRest, 2.9, false)[0][3].x, 4.0f, 1e-6f);  // tick 29
}

TEST(Animation, LinearAndDefaultExtrapolation) {
    const auto linear = two_key_clip(Extrapolation::Linear, Extrapolation::Linear);
    EXPECT_NEAR(evaluate_clip(linear, kRest, 2.5, false)[0][3].x, 6.0f, 1e-5f);   // tick 25
    EXPECT_NEAR(evaluate_clip(linear, kRest, 0.5, false)[0][3].x, -2.0f, 1e-5f);  // tick 5
    // Default: outside its keys a channel leaves the node at rest.
    const auto fallback = two_key_clip(Extrapolation::Default, Extrapolation::Default);
    EXPECT_NEAR(evaluate_clip(fallback, kRest, 0.5, false)[0][3].y, 7.0f, 1e-6f);
}

TEST(Animation, RepeatWrapsTheKeys) {
    const auto clip = two_key_clip(Extrapolation::Repeat, Extrapolation::Repeat);
    // Tick 25 wraps to tick 15 in [10, 20].
    EXPECT_NEAR(evaluate_clip(clip, kRest, 2.5, false)[0][3].x, 2.0f, 1e-5f);
}

TEST(Animation, LoopingWrapsTimeIntoTheClip) {
    const auto clip = two_key_clip(Extrapolation::Constant, Extrapolation::Constant);
    // 4.5 s = tick 45 wraps to tick 15 in a 30-tick clip.
    EXPECT_NEAR(evaluate_clip(clip, kRest, 4.5, true)[0][3].x, 2.0f, 1e-5f);
    EXPECT_NEAR(evaluate_clip(clip, kRest, 4.5, false)[0][3].x, 4.0f, 1e-5f);
}

TEST(Animation, UnanimatedNodesKeepTheirRestTransform) {
    std::vector<glm::mat4> rest = kRest;
    rest.push_back(glm::scale(glm::mat4(1.0f), {2, 3, 4}));
    const auto local = evaluate_clip(two_key_clip(Extrapolation::Constant, Extrapolation::Constant),
                                     rest, 1.0, false);
    EXPECT_EQ(local[1], rest[1]);
}

TEST(Animation, ScaleKeysAndMissingComponentsComeFromRest) {
    AnimationClip clip;
    clip.ticks_per_second = 1.0;
    NodeChannel channel;
    channel.node = 0;
    channel.scales = {{0.0, {1, 1, 1}}, {2.0, {3, 1, 1}}};
    clip.channels.push_back(channel);
    const auto local = evaluate_clip(clip, kRest, 1.0, false);
    EXPECT_NEAR(glm::length(glm::vec3(local[0][0])), 2.0f, 1e-5f);
    EXPECT_NEAR(local[0][3].y, 7.0f, 1e-6f);  // no position keys: the rest translation stays
}

TEST(Animation, BadTimesDoNotTrap) {
    const auto clip = two_key_clip(Extrapolation::Constant, Extrapolation::Constant);
    const auto local = evaluate_clip(clip, kRest, std::numeric_limits<double>::quiet_NaN(), true);
    EXPECT_TRUE(std::isfinite(local[0][3].x));
}

}  // namespace
}  // namespace assets
