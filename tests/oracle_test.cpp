// `raypick pick` on real models against a double-precision brute-force oracle, with seeded
// random rays: the binary and the oracle must agree on every ray that is not within a hair of
// a triangle edge.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/scene_session.h"
#include "assets/load_model.h"
#include "tests/brute_force_oracle.h"
#include "tests/independent_skinning.h"
#include "tests/process.h"
#include "tests/random_rays.h"

namespace tests {
namespace {

constexpr double kEdgeTolerance = 1e-5;  // barycentric distance counted as "on an edge"

void check_model(const std::string& model, unsigned seed, int ray_count) {
    if (model != "default" && !std::filesystem::exists(model))
        GTEST_SKIP() << model << " is not installed";
    app::SceneSession session(assets::load_model(model));
    const app::Bounds bounds = session.world_bounds();
    const auto rays = incoherent_rays(bounds.min, bounds.max, seed, ray_count);

    // The rays go to the binary through a file, printed exactly (9 significant digits).
    const auto rays_path = std::filesystem::temp_directory_path() /
                           ("raypick_oracle_" + std::to_string(seed) + ".txt");
    {
        std::ofstream out(rays_path);
        out.precision(9);
        for (const auto& r : rays)
            out << r.origin.x << ' ' << r.origin.y << ' ' << r.origin.z << ' ' << r.direction.x
                << ' ' << r.direction.y << ' ' << r.direction.z << '\n';
    }
    const ProcessResult result =
        run_process({raypick_exe(), "pick", model, "--rays", rays_path.string()});
    ASSERT_EQ(result.exit_code, 0) << result.err;
    const auto out = lines(result.out);
    ASSERT_EQ(out.size(), rays.size());

    // Skinned meshes (the default scene's tentacle) are skinned independently, in double.
    const BruteForceOracle oracle =
        skinned_oracle_from_scene(session.scene(), session.world_transforms());
    int hits = 0, near_edge = 0, shapes = 0;
    for (std::size_t i = 0; i < rays.size(); ++i) {
        const auto j = nlohmann::json::parse(out[i]);
        // Use the ray exactly as the binary parsed it.
        const glm::dvec3 o(j["ray"][0].get<float>(), j["ray"][1].get<float>(),
                           j["ray"][2].get<float>());
        const glm::dvec3 d(j["ray"][3].get<float>(), j["ray"][4].get<float>(),
                           j["ray"][5].get<float>());
        // The oracle knows triangles: a ray that an analytic shape stops first is not its case.
        if (j.contains("shape")) {
            ++shapes;
            continue;
        }
        const auto expected = oracle.closest(o, d);
        const bool got = j["hit"];
        if (expected && expected->edge_distance < kEdgeTolerance) {
            ++near_edge;  // either answer is defensible at an edge
            continue;
        }
        ASSERT_EQ(got, expected.has_value()) << model << " ray " << i << ": " << out[i];
        if (!got) continue;
        ++hits;
        const double t = j["t"];
        const bool same_triangle =
            j["mesh"] == expected->mesh && j["triangle"] == expected->triangle;
        // A different triangle is only acceptable at the same distance (coincident surfaces).
        EXPECT_TRUE(same_triangle || std::abs(t - expected->t) <= 1e-5 * expected->t)
            << model << " ray " << i << ": oracle mesh " << expected->mesh << " triangle "
            << expected->triangle << " t " << expected->t << "; got " << out[i];
        EXPECT_NEAR(t, expected->t, 1e-5 * expected->t + 1e-6) << model << " ray " << i;
        if (same_triangle) {
            EXPECT_NEAR(j["u"].get<double>(), expected->u, 1e-4);
            EXPECT_NEAR(j["v"].get<double>(), expected->v, 1e-4);
        }
    }
    EXPECT_GT(hits, ray_count / 10) << model;
    EXPECT_LE(near_edge, ray_count / 100 + 1) << model;
    EXPECT_LE(shapes, ray_count / 5) << model;
    std::filesystem::remove(rays_path);
}

TEST(Oracle, Bunny_Seed101) {
    check_model("/usr/share/glmark2/models/bunny.obj", 101, 300);
}
TEST(Oracle, Spider_Seed102) {
    check_model("/usr/share/assimp/models/OBJ/spider.obj", 102, 500);
}
TEST(Oracle, Duck_Seed103) {
    check_model("/usr/share/assimp/models/Collada/duck.dae", 103, 500);
}
TEST(Oracle, Wuson_Seed104) {
    check_model("/usr/share/assimp/models/PLY/Wuson.ply", 104, 500);
}
TEST(Oracle, DefaultScene_Seed105) {
    check_model("default", 105, 500);
}

}  // namespace
}  // namespace tests
