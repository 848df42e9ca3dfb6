#include "assets/import_protocol.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace assets::import_protocol {

namespace {

struct Header {
    std::uint32_t magic = kMagic;
    std::uint16_t version = kVersion;
    std::uint16_t kind = 0;
    std::uint64_t payload_bytes = 0;
};
static_assert(sizeof(Header) == kHeaderBytes && std::has_unique_object_representations_v<Header>);

/// A header claiming `payload_bytes`, followed by `payload` (all of it, or none of it yet).
std::vector<std::byte> frame(MessageKind kind, std::uint64_t payload_bytes,
                             std::span<const std::byte> payload) {
    Header header;
    header.kind = std::uint16_t(kind);
    header.payload_bytes = payload_bytes;
    std::vector<std::byte> bytes(kHeaderBytes + payload.size());
    std::memcpy(bytes.data(), &header, kHeaderBytes);
    if (!payload.empty()) std::memcpy(bytes.data() + kHeaderBytes, payload.data(), payload.size());
    return bytes;
}

std::string kind_name(MessageKind kind) {
    switch (kind) {
        case MessageKind::Progress:
            return "progress";
        case MessageKind::Scene:
            return "scene";
        case MessageKind::Refused:
            return "refusal";
    }
    return "message";
}

}  // namespace

std::vector<std::byte> frame_header(MessageKind kind, std::uint64_t payload_bytes) {
    return frame(kind, payload_bytes, {});
}

std::vector<std::byte> frame(MessageKind kind, std::span<const std::byte> payload) {
    return frame(kind, payload.size(), payload);
}

std::vector<std::byte> progress_frame(float fraction) {
    return frame(MessageKind::Progress, std::as_bytes(std::span(&fraction, 1)));
}

std::vector<std::byte> refusal_frame(LoadFailure failure, const std::string& reason) {
    std::vector<std::byte> payload;
    payload.push_back(std::byte(failure));
    const auto text =
        std::as_bytes(std::span(reason.data(), std::min(reason.size(), kMaxRefusalBytes - 1)));
    payload.insert(payload.end(), text.begin(), text.end());
    return frame(MessageKind::Refused, payload);
}

std::size_t ReplyParser::feed(std::span<const std::byte> bytes) {
    const std::size_t given = bytes.size();
    while (!bytes.empty() && !scene_follows()) {
        if (answered_) {
            throw ProtocolError(std::to_string(bytes.size()) + " more bytes came after the answer");
        }
        if (!kind_) {
            const std::size_t n = std::min(kHeaderBytes - header_.size(), bytes.size());
            header_.insert(header_.end(), bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
            bytes = bytes.subspan(n);
            if (header_.size() == kHeaderBytes) take_header();
            continue;
        }
        const std::size_t n =
            std::size_t(std::min<std::uint64_t>(payload_bytes_ - payload_.size(), bytes.size()));
        payload_.insert(payload_.end(), bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
        bytes = bytes.subspan(n);
        if (payload_.size() == payload_bytes_) take_payload();
    }
    return given - bytes.size();
}

void ReplyParser::scene_read() {
    if (!scene_follows()) throw std::logic_error("ReplyParser::scene_read: no scene follows");
    take_payload();
}

void ReplyParser::scene_cut_short(std::uint64_t received) {
    scene_received_ = received;
}

void ReplyParser::take_header() {
    Header header;
    std::memcpy(&header, header_.data(), kHeaderBytes);
    if (header.magic != kMagic)
        throw ProtocolError("a message without the protocol's magic number");
    if (header.version != kVersion) {
        throw ProtocolError("a message of protocol version " + std::to_string(header.version) +
                            ", not " + std::to_string(kVersion));
    }
    const auto kind = MessageKind(header.kind);
    const std::uint64_t size = header.payload_bytes;
    switch (kind) {
        case MessageKind::Progress:
            if (size != sizeof(float))
                throw ProtocolError("a progress message of " + std::to_string(size) + " bytes");
            break;
        case MessageKind::Refused:
            if (size < 1 || size > kMaxRefusalBytes)
                throw ProtocolError("a refusal of " + std::to_string(size) + " bytes");
            break;
        case MessageKind::Scene:
            break;
        default:
            throw ProtocolError("a message of unknown kind " + std::to_string(header.kind));
    }
    kind_ = kind;
    payload_bytes_ = size;
    payload_.clear();
    // A scene's payload, even an empty one, is the caller's to read.
    if (size == 0 && kind != MessageKind::Scene) take_payload();
}

void ReplyParser::take_payload() {
    switch (*kind_) {
        case MessageKind::Progress: {
            float fraction = 0.0f;
            std::memcpy(&fraction, payload_.data(), sizeof fraction);
            if (!std::isfinite(fraction) || fraction < 0.0f || fraction > 1.0f)
                throw ProtocolError("a progress of " + std::to_string(fraction));
            progress_ = fraction;
            break;
        }
        case MessageKind::Refused: {
            const auto failure = LoadFailure(std::uint8_t(payload_[0]));
            // The child can only refuse a file or run out of memory; the rest is the parent's
            // to say.
            if (failure != LoadFailure::Refused && failure != LoadFailure::MemoryLimit) {
                throw ProtocolError("a refusal of unknown kind " +
                                    std::to_string(int(payload_[0])));
            }
            refusal_ = failure;
            reason_.assign(reinterpret_cast<const char*>(payload_.data()) + 1, payload_.size() - 1);
            answered_ = true;
            break;
        }
        case MessageKind::Scene:
            answered_ = true;
            break;
    }
    kind_.reset();
    header_.clear();
    payload_.clear();
}

void ReplyParser::finish() const {
    if (kind_) {
        const std::uint64_t got =
            *kind_ == MessageKind::Scene ? scene_received_ : std::uint64_t(payload_.size());
        throw ProtocolError("the " + kind_name(*kind_) + " ended after " + std::to_string(got) +
                            " of its " + std::to_string(payload_bytes_) + " bytes");
    }
    if (!header_.empty()) throw ProtocolError("a message ended inside its header");
    if (!answered_) throw ProtocolError("no answer came");
}

}  // namespace assets::import_protocol
