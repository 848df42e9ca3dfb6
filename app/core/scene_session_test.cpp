#include "app/core/scene_session.h"

#include <random>
#include <tuple>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "assets/load_model.h"
#include "assets/procedural/default_scene.h"
#include "assets/scene/posed_mesh.h"
#include "picking/core/draw_vec3.h"
#include "picking/studies/ray_sets.h"

namespace app {
namespace {

// Sanitized builds (RAYPICK_SANITIZED) cast fewer rays in the heavy randomized tests.
#ifdef RAYPICK_SANITIZED
constexpr int kSanitizedScale = 5;
#else
constexpr int kSanitizedScale = 1;
#endif

/// Random rays aimed from a sphere around the scene at points inside its box.
std::vector<picking::Ray> random_rays(const picking::Aabb& bounds, unsigned seed, int count) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::normal_distribution<float> n(0.0f, 1.0f);
    std::vector<picking::Ray> rays;
    for (int i = 0; i < count; ++i) {
        const glm::vec3 dir = glm::normalize(picking::draw_vec3<glm::vec3>(n, rng));
        const glm::vec3 origin = bounds.center() + 2.0f * bounds.radius() * dir;
        const glm::vec3 aim =
            glm::mix(bounds.min, bounds.max, picking::draw_vec3<glm::vec3>(u, rng));
        rays.push_back({origin, aim - origin});
    }
    return rays;
}

// XNA recipe 4-18: moving the ray into each mesh's bone space gives the same picks as moving
// every triangle to world space, on the default scene's articulated arm at several poses.
TEST(SceneSession, BoneSpaceEqualsWorldTrianglesOnTheDefaultScene_Seed5) {
    SceneSession session(assets::make_default_scene());
    picking::PickSettings world_way;
    world_way.space = picking::RaySpace::WorldTriangles;
    int hits = 0, arm_hits = 0;
    for (const double time : {0.0, 1.3, 2.75, 6.1}) {
        session.set_time(time);
        for (const picking::Ray& ray : random_rays(session.world_bounds(), 5, 400)) {
            const auto a = session.pick(ray, {});
            const auto b = session.pick(ray, world_way);
            ASSERT_EQ(a.hit.has_value(), b.hit.has_value());
            if (!a.hit) continue;
            ++hits;
            if (session.scene().node_path(a.hit->node).find("/arm/") != std::string::npos)
                ++arm_hits;
            EXPECT_EQ(a.hit->instance, b.hit->instance);
            EXPECT_EQ(a.hit->triangle, b.hit->triangle);
            EXPECT_NEAR(a.hit->t, b.hit->t, 1e-5f * b.hit->t);
        }
    }
    EXPECT_GT(hits, 400);  // triangles: the rest hit the analytic shapes or nothing
    EXPECT_GT(arm_hits, 10);
}

TEST(SceneSession, TheArmMovesAndStaysInsideTheAnimatedBounds) {
    SceneSession session(assets::make_default_scene());
    ASSERT_EQ(session.clip(), 0);
    EXPECT_NEAR(session.duration(), 8.0, 1e-9);
    const picking::Aabb all = session.animated_bounds();
    std::uint32_t hand = 0;
    for (std::uint32_t n = 0; n < session.scene().nodes.size(); ++n)
        if (session.scene().nodes[n].name == "hand_geometry") hand = n;
    ASSERT_NE(hand, 0u);
    session.set_time(0.0);
    const glm::vec3 at0 = glm::vec3(session.world_transforms()[hand][3]);
    session.set_time(1.0);
    const glm::vec3 at1 = glm::vec3(session.world_transforms()[hand][3]);
    EXPECT_GT(glm::length(at1 - at0), 0.5f);
    for (double t = 0.0; t < 8.0; t += 0.37) {
        session.set_time(t);
        const picking::Aabb b = session.world_bounds();
        for (int i = 0; i < 3; ++i) {
            EXPECT_GE(b.min[i], all.min[i] - 0.25f);
            EXPECT_LE(b.max[i], all.max[i] + 0.25f);
        }
    }
}

TEST(SceneSession, ClipSelectionAndRestPose) {
    SceneSession session(assets::make_default_scene());
    session.set_clip(-1);
    EXPECT_EQ(session.clip(), -1);
    EXPECT_EQ(session.duration(), 0.0);
    session.set_clip(99);  // no such clip: the rest pose
    EXPECT_EQ(session.clip(), -1);
}

// Repro: the Bone space view said "at 17.603 s" beside a timeline at "3.187 s of 8.000 s".
TEST(SceneSession, OneClockForEveryPanel) {
    SceneSession session(assets::make_default_scene());
    const double length = session.duration();
    ASSERT_GT(length, 0.0);
    EXPECT_NEAR(session.clip_time(2.0 * length + 1.25), 1.25, 1e-9);
    EXPECT_NEAR(session.clip_time(-0.5), length - 0.5, 1e-9);
    session.set_time(length + 0.5);
    EXPECT_NEAR(session.clip_time(), 0.5, 1e-9);
    session.set_loop(false);
    EXPECT_EQ(session.clip_time(length + 0.5), length + 0.5);  // past the end, as it is
    session.set_clip(-1);
    EXPECT_EQ(session.clip_time(3.0), 3.0);  // no clip: no wrapping
}

TEST(SceneSession, ANodesBoundsHoldItsSubtreesInstancesOnly) {
    SceneSession session(assets::make_default_scene());
    const assets::Scene& scene = session.scene();
    std::optional<std::uint32_t> arm, crate;
    for (std::uint32_t n = 0; n < scene.nodes.size(); ++n) {
        if (scene.nodes[n].name == "arm") arm = n;
        if (scene.nodes[n].name == "crate") crate = n;
    }
    ASSERT_TRUE(arm && crate);
    const picking::Aabb whole = session.world_bounds();
    const picking::Aabb arm_box = session.node_bounds(*arm);
    const picking::Aabb crate_box = session.node_bounds(*crate);
    ASSERT_FALSE(arm_box.empty());
    ASSERT_FALSE(crate_box.empty());
    EXPECT_LT(arm_box.radius(), 0.5f * whole.radius());
    // Every world corner of every instance under the arm is inside its box.
    for (std::uint32_t i = 0; i < session.view().instances.size(); ++i) {
        std::int32_t at = std::int32_t(session.view().instances[i].node);
        bool under = false;
        for (; at >= 0; at = scene.nodes[std::size_t(at)].parent)
            under |= at == std::int32_t(*arm);
        const picking::Triangle t = session.world_triangle(i, 0);
        if (!under) continue;
        for (glm::vec3 p : {t.p0, t.p1, t.p2}) {
            EXPECT_TRUE(glm::all(glm::lessThanEqual(arm_box.min - 1e-4f, p)) &&
                        glm::all(glm::lessThanEqual(p, arm_box.max + 1e-4f)));
        }
    }
    EXPECT_EQ(session.node_bounds(0).min, whole.min);  // the root holds everything
    EXPECT_TRUE(session.node_bounds(9999).empty());
}

TEST(SceneSession, WorldTriangleMatchesThePickedPoint) {
    SceneSession session(assets::make_default_scene());
    session.set_time(2.0);
    const auto result = session.pick({{0.1f, 20.0f, 0.2f}, {0, -1, 0}}, {});
    ASSERT_TRUE(result.hit);
    const picking::Triangle world = session.world_triangle(*result.hit);
    const glm::vec3 p = world.point(result.hit->u, result.hit->v);
    EXPECT_LT(glm::length(p - result.hit->point), 1e-4f);
}

TEST(SceneSession, ThePoseVersionCountsRealChanges) {
    SceneSession session(assets::make_default_scene());
    const std::uint64_t v0 = session.pose_version();
    session.set_time(0.0);  // unchanged
    EXPECT_EQ(session.pose_version(), v0);
    session.set_time(1.25);
    const std::uint64_t v1 = session.pose_version();
    EXPECT_GT(v1, v0);
    session.set_clip(-1);  // the rest pose: a change
    const std::uint64_t v2 = session.pose_version();
    EXPECT_GT(v2, v1);
    session.set_time(3.0);  // no clip: the time changes nothing
    EXPECT_EQ(session.pose_version(), v2);
}

/// The world box of the default scene's deforming mesh (the tentacle) in the current pose.
picking::Aabb tentacle_bounds(const SceneSession& session) {
    const ViewMesh mesh = session.deforming_meshes().at(0);
    picking::Aabb b{glm::vec3(1e30f), glm::vec3(-1e30f)};
    for (std::size_t i = 0; i < session.view().instances.size(); ++i) {
        const picking::Instance& instance = session.view().instances[i];
        if (instance.mesh != index(mesh)) continue;
        for (const glm::vec3& p : session.mesh_positions(mesh)) {
            const glm::vec3 w(instance.world_from_mesh * glm::vec4(p, 1.0f));
            b.min = glm::min(b.min, w);
            b.max = glm::max(b.max, w);
        }
    }
    return b;
}

// A deforming mesh's BVH is refit, not rebuilt, and only when a pick needs it: the
// first pick after a pose change refits once; playing without picking refits nothing; the
// refitted BVH answers like brute force and like a BVH rebuilt from the posed vertices.
TEST(SceneSession, TheSkinnedBvhIsRefitOnTheFirstPickAfterAPoseChange_Seed17) {
    SceneSession session(assets::make_default_scene());
    session.prepare(Accel::Bvh, 1);
    ASSERT_EQ(session.deforming_meshes().size(), 1u);
    // The tentacle is one of the scene's own meshes: its view and scene numbers agree.
    const std::uint32_t tentacle = index(session.scene_mesh(session.deforming_meshes()[0]));
    ASSERT_EQ(tentacle, index(session.deforming_meshes()[0]));
    picking::PickSettings bvh;
    bvh.broad_phase = picking::BroadPhase::Bvh;
    unsigned seed = 17;
    int tentacle_hits = 0;
    for (const double time : {0.7, 3.1, 5.9}) {
        const std::uint64_t refits = session.accels().last_refit().count;
        for (double t = time - 0.5; t < time; t += 0.1)
            session.set_time(t);  // frames played without a pick
        session.set_time(time);
        EXPECT_EQ(session.accels().last_refit().count, refits)
            << "a pose change alone refits nothing";

        // A BVH rebuilt from the posed vertices, to compare the refitted one with.
        picking::SceneAccel rebuilt(session.view());
        rebuilt.build_bvhs(session.view());
        // Half the rays at the whole scene, half at where the tentacle is now.
        std::vector<picking::Ray> rays = random_rays(session.world_bounds(), seed++, 150);
        for (const picking::Ray& ray : random_rays(tentacle_bounds(session), seed++, 150))
            rays.push_back(ray);
        for (const picking::Ray& ray : rays) {
            const picking::PickResult got = session.pick(ray, bvh);
            ASSERT_EQ(got.broad_phase, picking::BroadPhase::Bvh);
            const picking::PickResult none = session.pick(ray, {});
            const picking::PickResult fresh = picking::pick(session.view(), ray, bvh, &rebuilt);
            ASSERT_EQ(got.hit.has_value(), none.hit.has_value()) << "at " << time << " s";
            ASSERT_EQ(got.hit.has_value(), fresh.hit.has_value()) << "at " << time << " s";
            if (!got.hit) continue;
            EXPECT_EQ(got.hit->instance, none.hit->instance);
            EXPECT_EQ(got.hit->triangle, none.hit->triangle);
            EXPECT_EQ(got.hit->t, none.hit->t);
            EXPECT_EQ(got.hit->triangle, fresh.hit->triangle);
            EXPECT_EQ(got.hit->t, fresh.hit->t);
            if (got.hit->mesh == tentacle) ++tentacle_hits;
        }
        const RefitRecord refit = session.accels().last_refit();
        EXPECT_EQ(refit.count, refits + 1) << "one refit per pose, however many picks";
        EXPECT_EQ(refit.pose_version, session.pose_version());
        EXPECT_EQ(refit.bvh_triangles, session.view().meshes[tentacle].triangle_count());
    }
    EXPECT_GT(tentacle_hits, 100);
}

// baldwin_weber picks on the session's precomputed transforms equal the per-test form (the
// transform computed on every call) to the bit, on the whole scene and on the skinned
// tentacle, at several poses: a pose change drops the tentacle's transforms (only its own),
// and the next baldwin_weber pick makes them again from the posed vertices.
TEST(SceneSession, BaldwinWeberTransformsFollowTheSkinnedPose_Seed19) {
    SceneSession session(assets::make_default_scene());
    session.prepare(Accel::Bvh, 1);
    ASSERT_EQ(session.deforming_meshes().size(), 1u);
    // The tentacle is one of the scene's own meshes: its view and scene numbers agree.
    const std::uint32_t tentacle = index(session.scene_mesh(session.deforming_meshes()[0]));
    ASSERT_EQ(tentacle, index(session.deforming_meshes()[0]));
    const std::uint32_t rigid = tentacle == 0 ? 1 : 0;
    picking::PickSettings precomputed;
    precomputed.method = picking::RayTriangleMethod::BaldwinWeber;
    picking::PickSettings per_test = precomputed;
    per_test.precomputed = false;
    unsigned seed = 19;
    int tentacle_hits = 0;
    for (const double time : {0.7, 3.1, 5.9}) {
        session.set_time(time);
        const picking::BaldwinWeberCache& cache =
            session.accels().broad_phases().baldwin_weber_cache();
        if (time > 1.0) {
            EXPECT_FALSE(cache.ready(tentacle)) << "the pose moved the tentacle at " << time;
            EXPECT_TRUE(cache.ready(rigid)) << "rigid meshes keep their transforms";
        }
        std::vector<picking::Ray> rays =
            random_rays(session.world_bounds(), seed++, 100 / kSanitizedScale);
        for (const picking::Ray& ray :
             random_rays(tentacle_bounds(session), seed++, 150 / kSanitizedScale))
            rays.push_back(ray);
        for (const picking::Ray& ray : rays)
            for (const auto phase : {picking::BroadPhase::None, picking::BroadPhase::Bvh}) {
                precomputed.broad_phase = per_test.broad_phase = phase;
                const picking::PickResult got = session.pick(ray, precomputed);
                const picking::PickResult want = session.pick(ray, per_test);
                ASSERT_EQ(got.hit.has_value(), want.hit.has_value()) << "at " << time << " s";
                if (!got.hit) continue;
                EXPECT_EQ(got.hit->instance, want.hit->instance);
                EXPECT_EQ(got.hit->triangle, want.hit->triangle);
                EXPECT_EQ(got.hit->t, want.hit->t);
                EXPECT_EQ(got.hit->u, want.hit->u);
                EXPECT_EQ(got.hit->v, want.hit->v);
                if (got.hit->mesh == tentacle) ++tentacle_hits;
            }
        EXPECT_TRUE(cache.ready(tentacle));
    }
    EXPECT_GT(tentacle_hits, 100 / kSanitizedScale);
}

// The tentacle's vertices follow its bones in the current view; the bind view keeps them as
// loaded under the rest transforms; the spans the renderer uploads are the ones picking reads.
TEST(SceneSession, DeformingMeshesArePosedInTheViewAndRawInTheBindView) {
    SceneSession session(assets::make_default_scene());
    const assets::Scene& scene = session.scene();
    ASSERT_EQ(session.deforming_meshes().size(), 1u);
    // The tentacle is one of the scene's own meshes: its view and scene numbers agree.
    const std::uint32_t tentacle = index(session.scene_mesh(session.deforming_meshes()[0]));
    ASSERT_EQ(tentacle, index(session.deforming_meshes()[0]));
    EXPECT_EQ(scene.meshes[tentacle].name, "tentacle");
    session.set_time(1.7);
    const auto posed = session.mesh_positions(ViewMesh{tentacle});
    const auto bind = session.view(PoseChoice::Bind).meshes[tentacle].positions;
    ASSERT_EQ(posed.size(), scene.meshes[tentacle].positions.size());
    EXPECT_EQ(bind.data(), scene.meshes[tentacle].positions.data());
    EXPECT_EQ(session.view().meshes[tentacle].positions.data(), posed.data());
    float moved = 0.0f;
    for (std::size_t v = 0; v < posed.size(); ++v)
        moved = std::max(moved, glm::length(posed[v] - bind[v]));
    EXPECT_GT(moved, 0.3f);  // the tip sways away from the bind pose

    // The same pose, posed again on its own, gives the same vertices.
    std::uint32_t node = 0;
    for (const picking::Instance& instance : session.view().instances)
        if (instance.mesh == tentacle) node = instance.node;
    assets::PosedMesh again;
    assets::pose_mesh(scene, tentacle, node, session.pose(), false, again);
    ASSERT_EQ(again.positions.size(), posed.size());
    for (std::size_t v = 0; v < posed.size(); ++v)
        EXPECT_EQ(again.positions[v], posed[v]);
    // Normals are only recomputed on request (the viewer asks for them, the CLI does not).
    EXPECT_EQ(session.mesh_normals(ViewMesh{tentacle}).data(),
              scene.meshes[tentacle].normals.data());
    SceneSession drawn(assets::make_default_scene(), SessionOptions{true});
    drawn.set_time(1.7);
    EXPECT_NE(drawn.mesh_normals(ViewMesh{tentacle}).data(),
              drawn.scene().meshes[tentacle].normals.data());
}

TEST(SceneSession, TheBindViewUsesRestTransforms) {
    SceneSession session(assets::make_default_scene());
    session.set_time(2.0);
    const assets::Pose rest = assets::rest_pose(session.scene());
    const auto bind = session.instance_transforms(PoseChoice::Bind);
    const auto now = session.instance_transforms();
    ASSERT_EQ(bind.size(), session.view().instances.size());
    int differ = 0;
    for (std::size_t i = 0; i < bind.size(); ++i) {
        EXPECT_EQ(bind[i], rest.world[session.view().instances[i].node]);
        if (bind[i] != now[i]) ++differ;
    }
    EXPECT_GE(differ, 3);  // the arm's limbs and hand
}

TEST(SceneSession, WithoutLoopTheTimeRunsPastTheClip) {
    SceneSession session(assets::make_default_scene());
    std::uint32_t hand = 0;
    for (std::uint32_t n = 0; n < session.scene().nodes.size(); ++n)
        if (session.scene().nodes[n].name == "hand_geometry") hand = n;
    session.set_time(9.0);  // 1 s into the second lap
    const glm::vec3 looped = glm::vec3(session.world_transforms()[hand][3]);
    session.set_loop(false);
    EXPECT_FALSE(session.loop());
    const glm::vec3 held = glm::vec3(session.world_transforms()[hand][3]);  // the last keys
    session.set_time(8.0);
    EXPECT_EQ(glm::vec3(session.world_transforms()[hand][3]), held);
    session.set_time(1.0);
    EXPECT_LT(glm::length(glm::vec3(session.world_transforms()[hand][3]) - looped), 1e-5f);
    EXPECT_GT(glm::length(held - looped), 0.1f);
}

// == Analytic shapes

/// t where `ray` meets analytic shape `shape` placed by `world_from_shape`, in double, written
/// apart from picking's forms: the ray goes into the shape's space and the equation is solved
/// there (the shape's t is the world ray's). Nothing for a miss.
std::optional<double> shape_t(const assets::ShapeData& shape, const glm::mat4& world_from_shape,
                              const picking::Ray& ray) {
    const glm::dmat4 inverse = glm::inverse(glm::dmat4(world_from_shape));
    const glm::dvec3 o(inverse * glm::dvec4(glm::dvec3(ray.origin), 1.0));
    const glm::dvec3 d(inverse * glm::dvec4(glm::dvec3(ray.direction), 0.0));
    auto in_front = [](double t) { return t > 0.0 ? std::optional<double>(t) : std::nullopt; };
    switch (shape.kind) {
        case assets::ShapeData::Kind::Sphere: {
            const glm::dvec3 oc = o - glm::dvec3(shape.center);
            const double a = glm::dot(d, d), b = glm::dot(oc, d),
                         c = glm::dot(oc, oc) - double(shape.radius) * double(shape.radius);
            const double disc = b * b - a * c;
            if (disc < 0.0) return std::nullopt;
            const double near = (-b - std::sqrt(disc)) / a, far = (-b + std::sqrt(disc)) / a;
            return near > 0.0 ? std::optional<double>(near) : in_front(far);
        }
        case assets::ShapeData::Kind::Plane:
        case assets::ShapeData::Kind::Rect: {
            const bool plane = shape.kind == assets::ShapeData::Kind::Plane;
            const glm::dvec3 n =
                plane ? glm::dvec3(shape.normal)
                      : glm::cross(glm::dvec3(shape.edge_u), glm::dvec3(shape.edge_v));
            const glm::dvec3 at(plane ? shape.point : shape.corner);
            const double dn = glm::dot(d, n);
            if (dn == 0.0) return std::nullopt;
            const double t = glm::dot(at - o, n) / dn;
            const glm::dvec3 p = o + t * d - at;
            if (plane) return glm::length(p) <= double(shape.radius) ? in_front(t) : std::nullopt;
            const glm::dvec3 u(shape.edge_u), v(shape.edge_v);
            const double s = glm::dot(p, u) / glm::dot(u, u), r = glm::dot(p, v) / glm::dot(v, v);
            return s >= 0 && s <= 1 && r >= 0 && r <= 1 ? in_front(t) : std::nullopt;
        }
        case assets::ShapeData::Kind::Box: {
            double enter = -1e300, leave = 1e300;
            for (int axis = 0; axis < 3; ++axis) {
                const double t0 = (double(shape.box_min[axis]) - o[axis]) / d[axis];
                const double t1 = (double(shape.box_max[axis]) - o[axis]) / d[axis];
                enter = std::max(enter, std::min(t0, t1));
                leave = std::min(leave, std::max(t0, t1));
            }
            if (enter > leave) return std::nullopt;
            return enter > 0.0 ? std::optional<double>(enter) : in_front(leave);
        }
    }
    return std::nullopt;
}

// Every analytic shape of the default scene, at several poses (the globe moves), shot at from
// random directions: the session picks it with the t of an independent solve in double, or
// something closer stands in the way.
TEST(SceneSession, AnalyticShapesArePickedByTheirEquations_Seed29) {
    SceneSession session(assets::make_default_scene());
    const assets::Scene& scene = session.scene();
    ASSERT_FALSE(scene.shapes.empty());
    std::mt19937 rng(29);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<int> picked(scene.shapes.size(), 0);
    int rays = 0;
    for (const double time : {0.0, 1.0, 4.5}) {
        session.set_time(time);
        const std::vector<glm::mat4> placed = session.shape_transforms();
        for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
            const assets::ShapeData& shape = scene.shapes[i];
            // Aim at the shape's middle, a little off, from above and around.
            glm::vec3 middle = shape.kind == assets::ShapeData::Kind::Sphere  ? shape.center
                               : shape.kind == assets::ShapeData::Kind::Plane ? shape.point
                               : shape.kind == assets::ShapeData::Kind::Rect
                                   ? shape.corner + 0.5f * (shape.edge_u + shape.edge_v)
                                   : 0.5f * (shape.box_min + shape.box_max);
            middle = glm::vec3(placed[i] * glm::vec4(middle, 1.0f));
            for (int k = 0; k < 60; ++k) {
                // z, y, x: the order GCC drew them in.
                const float z = u(rng), y = 0.6f + 0.4f * u(rng), x = u(rng);
                const glm::vec3 from = middle + 6.0f * glm::normalize(glm::vec3(x, y, z));
                const glm::vec3 aim = middle + 0.3f * picking::draw_vec3<glm::vec3>(u, rng);
                const picking::Ray ray{from, aim - from};
                const auto expected = shape_t(shape, placed[i], ray);
                if (!expected) continue;
                ++rays;
                const picking::PickResult result = session.pick(ray, {});
                ASSERT_TRUE(result.any());
                const double got = double(result.shape ? result.shape->t : result.hit->t);
                if (result.shape && result.shape->shape == i) {
                    ++picked[i];
                    EXPECT_NEAR(got, *expected, 1e-5 * *expected) << shape.name;
                } else {
                    EXPECT_LT(got, *expected * (1 + 1e-5)) << shape.name << ": a farther answer";
                }
            }
        }
    }
    EXPECT_GT(rays, 500);
    for (std::size_t i = 0; i < scene.shapes.size(); ++i)
        EXPECT_GT(picked[i], 20) << scene.shapes[i].name;
}

