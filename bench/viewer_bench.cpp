// What the viewer pays for a model: loading it (Assimp, or tinyobjloader for .obj), one
// brute-force pick (Möller–Trumbore over every triangle), the viewer's first figures in
// docs/benchmarks.md; and the leak sweep's two parts, the snapshot the UI thread takes and the
// sweep its job runs; region selection (a quarter of the view as a rectangle or a 100-point
// lasso, through the BVH or over every triangle) in the viewer's opening view at 1280x720.
//
//   build/release/bench/viewer_bench --benchmark_repetitions=9
//       --benchmark_report_aggregates_only=true [MODEL]
//
// MODEL defaults to glmark2's bunny.obj; 'default' is the built-in scene, knot:N a torus knot.

#include <filesystem>
#include <string>

#include <benchmark/benchmark.h>

#include "app/core/algorithms_model.h"
#include "app/core/leak_sweep_job.h"
#include "app/core/region_selection.h"
#include "app/core/scene_session.h"
#include "app/core/workspace_layout.h"
#include "assets/load_model.h"
#include "assets/procedural/torus_knot.h"
#include "picking/select/snap.h"
#include "picking/studies/ray_sets.h"

namespace {

std::string g_model = "/usr/share/glmark2/models/bunny.obj";

bool is_obj(const std::string& path) {
    return std::filesystem::path(path).extension() == ".obj";
}

void load(benchmark::State& state, bool via_tinyobjloader) {
    if (via_tinyobjloader && !is_obj(g_model)) {
        state.SkipWithError("tinyobjloader reads .obj only");
        return;
    }
    assets::LoadOptions options;
    options.obj_via_tinyobjloader = via_tinyobjloader;
    std::size_t triangles = 0;
    for (auto _ : state) {
        const assets::Scene scene = assets::load_model(g_model, options);
        triangles = scene.triangle_count();
        benchmark::DoNotOptimize(triangles);
    }
    state.counters["triangles"] = double(triangles);
    state.SetLabel(g_model);
}

void BM_LoadAssimp(benchmark::State& state) {
    load(state, false);
}
void BM_LoadTinyobjloader(benchmark::State& state) {
    load(state, true);
}

/// One click: a random ray aimed into the model's box, every triangle tested.
void BM_PickBruteForce(benchmark::State& state) {
    const app::SceneSession session(assets::load_model(g_model));
    const picking::Aabb bounds = session.world_bounds();
    const auto rays = picking::incoherent_rays(bounds, 1024, 7);
    const picking::PickSettings settings;
    std::size_t i = 0, hits = 0;
    for (auto _ : state) {
        const picking::PickResult result = session.pick(rays[i++ % rays.size()], settings);
        hits += result.hit.has_value();
        benchmark::DoNotOptimize(result);
    }
    state.counters["hit_rate"] = double(hits) / double(state.iterations());
    state.counters["triangles"] = double(session.scene().triangle_count());
    state.counters["ns_per_triangle"] =
        benchmark::Counter(double(session.scene().triangle_count()) * double(state.iterations()),
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.SetLabel(g_model);
}

/// The UI thread's part of a leak sweep: copying the posed meshes for the job.
void BM_LeakSweepSnapshot(benchmark::State& state) {
    const app::SceneSession session(assets::load_model(g_model));
    const app::LeakSweepChoice choice;
    for (auto _ : state) {
        const app::LeakSweepInput input = app::leak_sweep_input(session, choice);
        benchmark::DoNotOptimize(input.meshes.data());
    }
    state.counters["triangles"] = double(session.scene().triangle_count());
    state.SetLabel(g_model);
}

/// The job's part: shared edges found, then the viewer's default sweep (2,000 rays, every
/// algorithm).
void BM_LeakSweepJob(benchmark::State& state) {
    const app::SceneSession session(assets::load_model(g_model));
    const app::LeakSweepInput input = app::leak_sweep_input(session, app::LeakSweepChoice{});
    for (auto _ : state) {
        const app::LeakSweepOutcome outcome = app::run_leak_sweep(input);
        benchmark::DoNotOptimize(outcome.leaks.data());
    }
    state.counters["triangles"] = double(session.scene().triangle_count());
    state.SetLabel(g_model);
}

/// Far from origin as its tab runs it: the model moved 10^6 units away and graded there.
void BM_FarFromOrigin(benchmark::State& state) {
    app::SceneSession session(assets::load_model(g_model));
    app::AlgorithmsModel model;
    double distance = 1e6;
    for (auto _ : state) {
        model.move_far(session, distance, picking::RayTriangleOptions{}, 1000);
        distance = distance == 1e6 ? 2e6 : 1e6;  // a real move each time
    }
    state.counters["triangles"] = double(session.scene().triangle_count());
    state.SetLabel(g_model);
}

/// The opening view at 1280x720 and its camera, the model's BVHs built.
struct SelectionSetup {
    app::SceneSession session{assets::load_model(g_model)};
    app::Rect view = app::opening_view({1280.0f, 720.0f});
    app::Camera camera;
    SelectionSetup() {
        session.prepare(app::Accel::Bvh);
        const picking::Aabb bounds = session.animated_bounds();
        camera.frame(bounds.min, bounds.max, view.width() / view.height());
    }
    /// The middle quarter of the view: half its width, half its height.
    [[nodiscard]] std::pair<glm::dvec2, glm::dvec2> quarter() const {
        const glm::vec2 c = 0.5f * (view.min + view.max), h = 0.25f * view.size();
        return {glm::dvec2(c - h), glm::dvec2(c + h)};
    }
};

void report(benchmark::State& state, const app::SceneSession& session, std::size_t selected) {
    state.counters["triangles"] = double(session.scene().triangle_count());
    state.counters["selected"] = double(selected);
    state.SetLabel(g_model);
}

/// A rectangle over the middle quarter of the view, X-ray, touching: through the BVH
/// (range(0) = 1) or testing every triangle (0).
void BM_SelectRectangle(benchmark::State& state) {
    const SelectionSetup setup;
    const auto [lo, hi] = setup.quarter();
    app::RegionRequest request;
    request.points = {glm::vec2(lo), glm::vec2(hi)};
    const picking::SelectionVolume volume(app::clip_from_world(setup.camera, setup.view),
                                          app::region_ndc(request, setup.view));
    const picking::SceneAccel* accel =
        state.range(0) ? &setup.session.accels().broad_phases() : nullptr;
    std::size_t selected = 0;
    for (auto _ : state) {
        const picking::TriangleSet set = picking::select_region(setup.session.view(), accel, volume,
                                                                picking::RegionRule::Touching);
        selected = set.count();
        benchmark::DoNotOptimize(selected);
    }
    report(state, setup.session, selected);
}

/// A 100-point lasso, the ellipse inscribed in the same quarter, through the BVH.
void BM_SelectLasso100(benchmark::State& state) {
    const SelectionSetup setup;
    const auto [lo, hi] = setup.quarter();
    app::RegionRequest request;
    request.shape = app::RegionShape::Lasso;
    const glm::vec2 c = glm::vec2(0.5 * (lo + hi)), r = glm::vec2(0.5 * (hi - lo));
    for (int i = 0; i < 100; ++i) {
        const float a = 6.2831853f * float(i) / 100.0f;
        request.points.push_back(c + r * glm::vec2(std::cos(a), std::sin(a)));
    }
    const picking::SelectionVolume volume(app::clip_from_world(setup.camera, setup.view),
                                          app::region_ndc(request, setup.view));
    std::size_t selected = 0;
    for (auto _ : state) {
        const picking::TriangleSet set =
            picking::select_region(setup.session.view(), &setup.session.accels().broad_phases(),
                                   volume, picking::RegionRule::Touching);
        selected = set.count();
        benchmark::DoNotOptimize(selected);
    }
    report(state, setup.session, selected);
}

/// Snapping one hover: the hits under 256 pointer positions over the view found first, then
/// each snapped (12-pixel radius, every kind) through the BVH: the time per hover.
void BM_SnapHover(benchmark::State& state) {
    const SelectionSetup setup;
    picking::ScreenMapping screen;
    screen.clip_from_world = app::clip_from_world(setup.camera, setup.view);
    screen.view_min = glm::dvec2(setup.view.min);
    screen.view_size = glm::dvec2(setup.view.size());
    app::PickChoice choice;
    choice.set_accel(app::Accel::Bvh);
    std::vector<picking::SnapQuery> queries;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            const glm::vec2 cursor =
                setup.view.min +
                setup.view.size() * glm::vec2((x + 0.5f) / 16.0f, (y + 0.5f) / 16.0f);
            const picking::PickResult r =
                setup.session.pick(app::ray_from_cursor(setup.camera, cursor, setup.view), choice);
            if (!r.hit) continue;
            picking::SnapQuery q;
            q.instance = r.hit->instance;
            q.triangle = r.hit->triangle;
            q.world_hit = glm::dvec3(r.hit->point);
            q.cursor = glm::dvec2(cursor);
            queries.push_back(q);
        }
    if (queries.empty()) {
        state.SkipWithError("no hover hits the model");
        return;
    }
    std::size_t i = 0, snapped = 0, looked = 0;
    for (auto _ : state) {
        std::size_t candidates = 0;
        const auto snap =
            picking::snap_near(setup.session.view(), &setup.session.accels().broad_phases(), screen,
                               queries[i++ % queries.size()], &candidates);
        looked += candidates;
        snapped += snap && snap->kind != picking::SnapKind::Face;
        benchmark::DoNotOptimize(snap);
    }
    state.counters["hovers"] = double(queries.size());
    state.counters["snapped_share"] = double(snapped) / double(state.iterations());
    state.counters["triangles_looked_at"] = double(looked) / double(state.iterations());
    report(state, setup.session, 0);
}

BENCHMARK(BM_LoadAssimp)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadTinyobjloader)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PickBruteForce)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LeakSweepSnapshot)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LeakSweepJob)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FarFromOrigin)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SelectRectangle)->ArgName("bvh")->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SelectLasso100)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SnapHover)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (argc > 1) g_model = argv[1];
    if (g_model != assets::kDefaultSceneName && !assets::is_knot_name(g_model) &&
        !std::filesystem::exists(g_model)) {
        std::fprintf(stderr, "viewer_bench: %s does not exist\n", g_model.c_str());
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
