// Every animated model of Debian's test corpus picks the pose its file authors: the session's
// picks (CPU-skinned and morphed vertices, every bone influence kept) against an independent
// evaluation of the same pose straight from Assimp's data, every influence of a vertex
// normalised over all of them (tests/independent_skinning.h), with seeded rays at four times
// of the first clip. At least 99.5 % of the rays must agree: both miss, or both hit within
// 1e-4 of t (the rest graze an edge or a silhouette, where float and double may part).

#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "app/core/scene_session.h"
#include "assets/load_model.h"
#include "picking/studies/ray_sets.h"
#include "tests/independent_skinning.h"

namespace tests {
namespace animated_corpus_test {

const std::string kModels = "/usr/share/assimp/models/";

// The files of assimp-testmodels that Assimp 5.2 reads with at least one animation (every file
// of the corpus imported once, outside the tests; glmark2-data's models have none). Only
// FBX/animation_with_skeleton.fbx has vertices with more than four bone influences (1,515 of
// 2,464, up to six).
const char* const kAnimatedModels[] = {
    "3DS/CameraRollAnim.3ds",
    "3DS/CameraRollAnimWithChildObject.3ds",
    "3DS/RotatingCube.3DS",
    "3DS/TargetCameraAnim.3ds",
    "ASE/CameraRollAnim.ase",
    "ASE/CameraRollAnimWithChildObject.ase",
    "ASE/MotionCaptureROM.ase",
    "ASE/RotatingCube.ASE",
    "ASE/TargetCameraAnim.ase",
    "ASE/anim.ASE",
    "ASE/anim2.ASE",
    "BVH/01_01.bvh",
    "BVH/01_03.bvh",
    "BVH/Boxing_Toes.bvh",
    "CSM/ThomasFechten.csm",
    "Collada/anims_with_full_rotations_between_keys.DAE",
    "Collada/box_nested_animation.dae",
    "FBX/animation_with_skeleton.fbx",
    "FBX/huesitos.fbx",
    "LWS/move_x.lws",
    "LWS/move_x_oldformat_56.lws",
    "LWS/move_x_oldformat_6.lws",
    "LWS/move_x_post_constant.lws",
    "LWS/move_x_post_linear.lws",
    "LWS/move_x_post_offset_repeat.lws",
    "LWS/move_x_post_repeat.lws",
    "LWS/move_x_post_reset.lws",
    "LWS/move_xz_bezier.lws",
    "LWS/move_xz_hermite.lws",
    "LWS/move_xz_linear.lws",
    "LWS/move_xz_spline.lws",
    "LWS/move_xz_stepped.lws",
    "LWS/move_y_pre_ofrep_post_osc.lws",
    "MDL/MDL (HL1)/alpha_test.mdl",
    "MDL/MDL (HL1)/blend_additive.mdl",
    "MDL/MDL (HL1)/chrome_sphere.mdl",
    "MDL/MDL (HL1)/duplicate_bodyparts.mdl",
    "MDL/MDL (HL1)/duplicate_sequence_groups/duplicate_sequence_groups.mdl",
    "MDL/MDL (HL1)/duplicate_sequences.mdl",
    "MDL/MDL (HL1)/duplicate_submodels.mdl",
    "MDL/MDL (HL1)/man.mdl",
    "MDL/MDL (HL1)/sequence_transitions.mdl",
    "MDL/MDL (HL1)/unnamed_bodyparts.mdl",
    "MDL/MDL (HL1)/unnamed_bones.mdl",
    "MDL/MDL (HL1)/unnamed_sequence_groups/unnamed_sequence_groups.mdl",
    "MDL/MDL (HL1)/unnamed_sequences.mdl",
    "SMD/WusonSMD.smd",
    "SMD/holy_grailref.smd",
    "SMD/triangle.smd",
    "X/BCN_Epileptic.X",
    "X/Testwuson.X",
    "X/anim_test.x",
    "glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf",
    "glTF2/simple_skin/simple_skin.gltf",
};

#if RAYPICK_SANITIZED
constexpr int kRaysPerTime = 100;
#else
constexpr int kRaysPerTime = 400;
#endif
constexpr double kRelativeT = 1e-4;
constexpr double kAgreeing = 0.995;
// Fractions of the first clip: its start, and three moments inside it.
constexpr double kClipFractions[] = {0.0, 0.27, 0.55, 0.81};

constexpr int kModelCount = int(std::size(kAnimatedModels));

/// The parameter is the model's place in kAnimatedModels, which also seeds its rays.
class AnimatedCorpus : public testing::TestWithParam<int> {};

TEST_P(AnimatedCorpus, PicksTheAuthoredPoseWithEveryInfluence) {
    const char* const model = kAnimatedModels[GetParam()];
    const std::string path = kModels + model;
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is not installed";
    app::SceneSession session(assets::load_model(path));
    ASSERT_FALSE(session.scene().clips.empty()) << path << " has no clip";
    const double duration = session.scene().clips[0].duration_seconds();
    unsigned seed = 500 + 8 * unsigned(GetParam());  // one per file and time
    int rays = 0, agree = 0, hits = 0;
    for (const double fraction : kClipFractions) {
        const double seconds = fraction * duration;
        session.set_time(seconds);
        const BruteForceOracle oracle = skinned_oracle_from_file(path, seconds);
        for (const picking::Ray& ray :
             picking::incoherent_rays(session.world_bounds(), kRaysPerTime, seed++)) {
            const auto expected = oracle.closest(glm::dvec3(ray.origin), glm::dvec3(ray.direction));
            const auto got = session.pick(ray, {}).hit;
            ++rays;
            hits += got.has_value();
            if (got.has_value() != expected.has_value()) continue;
            if (got && std::abs(double(got->t) - expected->t) > kRelativeT * expected->t) continue;
            ++agree;
        }
    }
    std::printf("%s: %d of %d rays agree (%d hits)\n", model, agree, rays, hits);
    EXPECT_GE(double(agree), kAgreeing * double(rays)) << path;
    EXPECT_GT(hits, rays / 20) << path << ": too few rays hit for the check to mean much";
}

INSTANTIATE_TEST_SUITE_P(AssimpTestModels, AnimatedCorpus, testing::Range(0, kModelCount),
                         [](const testing::TestParamInfo<int>& param_info) {
                             // "MDL/MDL (HL1)/man.mdl" -> "MDL_MDL__HL1__man_mdl"
                             std::string name = kAnimatedModels[param_info.param];
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return name;
                         });

}  // namespace animated_corpus_test
}  // namespace tests
