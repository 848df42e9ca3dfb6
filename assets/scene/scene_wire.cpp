// The scene's wire form: one Writer and one Reader that walk the Scene in the same order. Each
// `put`/`get` pair below must stay symmetric; the round-trip test (scene_wire_test.cpp) checks
// every field of real models, and the size checks just below fail the build when a struct gains
// a field the wire form does not carry yet.

#include "assets/scene/scene_wire.h"

#include <algorithm>
#include <bit>
#include <concepts>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

namespace assets {

static_assert(std::endian::native == std::endian::little, "the wire form is little-endian");
// A new field in any of these must be written and read below (and the version raised).
static_assert(sizeof(MeshData) == 312 && sizeof(MeshSkin) == 128 && sizeof(SkinJoint) == 68 &&
                  sizeof(MorphTarget) == 88,
              "a mesh changed: update scene_wire.cpp");
static_assert(sizeof(SceneNode) == 152 && sizeof(Material) == 80 && sizeof(ShapeData) == 160,
              "a node, material or shape changed: update scene_wire.cpp");
static_assert(sizeof(AnimationClip) == 96 && sizeof(NodeChannel) == 88 &&
                  sizeof(MorphChannel) == 32 && sizeof(MorphKey) == 32 && sizeof(VectorKey) == 24 &&
                  sizeof(RotationKey) == 24,
              "a clip changed: update scene_wire.cpp");
static_assert(sizeof(Scene) == 176, "the scene changed: update scene_wire.cpp");

namespace {

/// Array elements copied as they lie in memory: types without padding, so no uninitialised
/// byte is ever sent.
template <class T>
concept Packed = std::same_as<T, std::uint32_t> || std::same_as<T, float> ||
    std::same_as<T, glm::vec2> || std::same_as<T, glm::vec3> || std::same_as<T, glm::vec4> ||
    std::same_as<T, glm::uvec4> || std::same_as<T, SkinInfluence>;

static_assert(sizeof(SkinInfluence) == 8, "a skin influence is a joint and a weight, no padding");
static_assert(sizeof(glm::vec2) == 8 && sizeof(glm::vec3) == 12 && sizeof(glm::vec4) == 16 &&
              sizeof(glm::uvec4) == 16 && sizeof(glm::mat4) == 64 && sizeof(glm::quat) == 16);

// == Writing

class Writer {
  public:
    explicit Writer(const SceneWireSink& sink) : sink_(sink) {}
    ~Writer() = default;
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;

    template <class T>
    requires std::is_arithmetic_v<T>
    void put(T value) { bytes(&value, sizeof value); }
    void put(const std::string& text) {
        put<std::uint64_t>(text.size());
        bytes(text.data(), text.size());
    }
    void put(const glm::vec3& v) { floats(&v.x, 3); }
    void put(const glm::quat& q) {
        put(q.w);
        put(q.x);
        put(q.y);
        put(q.z);
    }
    void put(const glm::mat4& m) {
        for (int column = 0; column < 4; ++column)
            floats(&m[column][0], 4);
    }
    /// A count and the elements' bytes; large arrays go to the sink directly.
    template <Packed T>
    void put_array(const std::vector<T>& values) {
        put<std::uint64_t>(values.size());
        const std::size_t size = values.size() * sizeof(T);
        if (size < kDirect) {
            bytes(values.data(), size);
        } else {
            flush();
            sink_(std::as_bytes(std::span(values)), WirePiece::OfTheScene);
        }
    }
    void flush() {
        if (buffer_.empty()) return;
        sink_(std::span(buffer_), WirePiece::Buffered);
        buffer_.clear();
    }

  private:
    static constexpr std::size_t kDirect = 1 << 16;

    void floats(const float* values, std::size_t count) { bytes(values, count * sizeof(float)); }
    void bytes(const void* data, std::size_t size) {
        const auto* first = static_cast<const std::byte*>(data);
        buffer_.insert(buffer_.end(), first, first + size);
        if (buffer_.size() >= kDirect) flush();
    }

