// What one animated frame costs the picking side on a big skinned mesh: a generated tube of
// ~100K triangles bent by 20 bones (assets/procedural/skinned_tube.h). Pose evaluation, CPU
// skinning (positions only, as picking needs; and with normals, as the viewer also uploads), one
// pick, the whole frame: advance the clock, skin, pick (brute force; and through the tube's BVH,
// refit to the pose by the pick), and the BVH's refit beside a rebuild from scratch. The same
// tube with eight joints per vertex measures skinning through the overflow (four inline, four
// more per vertex).
//
//   build/release/bench/skinning_bench --benchmark_repetitions=9
//       --benchmark_report_aggregates_only=true
//
// Single thread. The target: skin + refit + pick within 2 ms per frame on one core.

#include <algorithm>

#include <benchmark/benchmark.h>
#include <glm/gtc/matrix_transform.hpp>

#include "app/core/scene_session.h"
#include "assets/procedural/skinned_tube.h"
#include "assets/scene/pose.h"
#include "assets/scene/posed_mesh.h"
#include "picking/bvh/wide_bvh.h"
#include "picking/studies/ray_sets.h"

namespace {

constexpr double kFrameSeconds = 1.0 / 60.0;

/// The benchmark's scene: one tube of rings x sides quads (2 triangles each) and 20 bones, each
/// vertex following `joints_per_vertex` of them.
assets::Scene make_tube_scene(int rings, int sides, int joints_per_vertex = 2) {
    assets::Scene scene;
    scene.source = "skinned tube";
    scene.nodes.push_back({"root", glm::mat4(1.0f), -1, {}, {}});
    assets::SkinnedTubeOptions options;
    options.length = 10.0f;
    options.base_radius = 0.6f;
    options.tip_radius = 0.2f;
    options.rings = rings;
    options.sides = sides;
    options.bones = 20;
    options.joints_per_vertex = joints_per_vertex;
    const auto bones =
        assets::add_skinned_tube(scene, 0, "tube", glm::mat4(1.0f), options, glm::vec3(0.6f));
    assets::AnimationClip clip;
    clip.name = "wave";
    clip.ticks_per_second = 24.0;
    clip.duration_ticks = 24.0 * 8.0;
    assets::add_tube_wave(clip, scene, bones, 30.0f, 4.0);
    scene.clips.push_back(std::move(clip));
    return scene;
}

const assets::Scene& tube_scene() {
    static const assets::Scene scene = make_tube_scene(1000, 50);  // 100,100 triangles
    return scene;
}

void BM_EvaluatePose(benchmark::State& state) {
    const assets::Scene& scene = tube_scene();
    double t = 0.0;
    for (auto _ : state) {
        const assets::Pose pose = assets::evaluate_pose(scene, &scene.clips[0], t, true);
        benchmark::DoNotOptimize(pose.world.data());
        t += kFrameSeconds;
    }
}
BENCHMARK(BM_EvaluatePose)->Unit(benchmark::kMicrosecond);

const assets::Scene& eight_influence_tube_scene() {
    static const assets::Scene scene = make_tube_scene(1000, 50, 8);
    return scene;
}

void skin(benchmark::State& state, bool normals, const assets::Scene& scene = tube_scene()) {
    const assets::Pose pose = assets::evaluate_pose(scene, &scene.clips[0], 1.3, true);
    assets::PosedMesh posed;
    for (auto _ : state) {
        assets::pose_mesh(scene, 0, 1, pose, normals, posed);
        benchmark::DoNotOptimize(posed.positions.data());
    }
    state.counters["vertices"] = double(scene.meshes[0].positions.size());
    state.counters["ns_per_vertex"] = benchmark::Counter(
        double(scene.meshes[0].positions.size()),
        benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
void BM_SkinPositions(benchmark::State& state) {
    skin(state, false);
}
void BM_SkinPositionsAndNormals(benchmark::State& state) {
    skin(state, true);
}
BENCHMARK(BM_SkinPositions)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SkinPositionsAndNormals)->Unit(benchmark::kMillisecond);

void BM_SkinPositionsEightInfluences(benchmark::State& state) {
    skin(state, false, eight_influence_tube_scene());
}
void BM_SkinPositionsAndNormalsEightInfluences(benchmark::State& state) {
    skin(state, true, eight_influence_tube_scene());
}
BENCHMARK(BM_SkinPositionsEightInfluences)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SkinPositionsAndNormalsEightInfluences)->Unit(benchmark::kMillisecond);

void BM_PickSkinned(benchmark::State& state) {
    app::SceneSession session{assets::Scene(tube_scene())};
    session.set_time(1.3);
    const picking::Aabb b = session.world_bounds();
    const auto rays = picking::incoherent_rays(b, 256, 7);
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(session.pick(rays[i++ % rays.size()], {}));
    }
}
BENCHMARK(BM_PickSkinned)->Unit(benchmark::kMillisecond);

