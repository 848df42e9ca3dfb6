// The import process's frames as the parent reads them: in pieces of any size, and refused at the
// first thing that breaks the protocol.

#include "assets/import_protocol.h"

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

/// What feeding `bytes` (then the end of the pipe) says is wrong, or "" when nothing is.
std::string protocol_error(const std::vector<std::byte>& bytes) {
    ReplyParser parser;
    try {
        parser.feed(bytes);
        parser.finish();
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
        ReplyParser parser;
        for (std::size_t at = 0; at < stream.size(); at += piece)
            parser.feed(std::span(stream).subspan(at, std::min(piece, stream.size() - at)));
        EXPECT_NO_THROW(parser.finish()) << piece;
        EXPECT_TRUE(parser.answered());
        EXPECT_EQ(parser.progress(), 0.5f);
        EXPECT_FALSE(parser.refusal());
        EXPECT_EQ(parser.scene_bytes(), scene) << piece;
    }
}

TEST(ImportProtocol, RoomForTheSceneIsReservedOnceAndNeverPastTheCap) {
    const std::vector<std::byte> scene = some_bytes(100000);
    const std::vector<std::byte> stream = frame(MessageKind::Scene, scene);
    ReplyParser parser;
    parser.feed(std::span(stream).first(kHeaderBytes + 1));
    EXPECT_GE(parser.scene_bytes().capacity(), scene.size());
    const std::byte* room = parser.scene_bytes().data();
    parser.feed(std::span(stream).subspan(kHeaderBytes + 1));
    EXPECT_EQ(parser.scene_bytes().data(), room) << "the bytes moved: the room was too small";
    EXPECT_EQ(parser.scene_bytes(), scene);
    // A header that claims more than memory holds reserves the cap at most, or nothing.
    ReplyParser greedy;
    greedy.feed(frame_header(MessageKind::Scene, std::uint64_t(1) << 62));
    EXPECT_LE(greedy.scene_bytes().capacity(), kMaxSceneReserveBytes);
    EXPECT_FALSE(greedy.answered());
}

TEST(ImportProtocol, ARefusalCarriesItsKindAndReason) {
    ReplyParser parser;
    parser.feed(refusal_frame(LoadFailure::MemoryLimit, "out of memory while loading"));
    EXPECT_TRUE(parser.answered());
    EXPECT_EQ(parser.refusal(), LoadFailure::MemoryLimit);
    EXPECT_EQ(parser.refusal_reason(), "out of memory while loading");
    EXPECT_TRUE(parser.scene_bytes().empty());
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
