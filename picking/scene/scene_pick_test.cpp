#include "picking/scene/scene_pick.h"

#include <array>
#include <initializer_list>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <thread>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "picking/core/draw_vec3.h"
#include "picking/scene/scene_accel.h"
#include "picking/testing/test_meshes.h"

namespace picking {
namespace {

// A quad in z = 0 made of two triangles, shared by every instance below.
using testing::kQuad;
using testing::kQuadIndices;

SceneView quad_scene(std::vector<glm::mat4> placements) {
    SceneView scene;
    scene.meshes.push_back({kQuad, kQuadIndices});
    for (std::uint32_t i = 0; i < placements.size(); ++i)
        scene.instances.push_back({0, i, placements[i]});
    return scene;
}

glm::mat4 at_z(float z) {
    return glm::translate(glm::mat4(1.0f), {0, 0, z});
}

TEST(ScenePick, ClosestInstanceWins) {
    const SceneView scene = quad_scene({at_z(-5), at_z(-2), at_z(-8)});
    const PickResult result = pick(scene, Ray{{0.3f, 0.2f, 0}, {0, 0, -1}}, {});
    ASSERT_TRUE(result.hit);
    EXPECT_EQ(result.hit->instance, 1u);
    EXPECT_FLOAT_EQ(result.hit->t, 2.0f);
    EXPECT_EQ(result.stats.triangles_tested, 6u);
    EXPECT_EQ(result.stats.instances_tested, 3u);
    EXPECT_NEAR(result.hit->point.z, -2.0f, 1e-6);
    EXPECT_FLOAT_EQ(result.hit->normal.z, 1.0f);
    EXPECT_TRUE(result.hit->front_face);
}

TEST(ScenePick, EqualHitsGoToTheLowerInstanceThenTriangleInEveryBroadPhase_Seed65) {
    // Three instances of one mesh at the same place, the mesh itself three copies of a grid in
    // shuffled order: every hit ties nine ways. The lowest instance and, within it, the lowest
    // triangle win, whichever order the broad phase visits them in.
    const testing::TestMesh mesh = testing::stacked_grids(65, 4, 3);
    SceneView scene;
    scene.meshes.push_back(mesh.view());
    const glm::mat4 place = at_z(-2.0f);  // bone space is the world moved up by 2, exactly
    for (std::uint32_t i = 0; i < 3; ++i)
        scene.instances.push_back({0, i, place});
    SceneAccel accel(scene);
    accel.build_bvhs(scene);
    std::mt19937 rng(66);
    std::uniform_real_distribution<float> at(0.0f, 4.0f);
    int hits = 0;
    for (int i = 0; i < 400; ++i) {
        const float x = at(rng), y = at(rng);
        const Ray ray{{x, y, 0.0f}, {0.0f, 0.0f, -1.0f}};
        std::optional<std::uint32_t> lowest;  // the first copy hit, in index order
        for (std::uint32_t t = 0; t < mesh.view().triangle_count() && !lowest; ++t)
            if (intersect_watertight(Ray{{x, y, 2.0f}, {0, 0, -1}}, mesh.view().triangle(t), {}))
                lowest = t;
        for (BroadPhase phase :
             {BroadPhase::None, BroadPhase::Sphere, BroadPhase::Aabb, BroadPhase::Bvh})
            for (bool simd : {false, true}) {
                PickSettings settings;
                settings.method = RayTriangleMethod::Watertight;
                settings.broad_phase = phase;
                settings.simd = simd;
                const PickResult result = pick(scene, ray, settings, &accel);
                ASSERT_EQ(result.hit.has_value(), lowest.has_value());
                if (!lowest) continue;
                ++hits;
                EXPECT_EQ(result.hit->instance, 0u) << int(phase) << " simd " << simd;
                EXPECT_EQ(result.hit->triangle, *lowest) << int(phase) << " simd " << simd;
            }
    }
    EXPECT_GT(hits, 2000);
}

TEST(ScenePick, TIsInWorldUnitsUnderNonUniformScale) {
    // The quad scaled by 4 in z does nothing to a z = 0 plane; scale x by 3 and rotate it to
    // face +x, so the local ray direction is stretched.
    glm::mat4 m = glm::translate(glm::mat4(1.0f), {-6, 0, 0});
    m = glm::rotate(m, glm::radians(90.0f), {0, 1, 0});
    m = glm::scale(m, {3.0f, 0.5f, 7.0f});
    const SceneView scene = quad_scene({m});
    const Ray ray{{0, 0.1f, 0.5f}, {-2, 0, 0}};  // direction not unit length
    const PickResult result = pick(scene, ray, {});
    ASSERT_TRUE(result.hit);
    EXPECT_NEAR(result.hit->t, 3.0f, 1e-5);  // 6 world units at speed 2
    EXPECT_NEAR(result.hit->point.x, -6.0f, 1e-5);
    EXPECT_NEAR(result.hit->normal.x, 1.0f, 1e-6);  // the unit world normal faces the ray
    // local_point maps to the world point
    const glm::vec3 back = glm::vec3(m * glm::vec4(result.hit->local_point, 1.0f));
    EXPECT_NEAR(back.y, 0.1f, 1e-5);
    EXPECT_NEAR(back.z, 0.5f, 1e-5);
}

TEST(ScenePick, BoneSpaceEqualsWorldTriangles_Seed3) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<glm::mat4> placements;
    for (int i = 0; i < 6; ++i) {
        glm::mat4 m = glm::translate(glm::mat4(1.0f), {3 * u(rng), 3 * u(rng), -4 + u(rng)});
        const float y = u(rng), x = u(rng), angle = u(rng);  // the order GCC drew them in
        m = glm::rotate(m, angle, glm::normalize(glm::vec3(x, y, 1.0f)));
        placements.push_back(glm::scale(m, {1.5f + u(rng), 1.5f + u(rng), 1.0f + 0.5f * u(rng)}));
    }
    const SceneView scene = quad_scene(placements);
    PickSettings world_way;
    world_way.space = RaySpace::WorldTriangles;
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
        const Ray ray{{u(rng), u(rng), 2.0f}, {0.6f * u(rng), 0.6f * u(rng), -1.0f}};
        const PickResult a = pick(scene, ray, {});
        const PickResult b = pick(scene, ray, world_way);
        ASSERT_EQ(bool(a.hit), bool(b.hit));
        if (!a.hit) continue;
        ++hits;
        EXPECT_EQ(a.hit->instance, b.hit->instance);
        EXPECT_EQ(a.hit->triangle, b.hit->triangle);
        EXPECT_NEAR(a.hit->t, b.hit->t, 1e-5f * b.hit->t);
    }
    EXPECT_GT(hits, 200);
}

