// libFuzzer harness: raypick's own plain OBJ reader, followed by validate_scene as the front door
// runs it. Every input is read into a scene the checks accept, refused with LoadError, or left
// to Assimp (nothing); a scene always holds one mesh whose indices name its own vertices.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "assets/load_plain_obj.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    try {
        const std::optional<assets::Scene> scene = assets::read_plain_obj(bytes, "fuzz.obj");
        if (!scene) return 0;
        FUZZ_CHECK(scene->meshes.size() == 1 && scene->nodes.size() == 2);
        const assets::MeshData& mesh = scene->meshes[0];
        FUZZ_CHECK(mesh.indices.size() % 3 == 0);
        FUZZ_CHECK(mesh.normals.size() == mesh.positions.size());
        for (const std::uint32_t index : mesh.indices)
            FUZZ_CHECK(index < mesh.positions.size());
        assets::validate_scene(*scene, "fuzz.obj");  // may refuse (no triangles, NaN)
    } catch (const assets::LoadError&) {
    }
    return 0;
}
