// What loading in the import process costs: the same model loaded in this process
// (assets::load_model, as before the import process) and through it (assets::import_model:
// spawn, load, encode, pipe, decode, validate, reap), and the parts of the round trip alone.
//
//   build/release/bench/import_bench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true [MODEL...]
//   build/release/bench/import_bench --write-knot N FILE.{ply,stl,obj}
//
// MODEL defaults to glmark2's bunny.obj. --write-knot writes `knot:N` as a binary PLY (positions
// and faces), a binary STL or an OBJ, as FILE's extension says: the files of the 1M- and
// 10M-triangle figures. assimp_alone is Assimp's load without raypick's own readers.

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <glm/geometric.hpp>

#include "assets/import_child.h"
#include "assets/import_process.h"
#include "assets/load_model.h"
#include "assets/procedural/torus_knot.h"
#include "assets/scene/scene_wire.h"

namespace {

/// Writes the knot's one mesh as a little-endian binary PLY.
bool write_knot_ply(const assets::MeshData& mesh, const std::filesystem::path& path) {
    std::ofstream out(path, std::ios::binary);
    out << "ply\nformat binary_little_endian 1.0\nelement vertex " << mesh.positions.size()
        << "\nproperty float x\nproperty float y\nproperty float z\nelement face "
        << mesh.triangle_count() << "\nproperty list uchar int vertex_indices\nend_header\n";
    out.write(reinterpret_cast<const char*>(mesh.positions.data()),
              std::streamsize(mesh.positions.size() * sizeof(glm::vec3)));
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
        char face[13];
        face[0] = 3;
        std::memcpy(face + 1, &mesh.indices[3 * t], 12);
        out.write(face, sizeof face);
    }
    return bool(out);
}

/// Writes the knot's one mesh as a binary STL (each triangle's own corners and unit normal).
bool write_knot_stl(const assets::MeshData& mesh, const std::filesystem::path& path) {
    std::ofstream out(path, std::ios::binary);
    char header[80] = "binary STL of a generated torus knot (raypick import_bench)";
    out.write(header, sizeof header);
    const auto count = std::uint32_t(mesh.triangle_count());
    out.write(reinterpret_cast<const char*>(&count), 4);
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
        const glm::vec3 a = mesh.positions[mesh.indices[3 * t]];
        const glm::vec3 b = mesh.positions[mesh.indices[3 * t + 1]];
        const glm::vec3 c = mesh.positions[mesh.indices[3 * t + 2]];
        const glm::vec3 cross = glm::cross(b - a, c - a);
        const float length = glm::length(cross);
        const glm::vec3 rows[4] = {length > 0.0f ? cross / length : glm::vec3(0.0f), a, b, c};
        char row[50] = {};
        std::memcpy(row, rows, 48);
        out.write(row, sizeof row);
    }
    return bool(out);
}

/// Writes the knot's one mesh as an OBJ (v and f lines).
bool write_knot_obj(const assets::MeshData& mesh, const std::filesystem::path& path) {
    std::FILE* file = std::fopen(path.c_str(), "w");
    if (file == nullptr) return false;
    for (const glm::vec3& p : mesh.positions)
        std::fprintf(file, "v %.9g %.9g %.9g\n", double(p.x), double(p.y), double(p.z));
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t)
        std::fprintf(file, "f %u %u %u\n", mesh.indices[3 * t] + 1, mesh.indices[3 * t + 1] + 1,
                     mesh.indices[3 * t + 2] + 1);
    return std::fclose(file) == 0;
}

/// `knot:N` in the format `path`'s extension names (.ply, .stl, .obj).
bool write_knot(std::size_t triangles, const std::filesystem::path& path) {
    const assets::MeshData mesh = assets::make_knot_scene(triangles).meshes.at(0);
    const std::string extension = path.extension().string();
    if (extension == ".ply") return write_knot_ply(mesh, path);
    if (extension == ".stl") return write_knot_stl(mesh, path);
    if (extension == ".obj") return write_knot_obj(mesh, path);
    return false;
}

void set_counters(benchmark::State& state, const assets::Scene& scene) {
    state.counters["triangles"] = double(scene.triangle_count());
}

void in_process(benchmark::State& state, const std::string& model) {
    std::size_t triangles = 0;
    for (auto _ : state) {
        const assets::Scene scene = assets::load_model(model);
        triangles = scene.triangle_count();
        benchmark::DoNotOptimize(triangles);
    }
    state.counters["triangles"] = double(triangles);
}

/// Assimp's load alone, in this process: what the front door did before raypick's own readers.
void assimp_alone(benchmark::State& state, const std::string& model) {
    std::size_t triangles = 0;
    for (auto _ : state) {
        const assets::Scene scene = assets::load_with_assimp(model, nullptr);
        triangles = scene.triangle_count();
        benchmark::DoNotOptimize(triangles);
    }
    state.counters["triangles"] = double(triangles);
}

void import_process(benchmark::State& state, const std::string& model) {
    std::size_t triangles = 0;
    for (auto _ : state) {
        const assets::Scene scene = assets::import_model(model);
        triangles = scene.triangle_count();
        benchmark::DoNotOptimize(triangles);
    }
    state.counters["triangles"] = double(triangles);
}

/// The round trip's own work on a loaded scene: encode, decode, validate (no process, no pipe).
void wire(benchmark::State& state, const std::string& model) {
    const assets::Scene scene = assets::load_model(model);
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::vector<std::byte> encoded = assets::encode_scene(scene);
        const assets::Scene decoded = assets::decode_scene(encoded);
        assets::validate_scene(decoded, model);
        bytes = encoded.size();
        benchmark::DoNotOptimize(decoded.meshes.data());
    }
    set_counters(state, scene);
    state.counters["wire_MB"] = double(bytes) / 1e6;
}

/// The fixed cost of a process: spawn, a refusal of a missing file, reap.
void spawn_and_refusal(benchmark::State& state) {
    const std::filesystem::path missing =
        std::filesystem::temp_directory_path() / "raypick_import_bench_missing.ply";
    for (auto _ : state) {
        try {
            (void)assets::import_model(missing);
        } catch (const assets::LoadError& e) {
            benchmark::DoNotOptimize(e.what());
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    assets::serve_import_role(argc, argv);
    if (argc == 4 && std::string(argv[1]) == "--write-knot") {
        const std::size_t triangles = std::stoull(argv[2]);
        if (!write_knot(triangles, argv[3])) {
            std::fprintf(stderr, "import_bench: cannot write %s\n", argv[3]);
            return 1;
        }
        return 0;
    }
    benchmark::Initialize(&argc, argv);
    std::vector<std::string> models(argv + 1, argv + argc);
    if (models.empty()) models.push_back("/usr/share/glmark2/models/bunny.obj");
    for (const std::string& model : models) {
        if (!std::filesystem::exists(model)) {
            std::fprintf(stderr, "import_bench: %s does not exist\n", model.c_str());
            return 1;
        }
    }
    benchmark::RegisterBenchmark("spawn_and_refusal", spawn_and_refusal)
        ->Unit(benchmark::kMillisecond);
    for (const std::string& model : models) {
        const std::string name = std::filesystem::path(model).filename().string();
        benchmark::RegisterBenchmark(("in_process/" + name).c_str(), in_process, model)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("import_process/" + name).c_str(), import_process, model)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("assimp_alone/" + name).c_str(), assimp_alone, model)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("encode_decode_validate/" + name).c_str(), wire, model)
            ->Unit(benchmark::kMillisecond);
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