// Seed 002's min/max check on a rectangle that is not axis-aligned: the diamond's corners'
// box holds points that are not on the diamond, and the min/max forms pick them; the oriented
// test does not.
TEST(SceneSession, TheSeedsMinMaxRectangleTestPicksBesideTheDiamond) {
    SceneSession session(assets::make_default_scene());
    const assets::Scene& scene = session.scene();
    std::size_t diamond = scene.shapes.size();
    for (std::size_t i = 0; i < scene.shapes.size(); ++i)
        if (scene.shapes[i].name == "diamond") diamond = i;
    ASSERT_LT(diamond, scene.shapes.size());
    const assets::ShapeData& shape = scene.shapes[diamond];
    const glm::mat4 placed = session.shape_transforms()[diamond];
    // (s, r) = (0.8, -0.15): inside the corners' box, outside the square.
    const glm::vec3 local = shape.corner + 0.8f * shape.edge_u - 0.15f * shape.edge_v;
    const glm::vec3 target(placed * glm::vec4(local, 1.0f));
    const glm::vec3 normal =
        glm::normalize(glm::vec3(placed * glm::vec4(glm::cross(shape.edge_u, shape.edge_v), 0.0f)));
    const picking::Ray ray{target + 1.0f * normal, -normal};
    picking::PickSettings settings;
    for (const auto& [test, expect_diamond] :
         {std::pair{picking::RectTest::AxisAligned, true}, std::pair{picking::RectTest::Seed, true},
          std::pair{picking::RectTest::Oriented, false}}) {
        settings.shapes.rect = test;
        const picking::PickResult result = session.pick(ray, settings);
        const bool on_diamond = result.shape && result.shape->shape == diamond;
        EXPECT_EQ(on_diamond, expect_diamond) << picking::rect_test_name(test);
        if (on_diamond) {
            EXPECT_NEAR(result.shape->t, 1.0f, 1e-4f);
        }
    }
}

