#include "picking/scene/bone_space.h"

#include <random>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "picking/core/draw_vec3.h"

namespace picking {
namespace {

glm::mat4 random_affine(std::mt19937& rng) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::uniform_real_distribution<float> s(0.2f, 3.0f);
    glm::mat4 m = glm::translate(glm::mat4(1.0f), {5 * u(rng), 5 * u(rng), 5 * u(rng)});
    // The axis drawn before the angle, as GCC did.
    const glm::vec3 axis = draw_vec3<glm::vec3>(u, rng) + 0.01f;
    m = glm::rotate(m, 3.0f * u(rng), glm::normalize(axis));
    return glm::scale(m, {s(rng), s(rng), s(rng)});  // non-uniform scale
}

// The same t names the same point in both spaces: world_from_mesh * local.at(t) == world.at(t).
TEST(BoneSpace, TIsPreservedUnderAffineTransforms_Seed11) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (int i = 0; i < 1000; ++i) {
        const glm::mat4 world_from_mesh = random_affine(rng);
        const Ray world{{u(rng), u(rng), u(rng)}, {u(rng), u(rng), u(rng)}};
        const Ray local = to_bone_space(world, mesh_from_world(world_from_mesh));
        for (const float t : {0.0f, 0.5f, 3.0f}) {
            const glm::vec3 back = glm::vec3(world_from_mesh * glm::vec4(local.at(t), 1.0f));
            const glm::vec3 expected = world.at(t);
            EXPECT_NEAR(back.x, expected.x, 1e-4f);
            EXPECT_NEAR(back.y, expected.y, 1e-4f);
            EXPECT_NEAR(back.z, expected.z, 1e-4f);
        }
    }
}

TEST(BoneSpace, ScaleChangesTheLocalDirectionLength) {
    const glm::mat4 world_from_mesh = glm::scale(glm::mat4(1.0f), {2.0f, 2.0f, 2.0f});
    const Ray local = to_bone_space(Ray{{0, 0, 4}, {0, 0, -1}}, mesh_from_world(world_from_mesh));
    EXPECT_FLOAT_EQ(local.origin.z, 2.0f);
    EXPECT_FLOAT_EQ(local.direction.z, -0.5f);  // not unit length: t stays a world parameter
}

TEST(BoneSpace, RangeIsCarriedOver) {
    Ray world{{0, 0, 0}, {1, 0, 0}};
    world.t_min = 0.5f;
    world.t_max = 7.0f;
    const Ray local = to_bone_space(world, glm::dmat4(1.0));
    EXPECT_EQ(local.t_min, 0.5f);
    EXPECT_EQ(local.t_max, 7.0f);
}

}  // namespace
}  // namespace picking
