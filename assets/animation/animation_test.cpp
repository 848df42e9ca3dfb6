#include "assets/animation/animation.h"

#include <cmath>
#include <limits>

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

TEST(Animation, ExactlyAtAKeyAndBetweenLaterKeys) {
    AnimationClip clip;
    clip.ticks_per_second = 1.0;
    NodeChannel channel;
    channel.positions = {{0.0, {0, 0, 0}}, {2.0, {2, 0, 0}}, {3.0, {2, 5, 0}}, {7.0, {2, 5, -8}}};
    clip.channels.push_back(channel);
    const auto at = [&](double t) { return glm::vec3(evaluate_clip(clip, kRest, t, false)[0][3]); };
    EXPECT_EQ(at(2.0), glm::vec3(2, 0, 0));
    EXPECT_EQ(at(3.0), glm::vec3(2, 5, 0));
    // Tick 4 is a quarter of the way from key 2 (tick 3) to key 3 (tick 7).
    EXPECT_NEAR(at(4.0).z, -2.0f, 1e-6f);
    EXPECT_NEAR(at(4.0).y, 5.0f, 1e-6f);
    EXPECT_NEAR(at(2.5).y, 2.5f, 1e-6f);
}

TEST(Animation, TwoKeysAtOneTimeMakeAStep) {
    AnimationClip clip;
    clip.ticks_per_second = 1.0;
    NodeChannel channel;
    channel.positions = {{0.0, {0, 0, 0}}, {1.0, {1, 0, 0}}, {1.0, {5, 0, 0}}, {2.0, {6, 0, 0}}};
    clip.channels.push_back(channel);
    const auto x = [&](double t) { return evaluate_clip(clip, kRest, t, false)[0][3].x; };
    EXPECT_NEAR(x(0.999), 0.999f, 1e-5f);
    EXPECT_EQ(x(1.0), 5.0f);  // at the step the later key wins
    EXPECT_NEAR(x(1.5), 5.5f, 1e-5f);
}

TEST(Animation, SlerpTakesTheShorterArc) {
    // Keys at +10° and +350° about Z (= -10°): halfway is 0°, not 180°. angleAxis(350°) lies on
    // the far side of the quaternion sphere (dot < 0), so slerp must flip it to take the short way.
    AnimationClip clip;
    clip.ticks_per_second = 1.0;
    NodeChannel channel;
    channel.rotations = {{0.0, glm::angleAxis(glm::radians(10.0f), glm::vec3(0, 0, 1))},
                         {1.0, glm::angleAxis(glm::radians(350.0f), glm::vec3(0, 0, 1))}};
    clip.channels.push_back(channel);
    const glm::mat4 half = evaluate_clip(clip, kRest, 0.5, false)[0];
    EXPECT_NEAR(half[0].x, 1.0f, 1e-5f);
    EXPECT_NEAR(half[0].y, 0.0f, 1e-5f);
    // A quarter of the way: +5°.
    const glm::mat4 quarter = evaluate_clip(clip, kRest, 0.25, false)[0];
    EXPECT_NEAR(quarter[0].y, std::sin(glm::radians(5.0f)), 1e-5f);
}

TEST(Animation, NearlyEqualRotationKeysStayRotations) {
    // glm::slerp falls back to an unnormalised lerp for close keys; the result must stay a pure
    // rotation (unit columns), or the part would shrink between keys.
    AnimationClip clip;
    clip.ticks_per_second = 1.0;
    NodeChannel channel;
    channel.rotations = {{0.0, glm::angleAxis(0.3f, glm::vec3(0, 1, 0))},
                         {1.0, glm::angleAxis(0.3000001f, glm::vec3(0, 1, 0))}};
    clip.channels.push_back(channel);
    const glm::mat4 m = evaluate_clip(clip, kRest, 0.5, false)[0];
    for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(glm::length(glm::vec3(m[c])), 1.0f, 1e-6f);
}

TEST(Animation, LinearExtrapolationOfRotationKeepsTurning) {
    // 0° at tick 10, 90° at tick 20 about Y; linear post-state: tick 25 is 135°.
    const auto clip = two_key_clip(Extrapolation::Linear, Extrapolation::Linear);
    const glm::mat4 m = evaluate_clip(clip, kRest, 2.5, false)[0];
    const glm::vec3 x = glm::vec3(m * glm::vec4(1, 0, 0, 0));
    EXPECT_NEAR(x.x, std::cos(glm::radians(135.0f)), 1e-5f);
    EXPECT_NEAR(x.z, -std::sin(glm::radians(135.0f)), 1e-5f);
}

TEST(Animation, ClipTicksWrapAndSurviveBadTimes) {
    AnimationClip clip;
    clip.ticks_per_second = 10.0;
    clip.duration_ticks = 30.0;
    EXPECT_DOUBLE_EQ(clip_ticks(clip, 1.5, true), 15.0);
    EXPECT_DOUBLE_EQ(clip_ticks(clip, 4.5, true), 15.0);
    EXPECT_DOUBLE_EQ(clip_ticks(clip, -0.5, true), 25.0);
    EXPECT_DOUBLE_EQ(clip_ticks(clip, 4.5, false), 45.0);
    const double tiny = clip_ticks(clip, -1e-300, true);
    EXPECT_GE(tiny, 0.0);
    EXPECT_LT(tiny, 30.0);
    EXPECT_EQ(clip_ticks(clip, std::numeric_limits<double>::infinity(), true), 0.0);
    clip.ticks_per_second = 0.0;  // "not specified": Assimp's 25
    EXPECT_DOUBLE_EQ(clip_ticks(clip, 1.0, false), 25.0);
}

TEST(Animation, MorphWeightsInterpolateAndHold) {
    MorphChannel channel;
    channel.keys = {{10.0, {0.0f, 1.0f}}, {20.0, {1.0f}}, {30.0, {0.5f, 0.5f, 1.0f}}};
    EXPECT_EQ(evaluate_morph_channel(channel, 0.0), (std::vector<float>{0.0f, 1.0f}));
    EXPECT_EQ(evaluate_morph_channel(channel, 99.0), (std::vector<float>{0.5f, 0.5f, 1.0f}));
    // Tick 15: halfway; the second key does not list target 1, so it counts as 0 there.
    const auto mid = evaluate_morph_channel(channel, 15.0);
    ASSERT_EQ(mid.size(), 2u);
    EXPECT_NEAR(mid[0], 0.5f, 1e-6f);
    EXPECT_NEAR(mid[1], 0.5f, 1e-6f);
    const auto late = evaluate_morph_channel(channel, 25.0);
    ASSERT_EQ(late.size(), 3u);
    EXPECT_NEAR(late[0], 0.75f, 1e-6f);
    EXPECT_NEAR(late[1], 0.25f, 1e-6f);
    EXPECT_NEAR(late[2], 0.5f, 1e-6f);
    EXPECT_TRUE(evaluate_morph_channel(MorphChannel{}, 1.0).empty());
}

TEST(Animation, BadTimesDoNotTrap) {
    const auto clip = two_key_clip(Extrapolation::Constant, Extrapolation::Constant);
    const auto local = evaluate_clip(clip, kRest, std::numeric_limits<double>::quiet_NaN(), true);
    EXPECT_TRUE(std::isfinite(local[0][3].x));
}

}  // namespace
}  // namespace assets