/// One square with a morph target that lifts it by 2 along z, drawn at two nodes, x = -5 and
/// x = +5, whose clip keys its weight at 1 and at 0.25.
assets::Scene square_morphed_at_two_nodes() {
    assets::Scene scene;
    scene.source = "test";
    scene.materials.push_back({});
    assets::MeshData square;
    square.name = "square";
    square.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    square.normals.assign(4, {0, 0, 1});
    square.indices = {0, 1, 2, 0, 2, 3};
    square.morph_targets.push_back({"lift", std::vector<glm::vec3>(4, {0, 0, 2}), {}, 0.0f});
    scene.meshes.push_back(square);
    scene.nodes.push_back({"root", glm::mat4(1.0f), -1, {1, 2}, {}});
    scene.nodes.push_back({"a", glm::translate(glm::mat4(1.0f), {-5, 0, 0}), 0, {}, {0}});
    scene.nodes.push_back({"b", glm::translate(glm::mat4(1.0f), {5, 0, 0}), 0, {}, {0}});
    assets::AnimationClip clip;
    clip.name = "weights";
    clip.duration_ticks = 10.0;
    clip.ticks_per_second = 10.0;
    clip.morph_channels.push_back({1, {{0.0, {1.0f}}, {10.0, {1.0f}}}});
    clip.morph_channels.push_back({2, {{0.0, {0.25f}}, {10.0, {0.25f}}}});
    scene.clips.push_back(clip);
    return scene;
}