/// Casts each packet through plan.intersect_packet and each of its rays through
/// plan.intersect, expects the same hits bit for bit, and returns the hits.
std::vector<SceneHit> packets_as_rays_alone(const PickPlan& plan,
                                            const std::vector<std::vector<Ray>>& packets,
                                            PickStats& one_stats, PickStats& packet_stats,
                                            std::string_view name) {
    std::vector<SceneHit> hits;
    for (const std::vector<Ray>& packet : packets) {
        std::array<std::optional<SceneHit>, kPacketRays> found;
        plan.intersect_packet(packet, found, packet_stats);
        for (std::size_t i = 0; i < packet.size(); ++i) {
            const std::optional<SceneHit> one = plan.intersect(packet[i], one_stats);
            EXPECT_EQ(found[i].has_value(), one.has_value()) << name << " ray " << i;
            if (!one || !found[i]) continue;
            EXPECT_EQ(found[i]->instance, one->instance) << name;
            EXPECT_EQ(found[i]->triangle, one->triangle) << name;
            EXPECT_EQ(found[i]->hit.t, one->hit.t) << name;
            EXPECT_EQ(found[i]->hit.u, one->hit.u) << name;
            EXPECT_EQ(found[i]->hit.v, one->hit.v) << name;
            hits.push_back(*one);
        }
    }
    return hits;
}

/// 4x4 tiles of rays from `eye` through an 8x8-tile grid of points in z = 0, `spacing` apart.
std::vector<std::vector<Ray>> screen_tiles(glm::vec3 eye, float spacing) {
    std::vector<std::vector<Ray>> packets;
    for (int ty = 0; ty < 8; ++ty)
        for (int tx = 0; tx < 8; ++tx) {
            std::vector<Ray> tile;
            for (int y = 0; y < 4; ++y)
                for (int x = 0; x < 4; ++x) {
                    const glm::vec3 pixel{(tx * 4 + x - 15.5f) * spacing,
                                          (ty * 4 + y - 15.5f) * spacing, 0.0f};
                    tile.push_back(Ray{eye, pixel - eye});
                }
            packets.push_back(tile);
        }
    return packets;
}

/// The BVH broad phase with an algorithm, SIMD on or off, the rest as by default.
PickSettings bvh_settings(RayTriangleMethod method, bool simd) {
    PickSettings settings;
    settings.method = method;
    settings.broad_phase = BroadPhase::Bvh;
    settings.simd = simd;
    return settings;
}

/// A closed bumpy ball, two copies of a grid at one place (ties within and across instances)
/// and a soup whose corners a test may move (a deforming mesh): the meshes of the scenes for
/// the trees over many instances.
struct BallGridsSoup {
    testing::TestMesh ball = testing::closed_bumpy_sphere(10, 14);
    testing::TestMesh grids;
    std::vector<glm::vec3> soup;
    std::vector<std::uint32_t> soup_indices;
    BallGridsSoup(unsigned seed, int soup_triangles) : grids(testing::stacked_grids(seed, 6, 2)) {
        testing::TestMesh made = testing::random_soup(seed + 1, soup_triangles);
        soup = std::move(made.positions);
        soup_indices = std::move(made.indices);
    }
    /// Ball, grids, soup: meshes 0, 1 and 2.
    [[nodiscard]] std::vector<MeshView> views() const {
        return {ball.view(), grids.view(), {soup, soup_indices}};
    }
};

/// Two answers to one ray, bit for bit: both a hit or both none, and then the same instance,
/// triangle, t, u and v. Returns whether both hit.
bool same_hit(const std::optional<SceneHit>& a, const std::optional<SceneHit>& b,
              std::string_view name) {
    EXPECT_EQ(a.has_value(), b.has_value()) << name;
    if (!a || !b) return false;
    EXPECT_EQ(a->instance, b->instance) << name;
    EXPECT_EQ(a->triangle, b->triangle) << name;
    EXPECT_EQ(a->hit.t, b->hit.t) << name;
    EXPECT_EQ(a->hit.u, b->hit.u) << name;
    EXPECT_EQ(a->hit.v, b->hit.v) << name;
    return true;
}

/// Every mesh's own tree and nothing else (no world tree, no instance tree): what an accel
/// searches with the two levels alone, the reference for the trees over many instances.
SceneAccel::Bvhs mesh_trees_only(const SceneView& scene) {
    SceneAccel::Bvhs trees;
    for (const MeshView& mesh : scene.meshes)
        trees.meshes.push_back(build_wide_bvh(mesh, wide_bvh_build_options()));
    trees.complete = true;
    return trees;
}

/// `count` rays straight down from height `top` over the square of half-width `spread` about
/// `centre`, drawn from `rng`: each one's pick through `accel` is the one testing every
/// triangle finds. Returns how many hit an instance that `counted` accepts.
template <typename Counted>
int picks_are_every_triangles(const SceneView& scene, const SceneAccel& accel,
                              const PickSettings& settings, glm::vec2 centre, float spread,
                              float top, int count, std::mt19937& rng, Counted counted) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    int hits = 0;
    for (int i = 0; i < count; ++i) {
        const float x = centre.x + spread * u(rng);
        const float y = centre.y + spread * u(rng);
        const Ray ray{{x, y, top}, {0.0f, 0.0f, -1.0f}};
        PickStats stats;
        const std::optional<SceneHit> bvh = PickPlan(scene, settings, &accel).intersect(ray, stats);
        const std::optional<SceneHit> all = PickPlan(scene, {}, nullptr).intersect(ray, stats);
        EXPECT_EQ(bvh.has_value(), all.has_value());
        if (!bvh || !all) continue;
        EXPECT_EQ(bvh->instance, all->instance);
        EXPECT_EQ(bvh->triangle, all->triangle);
        hits += counted(bvh->instance) ? 1 : 0;
    }
    return hits;
}

/// Tiles of 4x4 neighbouring rays from each eye (screen_tiles), then `scattered` packets of
/// random rays drawn from `rng` in a fixed order, with bad rays in among good ones: a zero
/// direction, a NaN origin, and a short packet.
std::vector<std::vector<Ray>> mixed_packets(std::initializer_list<glm::vec3> eyes, float spacing,
                                            int scattered, std::mt19937& rng) {
    std::vector<std::vector<Ray>> packets;
    for (const glm::vec3 eye : eyes) {
        const auto tiles = screen_tiles(eye, spacing);
        packets.insert(packets.end(), tiles.begin(), tiles.end());
    }
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (int p = 0; p < scattered; ++p) {
        std::vector<Ray> packet;
        for (int r = 0; r < 16; ++r) {
            const auto origin = draw_vec3<glm::vec3>(u, rng) * 12.0f;
            const auto direction = draw_vec3<glm::vec3>(u, rng);
            packet.push_back(Ray{origin, direction});
        }
        if (p % 5 == 0) packet[3].direction = glm::vec3(0.0f);
        if (p % 5 == 1) packet[7].origin.x = NAN;
        if (p % 5 == 2) packet.resize(5);
        packets.push_back(packet);
    }
    return packets;
}

