// libFuzzer harness: what the parent reads from an import process, which may be any bytes (a
// crashed, hijacked or buggy child). The first byte chooses the path and a piece size (its low
// seven bits + 1). Below 0x80, the bytes after it are the pipe's, fed to the ReplyParser in
// pieces of that size; a scene's payload goes on to the decoder as import_model reads it,
// straight from the "pipe" in pieces, and whatever the pipe holds after it goes back to the
// parser. Otherwise they are a scene's wire form, decoded twice: as one block, and as a stream
// in pieces, which must agree. Whatever decodes then meets validate_scene, as in import_model.
// Checks beyond "no crash": a decoded scene encodes back to exactly the bytes it came from (the
// decoder reads every byte and believes nothing twice), a stream never reads past its scene,
// and a refusal's reason is never longer than the protocol allows.
//
// RAYPICK_FUZZ_WRITE_SEEDS=DIR makes the harness write its seeds (our own encoder's answers:
// the built-in scene, a small knot, a refusal, progress) into DIR and exit; scripts/fuzz does
// that before each campaign, so the seeds follow the wire form's version.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
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

/// Bytes handed out in pieces of at most `piece`, as a pipe gives them.
class PieceSource final : public assets::SceneWireSource {
  public:
    PieceSource(std::span<const std::byte> bytes, std::size_t piece)
        : bytes_(bytes), piece_(piece) {}
    std::size_t read(std::span<std::byte> room) override {
        const std::size_t n = std::min({room.size(), bytes_.size(), piece_});
        if (n > 0) std::memcpy(room.data(), bytes_.data(), n);
        bytes_ = bytes_.subspan(n);
        taken_ += n;
        return n;
    }
    [[nodiscard]] std::span<const std::byte> rest() const { return bytes_; }
    [[nodiscard]] std::size_t taken() const { return taken_; }

  private:
    std::span<const std::byte> bytes_;
    std::size_t piece_;
    std::size_t taken_ = 0;
};

void check_and_validate(const assets::Scene& scene, std::span<const std::byte> bytes) {
    const std::vector<std::byte> again = assets::encode_scene(scene);
    FUZZ_CHECK(again.size() == bytes.size());
    FUZZ_CHECK(std::equal(again.begin(), again.end(), bytes.begin()));
    try {
        assets::validate_scene(scene, "fuzz");
    } catch (const assets::LoadError&) {
    }
}

/// The wire form as one block and as a stream in pieces: both refuse it, or both read the
/// scene it is.
void decode_both_ways(std::span<const std::byte> bytes, std::size_t piece) {
    std::optional<assets::Scene> block, stream;
    try {
        block = assets::decode_scene(bytes);
    } catch (const assets::SceneWireError&) {
    }
    PieceSource source(bytes, piece);
    try {
        stream = assets::decode_scene(source, bytes.size());
    } catch (const assets::SceneWireError&) {
    }
    FUZZ_CHECK(block.has_value() == stream.has_value());
    if (!block) return;
    check_and_validate(*block, bytes);
    FUZZ_CHECK(assets::encode_scene(*stream) == assets::encode_scene(*block));
}

/// The pipe's bytes as import_model reads them.
void read_reply(std::span<const std::byte> bytes, std::size_t piece) {
    protocol::ReplyParser parser;
    PieceSource pipe(bytes, piece);
    std::vector<std::byte> chunk(piece);
    std::optional<assets::Scene> scene;
    std::size_t scene_from = 0;
    try {
        while (true) {
            const std::size_t n = pipe.read(chunk);
            if (n == 0) break;
            std::span<const std::byte> got = std::span(chunk).first(n);
            got = got.subspan(parser.feed(got));
            if (!parser.scene_follows()) continue;
            // The scene's first bytes came with its header; the rest come from the pipe.
            std::vector<std::byte> payload(got.begin(), got.end());
            const std::size_t before = pipe.taken();
            scene_from = before - got.size();
            struct Joined final : assets::SceneWireSource {
                std::span<const std::byte> first;
                PieceSource& pipe;
                Joined(std::span<const std::byte> f, PieceSource& p) : first(f), pipe(p) {}
                std::size_t read(std::span<std::byte> room) override {
                    if (first.empty()) return pipe.read(room);
                    const std::size_t n = std::min(room.size(), first.size());
                    std::memcpy(room.data(), first.data(), n);
                    first = first.subspan(n);
                    return n;
                }
            } source(payload, pipe);
            const std::uint64_t size = parser.scene_size();
            try {
                scene = assets::decode_scene(source, size);
            } catch (const assets::SceneWireError&) {
                // Cut short (the pipe ended inside it) or not a scene: either way no answer.
                const std::uint64_t received =
                    (got.size() - source.first.size()) + (pipe.taken() - before);
                FUZZ_CHECK(received <= size);
                if (received < size && pipe.rest().empty()) {
                    parser.scene_cut_short(received);
                    parser.finish();  // must throw: the scene ended early
                    FUZZ_CHECK(false);
                }
                return;
            }
            parser.scene_read();
            // Never past the scene: what came with its header after it goes back to the parser.
            const std::span<const std::byte> after = source.first;
            FUZZ_CHECK(pipe.taken() - scene_from - after.size() == size);
            (void)parser.feed(after);
        }
        parser.finish();
    } catch (const protocol::ProtocolError&) {
        return;
    }
    FUZZ_CHECK(parser.answered());
    if (parser.refusal()) {
        FUZZ_CHECK(parser.refusal_reason().size() <= protocol::kMaxRefusalBytes);
    } else {
        FUZZ_CHECK(scene.has_value());
        check_and_validate(*scene, bytes.subspan(scene_from, parser.scene_size()));
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
    const std::size_t piece = std::size_t(mode & 0x7f) + 1;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data + 1), size - 1);
    if (mode >= 0x80)
        decode_both_ways(bytes, piece);
    else
        read_reply(bytes, piece);
    return 0;
}
