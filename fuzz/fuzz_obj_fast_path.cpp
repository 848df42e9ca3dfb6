// libFuzzer harness: the OBJ fast path (tinyobjloader and our conversion of what it read, then
// validate_scene), through the front door as `--tinyobjloader` loads a file. The input is the
// .obj's bytes, and after a NUL byte, the bytes of "model.mtl" beside it (which `mtllib
// model.mtl` reaches). Every file either loads into a valid scene or is refused with LoadError.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "assets/load_model.h"
#include "fuzz/fuzz_check.h"

namespace {

/// A directory of this process's own for the two files, removed at exit.
struct Scratch {
    std::filesystem::path dir;
    Scratch() {
        dir = std::filesystem::temp_directory_path() /
              ("raypick_fuzz_obj_" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
};

void write(const std::filesystem::path& path, const char* bytes, std::size_t size) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(bytes, std::streamsize(size));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const Scratch scratch;
    const char* bytes = reinterpret_cast<const char*>(data);
    const void* nul = std::memchr(bytes, 0, size);
    const std::size_t obj_size = nul ? std::size_t(static_cast<const char*>(nul) - bytes) : size;
    const std::filesystem::path obj = scratch.dir / "model.obj";
    write(obj, bytes, obj_size);
    const std::filesystem::path mtl = scratch.dir / "model.mtl";
    if (nul) {
        write(mtl, bytes + obj_size + 1, size - obj_size - 1);
    } else {
        std::error_code ec;
        std::filesystem::remove(mtl, ec);
    }
    assets::LoadOptions options;
    options.obj_via_tinyobjloader = true;
    try {
        const assets::Scene scene = assets::load_model(obj, options);
        FUZZ_CHECK(scene.triangle_count() > 0);
        // load_model validated it; validating again must agree.
        assets::validate_scene(scene, obj);
    } catch (const assets::LoadError&) {
    }
    return 0;
}
