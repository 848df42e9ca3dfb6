// The scene's wire form: real models come back field for field, and bytes that are cut short,
// corrupted, or claim more than they hold are refused with a SceneWireError, never a crash or
// an allocation of what a count claims.

#include "assets/scene/scene_wire.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "assets/load_model.h"
#include "assets/testing/same_scene.h"
#include "assets/testing/test_files.h"

namespace assets {
namespace {

using tests::kAssimpModels;

/// A small scene with one of everything the wire form carries: a skinned and morphing mesh, a
/// rigid one, a shape of each kind, materials, nodes, a clip with node and morph channels, notes.
Scene every_field_scene() {
    Scene scene;
    scene.source = "every field";
    MeshData mesh;
    mesh.name = "skinned";
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    mesh.indices = {0, 1, 2};
    mesh.material = 1;
    mesh.flat_shaded = true;
    mesh.tex_coords = {{{{0, 0}, {1, 0}, {0, 1}}, 2}, {{{0.5f, 0.25f}, {-1, 2}, {3, 4}}, 3}};
    mesh.colors = {{1, 0, 0, 1}, {0, 1, 0, 0.5f}, {0, 0, 1, 0}};
    mesh.skin.joints = {{1, glm::mat4(2.0f)},
                        {2, glm::mat4(1.0f)},
                        {0, glm::mat4(3.0f)},
                        {2, glm::mat4(4.0f)},
                        {1, glm::mat4(5.0f)}};
    // Vertex 0 has six influences: four inline and two in the overflow.
    mesh.skin.vertex_joints = {{1, 0, 2, 3}, {1, 0, 0, 0}, {0, 0, 0, 0}};
    mesh.skin.vertex_weights = {{0.25f, 0.25f, 0.2f, 0.1f}, {1, 0, 0, 0}, {0, 0, 0, 0}};
    mesh.skin.extra_begin = {0, 2, 2, 2};
    mesh.skin.extra_influences = {{4, 0.125f}, {3, 0.075f}};
    mesh.morph_targets.push_back({"smile", {{0, 0, 1}, {0, 0, 2}, {0, 0, 3}}, {}, 0.5f});
    mesh.morph_targets.push_back(
        {"frown", {{1, 0, 0}, {2, 0, 0}, {3, 0, 0}}, {{0, 1, 0}, {0, 1, 0}, {0, 1, 0}}, 0.0f});
    scene.meshes.push_back(mesh);
    MeshData rigid = mesh;
    rigid.name = "rigid";
    rigid.morph_targets.clear();
    rigid.skin.rigid_joint = 1;
    scene.meshes.push_back(rigid);
    for (const auto kind : {ShapeData::Kind::Sphere, ShapeData::Kind::Plane, ShapeData::Kind::Rect,
                            ShapeData::Kind::Box}) {
        ShapeData shape;
        shape.kind = kind;
        shape.name = "shape " + std::to_string(int(kind));
        shape.node = 2;
        shape.radius = 1.5f + float(kind);
        scene.shapes.push_back(shape);
    }
    scene.materials = {{"grey", glm::vec3(0.5f), ""}, {"red", {1, 0, 0}, "textures/red.png"}};
    SceneNode root;
    root.name = "root";
    root.children = {1};
    root.meshes = {0};
    SceneNode arm;
    arm.name = "arm";
    arm.parent = 0;
    arm.children = {2};
    arm.meshes = {1};
    arm.local_transform[3] = glm::vec4(1, 2, 3, 1);
    SceneNode hand;
    hand.name = "hand";
    hand.parent = 1;
    scene.nodes = {root, arm, hand};
    AnimationClip clip;
    clip.name = "wave";
    clip.duration_ticks = 30.0;
    clip.ticks_per_second = 24.0;
    NodeChannel channel;
    channel.node = 1;
    channel.positions = {{0.0, {0, 0, 0}}, {30.0, {0, 1, 0}}};
    channel.rotations = {{0.0, glm::quat(1, 0, 0, 0)}, {15.0, glm::quat(0.5f, 0.5f, 0.5f, 0.5f)}};
    channel.scales = {{0.0, glm::vec3(1)}};
    channel.pre_state = Extrapolation::Linear;
    channel.post_state = Extrapolation::Repeat;
    clip.channels.push_back(channel);
    clip.morph_channels.push_back({0, {{0.0, {0.0f, 1.0f}}, {30.0, {1.0f, 0.0f}}}});
    scene.clips.push_back(clip);
    scene.notes = {"a note", "another"};
    return scene;
}

/// The bytes of `scene` with the 8-byte little-endian number at `offset` replaced.
std::vector<std::byte> with_u64(std::vector<std::byte> bytes, std::size_t offset,
                                std::uint64_t value) {
    std::memcpy(bytes.data() + offset, &value, sizeof value);
    return bytes;
}

std::size_t mesh_name_size(const Scene& scene) {
    return scene.meshes.at(0).name.size();
}

std::string decode_error(std::span<const std::byte> bytes) {
    try {
        (void)decode_scene(bytes);
    } catch (const SceneWireError& e) {
        return e.what();
    }
    return "";
}

TEST(SceneWire, EveryFieldComesBackAsItWas) {
    const Scene scene = every_field_scene();
    const std::vector<std::byte> bytes = encode_scene(scene);
    const Scene decoded = decode_scene(bytes);
    testing::expect_same_scene(scene, decoded);
    EXPECT_EQ(encode_scene(decoded), bytes) << "the decoder reads every byte the encoder writes";
}

// Debian's models with skins, morph targets, clips and notes, the built-in scene (shapes) and a
// generated knot; the test says which of those it saw, so a missing package cannot hollow it out.
TEST(SceneWire, RealModelsComeBackFieldForField) {
    std::vector<std::filesystem::path> models = {kDefaultSceneName, "knot:20000"};
    for (const char* relative :
         {"glTF2/simple_skin/simple_skin.gltf",
          "glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf",
          "Collada/box_nested_animation.dae", "FBX/huesitos.fbx", "OBJ/testmixed.obj", "X/test.x",
          "MD2/faerie.md2", "glTF2/BoxTexcoords-glTF/boxTexcoords.gltf", "OBJ/spider.obj",
          "OBJ/cube_with_vertexcolors.obj"}) {
        if (std::filesystem::exists(kAssimpModels / relative))
            models.push_back(kAssimpModels / relative);
    }
    std::size_t skins = 0, morph_targets = 0, channels = 0, morph_channels = 0, shapes = 0,
                notes = 0, uv_channels = 0, colored = 0, textures = 0;
    for (const std::filesystem::path& model : models) {
        SCOPED_TRACE(model.string());
        const Scene scene = load_model(model);
        const std::vector<std::byte> bytes = encode_scene(scene);
        const Scene decoded = decode_scene(bytes);
        testing::expect_same_scene(scene, decoded);
        EXPECT_EQ(encode_scene(decoded), bytes);
        for (const MeshData& mesh : scene.meshes) {
            skins += !mesh.skin.empty();
            morph_targets += mesh.morph_targets.size();
            uv_channels += mesh.tex_coords.size();
            colored += !mesh.colors.empty();
        }
        for (const Material& material : scene.materials)
            textures += !material.base_color_texture.empty();
        for (const AnimationClip& clip : scene.clips) {
            channels += clip.channels.size();
            morph_channels += clip.morph_channels.size();
        }
        shapes += scene.shapes.size();
        notes += scene.notes.size();
    }
    EXPECT_GT(skins, 0u);
    EXPECT_GT(shapes, 0u);
    EXPECT_GT(channels, 0u);
    if (models.size() < 12)
        GTEST_SKIP() << "assimp-testmodels is not installed: built-in scenes only";
    EXPECT_GT(morph_targets, 0u);
    EXPECT_GT(morph_channels, 0u);
    EXPECT_GT(notes, 0u);
    EXPECT_GT(uv_channels, 0u);
    EXPECT_GT(colored, 0u);
    EXPECT_GT(textures, 0u);
}

TEST(SceneWire, LargeArraysGoToTheSinkWithoutACopyAndSaySo) {
    const Scene scene = load_model("knot:20000");
    const MeshData& mesh = scene.meshes.at(0);
    const std::span<const std::byte> arrays[] = {std::as_bytes(std::span(mesh.positions)),
                                                 std::as_bytes(std::span(mesh.normals)),
                                                 std::as_bytes(std::span(mesh.indices))};
    int lent = 0;
    std::vector<std::byte> pieces;
    encode_scene(scene, [&](std::span<const std::byte> piece, WirePiece where) {
        // A piece said to be the scene's is one of its arrays, whole; no other piece lies in one.
        bool whole_array = false, within_array = false;
        for (const std::span<const std::byte> array : arrays) {
            whole_array |= piece.data() == array.data() && piece.size() == array.size();
            within_array |= piece.data() >= array.data() &&
                            piece.data() + piece.size() <= array.data() + array.size();
        }
        EXPECT_EQ(where == WirePiece::OfTheScene, whole_array) << "a piece of " << piece.size();
        EXPECT_EQ(within_array, whole_array) << "a piece of " << piece.size();
        lent += int(where == WirePiece::OfTheScene);
        pieces.insert(pieces.end(), piece.begin(), piece.end());
    });
    EXPECT_EQ(lent, 3) << "the positions, the normals and the indices";
    EXPECT_EQ(pieces, encode_scene(scene));
}

TEST(SceneWire, EveryCutShortIsRefused) {
    const std::vector<std::byte> bytes = encode_scene(every_field_scene());
    for (std::size_t size = 0; size < bytes.size(); ++size) {
        const std::string error = decode_error(std::span(bytes).first(size));
        ASSERT_NE(error, "") << "cut at " << size << " of " << bytes.size();
    }
    EXPECT_EQ(decode_error(std::span(bytes).first(2)),
              "the scene ends in the magic number: 4 bytes needed, 2 left (at byte 0)");
    EXPECT_EQ(decode_error(std::span(bytes).first(bytes.size() - 1)),
              "the scene claims 7 elements in a note, but only 6 bytes are left (at byte " +
                  std::to_string(bytes.size() - 7) + ")");
}

// A flipped byte may still be a scene (a different number, a different name), but then it is
// exactly the scene those bytes say: encoding it again gives the same bytes. Otherwise it is a
// SceneWireError: no crash, no other exception, no allocation beyond the bytes (ASan checks).
TEST(SceneWire, EveryCorruptedByteIsRefusedOrReadExactly) {
    const std::vector<std::byte> bytes = encode_scene(every_field_scene());
    std::size_t refused = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        for (const std::byte flip : {std::byte{0x01}, std::byte{0x80}, std::byte{0xff}}) {
            std::vector<std::byte> corrupted = bytes;
            corrupted[i] ^= flip;
            try {
                ASSERT_EQ(encode_scene(decode_scene(corrupted)), corrupted) << "byte " << i;
            } catch (const SceneWireError&) {
                ++refused;
            }
        }
    }
    EXPECT_GT(refused, 0u);
}

TEST(SceneWire, ACountBeyondTheBytesIsRefusedBeforeAnythingIsAllocated) {
    Scene scene = every_field_scene();
    scene.source = "s";
    const std::vector<std::byte> bytes = encode_scene(scene);
    const std::size_t meshes_count = 4 + 4 + 8 + 1;
    // 2^60 meshes would be far beyond any allocation: ASan would abort the test if it were tried.
    const std::string error = decode_error(with_u64(bytes, meshes_count, std::uint64_t(1) << 60));
    EXPECT_NE(error.find("claims 1152921504606846976 elements in the meshes"), std::string::npos)
        << error;
    const std::size_t name_length = meshes_count + 8;
    const std::size_t positions_count = name_length + 8 + mesh_name_size(scene);
    const std::string positions_error =
        decode_error(with_u64(bytes, positions_count, std::uint64_t(1) << 40));
    EXPECT_NE(positions_error.find("mesh 0's positions"), std::string::npos) << positions_error;
}

/// Bytes handed out a few at a time, as a pipe gives them, in pieces of a repeating list of
/// sizes; it counts how many were asked for past the end.
class PieceSource final : public SceneWireSource {
  public:
    PieceSource(std::span<const std::byte> bytes, std::vector<std::size_t> pieces)
        : bytes_(bytes), pieces_(std::move(pieces)) {}
    std::size_t read(std::span<std::byte> room) override {
        const std::size_t n =
            std::min({room.size(), bytes_.size(), pieces_[next_++ % pieces_.size()]});
        if (n > 0) std::memcpy(room.data(), bytes_.data(), n);
        bytes_ = bytes_.subspan(n);
        return n;
    }
    [[nodiscard]] std::size_t left() const { return bytes_.size(); }