// Packets through a scene of many instances: every ray's hit is intersect()'s bit for bit,
// for every algorithm with and without SIMD. The scene has what the search order could
// change: instances overlapping one another, two copies of a grid at one place (ties across
// instances and, within the grid, across triangles), rotated and non-uniformly scaled bones,
// a singular bone, a bone that takes rays out of float range, an instance of a mesh with no
// triangles and one of a mesh that does not exist.
TEST(ScenePick, PacketsThroughManyInstancesGiveEachRayItsOwnHit_Seed71) {
    const testing::TestMesh sphere = testing::closed_bumpy_sphere(10, 14);
    const testing::TestMesh grids = testing::stacked_grids(71, 6, 2);
    const testing::TestMesh soup = testing::random_soup(72, 150);
    const std::vector<glm::vec3> no_positions;
    const std::vector<std::uint32_t> no_indices;
    SceneView scene;
    scene.meshes = {sphere.view(), grids.view(), soup.view(), {no_positions, no_indices}};
    std::mt19937 rng(71);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (std::uint32_t i = 0; i < 10; ++i) {
        const auto at = draw_vec3<glm::vec3>(u, rng) * glm::vec3(6.0f, 6.0f, 3.0f);
        const auto axis = draw_vec3<glm::vec3>(u, rng) + glm::vec3(0.0f, 0.0f, 1.5f);
        const float angle = 3.0f * u(rng);
        const float stretch = 1.5f + u(rng);
        glm::mat4 m = glm::translate(glm::mat4(1.0f), at);
        if (i % 3 != 0) m = glm::rotate(m, angle, glm::normalize(axis));  // every third at rest
        if (i % 4 == 1) m = glm::scale(m, {stretch, 1.0f, 0.5f});
        scene.instances.push_back({i % 3 == 1 ? 2u : 0u, i, m});
    }
    const glm::mat4 floor = glm::translate(glm::mat4(1.0f), {-3.0f, -3.0f, -4.0f});
    scene.instances.push_back({1, 10, floor});
    scene.instances.push_back({1, 11, floor});
    scene.instances.push_back({0, 12, glm::mat4(0.0f)});  // singular
    scene.instances.push_back({0, 13, glm::scale(glm::mat4(1.0f), glm::vec3(1e-30f))});
    scene.instances.push_back({3, 14, glm::mat4(1.0f)});  // a mesh without triangles
    scene.instances.push_back({9, 15, glm::mat4(1.0f)});  // no such mesh
    SceneAccel accel(scene);
    ASSERT_TRUE(accel.build_bvhs(scene));

    const std::vector<std::vector<Ray>> packets = mixed_packets(
        {glm::vec3(0, 0, 14), glm::vec3(9, -7, 6), glm::vec3(-2, 1, -15)}, 0.45f, 40, rng);

    for (const auto& algorithm : kRayTriangleAlgorithms)
        for (bool simd : {true, false}) {
            const PickPlan plan(scene, bvh_settings(algorithm.method, simd), &accel);
            PickStats one_stats, packet_stats;
            std::set<std::uint32_t> instances_hit;
            int ties = 0;
            for (const SceneHit& hit :
                 packets_as_rays_alone(plan, packets, one_stats, packet_stats, algorithm.name)) {
                instances_hit.insert(hit.instance);
                ties += hit.instance == 10;  // the lower of the two grids
                EXPECT_NE(hit.instance, 11u) << algorithm.name;
            }
            EXPECT_GE(instances_hit.size(), 8u) << algorithm.name;
            EXPECT_GT(ties, 50) << algorithm.name;
            // The SIMD kernels share each instance's walk; the rest go ray by ray.
            const bool shared = simd && active_isa() != Isa::Scalar &&
                                (algorithm.method == RayTriangleMethod::Watertight ||
                                 algorithm.method == RayTriangleMethod::MollerTrumbore);
            if (shared) {
                EXPECT_LT(packet_stats.nodes_visited, one_stats.nodes_visited * 3 / 4)
                    << algorithm.name;
            } else {
                EXPECT_EQ(packet_stats.nodes_visited, one_stats.nodes_visited) << algorithm.name;
            }
        }
}

/// A bumpy ball placed by one node: moved, turned and stretched.
struct OneMovedBall {
    testing::TestMesh ball = testing::closed_bumpy_sphere(12, 16);
    SceneView scene;
    OneMovedBall() {
        scene.meshes.push_back(ball.view());
        glm::mat4 m = glm::translate(glm::mat4(1.0f), {0.5f, -0.3f, -1.0f});
        m = glm::rotate(m, 0.7f, glm::normalize(glm::vec3(1.0f, 2.0f, 0.5f)));
        scene.instances.push_back({0, 0, glm::scale(m, {1.5f, 1.0f, 0.8f})});
    }
};

// One instance, moved: its BVH searched directly (the ray moved into bone space once, no
// search steps) by single rays and by the packet traversal, each ray's hit the search's (the
// path a pick that records its boxes takes) bit for bit, for every algorithm.
TEST(ScenePick, OneMovedInstanceIsSearchedDirectlyWithTheSearchsHits_Seed79) {
    const OneMovedBall ball;
    const SceneView& scene = ball.scene;
    SceneAccel accel(scene);
    ASSERT_TRUE(accel.build_bvhs(scene));
    std::mt19937 rng(79);
    const std::vector<std::vector<Ray>> packets =
        mixed_packets({glm::vec3(0.5f, 1.0f, 12.0f), glm::vec3(-9.0f, 4.0f, -5.0f)}, 0.2f, 30, rng);
    for (const auto& algorithm : kRayTriangleAlgorithms)
        for (bool simd : {true, false}) {
            const PickPlan plan(scene, bvh_settings(algorithm.method, simd), &accel);
            int hits = 0;
            for (const std::vector<Ray>& packet : packets)
                for (const Ray& ray : packet) {
                    PickStats direct_stats, search_stats;
                    std::vector<PickedBox> visited;
                    const std::optional<SceneHit> direct = plan.intersect(ray, direct_stats);
                    const std::optional<SceneHit> search =
                        plan.intersect(ray, search_stats, &visited);
                    ASSERT_EQ(direct.has_value(), search.has_value()) << algorithm.name;
                    EXPECT_EQ(direct_stats.nodes_visited, search_stats.nodes_visited);
                    EXPECT_EQ(direct_stats.triangles_tested, search_stats.triangles_tested);
                    if (!direct) continue;
                    EXPECT_EQ(direct->triangle, search->triangle) << algorithm.name;
                    EXPECT_EQ(direct->hit.t, search->hit.t) << algorithm.name;
                    EXPECT_EQ(direct->hit.u, search->hit.u) << algorithm.name;
                    EXPECT_EQ(direct->hit.v, search->hit.v) << algorithm.name;
                    ++hits;
                }
            EXPECT_GT(hits, 300) << algorithm.name;
            PickStats one_stats, packet_stats;
            packets_as_rays_alone(plan, packets, one_stats, packet_stats, algorithm.name);
        }
}

