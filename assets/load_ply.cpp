// The binary PLY reader: the header in words, then the two elements read in place.
// PLY: Greg Turk, "The PLY Polygon File Format" (1994).

#include "assets/load_ply.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "assets/binary_scalar.h"

namespace assets {

namespace {

/// The longest header read: a real one is a few hundred bytes, and a file without
/// "end_header" near its start is not a PLY this reader takes.
constexpr std::size_t kMaxHeaderBytes = 64 * 1024;

struct Property {
    std::string name;
    Scalar type = Scalar::Float32;
    bool is_list = false;
    Scalar count_type = Scalar::UInt8;  ///< a list's count
};

struct Element {
    std::string name;
    std::uint64_t count = 0;
    std::vector<Property> properties;
};

struct Header {
    bool big_endian = false;
    std::vector<Element> elements;
    std::size_t data_offset = 0;  ///< the first byte after "end_header\n"
};

std::vector<std::string_view> words_of(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

/// The header, or nothing when it is not a binary PLY header this reader knows.
std::optional<Header> parse_header(std::span<const std::byte> bytes) {
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()),
                                std::min(bytes.size(), kMaxHeaderBytes));
    Header header;
    bool format_seen = false;
    std::size_t at = 0;
    for (int line_number = 0;; ++line_number) {
        const std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) return std::nullopt;
        std::string_view line = text.substr(at, end - at);
        at = end + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line_number == 0) {
            if (line != "ply") return std::nullopt;
            continue;
        }
        const std::vector<std::string_view> words = words_of(line);
        if (words.empty()) continue;
        const std::string_view keyword = words[0];
        if (keyword == "comment" || keyword == "obj_info") continue;
        if (keyword == "end_header") break;
        if (keyword == "format") {
            if (words.size() != 3 || format_seen) return std::nullopt;
            if (words[1] == "binary_little_endian")
                header.big_endian = false;
            else if (words[1] == "binary_big_endian")
                header.big_endian = true;
            else
                return std::nullopt;  // ASCII goes to Assimp
            format_seen = true;
        } else if (keyword == "element") {
            if (words.size() != 3) return std::nullopt;
            Element element;
            element.name = std::string(words[1]);
            const auto [end_of_count, error] =
                std::from_chars(words[2].data(), words[2].data() + words[2].size(), element.count);
            if (error != std::errc() || end_of_count != words[2].data() + words[2].size())
                return std::nullopt;
            header.elements.push_back(std::move(element));
        } else if (keyword == "property") {
            if (header.elements.empty()) return std::nullopt;
            Property property;
            if (words.size() == 5 && words[1] == "list") {
                const auto count_type = scalar_named(words[2]);
                const auto index_type = scalar_named(words[3]);
                if (!count_type || !index_type) return std::nullopt;
                property.is_list = true;
                property.count_type = *count_type;
                property.type = *index_type;
                property.name = std::string(words[4]);
            } else if (words.size() == 3) {
                const auto type = scalar_named(words[1]);
                if (!type) return std::nullopt;
                property.type = *type;
                property.name = std::string(words[2]);
            } else {
                return std::nullopt;
            }
            header.elements.back().properties.push_back(std::move(property));
        } else {
            return std::nullopt;
        }
    }
    if (!format_seen) return std::nullopt;
    header.data_offset = at;
    return header;
}

/// Vertex properties Assimp turns into colours or texture coordinates: a file with any of them
/// is left to Assimp, which keeps them.
bool is_colour_or_tex_coord(std::string_view name) {
    for (const std::string_view part : {"red", "green", "blue", "alpha", "texture", "color"})
        if (name.find(part) != std::string_view::npos) return true;
    for (const std::string_view uv : {"s", "t", "u", "v", "tx", "ty"})
        if (name == uv) return true;
    return false;
}

/// Where one named property sits in a vertex row, if the row has it.
struct Field {
    std::size_t offset = 0;
    Scalar type = Scalar::Float32;
    bool present = false;
};

/// How a vertex row is read.
struct VertexLayout {
    std::size_t stride = 0;
    Field x, y, z, nx, ny, nz;
};

