// The import process's frames as the parent reads them: in pieces of any size, and refused at the
// first thing that breaks the protocol.

#include "assets/import_protocol.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include <gtest/gtest.h>

namespace assets::import_protocol {
namespace {

std::vector<std::byte> concat(std::initializer_list<std::vector<std::byte>> parts) {
    std::vector<std::byte> bytes;
    for (const auto& part : parts)
        bytes.insert(bytes.end(), part.begin(), part.end());
    return bytes;
}

std::vector<std::byte> some_bytes(std::size_t n) {
    std::vector<std::byte> bytes(n);
    for (std::size_t i = 0; i < n; ++i)
        bytes[i] = std::byte(i * 7 + 3);
    return bytes;
}

/// The parent's side of the pipe without the decoding: frames go to the parser, a scene's
/// payload is gathered here, as import_process.cpp reads it into decode_scene.
struct ParentSide {
    ReplyParser parser;
    std::vector<std::byte> scene;

    void feed(std::span<const std::byte> bytes) {
        while (!bytes.empty()) {
            if (parser.scene_follows()) {
                const std::size_t n = std::size_t(
                    std::min<std::uint64_t>(parser.scene_size() - scene.size(), bytes.size()));
                scene.insert(scene.end(), bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
                bytes = bytes.subspan(n);
            } else {
                bytes = bytes.subspan(parser.feed(bytes));
            }
            if (parser.scene_follows() && scene.size() == parser.scene_size()) parser.scene_read();
        }
    }
    void finish() {
        if (parser.scene_follows()) parser.scene_cut_short(scene.size());
        parser.finish();
    }
};

/// What feeding `bytes` (then the end of the pipe) says is wrong, or "" when nothing is.
std::string protocol_error(const std::vector<std::byte>& bytes) {
    ParentSide side;
    try {
        side.feed(bytes);
        side.finish();
    } catch (const ProtocolError& e) {
        return e.what();
    }
    return "";
}

TEST(ImportProtocol, FramesReadTheSameInPiecesOfAnySize) {
    const std::vector<std::byte> scene = some_bytes(1000);
    const std::vector<std::byte> stream =
        concat({progress_frame(0.25f), progress_frame(0.5f), frame(MessageKind::Scene, scene)});
    for (const std::size_t piece : {std::size_t(1), std::size_t(3), std::size_t(16),
                                    std::size_t(17), std::size_t(999), stream.size()}) {
        ParentSide side;
        for (std::size_t at = 0; at < stream.size(); at += piece)
            side.feed(std::span(stream).subspan(at, std::min(piece, stream.size() - at)));
        EXPECT_NO_THROW(side.finish()) << piece;
        EXPECT_TRUE(side.parser.answered());
        EXPECT_TRUE(side.parser.scene_answered());
        EXPECT_EQ(side.parser.progress(), 0.5f);
        EXPECT_FALSE(side.parser.refusal());
        EXPECT_EQ(side.scene, scene) << piece;
    }
}

TEST(ImportProtocol, AScenesPayloadIsLeftForTheCallerToRead) {
    const std::vector<std::byte> stream =
        concat({progress_frame(0.5f), frame(MessageKind::Scene, some_bytes(100))});
    ReplyParser parser;
    // The progress and the scene's header are taken; the payload is not.
    EXPECT_EQ(parser.feed(stream), 2 * kHeaderBytes + sizeof(float));
    EXPECT_TRUE(parser.scene_follows());
    EXPECT_EQ(parser.scene_size(), 100u);
    EXPECT_EQ(parser.feed(std::span(stream).last(100)), 0u) << "the payload is the caller's";
    EXPECT_FALSE(parser.answered());
    parser.scene_read();
    EXPECT_TRUE(parser.answered());
    EXPECT_TRUE(parser.scene_answered());
    EXPECT_FALSE(parser.scene_follows());
    EXPECT_NO_THROW(parser.finish());
    // Even an empty scene, and one claiming more than memory holds: nothing is allocated for it.
    for (const std::uint64_t size : {std::uint64_t(0), std::uint64_t(1) << 62}) {
        ReplyParser claimed;
        EXPECT_EQ(claimed.feed(frame_header(MessageKind::Scene, size)), kHeaderBytes);
        EXPECT_TRUE(claimed.scene_follows());
        EXPECT_EQ(claimed.scene_size(), size);
        EXPECT_FALSE(claimed.answered());
    }
}

TEST(ImportProtocol, ARefusalCarriesItsKindAndReason) {
    ReplyParser parser;
    parser.feed(refusal_frame(LoadFailure::MemoryLimit, "out of memory while loading"));
    EXPECT_TRUE(parser.answered());
    EXPECT_EQ(parser.refusal(), LoadFailure::MemoryLimit);
    EXPECT_EQ(parser.refusal_reason(), "out of memory while loading");
    EXPECT_FALSE(parser.scene_answered());
}

TEST(ImportProtocol, ABrokenHeaderIsRefused) {
    std::vector<std::byte> magic = progress_frame(0.5f);
    magic[0] = std::byte{'X'};
    EXPECT_EQ(protocol_error(magic), "a message without the protocol's magic number");
    std::vector<std::byte> version = progress_frame(0.5f);
    version[4] = std::byte{7};
    EXPECT_EQ(protocol_error(version), "a message of protocol version 7, not 1");
    EXPECT_EQ(protocol_error(frame(MessageKind(9), {})), "a message of unknown kind 9");
    EXPECT_EQ(protocol_error(frame(MessageKind::Progress, some_bytes(8))),
              "a progress message of 8 bytes");
    EXPECT_EQ(protocol_error(frame(MessageKind::Refused, {})), "a refusal of 0 bytes");
    EXPECT_EQ(protocol_error(frame(MessageKind::Refused, some_bytes(kMaxRefusalBytes + 1))),
              "a refusal of 65537 bytes");
}

TEST(ImportProtocol, AProgressIsAFractionAndARefusalOneTheChildMayGive) {
    EXPECT_EQ(protocol_error(progress_frame(std::numeric_limits<float>::quiet_NaN())),
              "a progress of nan");
    EXPECT_EQ(protocol_error(progress_frame(1.5f)), "a progress of 1.500000");
    // A crash is the parent's to tell, never the child's.
    EXPECT_EQ(protocol_error(refusal_frame(LoadFailure::Crashed, "no")),
              "a refusal of unknown kind 4");
}

TEST(ImportProtocol, NothingMayFollowTheAnswer) {
    EXPECT_EQ(
        protocol_error(concat({frame(MessageKind::Scene, some_bytes(10)), progress_frame(0.5f)})),
        "20 more bytes came after the answer");
}

TEST(ImportProtocol, AnAnswerCutShortOrMissingIsRefusedAtTheEnd) {
    const std::vector<std::byte> scene = frame(MessageKind::Scene, some_bytes(1000));
    EXPECT_EQ(protocol_error(std::vector(scene.begin(), scene.begin() + 516)),
              "the scene ended after 500 of its 1000 bytes");
    EXPECT_EQ(protocol_error(std::vector(scene.begin(), scene.begin() + 5)),
              "a message ended inside its header");
    EXPECT_EQ(protocol_error(progress_frame(0.5f)), "no answer came");
    EXPECT_EQ(protocol_error({}), "no answer came");
}

}  // namespace
}  // namespace assets::import_protocol