// One instance, moved: its BVH searched by the packet traversal, each ray's hit
// intersect()'s, with fewer nodes visited than ray by ray.
TEST(ScenePick, PacketsThroughOneMovedInstanceGiveEachRayItsOwnHit) {
    const OneMovedBall ball;
    const SceneView& scene = ball.scene;
    SceneAccel accel(scene);
    ASSERT_TRUE(accel.build_bvhs(scene));
    for (const RayTriangleMethod method :
         {RayTriangleMethod::Watertight, RayTriangleMethod::MollerTrumbore}) {
        PickSettings settings;
        settings.method = method;
        settings.broad_phase = BroadPhase::Bvh;
        const PickPlan plan(scene, settings, &accel);
        PickStats one_stats, packet_stats;
        const std::vector<SceneHit> hits = packets_as_rays_alone(
            plan, screen_tiles({0.0f, 0.0f, 12.0f}, 0.2f), one_stats, packet_stats, "moved");
        EXPECT_GT(hits.size(), 300u);
        if (active_isa() != Isa::Scalar) {
            EXPECT_LT(packet_stats.nodes_visited, one_stats.nodes_visited * 3 / 4);
        }
    }
}

// A moved model in packets (one moved instance, or instances sharing one moved transform:
// the world tree): a ray that misses the instances' world boxes is not moved into their bone
// space, and the rays that pass closest to the mesh (aimed at its corners and at the boxes'
// corners, from all sides) keep their single-ray hits bit for bit.
TEST(ScenePick, PacketsThroughAMovedModelMoveOnlyTheRaysThatReachItsWorldBox_Seed83) {
    const testing::TestMesh ball = testing::closed_bumpy_sphere(12, 16);
    const testing::TestMesh soup = testing::random_soup(83, 40);
    glm::mat4 m = glm::translate(glm::mat4(1.0f), {0.5f, -0.3f, -1.0f});
    m = glm::scale(glm::rotate(m, 0.7f, glm::normalize(glm::vec3(1.0f, 2.0f, 0.5f))),
                   {1.5f, 1.0f, 0.8f});
    SceneView one, shared;
    one.meshes = {ball.view()};
    one.instances = {{0, 0, m}};
    shared.meshes = {ball.view(), soup.view()};
    shared.instances = {{0, 0, m}, {1, 1, m}};
    std::mt19937 rng(83);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (const SceneView* scene : {&one, &shared}) {
        SceneAccel accel(*scene);
        ASSERT_TRUE(accel.build_bvhs(*scene));
        ASSERT_EQ(scene == &shared, accel.world_tree() != nullptr);
        Aabb world;
        for (std::uint32_t i = 0; i < scene->instances.size(); ++i)
            world.extend(accel.instance_box(i));
        // Aims: every corner of the meshes moved to the world, and the world box's corners.
        std::vector<glm::vec3> aims;
        for (const Instance& instance : scene->instances)
            for (const glm::vec3& p : scene->meshes[instance.mesh].positions)
                aims.push_back(glm::vec3(instance.world_from_mesh * glm::vec4(p, 1.0f)));
        for (int c = 0; c < 8; ++c)
            aims.push_back({(c & 1) ? world.max.x : world.min.x,
                            (c & 2) ? world.max.y : world.min.y,
                            (c & 4) ? world.max.z : world.min.z});
        std::vector<std::vector<Ray>> grazing(1);
        for (const glm::vec3& aim : aims) {
            const glm::vec3 origin = aim + 30.0f * glm::normalize(draw_vec3<glm::vec3>(u, rng));
            if (grazing.back().size() == kPacketRays) grazing.emplace_back();
            grazing.back().push_back(Ray{origin, aim - origin});
        }
        // Packets that pass beside the world box, just outside one face.
        std::vector<std::vector<Ray>> beside;
        const glm::vec3 size = world.extent();
        for (int axis = 0; axis < 3; ++axis) {
            std::vector<Ray> packet;
            for (std::size_t i = 0; i < kPacketRays; ++i) {
                glm::vec3 aim = world.center() + 0.4f * size * draw_vec3<glm::vec3>(u, rng);
                aim[axis] = world.max[axis] + 0.01f * size[axis];
                glm::vec3 origin = aim;
                origin[(axis + 1) % 3] += 40.0f;
                packet.push_back(Ray{origin, aim - origin});
            }
            beside.push_back(packet);
        }
        for (const RayTriangleMethod method :
             {RayTriangleMethod::Watertight, RayTriangleMethod::MollerTrumbore}) {
            const PickPlan plan(*scene, bvh_settings(method, true), &accel);
            PickStats one_stats, packet_stats;
            const std::vector<SceneHit> hits =
                packets_as_rays_alone(plan, grazing, one_stats, packet_stats, "grazing");
            EXPECT_GT(hits.size(), aims.size() / 4);
            PickStats beside_stats, beside_one_stats;
            EXPECT_TRUE(
                packets_as_rays_alone(plan, beside, beside_one_stats, beside_stats, "beside")
                    .empty());
            EXPECT_EQ(beside_stats.instances_tested, 0u);  // none moved
            EXPECT_EQ(beside_one_stats.instances_tested, 3 * kPacketRays);
        }
    }
}

