#include "assets/animation/skin.h"

#include <cmath>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "assets/animation/morph.h"

namespace assets {
namespace {

glm::mat4 translate(glm::vec3 t) {
    return glm::translate(glm::mat4(1.0f), t);
}

/// Two joints on nodes 1 and 2; vertex v has the given weights on joints 0 and 1.
MeshSkin two_joint_skin(std::vector<std::vector<std::pair<std::uint32_t, float>>> influences) {
    MeshSkin skin;
    skin.joints = {{1, glm::mat4(1.0f)}, {2, translate({0, -1, 0})}};
    normalize_skin_weights(skin, influences);
    return skin;
}

TEST(Skinning, HandComputedBlendOfTwoJoints) {
    // Node 1 moves +2 in x; node 2 sits at y = 1 and turns 90° about Z. Joint 1's offset takes
    // bind-pose points into its space (y - 1).
    const std::vector<glm::mat4> world = {
        glm::mat4(1.0f), translate({2, 0, 0}),
        translate({0, 1, 0}) * glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), {0, 0, 1})};
    const MeshSkin skin = two_joint_skin({{{0, 1.0f}}, {{1, 1.0f}}, {{0, 1.0f}, {1, 3.0f}}, {}});
    const auto palette = skinning_palette(skin, world, 0, glm::dmat4(1.0));
    ASSERT_EQ(palette.size(), 3u);  // two joints and the mesh's own node
    const std::vector<glm::vec3> bind = {{0, 0, 0}, {1, 2, 0}, {1, 2, 0}, {4, 5, 6}};
    std::vector<glm::vec3> out(bind.size());
    skin_vertices(skin, palette, bind, {}, out, {});
    EXPECT_EQ(out[0], glm::vec3(2, 0, 0));
    // (1, 2, 0) -> joint space (1, 1, 0) -> turned 90° (-1, 1, 0) -> +y 1: (-1, 2, 0).
    EXPECT_NEAR(out[1].x, -1.0f, 1e-6f);
    EXPECT_NEAR(out[1].y, 2.0f, 1e-6f);
    // Weights 1 : 3 normalise to 0.25 / 0.75: 0.25 (3, 2, 0) + 0.75 (-1, 2, 0) = (0, 2, 0).
    EXPECT_NEAR(out[2].x, 0.0f, 1e-6f);
    EXPECT_NEAR(out[2].y, 2.0f, 1e-6f);
    EXPECT_EQ(out[3], bind[3]);  // no weights: follows the mesh's node (the identity here)
}

TEST(Skinning, TheTargetSpaceIsAppliedToEveryJoint) {
    const std::vector<glm::mat4> world = {translate({0, 0, 5}), translate({2, 0, 0}),
                                          translate({0, 3, 0})};
    const MeshSkin skin = two_joint_skin({{{0, 1.0f}}, {}});
    // Skinning into node 0's space: target_from_world = inverse(world[0]).
    const auto palette = skinning_palette(skin, world, 0, glm::inverse(glm::dmat4(world[0])));
    std::vector<glm::vec3> out(2);
    skin_vertices(skin, palette, std::vector<glm::vec3>{{1, 1, 1}, {1, 1, 1}}, {}, out, {});
    EXPECT_EQ(out[0], glm::vec3(3, 1, -4));  // world (3, 1, 1), seen from z = 5
    EXPECT_EQ(out[1], glm::vec3(1, 1, 1));   // unweighted: stays with node 0
}

