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

/// Reads the child's frames as they arrive, in pieces of any size. A scene's payload is not
/// read here: once its header has come, the caller reads the payload (decode_scene straight
/// from the pipe, so a big mesh is never held twice) and says how that went.
class ReplyParser {
  public:
    /// Takes the next bytes from the pipe, up to the end of a scene's header, and returns how
    /// many it took (fewer than given only when a scene follows). Throws ProtocolError at the
    /// first thing wrong (a bad header, a progress that is not a fraction, a refusal that is
    /// too long or of an unknown kind, anything after the answer).
    std::size_t feed(std::span<const std::byte> bytes);
    /// At the end of the pipe: throws ProtocolError when a frame was cut short or no answer came.
    void finish() const;

    /// Whether a scene's header has come and its payload (scene_size() bytes) is to be read.
    [[nodiscard]] bool scene_follows() const { return kind_ == MessageKind::Scene; }
    [[nodiscard]] std::uint64_t scene_size() const { return payload_bytes_; }
    /// The scene's payload was read whole: the answer has come.
    void scene_read();
    /// The pipe ended `received` bytes into the scene's payload.
    void scene_cut_short(std::uint64_t received);

    /// The last progress reported, if any.
    [[nodiscard]] std::optional<float> progress() const { return progress_; }
    /// Whether the answer has been received whole.
    [[nodiscard]] bool answered() const { return answered_; }
    /// Whether the answer was a scene (read by the caller).
    [[nodiscard]] bool scene_answered() const { return answered_ && !refusal_; }
    [[nodiscard]] const std::optional<LoadFailure>& refusal() const { return refusal_; }
    [[nodiscard]] const std::string& refusal_reason() const { return reason_; }

  private:
    void take_header();
    void take_payload();

    std::vector<std::byte> header_;
    std::optional<MessageKind> kind_;  ///< the frame being read, once its header is whole
    std::uint64_t payload_bytes_ = 0;
    std::vector<std::byte> payload_;    ///< a progress or refusal payload being read
    std::uint64_t scene_received_ = 0;  ///< of a scene cut short
    std::optional<float> progress_;
    std::optional<LoadFailure> refusal_;
    std::string reason_;
    bool answered_ = false;
};

}  // namespace assets::import_protocol
