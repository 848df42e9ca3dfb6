// libFuzzer harness: raypick's own plain OBJ reader, followed by validate_scene as the front door
// runs it. Every input is read into a scene the checks accept, refused with LoadError, or left
// to Assimp (nothing); a scene always holds one mesh whose indices name its own vertices. Read
// again in stretches as short as a line on three threads, it gives the same answer.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>

#include <glm/geometric.hpp>

#include "assets/load_plain_obj.h"
#include "assets/scene/mesh_normals.h"
#include "fuzz/fuzz_check.h"

namespace {

/// What the reader made of the input: the scene, or the error it threw (empty: none).
struct Reading {
    std::optional<assets::Scene> scene;
    std::string error;
};

Reading read(std::span<const std::byte> bytes, const assets::PlainObjSplit& split) {
    Reading out;
    try {
        out.scene = assets::read_plain_obj(bytes, "fuzz.obj", nullptr, split);
    } catch (const assets::LoadError& e) {
        out.error = e.reason();
    }
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    const Reading whole = read(bytes, {1, 1});
    const Reading split = read(bytes, {3, 1 + (size > 0 ? data[0] % 64u : 0u)});
    FUZZ_CHECK(whole.error == split.error);
    FUZZ_CHECK(whole.scene.has_value() == split.scene.has_value());
    if (!whole.scene) return 0;
    const assets::MeshData& mesh = whole.scene->meshes.at(0);
    const assets::MeshData& split_mesh = split.scene->meshes.at(0);
    FUZZ_CHECK(mesh.name == split_mesh.name && mesh.indices == split_mesh.indices);
    FUZZ_CHECK(mesh.positions.size() == split_mesh.positions.size());
    for (std::size_t i = 0; i < mesh.positions.size(); ++i)  // NaN equals NaN here
        for (int axis = 0; axis < 3; ++axis)
            FUZZ_CHECK(std::memcmp(&mesh.positions[i][axis], &split_mesh.positions[i][axis],
                                   sizeof(float)) == 0);
    FUZZ_CHECK(whole.scene->meshes.size() == 1 && whole.scene->nodes.size() == 2);
    FUZZ_CHECK(mesh.indices.size() % 3 == 0);
    // No normals (the files give none): the smooth ones drawing derives, one per vertex,
    // each a unit vector (give or take the float underflow of a tiny face's squares).
    FUZZ_CHECK(mesh.normals.empty());
    for (const glm::vec3& n : assets::smooth_normals(mesh.positions, mesh.indices))
        FUZZ_CHECK(std::abs(glm::length(n) - 1.0f) < 0.5f);
    for (const std::uint32_t index : mesh.indices)
        FUZZ_CHECK(index < mesh.positions.size());
    try {
        assets::validate_scene(*whole.scene, "fuzz.obj");  // may refuse (no triangles, NaN)
    } catch (const assets::LoadError&) {
    }
    return 0;
}