std::optional<VertexLayout> vertex_layout(const Element& vertex) {
    VertexLayout layout;
    for (const Property& property : vertex.properties) {
        if (property.is_list || is_colour_or_tex_coord(property.name)) return std::nullopt;
        const Field field{layout.stride, property.type, true};
        for (auto [name, slot] : {std::pair{"x", &layout.x}, std::pair{"y", &layout.y},
                                  std::pair{"z", &layout.z}, std::pair{"nx", &layout.nx},
                                  std::pair{"ny", &layout.ny}, std::pair{"nz", &layout.nz}})
            if (property.name == name && !slot->present) *slot = field;
        layout.stride += size_of(property.type);
    }
    if (!layout.x.present || !layout.y.present || !layout.z.present) return std::nullopt;
    for (const Field* f : {&layout.x, &layout.y, &layout.z, &layout.nx, &layout.ny, &layout.nz})
        if (f->present && !is_floating(f->type)) return std::nullopt;
    return layout;
}

/// How a face row is read: scalars before the list, the list of three, scalars after it.
struct FaceLayout {
    std::size_t before = 0, after = 0;
    Scalar count_type = Scalar::UInt8;
    Scalar index_type = Scalar::Int32;

    [[nodiscard]] std::size_t triangle_row() const {
        return before + size_of(count_type) + 3 * size_of(index_type) + after;
    }
};

std::optional<FaceLayout> face_layout(const Element& face) {
    FaceLayout layout;
    bool list_seen = false;
    for (const Property& property : face.properties) {
        if (property.is_list) {
            if (list_seen || (property.name != "vertex_indices" && property.name != "vertex_index"))
                return std::nullopt;
            if (is_floating(property.count_type) || is_floating(property.type)) return std::nullopt;
            layout.count_type = property.count_type;
            layout.index_type = property.type;
            list_seen = true;
        } else {
            (list_seen ? layout.after : layout.before) += size_of(property.type);
        }
    }
    if (!list_seen) return std::nullopt;
    return layout;
}

std::string count_text(std::uint64_t n) {
    return std::to_string(n);
}

/// Checks `progress->cancel` and reports `fraction`.
void report(LoadProgress* progress, float fraction, const std::filesystem::path& path) {
    if (progress == nullptr) return;
    progress->fraction = fraction;
    if (progress->cancel) throw LoadError(path, "loading cancelled", LoadFailure::Cancelled);
}

/// How many rows are read between two looks at `cancel`.
constexpr std::size_t kRowsPerReport = std::size_t(1) << 20;

void read_vertices(const std::byte* data, const Element& element, const VertexLayout& layout,
                   bool big_endian, MeshData& mesh, const std::filesystem::path& path,
                   LoadProgress* progress) {
    const std::size_t count = std::size_t(element.count);
    mesh.positions.resize(count);
    const bool read_normals = layout.nx.present && layout.ny.present && layout.nz.present;
    if (read_normals) mesh.normals.resize(count);
    const bool packed_floats = !big_endian && layout.stride == 12 && layout.x.offset == 0 &&
                               layout.y.offset == 4 && layout.z.offset == 8 &&
                               layout.x.type == Scalar::Float32 &&
                               layout.y.type == Scalar::Float32 && layout.z.type == Scalar::Float32;
    if (packed_floats) {
        // The common case, and the one a big scan is written in: x y z floats and nothing else.
        // (No vertices: data() may be null, which memcpy must never see.)
        if (count > 0) std::memcpy(mesh.positions.data(), data, count * 12);
        return;
    }
    const auto read = [&](const std::byte* row, const Field& field) {
        return float(load_floating(row + field.offset, field.type, big_endian));
    };
    for (std::size_t v = 0; v < count; ++v) {
        if (v % kRowsPerReport == 0) report(progress, 0.3f * float(v) / float(count), path);
        const std::byte* row = data + v * layout.stride;
        mesh.positions[v] = {read(row, layout.x), read(row, layout.y), read(row, layout.z)};
        if (read_normals)
            mesh.normals[v] = {read(row, layout.nx), read(row, layout.ny), read(row, layout.nz)};
    }
}