    const SceneWireSink& sink_;
    std::vector<std::byte> buffer_;
};

void put_skin(Writer& w, const MeshSkin& skin) {
    w.put<std::uint64_t>(skin.joints.size());
    for (const SkinJoint& joint : skin.joints) {
        w.put(joint.node);
        w.put(joint.bone_from_mesh);
    }
    w.put_array(skin.vertex_joints);
    w.put_array(skin.vertex_weights);
    w.put_array(skin.extra_begin);
    w.put_array(skin.extra_influences);
    w.put<std::uint8_t>(skin.rigid_joint.has_value());
    w.put(skin.rigid_joint.value_or(0));
}

void put_mesh(Writer& w, const MeshData& mesh) {
    w.put(mesh.name);
    w.put_array(mesh.positions);
    w.put_array(mesh.normals);
    w.put_array(mesh.indices);
    w.put(mesh.material);
    w.put<std::uint8_t>(mesh.flat_shaded);
    w.put<std::uint64_t>(mesh.tex_coords.size());
    for (const TexCoordChannel& channel : mesh.tex_coords) {
        w.put(channel.components);
        w.put_array(channel.uv);
    }
    w.put_array(mesh.colors);
    put_skin(w, mesh.skin);
    w.put<std::uint64_t>(mesh.morph_targets.size());
    for (const MorphTarget& target : mesh.morph_targets) {
        w.put(target.name);
        w.put_array(target.position_deltas);
        w.put_array(target.normal_deltas);
        w.put(target.default_weight);
    }
}

void put_shape(Writer& w, const ShapeData& shape) {
    w.put<std::uint8_t>(std::uint8_t(shape.kind));
    w.put(shape.name);
    w.put(shape.node);
    w.put(shape.color);
    w.put(shape.center);
    w.put(shape.radius);
    w.put(shape.point);
    w.put(shape.normal);
    w.put(shape.corner);
    w.put(shape.edge_u);
    w.put(shape.edge_v);
    w.put(shape.box_min);
    w.put(shape.box_max);
}

void put_node(Writer& w, const SceneNode& node) {
    w.put(node.name);
    w.put(node.local_transform);
    w.put(node.parent);
    w.put_array(node.children);
    w.put_array(node.meshes);
}

void put_vector_keys(Writer& w, const std::vector<VectorKey>& keys) {
    w.put<std::uint64_t>(keys.size());
    for (const VectorKey& key : keys) {
        w.put(key.time);
        w.put(key.value);
    }
}

void put_clip(Writer& w, const AnimationClip& clip) {
    w.put(clip.name);
    w.put(clip.duration_ticks);
    w.put(clip.ticks_per_second);
    w.put<std::uint64_t>(clip.channels.size());
    for (const NodeChannel& channel : clip.channels) {
        w.put(channel.node);
        put_vector_keys(w, channel.positions);
        w.put<std::uint64_t>(channel.rotations.size());
        for (const RotationKey& key : channel.rotations) {
            w.put(key.time);
            w.put(key.value);
        }
        put_vector_keys(w, channel.scales);
        w.put<std::uint8_t>(std::uint8_t(channel.pre_state));
        w.put<std::uint8_t>(std::uint8_t(channel.post_state));
    }
    w.put<std::uint64_t>(clip.morph_channels.size());
    for (const MorphChannel& channel : clip.morph_channels) {
        w.put(channel.node);
        w.put<std::uint64_t>(channel.keys.size());
        for (const MorphKey& key : channel.keys) {
            w.put(key.time);
            w.put_array(key.weights);
        }
    }
}

// == Reading

/// The fewest bytes one element of each kind takes on the wire: a count of N elements is
/// believed only when N times this many bytes are left.
constexpr std::size_t kCountBytes = sizeof(std::uint64_t);
constexpr std::size_t kMinJoint = 4 + 64;
constexpr std::size_t kMinMesh =
    4 * kCountBytes + 4 + 2 * kCountBytes + 3 * kCountBytes + 1 + 4 + kCountBytes;
constexpr std::size_t kMinTexCoordChannel = 4 + kCountBytes;
constexpr std::size_t kMinMorphTarget = 3 * kCountBytes + 4;
constexpr std::size_t kMinShape = 1 + kCountBytes + 4 + 9 * 12 + 4;
constexpr std::size_t kMinMaterial = kCountBytes + 12 + kCountBytes;
constexpr std::size_t kMinNode = kCountBytes + 64 + 4 + 2 * kCountBytes;
constexpr std::size_t kMinClip = kCountBytes + 8 + 8 + 2 * kCountBytes;
constexpr std::size_t kMinChannel = 4 + 3 * kCountBytes + 2;
constexpr std::size_t kMinVectorKey = 8 + 12;
constexpr std::size_t kMinRotationKey = 8 + 16;
constexpr std::size_t kMinMorphChannel = 4 + kCountBytes;
constexpr std::size_t kMinMorphKey = 8 + kCountBytes;

class Reader {
  public:
    /// Reads the `size` bytes of a scene from `source`, as they come.
    Reader(SceneWireSource& source, std::uint64_t size) : source_(source), size_(size) {}