TEST(Skinning, NormalsUseTheCofactorUnderNonUniformScaleAndMirrors) {
    MeshSkin skin;
    skin.joints = {{1, glm::mat4(1.0f)}};
    normalize_skin_weights(skin, {{{0, 1.0f}}, {{0, 1.0f}}});
    const std::vector<glm::vec3> positions = {{0, 0, 0}, {0, 0, 0}};
    const std::vector<glm::vec3> normals = {glm::normalize(glm::vec3(1, 1, 0)), {1, 0, 0}};
    std::vector<glm::vec3> out_p(2), out_n(2);

    // Stretching x by 2 tilts the normal of the plane x + y = 0 towards y: (1/2, 1, 0).
    auto world = std::vector<glm::mat4>{glm::mat4(1.0f), glm::scale(glm::mat4(1.0f), {2, 1, 1})};
    skin_vertices(skin, skinning_palette(skin, world, 0, glm::dmat4(1.0)), positions, normals,
                  out_p, out_n);
    const glm::vec3 expected = glm::normalize(glm::vec3(0.5f, 1.0f, 0.0f));
    EXPECT_NEAR(glm::length(out_n[0] - expected), 0.0f, 1e-6f);

    // A mirror in x turns the outward normal (1, 0, 0) into (-1, 0, 0), still outward.
    world[1] = glm::scale(glm::mat4(1.0f), {-1, 1, 1});
    skin_vertices(skin, skinning_palette(skin, world, 0, glm::dmat4(1.0)), positions, normals,
                  out_p, out_n);
    EXPECT_NEAR(glm::length(out_n[1] - glm::vec3(-1, 0, 0)), 0.0f, 1e-6f);
}

TEST(Skinning, WeightsAreSortedNormalisedOverEveryInfluenceAndCleaned) {
    MeshSkin skin;
    skin.joints.resize(6);
    const float nan = std::nanf("");
    const SkinWeightSummary summary = normalize_skin_weights(
        skin, {{{0, 0.1f}, {1, 0.4f}, {2, 0.2f}, {3, 0.1f}, {4, 0.2f}},  // five: one overflows
               {{5, 2.0f}, {9, 1.0f}, {1, nan}, {2, -1.0f}, {3, 0.0f}},  // bad ones are dropped
               {},
               {{3, 0.25f}, {1, 0.5f}, {3, 0.5f}}});  // joint 3 twice: 0.75 in all
    EXPECT_EQ(summary.vertices_over_four, 1u);
    EXPECT_EQ(summary.most_influences, 5u);
    EXPECT_EQ(summary.unweighted, 1u);
    // Heaviest first; equal weights ordered by joint index (2 before 4; 0 before 3). The sum
    // is 1.0 over all five, so the weights stay as authored.
    EXPECT_EQ(skin.vertex_joints[0], glm::uvec4(1, 2, 4, 0));
    EXPECT_NEAR(skin.vertex_weights[0][0], 0.4f, 1e-6f);
    EXPECT_NEAR(skin.vertex_weights[0][3], 0.1f, 1e-6f);
    ASSERT_TRUE(skin.has_extra_influences());
    ASSERT_EQ(skin.extra_begin.size(), 5u);  // one per vertex, and one more
    ASSERT_EQ(skin.extra_influences_of(0).size(), 1u);
    EXPECT_EQ(skin.extra_influences_of(0)[0].joint, 3u);
    EXPECT_NEAR(skin.extra_influences_of(0)[0].weight, 0.1f, 1e-6f);
    for (std::size_t v = 1; v < 4; ++v)
        EXPECT_TRUE(skin.extra_influences_of(v).empty());
    EXPECT_EQ(skin.vertex_joints[1][0], 5u);
    EXPECT_EQ(skin.vertex_weights[1], glm::vec4(1, 0, 0, 0));
    EXPECT_EQ(skin.vertex_weights[2], glm::vec4(0.0f));
    EXPECT_EQ(skin.vertex_joints[3], glm::uvec4(3, 1, 0, 0));
    EXPECT_NEAR(skin.vertex_weights[3][0], 0.6f, 1e-6f);
    EXPECT_NEAR(skin.vertex_weights[3][1], 0.4f, 1e-6f);
    EXPECT_FALSE(skin.rigid_joint);
    EXPECT_EQ(skin_defect(skin, 4), "");
}

