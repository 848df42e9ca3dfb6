// The broad phases of a scene pick (none / sphere / aabb / bvh) against each other: the
// conservative ones must never lose a hit that testing every triangle finds.

#include <cstring>
#include <random>

#include <gtest/gtest.h>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "picking/core/draw_vec3.h"
#include "picking/core/parallel_for.h"
#include "picking/scene/scene_pick.h"
#include "picking/simd/ray_triangle_simd.h"
#include "picking/testing/sanitized.h"
#include "picking/testing/test_meshes.h"

namespace picking {
namespace {

using testing::kScale;

using testing::TestMesh;

/// A closed bumpy ball of `rings` x `sectors` quads, radius 1.
TestMesh ball(int rings, int sectors, float bump) {
    return testing::bumpy_sphere(rings, sectors, 1.0f, bump, 4.0f);
}

/// Three meshes at eight placements (rotated, non-uniformly scaled, two sharing a node as XNA
/// mesh parts do, one with a singular bone).
struct TestScene {
    std::vector<TestMesh> meshes;
    SceneView view;

    explicit TestScene(unsigned seed) {
        meshes.push_back(ball(12, 18, 0.2f));
        meshes.push_back(ball(6, 8, 0.0f));
        TestMesh plate;
        plate.positions = {{-2, 0, -2}, {2, 0, -2}, {2, 0, 2}, {-2, 0, 2}};
        plate.indices = {0, 2, 1, 0, 3, 2};
        meshes.push_back(plate);
        for (const TestMesh& m : meshes)
            view.meshes.push_back({m.positions, m.indices});
        std::mt19937 rng(seed);
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        for (std::uint32_t i = 0; i < 8; ++i) {
            glm::mat4 m = glm::translate(glm::mat4(1.0f), {3 * u(rng), 3 * u(rng), 3 * u(rng)});
            const float y = u(rng), x = u(rng);  // the axis before the angle: GCC's order
            m = glm::rotate(m, 3.0f * u(rng), glm::normalize(glm::vec3(x, y, 1.0f)));
            m = glm::scale(m, {1.0f + 0.5f * u(rng), 1.0f + 0.5f * u(rng), 1.0f + 0.5f * u(rng)});
            view.instances.push_back({i % 3, i, m});
        }
        // Instance 8 shares node 0 with instance 0: two parts of one XNA ModelMesh.
        view.instances.insert(view.instances.begin() + 1,
                              {1, 0, view.instances[0].world_from_mesh});
        view.instances.push_back({0, 99, glm::mat4(0.0f)});  // a zero-scale bone: never hit
    }
};

std::vector<Ray> rays_into(const SceneView& scene, unsigned seed, int count) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<Ray> rays;
    for (int i = 0; i < count; ++i) {
        const glm::vec3 aim = 4.0f * draw_vec3<glm::vec3>(u, rng);
        const glm::vec3 from = 12.0f * glm::normalize(draw_vec3<glm::vec3>(u, rng) + 0.01f);
        rays.push_back({from, aim - from});
        if (i % 5 == 0) rays.back().origin = aim;  // from inside the scene
    }
    (void)scene;
    return rays;
}

/// unity_pick's tolerance accepts points beyond a triangle's far edges: the bounding volumes of
/// the exact triangle cannot promise those (the one quirk the broad phases do not reproduce).
bool outside_its_triangle(const PickHit& hit) {
    return hit.u < 0.0f || hit.v < 0.0f || hit.u + hit.v > 1.0f;
}

void expect_same(const PickResult& got, const PickResult& want, const std::string& what) {
    if (want.hit && outside_its_triangle(*want.hit) &&
        (!got.hit || got.hit->triangle != want.hit->triangle ||
         got.hit->instance != want.hit->instance))
        return;
    ASSERT_EQ(got.hit.has_value(), want.hit.has_value()) << what;
    if (!got.hit) return;
    // The same instance and triangle even at a tie (the lower of each wins it).
    EXPECT_EQ(got.hit->instance, want.hit->instance) << what;
    EXPECT_EQ(got.hit->triangle, want.hit->triangle) << what;
    EXPECT_EQ(got.hit->t, want.hit->t) << what;
}

TEST(BroadPhase, EveryPhaseFindsWhatEveryTriangleFinds_Seed41) {
    const TestScene scene(41);
    SceneAccel accel(scene.view);
    accel.build_bvhs(scene.view);
    int hits = 0;
    for (const RayTriangleAlgorithm& algorithm : kRayTriangleAlgorithms) {
        for (const Ray& ray : rays_into(scene.view, 41, 1000 / kScale)) {
            PickSettings settings;
            settings.method = algorithm.method;
            // The closest hit (xna_plane's "first found" is compared below).
            settings.triangle_options.xna_first_found = false;
            const PickResult none = pick(scene.view, ray, settings, &accel);
            hits += none.hit.has_value();
            PickSettings first = settings;
            first.triangle_options.xna_first_found = true;
            for (BroadPhase phase : {BroadPhase::Sphere, BroadPhase::Aabb, BroadPhase::Bvh}) {
                settings.broad_phase = first.broad_phase = phase;
                for (bool simd : {true, false}) {
                    settings.simd = simd;
                    const PickResult got = pick(scene.view, ray, settings, &accel);
                    EXPECT_EQ(got.broad_phase, phase);
                    expect_same(
                        got, none,
                        std::string(algorithm.name) + " phase " + std::to_string(int(phase)));
                }
                // "First found" stops at the first hit in the order the phase visits (mesh
                // order, or front to back in the BVH): a hit exactly when there is one.
                if (algorithm.has_first_found) {
                    const PickResult got = pick(scene.view, ray, first, &accel);
                    EXPECT_EQ(got.hit.has_value(), none.hit.has_value()) << algorithm.name;
                }
            }
        }
    }
    EXPECT_GT(hits, 300 / kScale);
}

TEST(BroadPhase, CountersSayWhatRan) {
    const TestScene scene(42);
    SceneAccel accel(scene.view);
    accel.build_bvhs(scene.view);
    const Ray ray{{0.0f, 0.0f, 20.0f}, {0.01f, 0.02f, -1.0f}};
    PickSettings settings;
    const PickResult none = pick(scene.view, ray, settings, &accel);
    EXPECT_EQ(none.stats.sphere_tests + none.stats.box_tests + none.stats.nodes_visited, 0u);
    std::uint64_t all_triangles = 0;
    for (const Instance& instance : scene.view.instances)
        if (instance.mesh < scene.view.meshes.size() && instance.node != 99)
            all_triangles += scene.view.meshes[instance.mesh].triangle_count();
    EXPECT_EQ(none.stats.triangles_tested, all_triangles);

    settings.broad_phase = BroadPhase::Sphere;
    const PickResult sphere = pick(scene.view, ray, settings, &accel);
    // One sphere per node group, one more per part of the group with two parts (if reached).
    EXPECT_GE(sphere.stats.sphere_tests, accel.node_groups().size() - 1);
    EXPECT_LT(sphere.stats.triangles_tested, none.stats.triangles_tested);

    settings.broad_phase = BroadPhase::Aabb;
    const PickResult box = pick(scene.view, ray, settings, &accel);
    EXPECT_EQ(box.stats.box_tests, scene.view.instances.size() - 1);  // the singular one is skipped
    EXPECT_EQ(box.stats.sphere_tests, 0u);

    settings.broad_phase = BroadPhase::Bvh;
    settings.record_visited = true;
    const PickResult bvh = pick(scene.view, ray, settings, &accel);
    EXPECT_GT(bvh.stats.nodes_visited, 0u);
    EXPECT_GT(bvh.stats.box_tests, 0u);
    EXPECT_LT(bvh.stats.triangles_tested, box.stats.triangles_tested + 1);
    EXPECT_FALSE(bvh.visited_boxes.empty());
    for (const PickedBox& b : bvh.visited_boxes)
        EXPECT_FALSE(b.box.empty());
}

TEST(BroadPhase, WithoutItsDataAPickFallsBackToEveryTriangle) {
    const TestScene scene(43);
    const SceneAccel no_bvhs(scene.view);
    PickSettings settings;
    settings.broad_phase = BroadPhase::Bvh;
    const Ray ray{{0.0f, 0.0f, 20.0f}, {0.0f, 0.0f, -1.0f}};
    EXPECT_EQ(pick(scene.view, ray, settings, &no_bvhs).broad_phase, BroadPhase::None);
    EXPECT_EQ(pick(scene.view, ray, settings, nullptr).broad_phase, BroadPhase::None);
    settings.broad_phase = BroadPhase::Sphere;
    EXPECT_EQ(pick(scene.view, ray, settings, &no_bvhs).broad_phase, BroadPhase::Sphere);
}

TEST(BroadPhase, SeedSlabTestLosesARayInAFacePlane) {
    // A triangle whose edge lies in its box's min-x face, and a ray down that face with a zero
    // x direction: (min.x - O.x) / 0 = 0 / 0. Seed 002's test calls the box missed; the
    // robust test keeps it, and the reference algorithm (edges inclusive) hits the edge.
    const std::vector<glm::vec3> positions = {{0, 0, 0}, {0, 1, 0}, {1, 0.5f, 0}};
    const std::vector<std::uint32_t> indices = {0, 2, 1};
    SceneView view;
    view.meshes.push_back({positions, indices});
    view.instances.push_back({0, 0, glm::mat4(1.0f)});
    SceneAccel accel(view);
    PickSettings settings;
    settings.method = RayTriangleMethod::Reference;
    settings.broad_phase = BroadPhase::Aabb;
    const Ray ray{{0.0f, 0.5f, 3.0f}, {0.0f, 0.0f, -1.0f}};
    EXPECT_TRUE(pick(view, ray, settings, &accel).hit);
    settings.slab_test = SlabTest::Seed;
    EXPECT_FALSE(pick(view, ray, settings, &accel).hit);
    settings.broad_phase = BroadPhase::None;
    EXPECT_TRUE(pick(view, ray, settings, &accel).hit);
}

// The aabb broad phase's seed slab test reads the same epsilon as the box shapes: a ray that
// passes the mesh box's corner by 5e-5 in t reaches the triangles with the seed's 0.0001 and
// stops at the box with 0.00001.
TEST(BroadPhase, SeedSlabEpsilonDecidesAGrazingBox) {
    const std::vector<glm::vec3> positions = {{0, 0, 0}, {1, 0, 1}, {0, 1, 0}};
    const std::vector<std::uint32_t> indices = {0, 1, 2};
    SceneView view;
    view.meshes.push_back({positions, indices});
    view.instances.push_back({0, 0, glm::mat4(1.0f)});
    const SceneAccel accel(view);
    PickSettings settings;
    settings.broad_phase = BroadPhase::Aabb;
    settings.slab_test = SlabTest::Seed;
    const Ray graze{{3.0f + 5e-5f, 0.5f, 2.0f}, {-1.0f, 0.0f, -1.0f}};  // x - z = 1 + 5e-5
    EXPECT_EQ(pick(view, graze, settings, &accel).stats.triangles_tested, 1u);
    settings.shapes.slab_epsilon = 1e-5f;
    EXPECT_EQ(pick(view, graze, settings, &accel).stats.triangles_tested, 0u);
    settings.slab_test = SlabTest::Robust;
    EXPECT_EQ(pick(view, graze, settings, &accel).stats.triangles_tested, 0u);
}

TEST(BroadPhase, EveryTriangleThroughTheSimdKernelsEqualsTheScalarLoop_Seed48) {
    // Without a broad phase, and behind spheres and boxes, a mesh's triangles go sixteen at a
    // time through the block kernels when the algorithm has them: the same pick, bit for bit,
    // as the scalar loop (settings.simd = false), culling or not.
    const TestScene scene(48);
    SceneAccel accel(scene.view);
    int hits = 0;
    for (const RayTriangleMethod method :
         {RayTriangleMethod::MollerTrumbore, RayTriangleMethod::Watertight})
        for (const BroadPhase phase : {BroadPhase::None, BroadPhase::Sphere, BroadPhase::Aabb})
            for (const bool cull : {false, true}) {
                PickSettings simd;
                simd.method = method;
                simd.broad_phase = phase;
                simd.triangle_options.cull_backfaces = cull;
                PickSettings scalar = simd;
                scalar.simd = false;
                for (const Ray& ray : rays_into(scene.view, 48, 300 / kScale)) {
                    const PickResult a = pick(scene.view, ray, simd, &accel);
                    const PickResult b = pick(scene.view, ray, scalar, &accel);
                    ASSERT_EQ(a.hit.has_value(), b.hit.has_value());
                    EXPECT_EQ(a.stats.triangles_tested, b.stats.triangles_tested);
                    if (!a.hit) continue;
                    ++hits;
                    EXPECT_EQ(a.hit->instance, b.hit->instance);
                    EXPECT_EQ(a.hit->triangle, b.hit->triangle);
                    EXPECT_EQ(a.hit->t, b.hit->t);
                    EXPECT_EQ(a.hit->u, b.hit->u);
                    EXPECT_EQ(a.hit->v, b.hit->v);
                }
            }
    EXPECT_GT(hits, 300 / kScale);
    if (active_isa() != Isa::Scalar) {
        EXPECT_TRUE(accel.triangle_block_cache().ready(0)) << "the picks made the blocks";
    }
}

TEST(BroadPhase, AMeshTooBigToKeepItsBlocksIsPickedInBatchesWithTheSameAnswers_Seed50) {
    // A mesh past kept_blocks_limit() goes through the block kernels on blocks made a few at
    // a time: the scalar loop's pick, bit for bit. The mesh is a ball drawn twice (every
    // triangle again, some 6,000 triangles later, in another batch): each hit is a tie between
    // the copies, and the first copy must win it, as in the scalar loop.
    TestMesh ball_twice = ball(48, 64, 0.1f);
    const std::size_t once = ball_twice.indices.size();
    for (std::size_t i = 0; i < once; ++i)
        ball_twice.indices.push_back(ball_twice.indices[i]);
    SceneView view;
    view.meshes.push_back({ball_twice.positions, ball_twice.indices});
    // As big as the box the rays aim into.
    view.instances.push_back({0, 0, glm::scale(glm::mat4(1.0f), glm::vec3(4.0f))});
    SceneAccel accel(view);
    accel.set_kept_blocks_limit(0);
    int hits = 0;
    for (const RayTriangleMethod method :
         {RayTriangleMethod::MollerTrumbore, RayTriangleMethod::Watertight})
        for (const bool cull : {false, true}) {
            PickSettings batched;
            batched.method = method;
            batched.broad_phase = BroadPhase::None;
            batched.triangle_options.cull_backfaces = cull;
            PickSettings scalar = batched;
            scalar.simd = false;
            for (const Ray& ray : rays_into(view, 50, 200 / kScale)) {
                const PickResult a = pick(view, ray, batched, &accel);
                const PickResult b = pick(view, ray, scalar, &accel);
                ASSERT_EQ(a.hit.has_value(), b.hit.has_value());
                EXPECT_EQ(a.stats.triangles_tested, b.stats.triangles_tested);
                if (!a.hit) continue;
                ++hits;
                EXPECT_EQ(a.hit->triangle, b.hit->triangle);
                EXPECT_LT(a.hit->triangle, once / 3) << "the first copy wins the tie";
                EXPECT_EQ(a.hit->t, b.hit->t);
                EXPECT_EQ(a.hit->u, b.hit->u);
                EXPECT_EQ(a.hit->v, b.hit->v);
            }
        }
    EXPECT_GT(hits, 200 / kScale);
    EXPECT_FALSE(accel.triangle_block_cache().ready(0)) << "no blocks kept";
}

TEST(BroadPhase, AMeshOfAMillionPointsIsBoundedByOnePassAboutItsBoxsCentre) {
    // Ritter's four passes in double are for meshes below kParallelPoints; from there on the
    // sphere is the refit's one pass about the box's centre. It must still hold every point,
    // and be about as tight.
    const TestMesh mesh = ball(1024, 1024, 0.2f);
    ASSERT_GE(mesh.positions.size(), kParallelPoints);
    SceneView view;
    view.meshes.push_back({mesh.positions, mesh.indices});
    view.instances.push_back({0, 0, glm::mat4(1.0f)});
    const SceneAccel accel(view);
    const Sphere sphere = accel.mesh_sphere(0);
    EXPECT_EQ(sphere.center, accel.mesh_box(0).center());
    double farthest = 0.0;
    for (const glm::vec3& p : mesh.positions)
        farthest = std::max(farthest, glm::length(glm::dvec3(p) - glm::dvec3(sphere.center)));
    EXPECT_LE(farthest, double(sphere.radius));
    EXPECT_LT(double(sphere.radius), 1.05 * double(bounding_sphere(mesh.positions).radius));
}

TEST(BroadPhase, ADeformedMeshsBlocksAreRemadeOnlyWhenPickedTwice_Seed49) {
    // After a mesh deforms, one test of it does not pay back making its blocks: the first ask
    // for the new positions gets none (blocks are made a few at a time), the second makes
    // them, and every
    // pick finds what the scalar loop finds on the new positions.
    TestScene scene(49);
    SceneAccel accel(scene.view);
    PickSettings settings;
    settings.method = RayTriangleMethod::Watertight;
    PickSettings scalar = settings;
    scalar.simd = false;
    const std::vector<Ray> rays = rays_into(scene.view, 49, 40);
    (void)pick(scene.view, rays[0], settings, &accel);
    if (active_isa() == Isa::Scalar) GTEST_SKIP() << "no SIMD kernels on this CPU";
    ASSERT_TRUE(accel.triangle_block_cache().ready(0)) << "a mesh never deformed: made at once";
    for (glm::vec3& p : scene.meshes[0].positions)
        p = 1.3f * p + glm::vec3(0.1f, 0.2f, -0.1f);
    accel.refit_mesh(scene.view, 0);
    EXPECT_FALSE(accel.triangle_block_cache().ready(0));
    auto expect_scalar_answer = [&](const Ray& ray) {
        const PickResult got = pick(scene.view, ray, settings, &accel);
        const PickResult want = pick(scene.view, ray, scalar, &accel);
        ASSERT_EQ(got.hit.has_value(), want.hit.has_value());
        if (got.hit) {
            EXPECT_EQ(got.hit->triangle, want.hit->triangle);
            EXPECT_EQ(got.hit->t, want.hit->t);
        }
    };
    EXPECT_TRUE(accel.triangle_blocks(scene.view, 0).empty()) << "the first ask does without";
    EXPECT_FALSE(accel.triangle_block_cache().ready(0));
    EXPECT_FALSE(accel.triangle_blocks(scene.view, 0).empty()) << "the second makes them";
    EXPECT_TRUE(accel.triangle_block_cache().ready(0));
    // Deformed again: picks (each testing mesh 0's three instances) find what the scalar loop
    // finds on the new positions, through either path.
    for (glm::vec3& p : scene.meshes[0].positions)
        p = 0.8f * p;
    accel.refit_mesh(scene.view, 0);
    for (const Ray& ray : rays)
        expect_scalar_answer(ray);
    EXPECT_TRUE(accel.triangle_block_cache().ready(0));
}

// A model of many small meshes builds them side by side on two threads, one thread each: the
// same trees, node for node and lane for lane, as built one by one.
TEST(BroadPhase, SmallMeshesBuiltSideBySideAreTheTreesBuiltOneByOne_Seed52) {
    std::vector<TestMesh> meshes;
    SceneView scene;
    for (unsigned m = 0; m < 12; ++m)
        meshes.push_back(testing::random_soup(52 + m, 3000 + 100 * int(m)));  // 42,600 in all
    for (std::uint32_t m = 0; m < meshes.size(); ++m) {
        scene.meshes.push_back(meshes[m].view());
        scene.instances.push_back(
            {m, m, glm::translate(glm::mat4(1.0f), {3.0f * float(m), 0.0f, 0.0f})});
    }
    BvhBuildOptions two = wide_bvh_build_options();
    two.threads = 2;
    SceneAccel accel(scene);
    ASSERT_TRUE(accel.build_bvhs(scene, two));
    BvhBuildOptions one = wide_bvh_build_options();
    one.threads = 1;
    for (std::uint32_t m = 0; m < meshes.size(); ++m) {
        const WideBvh expect = build_wide_bvh(scene.meshes[m], one);
        const WideBvh* got = accel.built_mesh_bvh(m);
        ASSERT_NE(got, nullptr) << m;
        ASSERT_EQ(got->nodes.size(), expect.nodes.size()) << m;
        ASSERT_EQ(got->blocks.size(), expect.blocks.size()) << m;
        EXPECT_EQ(std::memcmp(got->nodes.data(), expect.nodes.data(),
                              expect.nodes.size() * sizeof(WideNode)),
                  0)
            << m;
        for (std::size_t b = 0; b < expect.blocks.size(); ++b)
            for (std::size_t lane = 0; lane < 8; ++lane) {
                EXPECT_EQ(got->blocks[b].id[lane], expect.blocks[b].id[lane]);
                if (expect.blocks[b].id[lane] == kEmptyLane) continue;
                const Triangle a = block_triangle(got->blocks[b], lane);
                const Triangle e = block_triangle(expect.blocks[b], lane);
                EXPECT_EQ(a.p0, e.p0);
                EXPECT_EQ(a.p1, e.p1);
                EXPECT_EQ(a.p2, e.p2);
            }
    }
    EXPECT_NE(accel.instance_tree(), nullptr);  // and the tree over them
}

TEST(BroadPhase, WorldTrianglesThroughTheBvhPickTheSame_Seed44) {
    const TestScene scene(44);
    SceneAccel accel(scene.view);
    accel.build_bvhs(scene.view);
    PickSettings bone, world;
    bone.broad_phase = world.broad_phase = BroadPhase::Bvh;
    world.space = RaySpace::WorldTriangles;
    PickSettings world_none = world;
    world_none.broad_phase = BroadPhase::None;
    for (const Ray& ray : rays_into(scene.view, 44, 500 / kScale)) {
        const PickResult a = pick(scene.view, ray, world, &accel);
        expect_same(a, pick(scene.view, ray, world_none, &accel), "world");
        const PickResult b = pick(scene.view, ray, bone, &accel);
        ASSERT_EQ(a.hit.has_value(), b.hit.has_value());
        if (a.hit) {
            EXPECT_NEAR(a.hit->t, b.hit->t, 1e-4f * b.hit->t);
        }
    }
}

TEST(BroadPhase, RefitMeshKeepsEveryPhaseRight_Seed45) {
    TestScene scene(45);
    SceneAccel accel(scene.view);
    accel.build_bvhs(scene.view);
    // Inflate and shift the bumpy ball in place, as CPU skinning would.
    for (glm::vec3& p : scene.meshes[0].positions)
        p = 1.6f * p + glm::vec3(0.3f, -0.2f, 0.1f);
    accel.refit_mesh(scene.view, 0);
    for (const Ray& ray : rays_into(scene.view, 45, 800 / kScale)) {
        PickSettings settings;
        settings.method = RayTriangleMethod::Watertight;
        const PickResult none = pick(scene.view, ray, settings, &accel);
        for (BroadPhase phase : {BroadPhase::Sphere, BroadPhase::Aabb, BroadPhase::Bvh}) {
            settings.broad_phase = phase;
            expect_same(pick(scene.view, ray, settings, &accel), none, "refit");
        }
    }
}

/// The same answer to the bit: hit or miss, instance, triangle, t, u and v.
void expect_identical(const PickResult& got, const PickResult& want, const std::string& what) {
    ASSERT_EQ(got.hit.has_value(), want.hit.has_value()) << what;
    if (!got.hit) return;
    EXPECT_EQ(got.hit->instance, want.hit->instance) << what;
    EXPECT_EQ(got.hit->triangle, want.hit->triangle) << what;
    EXPECT_EQ(got.hit->t, want.hit->t) << what;
    EXPECT_EQ(got.hit->u, want.hit->u) << what;
    EXPECT_EQ(got.hit->v, want.hit->v) << what;
}

// baldwin_weber picks on the transforms the accel precomputed once per triangle answer
// exactly as the per-test form that computes them on every call, with every broad phase,
// and again after a mesh's positions change (the refit drops the stale transforms).
TEST(BroadPhase, BaldwinWeberOnPrecomputedTransformsPicksTheSame_Seed46) {
    TestScene scene(46);
    SceneAccel accel(scene.view);
    accel.build_bvhs(scene.view);
    PickSettings precomputed;
    precomputed.method = RayTriangleMethod::BaldwinWeber;
    PickSettings per_test = precomputed;
    per_test.precomputed = false;
    const std::vector<Ray> rays = rays_into(scene.view, 46, 600 / kScale);
    auto check = [&](const std::string& when) {
        int hits = 0;
        for (const Ray& ray : rays)
            for (BroadPhase phase :
                 {BroadPhase::None, BroadPhase::Sphere, BroadPhase::Aabb, BroadPhase::Bvh}) {
                precomputed.broad_phase = per_test.broad_phase = phase;
                const PickResult want = pick(scene.view, ray, per_test, &accel);
                expect_identical(pick(scene.view, ray, precomputed, &accel), want,
                                 when + " phase " + std::to_string(int(phase)));
                hits += want.hit.has_value();
            }
        EXPECT_GT(hits, 600 / kScale) << when;
    };
    EXPECT_FALSE(accel.baldwin_weber_cache().ready(0));
    check("as built");
    EXPECT_TRUE(accel.baldwin_weber_cache().ready(0)) << "the picks made the transforms";
    EXPECT_TRUE(accel.baldwin_weber_cache().ready(2));
    std::vector<PickResult> before;
    for (const Ray& ray : rays)
        before.push_back(pick(scene.view, ray, precomputed, &accel));

    // Inflate and shift the bumpy ball in place, as CPU skinning would, then refit it.
    for (glm::vec3& p : scene.meshes[0].positions)
        p = 1.4f * p + glm::vec3(0.2f, -0.3f, 0.1f);
    accel.refit_mesh(scene.view, 0);
    EXPECT_FALSE(accel.baldwin_weber_cache().ready(0)) << "mesh 0 moved";
    EXPECT_TRUE(accel.baldwin_weber_cache().ready(2)) << "mesh 2 did not";
    check("after the refit");
    int changed = 0;
    for (std::size_t i = 0; i < rays.size(); ++i) {
        const PickResult now = pick(scene.view, rays[i], precomputed, &accel);
        changed += now.hit.has_value() != before[i].hit.has_value() ||
                   (now.hit && now.hit->t != before[i].hit->t);
    }
    EXPECT_GT(changed, 20 / kScale) << "the deformation must change some picks";
}

// The mesh loop on precomputed transforms against the one-triangle form on every triangle,
// closest and first found, including a table of the wrong size (which falls back).
TEST(BroadPhase, BaldwinWeberMeshLoopOnPrecomputedTransforms_Seed47) {
    const TestScene scene(47);
    const MeshView& mesh = scene.view.meshes[0];
    std::vector<BaldwinWeberTriangle> table;
    for (std::size_t i = 0; i < mesh.triangle_count(); ++i)
        table.push_back(precompute_baldwin_weber(mesh.triangle(i)));
    RayTriangleOptions options;
    int hits = 0;
    for (const Ray& ray : rays_into(scene.view, 47, 400 / kScale))
        for (const bool first_found : {false, true}) {
            const MeshQuery want = closest_in_mesh_baldwin_weber(ray, mesh, options, first_found);
            const MeshQuery got =
                closest_in_mesh_baldwin_weber(ray, mesh, table, options, first_found);
            ASSERT_EQ(got.hit.has_value(), want.hit.has_value());
            EXPECT_EQ(got.triangles_tested, want.triangles_tested);
            const MeshQuery short_table = closest_in_mesh_baldwin_weber(
                ray, mesh, std::span(table).first(table.size() - 1), options, first_found);
            EXPECT_EQ(short_table.hit.has_value(), want.hit.has_value());
            if (!want.hit) continue;
            ++hits;
            EXPECT_EQ(got.triangle, want.triangle);
            EXPECT_EQ(got.hit->t, want.hit->t);
            EXPECT_EQ(got.hit->u, want.hit->u);
            EXPECT_EQ(got.hit->v, want.hit->v);
            EXPECT_EQ(short_table.triangle, want.triangle);
        }
    EXPECT_GT(hits, 50 / kScale);
}

// `raypick pick default --ray 3e38 3e38 3e38 -3e38 -3e38 -3e38 --accel bvh` crashed: moved
// into a mesh's space the ray left float range (an infinite origin), the eight-wide BVH's box
// test gave NaN for the empty slots' boxes (inf - inf), took them as entered and read a node
// at index 0xFFFFFFFF. A ray out of float range in an instance's space now misses that
// instance, and the traversal never takes an empty slot.
TEST(BroadPhase, ARayOutOfFloatRangeInAnInstancesSpaceMissesItWithEveryBroadPhase) {
    const testing::TestMesh mesh = testing::grid(12);  // inner nodes with empty slots
    SceneView view;
    view.meshes.push_back(mesh.view());
    view.instances.push_back({0, 0, glm::mat4(1.0f)});
    view.instances.push_back({0, 1, glm::scale(glm::mat4(1.0f), glm::vec3(1e-30f))});
    SceneAccel accel(view);
    ASSERT_TRUE(accel.build_bvhs(view));
    for (const BroadPhase phase :
         {BroadPhase::None, BroadPhase::Sphere, BroadPhase::Aabb, BroadPhase::Bvh}) {
        PickSettings settings;
        settings.broad_phase = phase;
        for (const Ray& ray : {Ray{{1e10f, 1e10f, 1e10f}, {-1, -1, -1}},
                               Ray{{3e38f, 3e38f, 3e38f}, {-3e38f, -3e38f, -3e38f}}}) {
            const PickResult result = pick(view, ray, settings, &accel);
            // The scaled instance cannot be hit: the ray is out of float range in its space.
            if (result.hit) {
                EXPECT_EQ(result.hit->instance, 0u);
            }
        }
    }
}

// A big mesh's used vertices are marked on every core: its box is still that of the vertices
// its triangles use, from the first to the last, and a vertex no triangle uses bounds nothing.
TEST(BroadPhase, ABigMeshIsBoundedByTheVerticesItsTrianglesUse) {
    constexpr std::uint32_t kSide = 600;  // 717,602 triangles: more than 2^20 indices
    TestMesh grid;
    grid.positions.push_back({-1e6f, 5.0f, 5.0f});  // used by no triangle
    for (std::uint32_t y = 0; y < kSide; ++y)
        for (std::uint32_t x = 0; x < kSide; ++x)
            grid.positions.push_back({float(x), float(y), float((x * 7 + y * 3) % 11)});
    grid.positions.push_back({1e6f, 5.0f, 5.0f});  // nor this one
    for (std::uint32_t y = 0; y + 1 < kSide; ++y)
        for (std::uint32_t x = 0; x + 1 < kSide; ++x) {
            const std::uint32_t a = 1 + y * kSide + x;
            grid.indices.insert(grid.indices.end(),
                                {a, a + 1, a + kSide, a + 1, a + kSide + 1, a + kSide});
        }
    ASSERT_GE(grid.indices.size(), std::size_t(1) << 20);
    SceneView view;
    view.meshes.push_back({grid.positions, grid.indices});
    view.instances.push_back({0, 0, glm::mat4(1.0f)});
    const SceneAccel accel(view);
    EXPECT_EQ(accel.mesh_box(0).min, glm::vec3(0.0f, 0.0f, 0.0f));
    EXPECT_EQ(accel.mesh_box(0).max, glm::vec3(float(kSide - 1), float(kSide - 1), 10.0f));
}

}  // namespace
}  // namespace picking