    /// The scene's bytes not read yet (some perhaps in the buffer).
    [[nodiscard]] std::uint64_t remaining() const { return size_ - offset_; }
    [[nodiscard]] std::uint64_t offset() const { return offset_; }

    /// `what` names the field for the error message ("mesh 2's positions").
    template <class T>
    requires std::is_arithmetic_v<T> T get(const std::string& what) {
        T value;
        std::memcpy(&value, take(sizeof value, what), sizeof value);
        return value;
    }
    std::string get_string(const std::string& what) {
        const std::size_t size = count(1, what);
        const auto* data = reinterpret_cast<const char*>(take(size, what));
        return std::string(data, size);
    }
    glm::vec3 get_vec3(const std::string& what) {
        glm::vec3 v;
        std::memcpy(&v.x, take(12, what), 12);
        return v;
    }
    glm::quat get_quat(const std::string& what) {
        const float w = get<float>(what);
        const float x = get<float>(what);
        const float y = get<float>(what);
        const float z = get<float>(what);
        return {w, x, y, z};
    }
    glm::mat4 get_mat4(const std::string& what) {
        glm::mat4 m;
        for (int column = 0; column < 4; ++column)
            std::memcpy(&m[column][0], take(16, what), 16);
        return m;
    }
    /// A count of elements of at least `min_element_bytes` each, believed only when that many
    /// bytes have come: whatever the count says is allocated only for bytes received.
    std::size_t count(std::size_t min_element_bytes, const std::string& what) {
        const std::size_t n = claimed_count(min_element_bytes, what);
        fill(n * min_element_bytes, what);
        return n;
    }
    /// An array's elements, read in pieces straight into their place (a big mesh's vertices
    /// are not held twice). Room for the count is reserved (address space only, up to
    /// kMaxReserveBytes); the elements are made only as their bytes come.
    template <Packed T>
    std::vector<T> get_array(const std::string& what) {
        const std::size_t n = claimed_count(sizeof(T), what);
        std::vector<T> values;
        values.reserve(std::min(n, kMaxReserveBytes / sizeof(T)));
        constexpr std::size_t kPiece = kPieceBytes / sizeof(T);
        for (std::size_t done = 0; done < n;) {
            const std::size_t piece = std::min(n - done, kPiece);
            values.resize(done + piece);
            read_into(std::as_writable_bytes(std::span(values).subspan(done, piece)), what);
            done += piece;
        }
        return values;
    }
    /// An enumeration stored as one byte, refused when it is none of the `limit` values.
    template <class E>
    E get_enum(int limit, const std::string& what) {
        const auto value = get<std::uint8_t>(what);
        if (value >= limit) {
            throw SceneWireError(what + " is " + std::to_string(value) + ", not one of its " +
                                 std::to_string(limit) + " values" + at());
        }
        return E(value);
    }
    [[nodiscard]] std::string at() const { return " (at byte " + std::to_string(offset_) + ")"; }

  private:
    /// Bytes asked of the source at a time for small fields.
    static constexpr std::size_t kChunk = 1 << 16;
    /// An array is made and read this many bytes at a time: the most made before its bytes come.
    static constexpr std::size_t kPieceBytes = std::size_t(4) << 20;
    /// The most room reserved for one array before its bytes come.
    static constexpr std::size_t kMaxReserveBytes = std::size_t(1) << 30;

    [[nodiscard]] std::size_t buffered() const { return end_ - read_; }

    /// A count, believed only when its elements fit in the bytes the scene has left.
    std::size_t claimed_count(std::size_t min_element_bytes, const std::string& what) {
        const auto n = get<std::uint64_t>(what + " (its count)");
        if (n > remaining() / min_element_bytes) {
            throw SceneWireError("the scene claims " + std::to_string(n) + " elements in " + what +
                                 ", but only " + std::to_string(remaining()) + " bytes are left" +
                                 at());
        }
        return std::size_t(n);
    }