/// Reads the faces when the file holds `count` rows of three indices; false when a face has
/// another number of corners (the file is left to Assimp).
bool read_triangles(const std::byte* data, std::size_t count, const FaceLayout& layout,
                    bool big_endian, std::uint64_t vertex_count, MeshData& mesh,
                    const std::filesystem::path& path, LoadProgress* progress) {
    mesh.indices.resize(3 * count);
    const std::size_t row_size = layout.triangle_row();
    const std::size_t count_size = size_of(layout.count_type);
    const std::size_t index_size = size_of(layout.index_type);
    for (std::size_t f = 0; f < count; ++f) {
        if (f % kRowsPerReport == 0) report(progress, 0.3f + 0.5f * float(f) / float(count), path);
        const std::byte* row = data + f * row_size + layout.before;
        if (load_integer(row, layout.count_type, big_endian) != 3) return false;
        row += count_size;
        for (std::size_t corner = 0; corner < 3; ++corner, row += index_size) {
            const std::int64_t index = load_integer(row, layout.index_type, big_endian);
            if (index < 0 || std::uint64_t(index) >= vertex_count) {
                throw LoadError(path, "face " + count_text(f) + " names vertex " +
                                          std::to_string(index) + ", but the file has " +
                                          count_text(vertex_count) + " vertices");
            }
            mesh.indices[3 * f + corner] = std::uint32_t(index);
        }
    }
    return true;
}

/// When the faces do not fit the file as triangles: either some are polygons (false: left to
/// Assimp) or the file ends early (throws).
bool faces_are_polygons(std::span<const std::byte> faces, std::uint64_t count,
                        const FaceLayout& layout, bool big_endian,
                        const std::filesystem::path& path) {
    const std::size_t count_size = size_of(layout.count_type);
    const std::size_t row = layout.triangle_row();
    std::size_t at = 0;
    for (std::uint64_t f = 0; f < count && faces.size() - at >= layout.before + count_size; ++f) {
        if (load_integer(faces.data() + at + layout.before, layout.count_type, big_endian) != 3)
            return true;
        if (faces.size() - at < row) break;
        at += row;
    }
    throw LoadError(
        path, "the file ends before its " + count_text(count) + " faces do (it is cut short)");
}

}  // namespace

std::optional<Scene> read_binary_ply(std::span<const std::byte> bytes,
                                     const std::filesystem::path& path, LoadProgress* progress) {
    const std::optional<Header> header = parse_header(bytes);
    if (!header || header->elements.size() != 2 || header->elements[0].name != "vertex" ||
        header->elements[1].name != "face")
        return std::nullopt;
    const Element& vertices = header->elements[0];
    const Element& faces = header->elements[1];
    const std::optional<VertexLayout> vertex = vertex_layout(vertices);
    const std::optional<FaceLayout> face = face_layout(faces);
    if (!vertex || !face) return std::nullopt;

    if (vertices.count > std::uint64_t(UINT32_MAX)) {
        throw LoadError(path, "it has " + count_text(vertices.count) +
                                  " vertices, more than 32-bit indices reach");
    }
    const std::span<const std::byte> body = bytes.subspan(header->data_offset);
    // Every size is checked against the file before anything is allocated: a header may claim
    // billions of elements.
    if (vertices.count > body.size() / vertex->stride) {
        throw LoadError(path, "the file ends before its " + count_text(vertices.count) +
                                  " vertices do (it is cut short, or the header's count is wrong)");
    }
    const std::size_t vertex_bytes = std::size_t(vertices.count) * vertex->stride;
    const std::span<const std::byte> face_bytes = body.subspan(vertex_bytes);
    if (faces.count > face_bytes.size() / face->triangle_row()) {
        if (faces_are_polygons(face_bytes, faces.count, *face, header->big_endian, path))
            return std::nullopt;
    }

    MeshData mesh;
    mesh.name = capped_name(path.stem().string());
    read_vertices(body.data(), vertices, *vertex, header->big_endian, mesh, path, progress);
    if (!read_triangles(face_bytes.data(), std::size_t(faces.count), *face, header->big_endian,
                        vertices.count, mesh, path, progress))
        return std::nullopt;
    // Without normals in the file, none: picking needs none, and drawing derives them.
    const bool normals_from_file = !mesh.normals.empty();
    report(progress, 1.0f, path);
    std::string note =
        std::string("Read by raypick's binary PLY reader (") +
        (header->big_endian ? "big" : "little") + "-endian, " +
        (normals_from_file ? "the file's normals" : "smooth normals derived for drawing") +
        "); PLY files with colours, texture coordinates or polygons go to Assimp";
    return make_single_mesh_scene(path.string(), std::move(mesh), {std::move(note)});
}

}  // namespace assets