// Morph weights belong to nodes: a morphing mesh drawn at two nodes is morphed with each
// node's weights, for picking (every broad phase) and in what the renderer is given (it used
// to be morphed once, with the first node's weights, at both).
TEST(SceneSession, EachInstanceOfAMorphingMeshHasItsNodesWeights) {
    SceneSession session(square_morphed_at_two_nodes());
    session.set_time(0.5);
    ASSERT_EQ(session.view().instances.size(), 2u);
    // The second instance has a copy of its own, reported as the scene's mesh.
    ASSERT_EQ(session.view().meshes.size(), 2u);
    EXPECT_EQ(session.view().instances[0].mesh, 0u);
    EXPECT_EQ(session.view().instances[1].mesh, 1u);
    EXPECT_EQ(session.view_mesh(1), ViewMesh{1});
    EXPECT_EQ(session.scene_mesh(ViewMesh{1}), SceneMesh{0});
    EXPECT_EQ(session.own_copy_instance(ViewMesh{1}), std::optional<std::uint32_t>(1u));
    EXPECT_FALSE(session.own_copy_instance(ViewMesh{0}));
    EXPECT_EQ(session.deforming_meshes(), (std::vector<ViewMesh>{ViewMesh{0}, ViewMesh{1}}));
    // What is drawn: lifted by 2 * 1 at a, by 2 * 0.25 at b.
    EXPECT_FLOAT_EQ(session.instance_positions(0)[0].z, 2.0f);
    EXPECT_FLOAT_EQ(session.instance_positions(1)[0].z, 0.5f);
    EXPECT_FLOAT_EQ(session.world_triangle(1, 0).p0.z, 0.5f);

    session.prepare(Accel::Bvh, 1);
    std::vector<Accel> accels = {Accel::None, Accel::Bvh, Accel::Aabb};
    if (peers::embree_available()) {
        session.prepare(Accel::Embree, 1);
        accels.push_back(Accel::Embree);
    }
    for (const auto& [x, instance, t] : {std::tuple{-5.0f, 0u, 8.0f}, std::tuple{5.2f, 1u, 9.5f}}) {
        const picking::Ray ray{{x, 0.3f, 10.0f}, {0.0f, 0.0f, -1.0f}};
        for (const Accel accel : accels) {
            const picking::PickResult result = session.pick(ray, PickChoice({}, accel));
            ASSERT_TRUE(result.hit) << accel_name(accel);
            EXPECT_EQ(result.hit->instance, instance) << accel_name(accel);
            EXPECT_EQ(result.hit->mesh, 0u) << accel_name(accel);
            EXPECT_EQ(result.hit->node, instance + 1) << accel_name(accel);
            EXPECT_NEAR(result.hit->t, t, 1e-5f) << accel_name(accel) << " at x " << x;
        }
        const auto all = session.all_hits(ray, {});
        ASSERT_EQ(all.hits.size(), 1u);
        EXPECT_EQ(all.hits[0].hit.mesh, 0u);
        // The bind pose has both squares flat.
        EXPECT_NEAR(session.pick(ray, {}, PoseChoice::Bind).hit->t, 10.0f, 1e-5f);
    }
    // A new pose moves each copy by its own weights (here: none keyed, the rest pose's 0).
    session.set_clip(-1);
    EXPECT_FLOAT_EQ(session.instance_positions(0)[0].z, 0.0f);
    EXPECT_FLOAT_EQ(session.instance_positions(1)[0].z, 0.0f);
    EXPECT_NEAR(session.pick({{5.0f, 0.3f, 10.0f}, {0, 0, -1}}, PickChoice({}, Accel::Bvh)).hit->t,
                10.0f, 1e-5f);
}

