// `raypick pick` on real models against a double-precision brute-force oracle, with seeded
// random rays: the binary and the oracle must agree on every ray that is not within a hair of
// a triangle edge.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/core/scene_session.h"
#include "assets/load_model.h"
#include "assets/procedural/torus_knot.h"
#include "picking/bvh/wide_bvh.h"
#include "picking/simd/ray_triangle_simd.h"
#include "picking/studies/ray_sets.h"
#include "tests/brute_force_oracle.h"
#include "tests/independent_skinning.h"
#include "tests/process.h"

namespace tests {
namespace oracle_test {

constexpr double kEdgeTolerance = 1e-5;  // barycentric distance counted as "on an edge"

void check_model(const std::string& model, unsigned seed, int ray_count) {
    if (model != "default" && !std::filesystem::exists(model))
        GTEST_SKIP() << model << " is not installed";
    app::SceneSession session(assets::load_model(model));
    const picking::Aabb bounds = session.world_bounds();
    const auto rays = picking::incoherent_rays(bounds, ray_count, seed);

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

// == The eight-wide BVH against brute force on real meshes, per algorithm

#if RAYPICK_SANITIZED
constexpr int kRayDivisor = 20;  // sanitized code is slow: the same checks on fewer rays
#else
constexpr int kRayDivisor = 1;
#endif

/// The rays a check casts in this build: fewer when sanitized, but never so few (30) that the
/// rate assertions below stop meaning anything (30 / 20 once left one ray, which missed).
int scaled_rays(int rays) {
    return std::max(std::min(rays, 30), rays / kRayDivisor);
}

/// Every triangle of the mesh through one algorithm: the closest hit (the lower index at a
/// tie), with the t range the seeds' algorithms lack made as wide as theirs.
std::optional<picking::BvhHit> every_triangle(const picking::MeshView& mesh,
                                              const picking::Ray& ray,
                                              const picking::RayTriangleAlgorithm& algorithm) {
    const picking::MeshQuery q = algorithm.closest_in_mesh(ray, mesh, {}, false);
    if (!q.hit) return std::nullopt;
    return picking::BvhHit{q.triangle, *q.hit};
}

picking::Ray reach(picking::Ray ray, const picking::RayTriangleAlgorithm& algorithm) {
    if (algorithm.seed_without_t_range) {
        ray.t_min = -std::numeric_limits<float>::infinity();
        ray.t_max = std::numeric_limits<float>::infinity();
    }
    return ray;
}

/// `simd_rays` seeded random rays for the algorithms with SIMD kernels (traversed with them,
/// checked against every triangle in the same kernels), `scalar_rays` for the others
/// (traversed with the scalar test, checked against every triangle one by one: tens of
/// nanoseconds a test, so fewer rays on the big meshes to keep CI fast; the 3,000-triangle
/// soup of picking/bvh/wide_bvh_test.cpp covers them further). The same
/// closest triangle, or the same t within 1e-6 relative at a tie; any-hit agrees with it.
void check_bvh(const std::string& name, const assets::MeshData& data, unsigned seed, int simd_rays,
               int scalar_rays) {
    const picking::MeshView mesh{data.positions, data.indices};
    const picking::WideBvh bvh = picking::build_wide_bvh(mesh, picking::wide_bvh_build_options());
    const auto blocks = picking::make_triangle_blocks<8>(mesh);
    const auto rays = picking::incoherent_rays(
        bvh.bounds, std::size_t(scaled_rays(std::max(simd_rays, scalar_rays))), seed);
    const picking::Isa isa = picking::active_isa();
    for (const picking::RayTriangleAlgorithm& algorithm : picking::kRayTriangleAlgorithms) {
        const auto block = picking::block_algorithm_for(algorithm.method);
        picking::WideQuery query;
        query.intersect = algorithm.intersect;
        if (block && isa != picking::Isa::Scalar) {
            query.block_algorithm = block;
            query.isa = isa;
        }
        const int count = scaled_rays(block ? simd_rays : scalar_rays);
        int hits = 0, tolerance_hits = 0;
        for (int i = 0; i < count; ++i) {
            const picking::Ray ray = reach(rays[std::size_t(i)], algorithm);
            query.any_hit = false;
            const auto got = picking::raycast(bvh, mesh, ray, query);
            std::optional<picking::BvhHit> want;
            if (block) {
                if (const auto h = picking::intersect_blocks<8>(ray, blocks, *block, {}, isa))
                    want = picking::BvhHit{h->id, picking::RayHit{h->t, h->u, h->v}};
            } else {
                want = every_triangle(mesh, ray, algorithm);
            }
            // unity_pick's tolerance reaches beyond a triangle, out of every box's reach.
            if (want && (want->hit.u < 0 || want->hit.v < 0 || want->hit.u + want->hit.v > 1) &&
                (!got || got->triangle != want->triangle)) {
                ++tolerance_hits;
                continue;
            }
            ASSERT_EQ(got.has_value(), want.has_value())
                << name << " " << algorithm.name << " ray " << i;
            query.any_hit = true;
            EXPECT_EQ(picking::raycast(bvh, mesh, ray, query).has_value(), got.has_value())
                << name << " " << algorithm.name << " any-hit, ray " << i;
            if (!got) continue;
            ++hits;
            if (got->triangle != want->triangle)
                EXPECT_NEAR(got->hit.t, want->hit.t, 1e-6f * std::abs(want->hit.t))
                    << name << " " << algorithm.name << " ray " << i << " (tie)";
            else
                EXPECT_EQ(got->hit.t, want->hit.t) << name << " " << algorithm.name;
        }
        EXPECT_GT(hits, count / 25) << name << " " << algorithm.name;  // sparse parts too
        EXPECT_LE(tolerance_hits, count / 100 + 1) << name << " " << algorithm.name;
    }
}

void check_bvh_on_file(const std::string& path, unsigned seed, int simd_rays, int scalar_rays) {
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is not installed";
    const assets::Scene scene = assets::load_model(path);
    ASSERT_FALSE(scene.meshes.empty());
    for (const assets::MeshData& mesh : scene.meshes)
        check_bvh(path, mesh, seed++, simd_rays, scalar_rays);
}

TEST(BvhAgainstBruteForce, Bunny_Seed111) {
    check_bvh_on_file("/usr/share/glmark2/models/bunny.obj", 111, 10000, 50);
}
TEST(BvhAgainstBruteForce, Spider_Seed112) {
    check_bvh_on_file("/usr/share/assimp/models/OBJ/spider.obj", 112, 10000, 2000);
}
TEST(BvhAgainstBruteForce, Knot100K_Seed113) {
    const assets::Scene knot = assets::make_knot_scene(100'000);
    check_bvh("knot:100000", knot.meshes[0], 113, 10000, 30);
}

}  // namespace oracle_test
}  // namespace tests