/// One frame as the viewer has it with hover picking: advance the clock, pose and skin, pick
/// with `broad_phase` (for the BVH, the pick first refits it to the new pose: SceneSession
/// refits on the first pick after a pose change).
void frame(benchmark::State& state, picking::BroadPhase broad_phase) {
    app::SceneSession session{assets::Scene(tube_scene())};
    if (broad_phase == picking::BroadPhase::Bvh) session.prepare(app::Accel::Bvh, 1);
    picking::PickSettings settings;
    settings.broad_phase = broad_phase;
    const picking::Aabb b = session.animated_bounds();
    const auto rays = picking::incoherent_rays(b, 256, 11);
    std::size_t i = 0;
    double t = 0.0;
    for (auto _ : state) {
        t += kFrameSeconds;
        session.set_time(t);
        benchmark::DoNotOptimize(session.pick(rays[i++ % rays.size()], settings));
    }
    state.counters["refit_ms"] = session.accels().last_refit().milliseconds;
}
void BM_FrameSkinAndPick(benchmark::State& state) {
    frame(state, picking::BroadPhase::None);
}
void BM_FrameSkinRefitAndPickBvh(benchmark::State& state) {
    frame(state, picking::BroadPhase::Bvh);
}
BENCHMARK(BM_FrameSkinAndPick)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FrameSkinRefitAndPickBvh)->Unit(benchmark::kMillisecond);

/// Two poses of the tube's vertices, for refitting and rebuilding against.
struct TwoPoses {
    assets::PosedMesh a, b;
    TwoPoses() {
        const assets::Scene& scene = tube_scene();
        assets::pose_mesh(scene, 0, 1, assets::evaluate_pose(scene, &scene.clips[0], 1.3, true),
                          false, a);
        assets::pose_mesh(scene, 0, 1, assets::evaluate_pose(scene, &scene.clips[0], 4.1, true),
                          false, b);
    }
    [[nodiscard]] picking::MeshView view(const assets::PosedMesh& posed) const {
        return {posed.positions, tube_scene().meshes[0].indices};
    }
};

/// The refit a new pose needs: the same tree, new leaf corners and boxes (bottom up).
void BM_RefitTubeBvh(benchmark::State& state) {
    const TwoPoses poses;
    picking::WideBvh bvh =
        picking::build_wide_bvh(poses.view(poses.a), picking::wide_bvh_build_options());
    bool flip = false;
    for (auto _ : state) {
        picking::refit(bvh, poses.view(flip ? poses.a : poses.b));
        flip = !flip;
        benchmark::DoNotOptimize(bvh.nodes.data());
    }
    state.counters["triangles"] = double(bvh.triangle_count);
    state.counters["blocks"] = double(bvh.blocks.size());
    state.counters["nodes"] = double(bvh.nodes.size());
    state.counters["bytes_per_triangle"] =
        double(bvh.memory_bytes()) / double(std::max<std::size_t>(bvh.triangle_count, 1));
}
BENCHMARK(BM_RefitTubeBvh)->Unit(benchmark::kMillisecond);

/// What refitting saves: building the tube's BVH from scratch for the pose (one thread).
void BM_RebuildTubeBvh(benchmark::State& state) {
    const TwoPoses poses;
    picking::BvhBuildOptions options = picking::wide_bvh_build_options();
    options.threads = 1;
    for (auto _ : state) {
        picking::WideBvh bvh = picking::build_wide_bvh(poses.view(poses.b), options);
        benchmark::DoNotOptimize(bvh.nodes.data());
    }
}
BENCHMARK(BM_RebuildTubeBvh)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
