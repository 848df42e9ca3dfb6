#pragma once
/// What the import process says on its pipe: progress while it loads, then one answer, the
/// scene (assets/scene/scene_wire.h) or why there is none, and nothing after. Every message is
/// a frame: a 16-byte header (magic number, version, kind, payload length) and its payload.
/// The writing half is the child's (import_child.cpp); ReplyParser is the parent's
/// (import_process.cpp), which believes nothing it has not received.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "assets/load_model.h"

namespace assets::import_protocol {

/// "RPIM" as the first four bytes of every frame.
inline constexpr std::uint32_t kMagic = 0x4d495052;
/// Raised whenever a frame's layout or a payload's changes (the scene's has its own version).
inline constexpr std::uint16_t kVersion = 1;
inline constexpr std::size_t kHeaderBytes = 16;
/// The most room reserved for a scene before its bytes come: a 40M-triangle mesh's wire form.
inline constexpr std::uint64_t kMaxSceneReserveBytes = std::uint64_t(1) << 30;
/// A refusal longer than this is not believed.
inline constexpr std::size_t kMaxRefusalBytes = 1 << 16;

enum class MessageKind : std::uint16_t {
    Progress = 1,  ///< payload: a float32 fraction, 0..1
    Scene = 2,     ///< payload: the scene's wire form; the answer
    Refused = 3,   ///< payload: a LoadFailure (one byte) and the reason (the rest); the answer
};

/// A frame's bytes: header and payload.
[[nodiscard]] std::vector<std::byte> frame(MessageKind kind, std::span<const std::byte> payload);
/// The header alone, for a payload sent in pieces after it.
[[nodiscard]] std::vector<std::byte> frame_header(MessageKind kind, std::uint64_t payload_bytes);
[[nodiscard]] std::vector<std::byte> progress_frame(float fraction);
[[nodiscard]] std::vector<std::byte> refusal_frame(LoadFailure failure, const std::string& reason);

/// The bytes on the pipe broke the protocol; what() says how.
class ProtocolError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Reads the child's frames as they arrive, in pieces of any size.
class ReplyParser {
  public:
    /// Takes the next bytes from the pipe; throws ProtocolError at the first thing wrong (a bad
    /// header, a progress that is not a fraction, a refusal that is too long or of an unknown
    /// kind, anything after the answer). The scene's bytes are kept as they come, in room
    /// reserved for the size its header gives (at most kMaxSceneReserveBytes: reserved, not
    /// written, so a false size costs address space only).
    void feed(std::span<const std::byte> bytes);
    /// At the end of the pipe: throws ProtocolError when a frame was cut short or no answer came.
    void finish() const;

    /// The last progress reported, if any.
    [[nodiscard]] std::optional<float> progress() const { return progress_; }
    /// Whether the answer has been received whole.
    [[nodiscard]] bool answered() const { return answered_; }
    /// The answer, once answered(): the scene's bytes (empty for a refusal), or the refusal.
    [[nodiscard]] std::vector<std::byte>& scene_bytes() { return scene_; }
    [[nodiscard]] const std::optional<LoadFailure>& refusal() const { return refusal_; }
    [[nodiscard]] const std::string& refusal_reason() const { return reason_; }

  private:
    void take_header();
    /// Reserves room for a scene of `size` bytes (at most kMaxSceneReserveBytes), or nothing
    /// when memory will not give it.
    void reserve_scene(std::uint64_t size);
    void take_payload();

    std::vector<std::byte> header_;
    std::optional<MessageKind> kind_;  ///< the frame being read, once its header is whole
    std::uint64_t payload_bytes_ = 0;
    std::vector<std::byte> payload_;  ///< a progress or refusal payload being read
    std::vector<std::byte> scene_;
    std::optional<float> progress_;
    std::optional<LoadFailure> refusal_;
    std::string reason_;
    bool answered_ = false;
};

}  // namespace assets::import_protocol