// Neighbouring rays through Caster::intersect_packet: each ray's hit as intersect() gives it
// (the BVH's packets for a lone mesh), with fewer nodes visited than ray by ray.
TEST(SceneSession, PacketsGiveEachRayItsOwnHitAndShareTheWalk) {
    SceneSession session(assets::load_model("knot:20000"));
    session.prepare(Accel::Bvh, 1);
    PickChoice choice;
    ASSERT_FALSE(parse_pick_choice("watertight", "bvh", choice));
    const SceneSession::Caster caster = session.caster(choice);
    const std::vector<picking::Ray> rays = picking::tile_order(
        picking::primary_rays(session.world_bounds(), {256, 192}), {256, 192}, 4);
    picking::PickStats one_stats, packet_stats;
    int hits = 0;
    for (std::size_t first = 0; first < rays.size(); first += picking::kPacketRays) {
        std::optional<picking::SceneHit> packet[picking::kPacketRays];
        const std::size_t n = std::min(picking::kPacketRays, rays.size() - first);
        caster.intersect_packet(std::span(rays).subspan(first, n), packet, packet_stats);
        for (std::size_t i = 0; i < n; ++i) {
            const auto one = caster.intersect(rays[first + i], one_stats);
            ASSERT_EQ(packet[i].has_value(), one.has_value()) << first + i;
            if (!one) continue;
            ++hits;
            EXPECT_EQ(packet[i]->triangle, one->triangle);
            EXPECT_EQ(packet[i]->hit.t, one->hit.t);
            EXPECT_EQ(packet[i]->hit.u, one->hit.u);
            EXPECT_EQ(packet[i]->hit.v, one->hit.v);
        }
    }
    EXPECT_GT(hits, 1000);
    if (picking::active_isa() != picking::Isa::Scalar) {
        EXPECT_LT(packet_stats.nodes_visited, one_stats.nodes_visited / 2);
    }
}

}  // namespace
}  // namespace app
