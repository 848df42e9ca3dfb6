// The BVH broad phase beside Embree's, in one run: build time (1 and 2
// threads; the BVH also by its Morton build, build/bvh_morton), single-thread incoherent and
// primary rays through `bvh` (watertight triangles) and, when raypick was built with Embree 3,
// `embree` and `embree_robust`; and one viewer click (SceneSession::pick with its timing and hit
// details) on a large knot.
//
//   build/release/bench/bvh_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//       [MODEL [CLICK_KNOT_TRIANGLES]]
//
// MODEL defaults to glmark2's bunny.obj ('knot:N' for a generated torus knot); the click is
// timed on knot:10000000 unless CLICK_KNOT_TRIANGLES says otherwise. `scripts/bench-accel`
// prints the whole table of docs/benchmarks.md with `raypick bench`.

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <benchmark/benchmark.h>

#include "app/core/load_session.h"
#include "app/core/scene_session.h"
#include "app/core/settings_names.h"
#include "assets/import_child.h"
#include "picking/bvh/bvh.h"
#include "picking/studies/ray_sets.h"

namespace {

std::string g_model = "/usr/share/glmark2/models/bunny.obj";
std::string g_click_model = "knot:10000000";
constexpr std::size_t kRays = 1 << 16;  // per pass; rays/s is what compares

app::SceneSession& session_of(const std::string& model) {
    static std::map<std::string, std::unique_ptr<app::SceneSession>> sessions;
    auto& slot = sessions[model];
    if (!slot) {
        app::LoadOutcome loaded = app::load_session(model, {}, 0.0);
        if (!loaded.session) throw std::runtime_error(loaded.error);
        slot = std::move(loaded.session);
    }
    return *slot;
}

/// The accel by name, or a skip when this build lacks it (Embree).
std::optional<app::Accel> accel_or_skip(benchmark::State& state, const std::string& name) {
    const auto accel = app::find_accel(name);
    if (!accel) state.SkipWithError((name + " is not built in").c_str());
    return accel;
}

void build(benchmark::State& state, const std::string& name, unsigned threads,
           picking::BvhBuildMethod method) {
    const auto accel = accel_or_skip(state, name);
    if (!accel) return;
    const app::SceneSession& session = session_of(g_model);
    for (auto _ : state) {
        app::AccelBuild built =
            app::AccelStore::build(session.build_view(), *accel, threads, nullptr, method);
        if (!built.error.empty()) state.SkipWithError(built.error.c_str());
        benchmark::DoNotOptimize(built.bvhs.meshes.data());
    }
    state.counters["triangles"] = double(session.scene().triangle_count());
    state.SetLabel(g_model);
}

void cast(benchmark::State& state, const std::string& name, bool primary) {
    const auto accel = accel_or_skip(state, name);
    if (!accel) return;
    app::SceneSession& session = session_of(g_model);
    session.prepare(*accel, 1);
    app::PickChoice choice;
    (void)app::parse_pick_choice("watertight", name, choice);
    const picking::Aabb bounds = session.world_bounds();
    const std::vector<picking::Ray> rays = primary ? picking::primary_rays(bounds, {256, 256})
                                                   : picking::incoherent_rays(bounds, kRays);
    const app::SceneSession::Caster caster = session.caster(choice);
    std::size_t hits = 0;
    for (auto _ : state) {
        picking::PickStats stats;
        for (const picking::Ray& ray : rays)
            hits += caster.intersect(ray, stats).has_value();
    }
    benchmark::DoNotOptimize(hits);
    state.counters["rays_per_second"] =
        benchmark::Counter(double(rays.size()), benchmark::Counter::kIsIterationInvariantRate);
    state.SetLabel(g_model);
}

/// What a viewer click costs on a big mesh: the whole SceneSession::pick (broad phase,
/// triangles, the hit described), through rays of the bench's camera.
void click(benchmark::State& state) {
    app::SceneSession& session = session_of(g_click_model);
    session.prepare(app::Accel::Bvh, 0);
    app::PickChoice choice;
    (void)app::parse_pick_choice("watertight", "bvh", choice);
    const std::vector<picking::Ray> rays = picking::primary_rays(session.world_bounds(), {64, 64});
    std::size_t i = 0, hits = 0;
    for (auto _ : state)
        hits += session.pick(rays[i++ % rays.size()], choice).any();
    benchmark::DoNotOptimize(hits);
    state.counters["triangles"] = double(session.scene().triangle_count());
    state.SetLabel(g_click_model);
}

void register_all() {
    for (const char* accel : {"bvh", "embree", "embree_robust"}) {
        for (const unsigned threads : {1u, 2u})
            benchmark::RegisterBenchmark(
                ("build/" + std::string(accel) + "/threads:" + std::to_string(threads)).c_str(),
                [accel, threads](benchmark::State& s) {
                    build(s, accel, threads, picking::BvhBuildMethod::Sah);
                })
                ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("incoherent/" + std::string(accel)).c_str(),
                                     [accel](benchmark::State& s) { cast(s, accel, false); })
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("primary/" + std::string(accel)).c_str(),
                                     [accel](benchmark::State& s) { cast(s, accel, true); })
            ->Unit(benchmark::kMillisecond);
    }
    for (const unsigned threads : {1u, 2u})
        benchmark::RegisterBenchmark(
            ("build/bvh_morton/threads:" + std::to_string(threads)).c_str(),
            [threads](benchmark::State& s) {
                build(s, "bvh", threads, picking::BvhBuildMethod::Morton);
            })
            ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("click/bvh", click)->Unit(benchmark::kMicrosecond);
}

}  // namespace

int main(int argc, char** argv) {
    assets::serve_import_role(argc, argv);  // models load through the import process
    benchmark::Initialize(&argc, argv);
    if (argc > 1) g_model = argv[1];
    if (argc > 2) g_click_model = std::string("knot:") + argv[2];
    register_all();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