  private:
    std::span<const std::byte> bytes_;
    std::vector<std::size_t> pieces_;
    std::size_t next_ = 0;
};

std::string stream_error(std::span<const std::byte> bytes, std::uint64_t claimed_size) {
    PieceSource source(bytes, {1000});
    try {
        (void)decode_scene(source, claimed_size);
    } catch (const SceneWireError& e) {
        return e.what();
    }
    return "";
}

// A big mesh's arrays come from the pipe in pieces of whatever size it gives, straight into
// their place; the scene is what the whole block gives, and nothing past it is read.
TEST(SceneWire, AStreamInPiecesOfAnySizeGivesWhatTheBlockGives) {
    for (const Scene& scene : {every_field_scene(), load_model("knot:20000")}) {
        std::vector<std::byte> bytes = encode_scene(scene);
        const std::size_t size = bytes.size();
        bytes.resize(size + 7, std::byte{0x5a});  // what follows the scene is not the scene's
        for (const auto& pieces : std::vector<std::vector<std::size_t>>{
                 {1}, {3, 1, 4, 1, 5, 9, 2, 6}, {4096}, {1 << 20}, {size}}) {
            PieceSource source(bytes, pieces);
            const Scene decoded = decode_scene(source, size);
            EXPECT_EQ(encode_scene(decoded),
                      std::vector(bytes.begin(), bytes.begin() + std::ptrdiff_t(size)))
                << pieces.size() << " piece sizes, the first " << pieces.front();
            EXPECT_EQ(source.left(), 7u) << "read past the scene";
        }
    }
}

// Repro (fuzz_import_reply's timeout): a long string that came from the pipe a few bytes at a
// time. The reader made its buffer again for every read, zeroing up to 4 MB each time: this
// scene (an 8 MB name in pieces of 16 bytes) took petabytes of zeroing, and never ended.
TEST(SceneWire, ALongStringInSmallPiecesIsReadOnce) {
    Scene scene = every_field_scene();
    scene.source = std::string(std::size_t(8) << 20, 'n');
    const std::vector<std::byte> bytes = encode_scene(scene);
    PieceSource source(bytes, {16});
    const Scene decoded = decode_scene(source, bytes.size());
    EXPECT_EQ(decoded.source, scene.source);
    EXPECT_EQ(encode_scene(decoded), bytes);
}

// A child may claim a scene of a terabyte and counts to match, then send a few bytes: what is
// allocated follows the bytes that came, not the claims (an allocation of what they claim would
// end the test, under ASan or the machine's memory).
TEST(SceneWire, ClaimsBeyondTheBytesThatCameAllocateNothingOfTheirSize) {
    Scene scene = every_field_scene();
    scene.source = "s";
    const std::vector<std::byte> bytes = encode_scene(scene);
    const std::uint64_t terabyte = std::uint64_t(1) << 40;
    const std::size_t meshes_count = 4 + 4 + 8 + 1;
    const std::string meshes_error =
        stream_error(with_u64(bytes, meshes_count, std::uint64_t(1) << 33), terabyte);
    EXPECT_NE(meshes_error.find("the scene's bytes stopped in the meshes"), std::string::npos)
        << meshes_error;
    const std::size_t positions_count = meshes_count + 8 + 8 + mesh_name_size(scene);
    const std::string positions_error =
        stream_error(with_u64(bytes, positions_count, std::uint64_t(1) << 36), terabyte);
    EXPECT_NE(positions_error.find("the scene's bytes stopped in mesh 0's positions"),
              std::string::npos)
        << positions_error;
    // A size that is true but bytes that stop early.
    EXPECT_NE(stream_error(std::span(bytes).first(bytes.size() / 2), bytes.size())
                  .find("the scene's bytes stopped in"),
              std::string::npos);
}

TEST(SceneWire, AnotherMagicVersionOrTrailingBytesAreRefused) {
    std::vector<std::byte> bytes = encode_scene(every_field_scene());
    std::vector<std::byte> magic = bytes;
    magic[0] ^= std::byte{0x20};
    EXPECT_EQ(decode_error(magic), "not a scene (wrong magic number)");
    std::vector<std::byte> version = bytes;
    version[4] = std::byte{99};
    EXPECT_EQ(decode_error(version),
              "a scene of version 99, this program reads " + std::to_string(kSceneWireVersion));
    bytes.push_back(std::byte{0});
    EXPECT_NE(decode_error(bytes).find("1 bytes follow the scene"), std::string::npos);
}

TEST(SceneWire, AnUnknownShapeKindIsRefused) {
    Scene scene;
    scene.shapes.resize(1);
    std::vector<std::byte> bytes = encode_scene(scene);
    const std::size_t kind = 4 + 4 + 8 + 8 + 8;  // magic, version, "", no meshes, one shape
    ASSERT_EQ(bytes[kind], std::byte{0});
    bytes[kind] = std::byte{4};
    EXPECT_NE(decode_error(bytes).find("shape 0's kind is 4, not one of its 4 values"),
              std::string::npos);
}

}  // namespace
}  // namespace assets