    /// Makes the next `size` bytes of the scene (at most remaining()) wait in the buffer, which
    /// grows only as they come: at most kPieceBytes beyond them. The buffer keeps its size
    /// between reads (end_ marks the bytes that came): made again for each read, up to 4 MB of
    /// it was zeroed for every few bytes a pipe gave, minutes for a long string in small pieces.
    void fill(std::size_t size, const std::string& what) {
        if (buffered() >= size) return;
        if (read_ > 0) std::memmove(buffer_.data(), buffer_.data() + read_, buffered());
        end_ -= read_;
        read_ = 0;
        while (end_ < size) {
            // Never past the scene's end: what follows it is not the scene's.
            const std::size_t room = std::size_t(std::min<std::uint64_t>(
                {std::max(size - end_, kChunk), kPieceBytes, remaining() - end_}));
            if (buffer_.size() < end_ + room) buffer_.resize(end_ + room);
            const std::size_t got = source_.read(std::span(buffer_).subspan(end_, room));
            if (got == 0) throw cut_short(what);
            end_ += got;
        }
    }

    const std::byte* take(std::size_t size, const std::string& what) {
        if (size > remaining()) {
            throw SceneWireError("the scene ends in " + what + ": " + std::to_string(size) +
                                 " bytes needed, " + std::to_string(remaining()) + " left" + at());
        }
        fill(size, what);
        const std::byte* data = buffer_.data() + read_;
        read_ += size;
        offset_ += size;
        return data;
    }

    /// The next out.size() bytes (at most remaining()), the buffer's first, then the source's
    /// straight into `out`.
    void read_into(std::span<std::byte> out, const std::string& what) {
        const std::size_t from_buffer = std::min(buffered(), out.size());
        std::memcpy(out.data(), buffer_.data() + read_, from_buffer);
        read_ += from_buffer;
        offset_ += from_buffer;
        out = out.subspan(from_buffer);
        while (!out.empty()) {
            const std::size_t got = source_.read(out);
            if (got == 0) throw cut_short(what);
            offset_ += got;
            out = out.subspan(got);
        }
    }

    [[nodiscard]] SceneWireError cut_short(const std::string& what) const {
        return SceneWireError("the scene's bytes stopped in " + what + ", " +
                              std::to_string(remaining()) + " bytes before its end" + at());
    }

    SceneWireSource& source_;
    std::uint64_t size_;
    std::uint64_t offset_ = 0;       ///< bytes of the scene taken (from the buffer or straight)
    std::vector<std::byte> buffer_;  ///< bytes from the source not yet taken, read_ to end_
    std::size_t read_ = 0;
    std::size_t end_ = 0;
};

/// The bytes of a block in memory.
class SpanSource final : public SceneWireSource {
  public:
    explicit SpanSource(std::span<const std::byte> bytes) : bytes_(bytes) {}
    std::size_t read(std::span<std::byte> room) override {
        const std::size_t n = std::min(room.size(), bytes_.size());
        if (n > 0) std::memcpy(room.data(), bytes_.data(), n);
        bytes_ = bytes_.subspan(n);
        return n;
    }