TEST(Skinning, AMeshWithoutVerticesOverFourHasNoOverflow) {
    MeshSkin skin;
    skin.joints.resize(4);
    const SkinWeightSummary summary =
        normalize_skin_weights(skin, {{{0, 1.0f}, {1, 1.0f}, {2, 1.0f}, {3, 1.0f}}, {{2, 3.0f}}});
    EXPECT_EQ(summary.vertices_over_four, 0u);
    EXPECT_EQ(summary.most_influences, 4u);
    EXPECT_FALSE(skin.has_extra_influences());
    EXPECT_TRUE(skin.extra_influences.empty());
    EXPECT_EQ(skin.vertex_weights[0], glm::vec4(0.25f));
}

/// Joint k on node k + 1, which moves by (k + 1, 0, 0) * step; offsets are the identity.
struct SlidingJoints {
    MeshSkin skin;
    std::vector<glm::mat4> world;
    SlidingJoints(int joints, float step) {
        world.emplace_back(1.0f);
        for (int k = 0; k < joints; ++k) {
            skin.joints.push_back({std::uint32_t(k + 1), glm::mat4(1.0f)});
            world.push_back(translate({step * float(k + 1), 0, 0}));
        }
    }
};

TEST(Skinning, EveryInfluenceOfAVertexIsBlended) {
    // Six joints moving 1..6 in x; weights 6..1 (sum 21): x moves by sum w_k (k + 1) / 21
    // = (6 + 10 + 12 + 12 + 10 + 6) / 21 = 56 / 21. The four heaviest alone would give
    // (6 + 10 + 12 + 12) / 18 = 40 / 18.
    SlidingJoints rig(6, 1.0f);
    AuthoredInfluences influences(1);
    for (std::uint32_t k = 0; k < 6; ++k)
        influences[0].emplace_back(k, float(6 - k));
    normalize_skin_weights(rig.skin, influences);
    const auto palette = skinning_palette(rig.skin, rig.world, 0, glm::dmat4(1.0));
    std::vector<glm::vec3> out(1);
    skin_vertices(rig.skin, palette, std::vector<glm::vec3>{{0, 1, 0}}, {}, out, {});
    EXPECT_NEAR(out[0].x, 56.0f / 21.0f, 1e-5f);
    EXPECT_EQ(out[0].y, 1.0f);
}

TEST(Skinning, VerticesWithAndWithoutOverflowInOneMeshAndTheirNormals) {
    // Vertex 0 has eight influences, vertex 1 two, vertex 2 none; joint k scales x by k + 2
    // (about the origin), so the blended matrix scales x by sum w_k (k + 2) and the normal
    // (1, 1, 0) tilts to (1 / s, 1, 0).
    MeshSkin skin;
    std::vector<glm::mat4> world{glm::mat4(1.0f)};
    for (int k = 0; k < 8; ++k) {
        skin.joints.push_back({std::uint32_t(k + 1), glm::mat4(1.0f)});
        world.push_back(glm::scale(glm::mat4(1.0f), {float(k + 2), 1, 1}));
    }
    AuthoredInfluences influences(3);
    for (std::uint32_t k = 0; k < 8; ++k)
        influences[0].emplace_back(k, 1.0f);  // equal: x scales by the mean, 5.5
    influences[1] = {{0, 1.0f}, {7, 1.0f}};   // (2 + 9) / 2 = 5.5 as well
    normalize_skin_weights(skin, influences);
    ASSERT_EQ(skin.extra_influences_of(0).size(), 4u);
    const std::vector<glm::vec3> positions(3, {1, 1, 1});
    const std::vector<glm::vec3> normals(3, glm::normalize(glm::vec3(1, 1, 0)));
    std::vector<glm::vec3> out_p(3), out_n(3);
    skin_vertices(skin, skinning_palette(skin, world, 0, glm::dmat4(1.0)), positions, normals,
                  out_p, out_n);
    const glm::vec3 tilted = glm::normalize(glm::vec3(1.0f / 5.5f, 1.0f, 0.0f));
    for (std::size_t v = 0; v < 2; ++v) {
        EXPECT_NEAR(out_p[v].x, 5.5f, 1e-5f) << v;
        EXPECT_NEAR(glm::length(out_n[v] - tilted), 0.0f, 1e-6f) << v;
    }
    EXPECT_EQ(out_p[2], positions[2]);  // no joint: follows the mesh's node (the identity)
    EXPECT_NEAR(glm::length(out_n[2] - normals[2]), 0.0f, 1e-6f);
}

