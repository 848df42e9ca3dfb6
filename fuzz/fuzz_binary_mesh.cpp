// libFuzzer harness: raypick's own binary PLY and STL readers on the same bytes, each followed
// by validate_scene as the front door runs it. Every input is read into a scene the checks
// accept, refused with LoadError, or left to Assimp (nothing); a scene always holds one mesh
// whose indices name its own vertices. The STL is also read in three runs, as a big file is,
// and must give what one pass gives.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>

#include <glm/geometric.hpp>

#include "assets/load_ply.h"
#include "assets/load_stl.h"
#include "assets/scene/mesh_normals.h"
#include "fuzz/fuzz_check.h"

namespace {

template <class Read>
void check_reader(Read read, std::span<const std::byte> bytes, const char* name) {
    try {
        const std::optional<assets::Scene> scene = read(bytes, name, nullptr);
        if (!scene) return;
        FUZZ_CHECK(scene->meshes.size() == 1 && scene->nodes.size() == 1);
        const assets::MeshData& mesh = scene->meshes[0];
        FUZZ_CHECK(mesh.indices.size() % 3 == 0);
        // The file's normals, one per vertex, or none: then the smooth ones drawing derives,
        // each a unit vector (give or take the float underflow of a tiny face's squares).
        FUZZ_CHECK(mesh.normals.empty() || mesh.normals.size() == mesh.positions.size());
        if (mesh.normals.empty())
            for (const glm::vec3& n : assets::smooth_normals(mesh.positions, mesh.indices))
                FUZZ_CHECK(std::abs(glm::length(n) - 1.0f) < 0.5f);
        for (const std::uint32_t index : mesh.indices)
            FUZZ_CHECK(index < mesh.positions.size());
        assets::validate_scene(*scene, name);  // may refuse (no triangles, NaN): never crash
    } catch (const assets::LoadError&) {
    }
}

/// The STL read in runs on three threads (as a big file is) gives what one pass gives: the
/// same vertices in the same order, or the same refusal.
void check_stl_runs(std::span<const std::byte> bytes) {
    const auto read = [&](unsigned threads) -> std::optional<assets::Scene> {
        try {
            return assets::read_binary_stl(bytes, "fuzz.stl", nullptr, {threads, 1});
        } catch (const assets::LoadError&) {
            return assets::Scene{};  // refused: an empty scene stands for it
        }
    };
    const std::optional<assets::Scene> one = read(1);
    const std::optional<assets::Scene> runs = read(3);
    FUZZ_CHECK(one.has_value() == runs.has_value());
    if (!one) return;
    FUZZ_CHECK(one->meshes.size() == runs->meshes.size());
    if (one->meshes.empty()) return;
    // Bit for bit: a NaN coordinate is not equal to itself.
    const auto& a = one->meshes[0].positions;
    const auto& b = runs->meshes[0].positions;
    FUZZ_CHECK(a.size() == b.size() &&
               (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(a[0])) == 0));
    FUZZ_CHECK(one->meshes[0].indices == runs->meshes[0].indices);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    check_reader([](auto b, const char* n,
                    assets::LoadProgress* p) { return assets::read_binary_ply(b, n, p); },
                 bytes, "fuzz.ply");
    check_reader([](auto b, const char* n,
                    assets::LoadProgress* p) { return assets::read_binary_stl(b, n, p); },
                 bytes, "fuzz.stl");
    check_stl_runs(bytes);
    return 0;
}
