#pragma once
/// A Scene as bytes: what the import process sends back to the process that asked for the
/// model. Compact and versioned: a magic number and a version, then every field of the Scene in
/// declaration order (numbers little-endian as this x86-64 machine holds them, strings and arrays
/// as a 64-bit count and their elements). The decoder trusts nothing it reads: every count is
/// checked against the bytes that are left before anything is allocated, every enumeration
/// against its values, and bytes that end early, run on, or carry another magic or version are
/// refused with a SceneWireError saying where. What the numbers mean (index ranges, finite
/// values, the hierarchy) is validate_scene's concern (assets/load_model.h), not the decoder's.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <vector>

#include "assets/scene/scene.h"

namespace assets {

/// "RPSC" as the first four bytes.
inline constexpr std::uint32_t kSceneWireMagic = 0x43535052;
/// Raised whenever the encoding of any field changes.
inline constexpr std::uint32_t kSceneWireVersion = 4;

/// Bytes that are not a scene of this version; what() says what was wrong and where.
class SceneWireError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Where a piece of the encoding lives, which says how long it may be referred to.
enum class WirePiece {
    Buffered,    ///< small fields gathered in the encoder's buffer, reused once the sink returns
    OfTheScene,  ///< a large array (vertices, indices, weights) passed straight from the scene:
                 ///< the bytes stay as they are for as long as the scene does
};

/// Receives encoded bytes in order, in pieces.
using SceneWireSink = std::function<void(std::span<const std::byte>, WirePiece)>;

/// Writes `scene` to `sink`. Throws only what `sink` throws.
void encode_scene(const Scene& scene, const SceneWireSink& sink);

/// The same, as one block of bytes.
[[nodiscard]] std::vector<std::byte> encode_scene(const Scene& scene);

/// Where a decoder takes a scene's bytes from, in order: a block in memory, or a pipe read as
/// the bytes come.
class SceneWireSource {
  public:
    virtual ~SceneWireSource() = default;
    /// Copies the next bytes into `room` (at least one, at most room.size()) and says how
    /// many; 0 when no more will come. May throw whatever the source's own failures are.
    virtual std::size_t read(std::span<std::byte> room) = 0;
};

/// Reads a scene written by encode_scene; throws SceneWireError for anything else. Allocates at
/// most a small multiple of `bytes.size()`, whatever the counts inside claim.
[[nodiscard]] Scene decode_scene(std::span<const std::byte> bytes);

/// The same from a source, as its bytes come: the scene is `size` bytes long (the source is not
/// read past them), and its large arrays are read straight into their place. Allocates at most a
/// small multiple of the bytes received, whatever the counts or `size` claim (beyond address
/// space reserved for an array's count, up to a gigabyte). Also throws what the source throws,
/// and SceneWireError when the source ends before the scene does.
[[nodiscard]] Scene decode_scene(SceneWireSource& source, std::uint64_t size);

}  // namespace assets