// A scene whose instances share one transform (the identity: an OBJ's groups; or the model
// moved as a whole) is searched through one tree over all of them (world_tree.h): every hit
// is the one the two levels give (the same scene's accel without the world tree) bit for bit,
// with or without the boxes entered recorded, for every algorithm with and without SIMD, single
// rays and packets. Ties across instances (a grid twice at one place, a soup twice) go to the lower
// one. Moving one instance apart, or a singular transform, sets the tree aside, and deforming a
// mesh drops it, so that no pick sees the old places.
TEST(ScenePick, OneTreeOverInstancesOfOneTransformFindsTheTwoLevelsHits_Seed74) {
    const testing::TestMesh sphere = testing::closed_bumpy_sphere(10, 14);
    const testing::TestMesh grids = testing::stacked_grids(74, 6, 2);
    const testing::TestMesh soup = testing::random_soup(75, 150);
    std::vector<glm::vec3> moving = testing::random_soup(76, 60).positions;
    const std::vector<std::uint32_t> moving_indices = testing::random_soup(76, 60).indices;
    const std::vector<glm::vec3> no_positions;
    const std::vector<std::uint32_t> no_indices;
    SceneView scene;
    scene.meshes = {sphere.view(),
                    grids.view(),
                    soup.view(),
                    {no_positions, no_indices},
                    {moving, moving_indices}};
    for (std::uint32_t mesh : {2u, 0u, 1u, 3u, 1u, 4u, 2u})
        scene.instances.push_back({mesh, std::uint32_t(scene.instances.size()), glm::mat4(1.0f)});
    SceneAccel accel(scene);
    ASSERT_TRUE(accel.build_bvhs(scene));
    ASSERT_NE(accel.world_tree(), nullptr);

    std::mt19937 rng(74);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const std::vector<std::vector<Ray>> packets = mixed_packets(
        {glm::vec3(1, 2, 14), glm::vec3(9, -7, 6), glm::vec3(-2, 1, -15)}, 0.35f, 30, rng);

    // The same scene with only the two levels: the meshes' trees without the world tree.
    SceneAccel two_levels(scene);
    two_levels.set_bvhs(mesh_trees_only(scene));
    ASSERT_EQ(two_levels.world_tree(), nullptr);

    // Each ray through the plan (the world tree, with and without recording the boxes it
    // enters) and through the two levels, bit for bit; returns the hits per instance.
    auto agree = [&](const PickPlan& plan, const PickPlan& reference, std::string_view name) {
        std::vector<int> per_instance(scene.instances.size(), 0);
        for (const std::vector<Ray>& packet : packets)
            for (const Ray& ray : packet) {
                PickStats stats, recorded_stats, reference_stats;
                std::vector<PickedBox> visited;
                const std::optional<SceneHit> one = plan.intersect(ray, stats);
                same_hit(one, plan.intersect(ray, recorded_stats, &visited), name);
                same_hit(one, reference.intersect(ray, reference_stats), name);
                // Recording the boxes changes nothing of the search.
                EXPECT_EQ(recorded_stats.nodes_visited, stats.nodes_visited) << name;
                EXPECT_EQ(recorded_stats.triangles_tested, stats.triangles_tested) << name;
                if (!one) continue;
                EXPECT_FALSE(visited.empty()) << name;
                ++per_instance[one->instance];
            }
        return per_instance;
    };
    auto every_algorithm = [&] {
        for (const auto& algorithm : kRayTriangleAlgorithms)
            for (bool simd : {true, false}) {
                const PickSettings settings = bvh_settings(algorithm.method, simd);
                const PickPlan plan(scene, settings, &accel);
                const PickPlan reference(scene, settings, &two_levels);
                const std::vector<int> per_instance = agree(plan, reference, algorithm.name);
                PickStats one_stats, packet_stats;
                packets_as_rays_alone(plan, packets, one_stats, packet_stats, algorithm.name);
                // XNA's "first found" (instance order), a seed's whole line and Baldwin–Weber's
                // cache (per mesh) keep to the two levels; the rest take the one tree, one
                // "instance" a ray.
                const bool keeps_two_levels =
                    (algorithm.has_first_found && settings.triangle_options.xna_first_found) ||
                    (algorithm.seed_without_t_range &&
                     settings.triangle_options.seed_ignores_t_range) ||
                    (algorithm.method == RayTriangleMethod::BaldwinWeber && settings.precomputed);
                if (!keeps_two_levels) {
                    std::size_t usable = 0;
                    for (const std::vector<Ray>& packet : packets)
                        for (const Ray& ray : packet)
                            usable += ray_usable(ray);
                    EXPECT_EQ(one_stats.instances_tested, usable) << algorithm.name;
                    EXPECT_EQ(per_instance[4], 0) << algorithm.name;  // the upper grid: ties lost
                    EXPECT_EQ(per_instance[6], 0) << algorithm.name;  // the upper soup
                    EXPECT_GT(per_instance[2], 20) << algorithm.name;
                    EXPECT_GT(per_instance[0], 5) << algorithm.name;
                    EXPECT_GT(per_instance[1], 100) << algorithm.name;
                }
            }
    };
    every_algorithm();

    // The model moved as a whole (turned, stretched, lifted): the same tree, each ray moved
    // into the shared bone space as the two levels move it for each instance.
    glm::mat4 whole = glm::translate(glm::mat4(1.0f), {0.7f, -0.4f, 1.3f});
    whole = glm::rotate(whole, 0.6f, glm::normalize(glm::vec3(1.0f, 0.5f, 2.0f)));
    whole = glm::scale(whole, {1.3f, 0.9f, 1.1f});
    // Every instance placed at `m`; whether the world tree serves then.
    auto place_all = [&](const glm::mat4& m) {
        for (Instance& instance : scene.instances)
            instance.world_from_mesh = m;
        accel.update_instances(scene);
        two_levels.update_instances(scene);
        return accel.world_tree() != nullptr;
    };
    ASSERT_TRUE(place_all(whole));
    every_algorithm();

    // One instance moved apart from the others: the tree is set aside, and serves again when
    // the instances share one transform again.
    PickSettings settings;
    settings.broad_phase = BroadPhase::Bvh;
    scene.instances[5].world_from_mesh = glm::translate(whole, {0.0f, 0.0f, 2.0f});
    accel.update_instances(scene);
    EXPECT_EQ(accel.world_tree(), nullptr);
    EXPECT_TRUE(place_all(glm::mat4(1.0f)));
    EXPECT_FALSE(place_all(glm::mat4(0.0f)));  // shared, but singular: nothing is hit
    EXPECT_TRUE(place_all(glm::mat4(1.0f)));

    // A mesh deformed: the tree holds its old corners and is dropped; picks see the new ones.
    for (glm::vec3& p : moving)
        p = glm::vec3(p.x * 0.1f + 0.5f, p.y * 0.1f + 0.5f, p.z * 0.01f + 5.0f);  // above all
    const std::uint32_t moved_mesh = 4;
    accel.refit_mesh(scene, moved_mesh);
    EXPECT_EQ(accel.world_tree(), nullptr);
    const int on_moved =
        picks_are_every_triangles(scene, accel, settings, {0.5f, 0.5f}, 0.3f, 9.0f, 1000, rng,
                                  [](std::uint32_t instance) { return instance == 5; });
    EXPECT_GT(on_moved, 15);
}

