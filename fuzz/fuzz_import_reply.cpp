// libFuzzer harness: what the parent reads from an import process, which may be any bytes (a
// crashed, hijacked or buggy child). The first byte chooses the path: below 0x80, the bytes
// after it are the pipe's, fed to the ReplyParser in pieces of (first byte + 1) bytes, and a
// scene answer goes on to the decoder; otherwise they are a scene's wire form for decode_scene
// directly. Whatever decodes then meets validate_scene, as in import_model. Checks beyond "no
// crash": a decoded scene encodes back to exactly the bytes it came from (the decoder reads
// every byte and believes nothing twice), and a refusal's reason is never longer than the
// protocol allows.
//
// RAYPICK_FUZZ_WRITE_SEEDS=DIR makes the harness write its seeds (our own encoder's answers:
// the built-in scene, a small knot, a refusal, progress) into DIR and exit; scripts/fuzz does
// that before each campaign, so the seeds follow the wire form's version.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "assets/import_protocol.h"
#include "assets/load_model.h"
#include "assets/procedural/default_scene.h"
#include "assets/procedural/torus_knot.h"
#include "assets/scene/scene_wire.h"
#include "fuzz/fuzz_check.h"

namespace {

namespace protocol = assets::import_protocol;

void decode_and_validate(std::span<const std::byte> bytes) {
    assets::Scene scene;
    try {
        scene = assets::decode_scene(bytes);
    } catch (const assets::SceneWireError&) {
        return;
    }
    const std::vector<std::byte> again = assets::encode_scene(scene);
    FUZZ_CHECK(again.size() == bytes.size());
    FUZZ_CHECK(std::equal(again.begin(), again.end(), bytes.begin()));
    try {
        assets::validate_scene(scene, "fuzz");
    } catch (const assets::LoadError&) {
    }
}

void write_file(const std::filesystem::path& path, std::uint8_t mode,
                std::span<const std::byte> bytes) {
    std::ofstream out(path, std::ios::binary);
    out.put(char(mode));
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

std::vector<std::byte> joined(std::initializer_list<std::vector<std::byte>> parts) {
    std::vector<std::byte> all;
    for (const auto& part : parts)
        all.insert(all.end(), part.begin(), part.end());
    return all;
}

void write_seeds(const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    const std::vector<std::byte> knot = assets::encode_scene(assets::make_knot_scene(64));
    const std::vector<std::byte> built_in = assets::encode_scene(assets::make_default_scene());
    write_file(dir / "knot_wire", 0x80, knot);
    write_file(dir / "default_wire", 0x80, built_in);
    write_file(dir / "knot_reply", 0x07,
               joined({protocol::progress_frame(0.5f),
                       protocol::frame(protocol::MessageKind::Scene, knot)}));
    write_file(dir / "refusal_reply", 0x00,
               joined({protocol::progress_frame(0.25f),
                       protocol::refusal_frame(assets::LoadFailure::MemoryLimit,
                                               "out of memory while loading")}));
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    if (const char* dir = std::getenv("RAYPICK_FUZZ_WRITE_SEEDS")) {
        write_seeds(dir);
        std::exit(0);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint8_t mode = data[0];
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data + 1), size - 1);
    if (mode >= 0x80) {
        decode_and_validate(bytes);
        return 0;
    }
    protocol::ReplyParser parser;
    const std::size_t piece = std::size_t(mode) + 1;
    try {
        for (std::size_t at = 0; at < bytes.size(); at += piece)
            parser.feed(bytes.subspan(at, std::min(piece, bytes.size() - at)));
        parser.finish();
    } catch (const protocol::ProtocolError&) {
        return 0;
    }
    FUZZ_CHECK(parser.answered());
    if (parser.refusal()) {
        FUZZ_CHECK(parser.refusal_reason().size() <= protocol::kMaxRefusalBytes);
    } else {
        decode_and_validate(parser.scene_bytes());
    }
    return 0;
}