TEST(Skinning, SkinDefectNamesABrokenOverflow) {
    MeshSkin skin;
    skin.joints.resize(6);
    AuthoredInfluences influences(2);
    for (std::uint32_t k = 0; k < 6; ++k)
        influences[0].emplace_back(k, 1.0f);
    normalize_skin_weights(skin, influences);
    ASSERT_EQ(skin_defect(skin, 2), "");
    EXPECT_NE(skin_defect(skin, 3), "");  // weights for two vertices, not three

    MeshSkin bad = skin;
    bad.extra_begin.pop_back();
    EXPECT_NE(skin_defect(bad, 2).find("overflow"), std::string::npos);
    bad = skin;
    bad.extra_begin = {0, 5, 2};  // backwards, and past the end
    EXPECT_NE(skin_defect(bad, 2).find("overflow"), std::string::npos);
    bad = skin;
    bad.extra_influences[0].joint = 6;
    EXPECT_NE(skin_defect(bad, 2).find("bad joint"), std::string::npos);
    bad = skin;
    bad.extra_influences[0].weight = std::nanf("");
    EXPECT_NE(skin_defect(bad, 2).find("bad joint"), std::string::npos);
    bad = skin;
    bad.vertex_weights[0][3] = 0.0f;  // the overflow would never be read
    EXPECT_NE(skin_defect(bad, 2).find("not four"), std::string::npos);
    bad = skin;
    bad.extra_begin.clear();  // influences that no vertex owns
    EXPECT_NE(skin_defect(bad, 2).find("no vertex"), std::string::npos);
}

TEST(Skinning, OneJointWithFullWeightEverywhereIsARigidPart) {
    MeshSkin skin;
    skin.joints.resize(2);
    normalize_skin_weights(skin, {{{1, 0.7f}}, {{1, 1.0f}}, {{1, 0.3f}, {0, 0.0f}}});
    ASSERT_TRUE(skin.rigid_joint);
    EXPECT_EQ(*skin.rigid_joint, 1u);
    normalize_skin_weights(skin, {{{1, 1.0f}}, {{0, 1.0f}}});
    EXPECT_FALSE(skin.rigid_joint);
    normalize_skin_weights(skin, {{{1, 1.0f}}, {}});  // an unweighted vertex follows the node
    EXPECT_FALSE(skin.rigid_joint);
}

TEST(Morph, TargetsAddTheirWeightedDeltas) {
    std::vector<MorphTarget> targets(2);
    targets[0].position_deltas = {{1, 0, 0}, {0, 2, 0}};
    targets[0].normal_deltas = {{0, 1, 0}, {0, 0, 0}};
    targets[1].position_deltas = {{0, 0, 4}, {0, 0, 0}};
    const std::vector<glm::vec3> base = {{1, 1, 1}, {0, 0, 0}};
    const std::vector<glm::vec3> normals = {{1, 0, 0}, {0, 0, 1}};
    std::vector<glm::vec3> out_p(2), out_n(2);
    apply_morph_targets(targets, std::vector<float>{0.5f, 0.25f}, base, normals, out_p, out_n);
    EXPECT_EQ(out_p[0], glm::vec3(1.5f, 1.0f, 2.0f));
    EXPECT_EQ(out_p[1], glm::vec3(0.0f, 1.0f, 0.0f));
    EXPECT_NEAR(glm::length(out_n[0] - glm::normalize(glm::vec3(1, 0.5f, 0))), 0.0f, 1e-6f);
    // Missing weights count as zero.
    apply_morph_targets(targets, std::vector<float>{}, base, {}, out_p, {});
    EXPECT_EQ(out_p[0], base[0]);
}

}  // namespace
}  // namespace assets