// With the world tree serving, the meshes' own trees wait until a pick needs them: a build
// makes the world tree alone, picks through it make none, and the first XNA "first found" pick
// (two levels) makes each tree it reaches, once, from two threads at once, the same tree an
// eager build makes. A mesh deformed while its tree waits is picked at its new place.
TEST(ScenePick, MeshTreesWaitBehindTheWorldTreeUntilAPickNeedsThem_Seed77) {
    BallGridsSoup meshes(77, 150);
    std::vector<glm::vec3>& soup = meshes.soup;
    SceneView scene;
    scene.meshes = meshes.views();
    for (std::uint32_t mesh : {2u, 0u, 1u, 2u})
        scene.instances.push_back({mesh, std::uint32_t(scene.instances.size()), glm::mat4(1.0f)});
    const auto* first_found = [] {
        for (const auto& algorithm : kRayTriangleAlgorithms)
            if (algorithm.has_first_found) return &algorithm;
        return static_cast<const RayTriangleAlgorithm*>(nullptr);
    }();
    ASSERT_NE(first_found, nullptr);

    // The same scene built eagerly: every mesh's tree, no world tree.
    SceneAccel eager(scene);
    eager.set_bvhs(mesh_trees_only(scene));

    SceneAccel accel(scene);
    ASSERT_TRUE(accel.build_bvhs(scene));
    ASSERT_NE(accel.world_tree(), nullptr);
    const std::size_t world_bytes = accel.bvh_memory_bytes();
    auto built = [&] {
        int n = 0;
        for (std::uint32_t m = 0; m < scene.meshes.size(); ++m)
            n += accel.built_mesh_bvh(m) != nullptr;
        return n;
    };
    EXPECT_EQ(built(), 0);

    std::mt19937 rng(77);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<Ray> rays;
    for (int i = 0; i < 600; ++i) {
        const auto origin = draw_vec3<glm::vec3>(u, rng) * 12.0f;
        const auto target = draw_vec3<glm::vec3>(u, rng);
        rays.push_back(Ray{origin, target - origin});
    }
    const PickSettings closest = bvh_settings(RayTriangleMethod::Watertight, true);
    for (const Ray& ray : rays) {
        PickStats stats;
        (void)PickPlan(scene, closest, &accel).intersect(ray, stats);
    }
    EXPECT_EQ(built(), 0);  // the world tree answered every one

    // "First found" from two threads at once, each against the eager accel's answer.
    const PickSettings first = bvh_settings(first_found->method, true);
    ASSERT_TRUE(first.triangle_options.xna_first_found);
    std::vector<std::optional<SceneHit>> expected(rays.size());
    for (std::size_t i = 0; i < rays.size(); ++i) {
        PickStats stats;
        expected[i] = PickPlan(scene, first, &eager).intersect(rays[i], stats);
    }
    std::array<std::vector<std::optional<SceneHit>>, 2> found;
    {
        std::vector<std::thread> threads;
        for (std::size_t t = 0; t < found.size(); ++t)
            threads.emplace_back([&, t] {
                const PickPlan plan(scene, first, &accel);
                for (const Ray& ray : rays) {
                    PickStats stats;
                    found[t].push_back(plan.intersect(ray, stats));
                }
            });
        for (std::thread& thread : threads)
            thread.join();
    }
    int hits = 0;
    for (std::size_t t = 0; t < found.size(); ++t)
        for (std::size_t i = 0; i < rays.size(); ++i) {
            ASSERT_EQ(found[t][i].has_value(), expected[i].has_value()) << "ray " << i;
            if (!expected[i]) continue;
            EXPECT_EQ(found[t][i]->instance, expected[i]->instance);
            EXPECT_EQ(found[t][i]->triangle, expected[i]->triangle);
            EXPECT_EQ(found[t][i]->hit.t, expected[i]->hit.t);
            ++hits;
        }
    EXPECT_GT(hits, 200);
    ASSERT_EQ(built(), 3);
    std::size_t mesh_bytes = 0;
    for (std::uint32_t m = 0; m < scene.meshes.size(); ++m) {
        const WideBvh& lazy = *accel.built_mesh_bvh(m);
        const WideBvh& made = *eager.built_mesh_bvh(m);
        EXPECT_EQ(lazy.nodes.size(), made.nodes.size()) << "mesh " << m;
        EXPECT_EQ(lazy.blocks.size(), made.blocks.size()) << "mesh " << m;
        mesh_bytes += lazy.memory_bytes();
    }
    EXPECT_EQ(accel.bvh_memory_bytes(), world_bytes + mesh_bytes);

    // A mesh deformed while its tree waits: the world tree is dropped, and the tree is made
    // from the new corners when a pick needs it.
    SceneAccel fresh(scene);
    ASSERT_TRUE(fresh.build_bvhs(scene));
    for (glm::vec3& p : soup)
        p = glm::vec3(p.x * 0.1f, p.y * 0.1f, p.z * 0.01f + 20.0f);  // above all, near the axis
    fresh.refit_mesh(scene, 2);
    EXPECT_EQ(fresh.world_tree(), nullptr);
    EXPECT_EQ(fresh.built_mesh_bvh(2), nullptr);
    const int on_soup = picks_are_every_triangles(
        scene, fresh, closest, {0.0f, 0.0f}, 0.1f, 30.0f, 300, rng,
        [&](std::uint32_t instance) { return scene.instances[instance].mesh == 2; });
    EXPECT_GT(on_soup, 10);
}

