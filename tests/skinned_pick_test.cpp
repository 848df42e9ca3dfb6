// Picking skinned models while they move: the session's picks (CPU-skinned vertices, the ray in
// each mesh's space) against a brute force over vertices skinned independently in double
// precision from Assimp's own data (tests/independent_skinning.h), with seeded random rays at
// several times of each clip.

#include <filesystem>

#include <gtest/gtest.h>

#include "app/scene_session.h"
#include "assets/default_scene.h"
#include "assets/load_model.h"
#include "tests/independent_skinning.h"
#include "tests/random_rays.h"

namespace tests {
namespace {

#if RAYPICK_SANITIZED
constexpr int kRaysPerTime = 60;
#else
constexpr int kRaysPerTime = 300;
#endif
constexpr double kEdgeTolerance = 1e-5;  // barycentric distance counted as "on an edge"

struct Counts {
    int hits = 0, near_edge = 0;
};

/// Compares the session's picks with the oracle's on seeded random rays at the current pose.
void compare(const app::SceneSession& session, const BruteForceOracle& oracle, unsigned seed,
             const std::string& what, Counts& counts) {
    const app::Bounds bounds = session.world_bounds();
    for (const picking::Ray& ray : incoherent_rays(bounds.min, bounds.max, seed, kRaysPerTime)) {
        const auto expected = oracle.closest(glm::dvec3(ray.origin), glm::dvec3(ray.direction));
        const auto got = session.pick(ray, {}).hit;
        if (expected && expected->edge_distance < kEdgeTolerance) {
            ++counts.near_edge;
            continue;
        }
        ASSERT_EQ(got.has_value(), expected.has_value()) << what;
        if (!got) continue;
        ++counts.hits;
        const bool same = got->mesh == expected->mesh && got->triangle == expected->triangle;
        EXPECT_TRUE(same || std::abs(double(got->t) - expected->t) <= 1e-5 * expected->t)
            << what << ": oracle triangle " << expected->triangle << ", picked " << got->triangle;
        EXPECT_NEAR(got->t, expected->t, 2e-5 * expected->t) << what;
    }
}

void check_file(const std::string& relative, std::initializer_list<double> times, unsigned seed) {
    const std::string path = "/usr/share/assimp/models/" + relative;
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is not installed";
    app::SceneSession session(assets::load_model(path));
    Counts counts;
    for (const double time : times) {
        session.set_time(time);
        compare(session, skinned_oracle_from_file(path, time), seed++,
                relative + " at " + std::to_string(time) + " s", counts);
    }
    EXPECT_GT(counts.hits, int(times.size()) * kRaysPerTime / 10) << relative;
    EXPECT_LE(counts.near_edge, int(times.size()) * kRaysPerTime / 50 + 1) << relative;
}

TEST(SkinnedPick, AnimationWithSkeletonFbx_Seed301) {
    check_file("FBX/animation_with_skeleton.fbx", {0.0, 0.27, 0.5, 0.81}, 301);
}
TEST(SkinnedPick, HuesitosFbx_Seed311) {
    check_file("FBX/huesitos.fbx", {0.0, 0.4, 0.9, 1.43}, 311);
}
TEST(SkinnedPick, SimpleSkinGltf_Seed321) {
    check_file("glTF2/simple_skin/simple_skin.gltf", {0.0, 0.25, 1.0, 3.7, 5.2}, 321);
}
TEST(SkinnedPick, BoxNestedCollada_Seed331) {
    check_file("Collada/box_nested_animation.dae", {0.0, 0.5, 1.1, 1.6}, 331);
}
TEST(SkinnedPick, WusonSmd_Seed341) {
    check_file("SMD/WusonSMD.smd", {0.0}, 341);
}

}  // namespace
}  // namespace tests