  private:
    std::span<const std::byte> bytes_;
};

std::string nth(const char* kind, std::size_t index) {
    return std::string(kind) + " " + std::to_string(index);
}

MeshSkin get_skin(Reader& r, const std::string& mesh) {
    MeshSkin skin;
    skin.joints.resize(r.count(kMinJoint, mesh + "'s joints"));
    for (SkinJoint& joint : skin.joints) {
        joint.node = r.get<std::uint32_t>(mesh + "'s joints");
        joint.bone_from_mesh = r.get_mat4(mesh + "'s joints");
    }
    skin.vertex_joints = r.get_array<glm::uvec4>(mesh + "'s vertex joints");
    skin.vertex_weights = r.get_array<glm::vec4>(mesh + "'s vertex weights");
    skin.extra_begin = r.get_array<std::uint32_t>(mesh + "'s overflow offsets");
    skin.extra_influences = r.get_array<SkinInfluence>(mesh + "'s overflow influences");
    const bool rigid = r.get_enum<std::uint8_t>(2, mesh + "'s rigid-joint flag") != 0;
    const auto rigid_joint = r.get<std::uint32_t>(mesh + "'s rigid joint");
    if (rigid)
        skin.rigid_joint = rigid_joint;
    else if (rigid_joint != 0)
        throw SceneWireError(mesh + " has no rigid joint, but names one" + r.at());
    return skin;
}

MeshData get_mesh(Reader& r, std::size_t index) {
    const std::string what = nth("mesh", index);
    MeshData mesh;
    mesh.name = r.get_string(what + "'s name");
    mesh.positions = r.get_array<glm::vec3>(what + "'s positions");
    mesh.normals = r.get_array<glm::vec3>(what + "'s normals");
    mesh.indices = r.get_array<std::uint32_t>(what + "'s indices");
    mesh.material = r.get<std::uint32_t>(what + "'s material");
    mesh.flat_shaded = r.get_enum<std::uint8_t>(2, what + "'s flat-shading flag") != 0;
    mesh.tex_coords.resize(r.count(kMinTexCoordChannel, what + "'s texture coordinate channels"));
    for (TexCoordChannel& channel : mesh.tex_coords) {
        channel.components = r.get<std::uint32_t>(what + "'s texture coordinate components");
        channel.uv = r.get_array<glm::vec2>(what + "'s texture coordinates");
    }
    mesh.colors = r.get_array<glm::vec4>(what + "'s vertex colours");
    mesh.skin = get_skin(r, what);
    mesh.morph_targets.resize(r.count(kMinMorphTarget, what + "'s morph targets"));
    for (MorphTarget& target : mesh.morph_targets) {
        target.name = r.get_string(what + "'s morph target name");
        target.position_deltas = r.get_array<glm::vec3>(what + "'s morph position deltas");
        target.normal_deltas = r.get_array<glm::vec3>(what + "'s morph normal deltas");
        target.default_weight = r.get<float>(what + "'s morph default weight");
    }
    return mesh;
}

ShapeData get_shape(Reader& r, std::size_t index) {
    const std::string what = nth("shape", index);
    ShapeData shape;
    shape.kind = r.get_enum<ShapeData::Kind>(4, what + "'s kind");
    shape.name = r.get_string(what + "'s name");
    shape.node = r.get<std::uint32_t>(what + "'s node");
    shape.color = r.get_vec3(what);
    shape.center = r.get_vec3(what);
    shape.radius = r.get<float>(what);
    shape.point = r.get_vec3(what);
    shape.normal = r.get_vec3(what);
    shape.corner = r.get_vec3(what);
    shape.edge_u = r.get_vec3(what);
    shape.edge_v = r.get_vec3(what);
    shape.box_min = r.get_vec3(what);
    shape.box_max = r.get_vec3(what);
    return shape;
}

SceneNode get_node(Reader& r, std::size_t index) {
    const std::string what = nth("node", index);
    SceneNode node;
    node.name = r.get_string(what + "'s name");
    node.local_transform = r.get_mat4(what + "'s transform");
    node.parent = r.get<std::int32_t>(what + "'s parent");
    node.children = r.get_array<std::uint32_t>(what + "'s children");
    node.meshes = r.get_array<std::uint32_t>(what + "'s meshes");
    return node;
}

std::vector<VectorKey> get_vector_keys(Reader& r, const std::string& what) {
    std::vector<VectorKey> keys(r.count(kMinVectorKey, what));
    for (VectorKey& key : keys) {
        key.time = r.get<double>(what);
        key.value = r.get_vec3(what);
    }
    return keys;
}

AnimationClip get_clip(Reader& r, std::size_t index) {
    const std::string what = nth("clip", index);
    AnimationClip clip;
    clip.name = r.get_string(what + "'s name");
    clip.duration_ticks = r.get<double>(what + "'s duration");
    clip.ticks_per_second = r.get<double>(what + "'s ticks per second");
    clip.channels.resize(r.count(kMinChannel, what + "'s channels"));
    for (NodeChannel& channel : clip.channels) {
        channel.node = r.get<std::uint32_t>(what + "'s channel node");
        channel.positions = get_vector_keys(r, what + "'s position keys");
        channel.rotations.resize(r.count(kMinRotationKey, what + "'s rotation keys"));
        for (RotationKey& key : channel.rotations) {
            key.time = r.get<double>(what + "'s rotation keys");
            key.value = r.get_quat(what + "'s rotation keys");
        }
        channel.scales = get_vector_keys(r, what + "'s scale keys");
        channel.pre_state = r.get_enum<Extrapolation>(4, what + "'s pre state");
        channel.post_state = r.get_enum<Extrapolation>(4, what + "'s post state");
    }
    clip.morph_channels.resize(r.count(kMinMorphChannel, what + "'s morph channels"));
    for (MorphChannel& channel : clip.morph_channels) {
        channel.node = r.get<std::uint32_t>(what + "'s morph channel node");
        channel.keys.resize(r.count(kMinMorphKey, what + "'s morph keys"));
        for (MorphKey& key : channel.keys) {
            key.time = r.get<double>(what + "'s morph keys");
            key.weights = r.get_array<float>(what + "'s morph weights");
        }
    }
    return clip;
}

}  // namespace

void encode_scene(const Scene& scene, const SceneWireSink& sink) {
    Writer w(sink);
    w.put(kSceneWireMagic);
    w.put(kSceneWireVersion);
    w.put(scene.source);
    w.put<std::uint64_t>(scene.meshes.size());
    for (const MeshData& mesh : scene.meshes)
        put_mesh(w, mesh);
    w.put<std::uint64_t>(scene.shapes.size());
    for (const ShapeData& shape : scene.shapes)
        put_shape(w, shape);
    w.put<std::uint64_t>(scene.materials.size());
    for (const Material& material : scene.materials) {
        w.put(material.name);
        w.put(material.base_color);
        w.put(material.base_color_texture);
    }
    w.put<std::uint64_t>(scene.nodes.size());
    for (const SceneNode& node : scene.nodes)
        put_node(w, node);
    w.put<std::uint64_t>(scene.clips.size());
    for (const AnimationClip& clip : scene.clips)
        put_clip(w, clip);
    w.put<std::uint64_t>(scene.notes.size());
    for (const std::string& note : scene.notes)
        w.put(note);
    w.flush();
}

std::vector<std::byte> encode_scene(const Scene& scene) {
    std::vector<std::byte> bytes;
    encode_scene(scene, [&bytes](std::span<const std::byte> piece, WirePiece) {
        bytes.insert(bytes.end(), piece.begin(), piece.end());
    });
    return bytes;
}

Scene decode_scene(std::span<const std::byte> bytes) {
    SpanSource source(bytes);
    return decode_scene(source, bytes.size());
}

Scene decode_scene(SceneWireSource& source, std::uint64_t size) {
    Reader r(source, size);
    const auto magic = r.get<std::uint32_t>("the magic number");
    if (magic != kSceneWireMagic) throw SceneWireError("not a scene (wrong magic number)");
    const auto version = r.get<std::uint32_t>("the version");
    if (version != kSceneWireVersion) {
        throw SceneWireError("a scene of version " + std::to_string(version) +
                             ", this program reads " + std::to_string(kSceneWireVersion));
    }
    Scene scene;
    scene.source = r.get_string("the source");
    scene.meshes.resize(r.count(kMinMesh, "the meshes"));
    for (std::size_t i = 0; i < scene.meshes.size(); ++i)
        scene.meshes[i] = get_mesh(r, i);
    scene.shapes.resize(r.count(kMinShape, "the shapes"));
    for (std::size_t i = 0; i < scene.shapes.size(); ++i)
        scene.shapes[i] = get_shape(r, i);
    scene.materials.resize(r.count(kMinMaterial, "the materials"));
    for (std::size_t i = 0; i < scene.materials.size(); ++i) {
        scene.materials[i].name = r.get_string(nth("material", i) + "'s name");
        scene.materials[i].base_color = r.get_vec3(nth("material", i) + "'s colour");
        scene.materials[i].base_color_texture = r.get_string(nth("material", i) + "'s texture");
    }
    scene.nodes.resize(r.count(kMinNode, "the nodes"));
    for (std::size_t i = 0; i < scene.nodes.size(); ++i)
        scene.nodes[i] = get_node(r, i);
    scene.clips.resize(r.count(kMinClip, "the clips"));
    for (std::size_t i = 0; i < scene.clips.size(); ++i)
        scene.clips[i] = get_clip(r, i);
    scene.notes.resize(r.count(kCountBytes, "the notes"));
    for (std::string& note : scene.notes)
        note = r.get_string("a note");
    if (r.remaining() > 0) {
        throw SceneWireError(std::to_string(r.remaining()) + " bytes follow the scene" + r.at());
    }
    return scene;
}

}  // namespace assets