// Instances with transforms of their own (turned, stretched, mirrored, far from the origin, two
// of one mesh, one of no triangles) are searched through one tree over all of them, boxes in
// world space and each leaf in its instance's bone space (instance_tree.h): every hit is the two
// levels' bit for bit, for every algorithm with and without SIMD, single rays and packets,
// including rays aimed exactly at the triangles' world corners and edges from near and far
// (where a box grown too little would cull a hit), ties between two instances at one place,
// and rays that graze the instances' boxes. Moving an instance sets the tree aside until the
// transforms are those it was built for again; deforming a mesh drops it.
TEST(ScenePick, OneTreeOverInstancesWithTransformsOfTheirOwnFindsTheTwoLevelsHits_Seed81) {
    BallGridsSoup meshes(81, 120);
    std::vector<glm::vec3>& soup = meshes.soup;
    const std::vector<glm::vec3> no_positions;
    const std::vector<std::uint32_t> no_indices;
    SceneView scene;
    scene.meshes = meshes.views();
    scene.meshes.push_back({no_positions, no_indices});
    glm::mat4 turned = glm::translate(glm::mat4(1.0f), {2.0f, -1.0f, 0.5f});
    turned = glm::rotate(turned, 0.9f, glm::normalize(glm::vec3(1, -2, 0.5f)));
    turned = glm::scale(turned, {2.5f, 0.4f, 1.0f});
    const glm::mat4 mirrored =
        glm::scale(glm::translate(glm::mat4(1.0f), {-3.0f, 1.0f, 0.0f}), {-1.0f, 1.0f, 1.5f});
    const glm::mat4 lifted = glm::translate(glm::mat4(1.0f), {0.0f, 0.0f, 0.25f});
    const glm::mat4 far = glm::translate(glm::mat4(1.0f), {400.0f, 300.0f, -200.0f});
    // Far from the origin, turned and stretched 10^4 to one: where the ray moved to bone space
    // is furthest off, and a box grown too little would cull hits.
    const glm::mat4 far_turned =
        glm::scale(glm::translate(glm::mat4(1.0f), {5000.0f, -3000.0f, 2000.0f}) * turned,
                   {100.0f, 0.01f, 1.0f});
    const std::pair<std::uint32_t, glm::mat4> placed[] = {
        {0, turned}, {1, lifted}, {2, mirrored},        {3, far},
        {1, lifted}, {2, far},    {0, glm::mat4(1.0f)}, {2, far_turned}};
    for (const auto& [mesh, m] : placed)
        scene.instances.push_back({mesh, std::uint32_t(scene.instances.size()), m});
    SceneAccel accel(scene);
    ASSERT_TRUE(accel.build_bvhs(scene));
    ASSERT_NE(accel.instance_tree(), nullptr);
    ASSERT_EQ(accel.world_tree(), nullptr);
    // The same scene with only the two levels.
    SceneAccel two_levels(scene);
    two_levels.set_bvhs(mesh_trees_only(scene));
    ASSERT_EQ(two_levels.instance_tree(), nullptr);

    // Rays: aimed at each instance's triangles' world corners and edge midpoints (moved in
    // double, rounded) from origins near and far, then random ones, in packets of 16.
    std::mt19937 rng(81);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<Ray> rays;
    for (std::uint32_t i = 0; i < scene.instances.size(); ++i) {
        const MeshView& mesh = scene.meshes[scene.instances[i].mesh];
        const glm::dmat4 m(scene.instances[i].world_from_mesh);
        for (std::size_t t = 0; t < mesh.triangle_count(); t += 3) {
            const Triangle tri = mesh.triangle(t);
            const glm::dvec3 a(m * glm::dvec4(glm::dvec3(tri.p0), 1.0));
            const glm::dvec3 b(m * glm::dvec4(glm::dvec3(tri.p1), 1.0));
            for (const glm::dvec3& target : {a, 0.5 * (a + b)}) {
                const float reach = (t % 3 == 0) ? 0.5f : (t % 3 == 1) ? 30.0f : 3000.0f;
                const glm::vec3 origin = glm::vec3(target) + draw_vec3<glm::vec3>(u, rng) * reach;
                rays.push_back(Ray{origin, glm::vec3(target) - origin});
            }
        }
    }
    for (int r = 0; r < 600; ++r) {
        const auto origin = draw_vec3<glm::vec3>(u, rng) * 20.0f;
        const auto target = draw_vec3<glm::vec3>(u, rng) * 4.0f;
        rays.push_back(Ray{origin, target - origin});
    }
    // Packets: screen tiles (one walk of the tree for the tile), then the rays above by 16.
    std::vector<std::vector<Ray>> packets;
    for (const glm::vec3 eye : {glm::vec3(0.5f, 0.0f, 14.0f), glm::vec3(3.0f, -2.0f, -9.0f)}) {
        const auto tiles = screen_tiles(eye, 0.3f);
        packets.insert(packets.end(), tiles.begin(), tiles.end());
    }
    for (std::size_t i = 0; i < rays.size(); i += 16)
        packets.emplace_back(rays.begin() + std::ptrdiff_t(i),
                             rays.begin() + std::ptrdiff_t(std::min(rays.size(), i + 16)));

    auto agree = [&](const std::string& where) {
        int hits = 0;
        for (const auto& algorithm : kRayTriangleAlgorithms)
            for (bool simd : {true, false}) {
                const PickSettings settings = bvh_settings(algorithm.method, simd);
                const PickPlan plan(scene, settings, &accel);
                const PickPlan reference(scene, settings, &two_levels);
                const std::string name = where + " " + std::string(algorithm.name);
                for (const Ray& ray : rays) {
                    PickStats stats, reference_stats;
                    if (same_hit(plan.intersect(ray, stats),
                                 reference.intersect(ray, reference_stats), name))
                        ++hits;
                }
                PickStats one_stats, packet_stats;
                packets_as_rays_alone(plan, packets, one_stats, packet_stats, name);
            }
        return hits;
    };
    EXPECT_GT(agree("built"), 5000);

    // The instance tree serves the SIMD kernels' closest hits, single rays and packets: one
    // walk, one "instance", a ray; a tile's packet walks the tree once (fewer nodes).
    {
        const PickPlan plan(scene, bvh_settings(RayTriangleMethod::Watertight, true), &accel);
        PickStats one_stats, packet_stats;
        std::size_t usable = 0;
        for (const std::vector<Ray>& packet : packets) {
            std::array<std::optional<SceneHit>, kPacketRays> found;
            plan.intersect_packet(packet, found, packet_stats);
            for (const Ray& ray : packet) {
                (void)plan.intersect(ray, one_stats);
                usable += ray_usable(ray);
            }
        }
        if (active_isa() != Isa::Scalar) {
            EXPECT_EQ(one_stats.instances_tested, usable);
            EXPECT_EQ(packet_stats.instances_tested, usable);
            EXPECT_LT(packet_stats.nodes_visited, one_stats.nodes_visited);
        }
    }

    // An instance moved: the tree is set aside (the two levels answer), and serves again when
    // the instance is back.
    scene.instances[2].world_from_mesh = glm::translate(mirrored, {0.0f, 0.5f, 0.0f});
    accel.update_instances(scene);
    two_levels.update_instances(scene);
    EXPECT_EQ(accel.instance_tree(), nullptr);
    EXPECT_GT(agree("moved"), 5000);
    scene.instances[2].world_from_mesh = mirrored;
    accel.update_instances(scene);
    two_levels.update_instances(scene);
    EXPECT_NE(accel.instance_tree(), nullptr);

    // A mesh deformed: the tree holds its old corners and is dropped.
    for (glm::vec3& p : soup)
        p = p * 0.5f + glm::vec3(0.0f, 0.0f, 1.0f);
    accel.refit_mesh(scene, 2);
    two_levels.refit_mesh(scene, 2);
    EXPECT_EQ(accel.instance_tree(), nullptr);
    EXPECT_GT(agree("deformed"), 5000);
}

TEST(ScenePick, BadRaysAndBadScenesDoNotCrash) {
    const SceneView scene = quad_scene({at_z(-2), glm::mat4(0.0f)});  // a zero-scale bone
    EXPECT_FALSE(pick(scene, Ray{{0, 0, 0}, {0, 0, 0}}, {}).hit);
    EXPECT_FALSE(pick(scene, Ray{{NAN, 0, 0}, {0, 0, -1}}, {}).hit);
    EXPECT_TRUE(pick(scene, Ray{{0.1f, 0.3f, 0}, {0, 0, -1}}, {}).hit);

    SceneView broken;
    const std::vector<std::uint32_t> bad_indices = {0, 1, 99};
    broken.meshes.push_back({kQuad, bad_indices});
    broken.instances.push_back({0, 0, glm::mat4(1.0f)});
    broken.instances.push_back({5, 0, glm::mat4(1.0f)});  // no such mesh
    EXPECT_FALSE(pick(broken, Ray{{0.5f, -0.5f, 1}, {0, 0, -1}}, {}).hit);
    EXPECT_FALSE(pick(SceneView{}, Ray{{0, 0, 1}, {0, 0, -1}}, {}).hit);
}

