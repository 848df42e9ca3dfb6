// What one ray–triangle test costs, per algorithm of the table, and what a brute-force pick
// over a real mesh costs per triangle: the scalar scene query, and the SIMD block kernels
// (Möller–Trumbore and watertight, 8 lanes per AVX2 step, 16 per AVX-512 step).
//
//   build/release/bench/ray_triangle_bench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true [MODEL]
//
// MODEL defaults to glmark2's bunny.obj ('default' is the built-in scene). Figures and the
// exact command are in docs/benchmarks.md.

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <glm/geometric.hpp>

#include "app/core/scene_session.h"
#include "assets/load_model.h"
#include "picking/core/draw_vec3.h"
#include "picking/ray_triangle/ray_triangle.h"
#include "picking/simd/ray_triangle_simd.h"
#include "picking/studies/ray_sets.h"

namespace {

std::string g_model = "/usr/share/glmark2/models/bunny.obj";

// == One test at a time: 4096 (ray, triangle) pairs, cycled

struct Pair {
    picking::Ray ray;
    picking::Triangle triangle;
};

/// Random triangles of size ~1 seen from a few units away. Hit-heavy: every ray is aimed
/// inside its triangle. Miss-heavy: aimed at a point of the plane where about 5 in 100 hit
/// (a brute-force pick's usual mix).
std::vector<Pair> make_pairs(bool hit_heavy) {
    std::mt19937 rng(hit_heavy ? 11 : 12);
    std::uniform_real_distribution<float> c(-1.0f, 1.0f);
    std::vector<Pair> pairs;
    while (pairs.size() < 4096) {
        const picking::Triangle tri{
            {c(rng), c(rng), c(rng)}, {c(rng), c(rng), c(rng)}, {c(rng), c(rng), c(rng)}};
        float u = 0.5f + 0.5f * c(rng), v = 0.5f + 0.5f * c(rng);
        if (hit_heavy) {
            if (u + v > 1.0f) u = 1.0f - u, v = 1.0f - v;
            u = 0.02f + 0.96f * u;
            v = 0.02f + 0.96f * v;
        } else {
            u = 5.0f * c(rng), v = 5.0f * c(rng);
        }
        const glm::vec3 target = tri.point(u, v);
        const float z = c(rng), y = c(rng), x = c(rng);  // the order GCC drew them in
        const glm::vec3 origin = target + 4.0f * glm::vec3(x, y, z + 2.0f);
        pairs.push_back({{origin, target - origin}, tri});
    }
    return pairs;
}

void per_test(benchmark::State& state, const picking::RayTriangleAlgorithm& algorithm,
              bool hit_heavy) {
    const std::vector<Pair> pairs = make_pairs(hit_heavy);
    picking::RayTriangleOptions options;
    options.seed_ignores_t_range = false;
    std::size_t i = 0, hits = 0;
    for (auto _ : state) {
        const Pair& p = pairs[i++ & 4095];
        const auto hit = algorithm.intersect(p.ray, p.triangle, options);
        hits += hit.has_value();
        benchmark::DoNotOptimize(hit);
    }
    state.counters["hit_rate"] = double(hits) / double(state.iterations());
    state.SetLabel(hit_heavy ? "hit-heavy" : "miss-heavy");
}

/// Baldwin–Weber with its transform computed once per triangle, as the paper intends.
void per_test_baldwin_weber_precomputed(benchmark::State& state, bool hit_heavy) {
    const std::vector<Pair> pairs = make_pairs(hit_heavy);
    std::vector<picking::BaldwinWeberTriangle> pre;
    for (const Pair& p : pairs)
        pre.push_back(picking::precompute_baldwin_weber(p.triangle));
    picking::RayTriangleOptions options;
    std::size_t i = 0, hits = 0;
    for (auto _ : state) {
        const std::size_t k = i++ & 4095;
        const auto hit = picking::intersect_baldwin_weber(pairs[k].ray, pre[k], options);
        hits += hit.has_value();
        benchmark::DoNotOptimize(hit);
    }
    state.counters["hit_rate"] = double(hits) / double(state.iterations());
    state.SetLabel(hit_heavy ? "hit-heavy, precomputed" : "miss-heavy, precomputed");
}

// == Brute force over a mesh: one click, every triangle tested

struct MeshFixture {
    std::unique_ptr<app::SceneSession> session;
    std::vector<picking::Ray> rays;
    std::size_t triangles = 0;

