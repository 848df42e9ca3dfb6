// XNA recipe 4-18 (seed 001): picking with the ray moved into each mesh's bone space gives the
// same triangle, and t within 1e-5 relative, as moving every triangle to world space first; on
// still models and on animated ones at several times of their clips (rigid parts, rigid skins
// and skinned meshes, whose vertices are skinned into the space of the node that draws them).

#include <filesystem>

#include <gtest/gtest.h>

#include "app/core/scene_session.h"
#include "assets/load_model.h"
#include "picking/studies/ray_sets.h"

namespace tests {
namespace xna_equivalence_test {

void check_pose(const app::SceneSession& session, unsigned seed);

#if RAYPICK_SANITIZED
constexpr int kRays = 400;
#else
constexpr int kRays = 2000;
#endif

void check_equivalence(const std::string& model, unsigned seed,
                       std::initializer_list<double> times = {0.0}) {
    if (model != "default" && !std::filesystem::exists(model))
        GTEST_SKIP() << model << " is not installed";
    app::SceneSession session(assets::load_model(model));
    for (const double time : times) {
        session.set_time(time);
        SCOPED_TRACE(model + " at " + std::to_string(time) + " s");
        check_pose(session, seed++);
    }
}

void check_pose(const app::SceneSession& session, unsigned seed) {
    const std::string& model = session.scene().source;
    const picking::Aabb bounds = session.world_bounds();
    picking::PickSettings naive;
    naive.space = picking::RaySpace::WorldTriangles;
    int hits = 0, mismatches = 0;
    for (const picking::Ray& ray : picking::incoherent_rays(bounds, kRays, seed)) {
        const auto bone = session.pick(ray, {});
        const auto world = session.pick(ray, naive);
        if (bone.hit.has_value() != world.hit.has_value()) {
            // Rounding differs between the two spaces: only a ray grazing an edge may flip.
            const auto& h = bone.hit ? *bone.hit : *world.hit;
            EXPECT_LT(std::min({h.u, h.v, 1.0f - h.u - h.v}), 1e-4f) << model;
            ++mismatches;
            continue;
        }
        if (!bone.hit) continue;
        ++hits;
        EXPECT_EQ(bone.hit->instance, world.hit->instance);
        if (bone.hit->triangle != world.hit->triangle) {
            ++mismatches;  // two triangles at one t: a shared edge
            EXPECT_NEAR(bone.hit->t, world.hit->t, 1e-5f * world.hit->t);
            continue;
        }
        EXPECT_NEAR(bone.hit->t, world.hit->t, 1e-5f * world.hit->t) << model;
    }
    EXPECT_GT(hits, kRays / 10) << model;
    EXPECT_LE(mismatches, kRays / 500 + 1) << model;
}

TEST(XnaEquivalence, Duck_Seed201) {
    check_equivalence("/usr/share/assimp/models/Collada/duck.dae", 201);
}
TEST(XnaEquivalence, Spider_Seed202) {
    check_equivalence("/usr/share/assimp/models/OBJ/spider.obj", 202);
}
TEST(XnaEquivalence, DefaultScene_Seed203) {
    check_equivalence("default", 203, {1.3, 6.1});
}

const std::string kModels = "/usr/share/assimp/models/";

TEST(XnaEquivalence, BoxNestedAnimationCollada_Seed211) {
    check_equivalence(kModels + "Collada/box_nested_animation.dae", 211, {0.0, 0.3, 0.9, 1.5});
}
TEST(XnaEquivalence, AnimationWithSkeletonFbx_Seed221) {
    check_equivalence(kModels + "FBX/animation_with_skeleton.fbx", 221, {0.0, 0.3, 0.6});
}
TEST(XnaEquivalence, HuesitosFbx_Seed231) {
    check_equivalence(kModels + "FBX/huesitos.fbx", 231, {0.0, 0.7, 1.2});
}
TEST(XnaEquivalence, WusonSmd_Seed241) {
    check_equivalence(kModels + "SMD/WusonSMD.smd", 241);
}
TEST(XnaEquivalence, AnimatedMorphCubeGltf_Seed261) {
    check_equivalence(
        kModels + "glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf", 261,
        {0.5, 2.0});
}
TEST(XnaEquivalence, SimpleSkinGltf_Seed251) {
    check_equivalence(kModels + "glTF2/simple_skin/simple_skin.gltf", 251, {0.0, 0.6, 2.2, 4.4});
}

}  // namespace xna_equivalence_test
}  // namespace tests