TEST(ScenePick, EveryAlgorithmPicksTheSameTriangle) {
    const SceneView scene = quad_scene({at_z(-3)});
    for (const auto& algorithm : kRayTriangleAlgorithms) {
        PickSettings settings;
        settings.method = algorithm.method;
        const PickResult r = pick(scene, Ray{{0.5f, -0.25f, 0}, {0, 0, -1}}, settings);
        ASSERT_TRUE(r.hit) << algorithm.name;
        EXPECT_EQ(r.hit->triangle, 0u) << algorithm.name;
        EXPECT_NEAR(r.hit->u, 0.375f, 1e-6) << algorithm.name;
        EXPECT_NEAR(r.hit->v, 0.375f, 1e-6) << algorithm.name;
    }
}

// Seed 001 returns on the first triangle found: with the far quad listed first, xna_plane in
// "first found" picks it although the near one is closer.
TEST(ScenePick, XnaFirstFoundReturnsATriangleThatIsNotTheClosest) {
    const SceneView scene = quad_scene({at_z(-8), at_z(-2)});
    const Ray ray{{0.1f, 0.2f, 0}, {0, 0, -1}};
    PickSettings settings;
    settings.method = RayTriangleMethod::XnaPlane;
    const PickResult first = pick(scene, ray, settings);
    ASSERT_TRUE(first.hit);
    EXPECT_EQ(first.hit->instance, 0u);
    EXPECT_FLOAT_EQ(first.hit->t, 8.0f);
    EXPECT_LT(first.stats.triangles_tested, 4u);  // it stopped at the first hit

    settings.triangle_options.xna_first_found = false;
    const PickResult closest = pick(scene, ray, settings);
    ASSERT_TRUE(closest.hit);
    EXPECT_EQ(closest.hit->instance, 1u);
    EXPECT_FLOAT_EQ(closest.hit->t, 2.0f);

    // Other algorithms ignore the option: they always return the closest.
    settings.method = RayTriangleMethod::MollerTrumbore;
    settings.triangle_options.xna_first_found = true;
    EXPECT_EQ(pick(scene, ray, settings).hit->instance, 1u);
}

// dx_pick, unity_pick and xna_plane report triangles behind the eye, and the closest of all
// is then the one furthest behind: the quirk made visible at the scene level.
TEST(ScenePick, SeedsWithoutATRangePickBehindTheEye) {
    const SceneView scene = quad_scene({at_z(-2), at_z(3)});
    const Ray ray{{0.1f, 0.2f, 0}, {0, 0, -1}};
    PickSettings settings;
    settings.method = RayTriangleMethod::DxPick;
    const PickResult r = pick(scene, ray, settings);
    ASSERT_TRUE(r.hit);
    EXPECT_EQ(r.hit->instance, 1u);
    EXPECT_FLOAT_EQ(r.hit->t, -3.0f);
    settings.triangle_options.seed_ignores_t_range = false;
    EXPECT_EQ(pick(scene, ray, settings).hit->instance, 0u);
}

// Analytic shapes are picked by their equations in their own space, and the closer of a
// shape and a triangle wins.
TEST(ScenePick, AnalyticShapesArePickedInTheirOwnSpace) {
    SceneView scene = quad_scene({at_z(-5)});
    AnalyticShape ball;
    ball.kind = ShapeKind::Sphere;
    ball.sphere = {{0, 0, 0}, 1.0f};
    // A unit sphere stretched 2x along z and moved to z = -2: an ellipsoid in the world.
    scene.shapes.push_back({ball, 7, glm::scale(at_z(-2), glm::vec3(1, 1, 2))});
    const PickResult r = pick(scene, Ray{{0, 0, 0}, {0, 0, -1}}, {});
    ASSERT_TRUE(r.shape);
    EXPECT_FALSE(r.hit);
    EXPECT_TRUE(r.any());
    EXPECT_EQ(r.shape->node, 7u);
    EXPECT_EQ(r.shape->kind, ShapeKind::Sphere);
    EXPECT_NEAR(r.shape->t, 0.0f, 1e-5f);  // the ellipsoid reaches z = 0
    EXPECT_NEAR(r.shape->normal.z, 1.0f, 1e-5f);
    EXPECT_TRUE(r.shape->front_face);
    EXPECT_EQ(r.stats.shapes_tested, 1u);
    // Beside the ellipsoid the quad behind it is hit.
    const PickResult beside = pick(scene, Ray{{0.9f, 0.7f, 0}, {0, 0, -1}}, {});
    ASSERT_TRUE(beside.hit);
    EXPECT_FALSE(beside.shape);
}

TEST(ScenePick, EachShapeKindAndTestForm) {
    SceneView scene;
    AnalyticShape box;
    box.kind = ShapeKind::Box;
    box.box = {{-1, -1, -1}, {1, 1, 1}};
    AnalyticShape floor;
    floor.kind = ShapeKind::Rect;
    floor.rect = {{-1, 0, -1}, {2, 0, 0}, {0, 0, 2}};
    AnalyticShape sea;
    sea.kind = ShapeKind::Plane;
    sea.plane = {{0, -10, 0}, {0, 1, 0}};
    scene.shapes.push_back({box, 0, glm::translate(glm::mat4(1.0f), {5, 0, 0})});
    scene.shapes.push_back({floor, 1, glm::mat4(1.0f)});
    scene.shapes.push_back({sea, 2, glm::mat4(1.0f)});
    PickSettings settings;
    const auto box_hit = pick(scene, Ray{{5, 5, 0.5f}, {0, -1, 0}}, settings);
    ASSERT_TRUE(box_hit.shape);
    EXPECT_EQ(box_hit.shape->shape, 0u);
    EXPECT_FLOAT_EQ(box_hit.shape->t, 4.0f);
    EXPECT_NEAR(box_hit.shape->normal.y, 1.0f, 1e-6f);
    const Ray down{{0.2f, 3, 0.3f}, {0, -1, 0}};
    ASSERT_TRUE(pick(scene, down, settings).shape);
    EXPECT_EQ(pick(scene, down, settings).shape->shape, 1u);  // the rectangle before the sea
    // The seed's strict min/max check never hits this axis-aligned rectangle: the sea does.
    settings.shapes.rect = RectTest::Seed;
    EXPECT_EQ(pick(scene, down, settings).shape->shape, 2u);
    EXPECT_FLOAT_EQ(pick(scene, down, settings).shape->t, 13.0f);
    // The seed's slab form misses a ray lying in the box's face plane; the robust one hits.
    const Ray in_face{{6, 5, 0.5f}, {0, -1, 0}};
    EXPECT_EQ(pick(scene, in_face, settings).shape->shape, 0u);
    settings.shapes.slab = SlabTest::Seed;
    EXPECT_EQ(pick(scene, in_face, settings).shape->shape, 2u);
}

}  // namespace
}  // namespace picking