    static MeshFixture& get() {
        static MeshFixture fixture = [] {
            MeshFixture f;
            f.session = std::make_unique<app::SceneSession>(assets::load_model(g_model));
            const picking::Aabb bounds = f.session->world_bounds();
            f.rays = picking::incoherent_rays(bounds, 256, 7);
            f.triangles = f.session->scene().triangle_count();
            return f;
        }();
        return fixture;
    }
};

void per_triangle_counter(benchmark::State& state, std::size_t triangles) {
    state.counters["ns_per_triangle"] =
        benchmark::Counter(double(triangles) * double(state.iterations()),
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.counters["triangles"] = double(triangles);
}

/// `precomputed`: baldwin_weber reads the transforms the session's accel made once per
/// triangle (made by a pick before the timing starts); false computes them in every test.
/// `simd` false keeps the pick on its scalar loop where the algorithm has block kernels.
void brute_force_pick(benchmark::State& state, picking::RayTriangleMethod method,
                      bool precomputed = true, bool simd = true) {
    const MeshFixture& f = MeshFixture::get();
    picking::PickSettings settings;
    settings.method = method;
    settings.triangle_options.xna_first_found = false;
    settings.precomputed = precomputed;
    settings.simd = simd;
    benchmark::DoNotOptimize(f.session->pick(f.rays[0], settings));  // caches made, untimed
    std::size_t i = 0, hits = 0;
    for (auto _ : state) {
        const picking::PickResult result = f.session->pick(f.rays[i++ % f.rays.size()], settings);
        hits += result.hit.has_value();
        benchmark::DoNotOptimize(result);
    }
    per_triangle_counter(state, f.triangles);
    state.counters["hit_rate"] = double(hits) / double(state.iterations());
    state.SetLabel(g_model);
}

/// The peer of the 9.0 ns figure in docs/benchmarks.md: a plain scalar Möller–Trumbore loop with
/// early exits (pbrt/Scratchapixel style), inlined, over triangles gathered into one array
/// beforehand. Every figure of this run can be read as a ratio to it.
void brute_force_plain_loop(benchmark::State& state) {
    const MeshFixture& f = MeshFixture::get();
    std::vector<picking::Triangle> triangles;
    for (const picking::MeshView& mesh : f.session->view().meshes)
        for (std::size_t i = 0; i < mesh.triangle_count(); ++i)
            triangles.push_back(mesh.triangle(i));
    std::size_t i = 0;
    for (auto _ : state) {
        const picking::Ray& ray = f.rays[i++ % f.rays.size()];
        float best = ray.t_max;
        std::size_t best_index = triangles.size();
        for (std::size_t k = 0; k < triangles.size(); ++k) {
            const picking::Triangle& tri = triangles[k];
            const glm::vec3 e1 = tri.p1 - tri.p0, e2 = tri.p2 - tri.p0;
            const glm::vec3 p = glm::cross(ray.direction, e2);
            const float det = glm::dot(e1, p);
            if (det == 0.0f) continue;
            const float inv = 1.0f / det;
            const glm::vec3 s = ray.origin - tri.p0;
            const float u = glm::dot(s, p) * inv;
            if (u < 0.0f || u > 1.0f) continue;
            const glm::vec3 q = glm::cross(s, e1);
            const float v = glm::dot(ray.direction, q) * inv;
            if (v < 0.0f || u + v > 1.0f) continue;
            const float t = glm::dot(e2, q) * inv;
            if (t > ray.t_min && t < best) {
                best = t;
                best_index = k;
            }
        }
        benchmark::DoNotOptimize(best_index);
    }
    per_triangle_counter(state, f.triangles);
    state.SetLabel("plain loop, early exits, pre-gathered triangles");
}

/// The SIMD kernels over the whole mesh in its own space (the bunny has one node).
template <std::size_t W>
void brute_force_blocks(benchmark::State& state, picking::BlockAlgorithm algorithm,
                        picking::Isa isa) {
    if (!picking::cpu_supports(isa)) {
        state.SkipWithError("this CPU lacks the instruction set");
        return;
    }
    const MeshFixture& f = MeshFixture::get();
    const picking::SceneView& view = f.session->view();
    std::vector<std::vector<picking::TriangleBlock<W>>> blocks;
    for (const picking::MeshView& mesh : view.meshes)
        blocks.push_back(picking::make_triangle_blocks<W>(mesh));
    const auto kernel = picking::block_kernel<W>(algorithm, isa);
    std::size_t i = 0, hits = 0;
    for (auto _ : state) {
        const picking::Ray& ray = f.rays[i++ % f.rays.size()];
        const picking::BlockRay block_ray = picking::prepare_block_ray(ray, {});
        for (const picking::Instance& instance : view.instances) {
            const auto& b = blocks[instance.mesh];
            const picking::BlockHit hit = kernel(block_ray, b.data(), b.size());
            hits += hit.id != picking::kEmptyLane;
            benchmark::DoNotOptimize(hit);
        }
    }
    per_triangle_counter(state, f.triangles);
    state.counters["hits_per_ray"] = double(hits) / double(state.iterations());
    state.SetLabel(std::string(picking::isa_name(picking::effective_isa(W, isa))) + ", " +
                   std::to_string(W) + " lanes");
}

void register_benchmarks() {
    for (const auto& algorithm : picking::kRayTriangleAlgorithms) {
        for (const bool hit_heavy : {true, false}) {
            benchmark::RegisterBenchmark(
                ("test/" + std::string(algorithm.name) + (hit_heavy ? "/hits" : "/misses")).c_str(),
                [&algorithm, hit_heavy](benchmark::State& s) {
                    per_test(s, algorithm, hit_heavy);
                });
        }
    }
    for (const bool hit_heavy : {true, false})
        benchmark::RegisterBenchmark(
            (std::string("test/baldwin_weber_precomputed") + (hit_heavy ? "/hits" : "/misses"))
                .c_str(),
            [hit_heavy](benchmark::State& s) { per_test_baldwin_weber_precomputed(s, hit_heavy); });

    for (const auto& algorithm : picking::kRayTriangleAlgorithms)
        benchmark::RegisterBenchmark(
            ("brute_force/" + std::string(algorithm.name)).c_str(),
            [&algorithm](benchmark::State& s) { brute_force_pick(s, algorithm.method); })
            ->Unit(benchmark::kMicrosecond);

    // The same picks kept on their scalar loops (the reference the SIMD blocks are held to).
    for (const auto& algorithm : picking::kRayTriangleAlgorithms)
        if (algorithm.method == picking::RayTriangleMethod::MollerTrumbore ||
            algorithm.method == picking::RayTriangleMethod::Watertight)
            benchmark::RegisterBenchmark(
                ("brute_force_scalar/" + std::string(algorithm.name)).c_str(),
                [&algorithm](benchmark::State& s) {
                    brute_force_pick(s, algorithm.method, true, false);
                })
                ->Unit(benchmark::kMicrosecond);

    benchmark::RegisterBenchmark("brute_force/baldwin_weber_per_test", [](benchmark::State& s) {
        brute_force_pick(s, picking::RayTriangleMethod::BaldwinWeber, false);
    })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark("brute_force/plain_loop_peer", brute_force_plain_loop)
        ->Unit(benchmark::kMicrosecond);

    using picking::BlockAlgorithm;
    using picking::Isa;
    for (const auto& [name, algorithm] :
         {std::pair{"moller_trumbore", BlockAlgorithm::MollerTrumbore},
          std::pair{"watertight", BlockAlgorithm::Watertight}}) {
        for (const auto& [isa_name, isa] :
             {std::pair{"scalar", Isa::Scalar}, std::pair{"avx2", Isa::Avx2},
              std::pair{"avx512", Isa::Avx512}}) {
            const std::string base = std::string("simd_brute_force/") + name + "/" + isa_name;
            if (isa != Isa::Avx512)
                benchmark::RegisterBenchmark((base + "/8").c_str(), [algorithm = algorithm,
                                                                     isa =
                                                                         isa](benchmark::State& s) {
                    brute_force_blocks<8>(s, algorithm, isa);
                })->Unit(benchmark::kMicrosecond);
            benchmark::RegisterBenchmark((base + "/16").c_str(), [algorithm = algorithm,
                                                                  isa = isa](benchmark::State& s) {
                brute_force_blocks<16>(s, algorithm, isa);
            })->Unit(benchmark::kMicrosecond);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (argc > 1) g_model = argv[1];
    if (g_model != assets::kDefaultSceneName && !std::filesystem::exists(g_model)) {
        std::fprintf(stderr, "ray_triangle_bench: %s does not exist\n", g_model.c_str());
        return 1;
    }
    register_benchmarks();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
