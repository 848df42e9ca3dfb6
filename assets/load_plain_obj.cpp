// The plain OBJ reader: one pass over the text, a line at a time.

#include "assets/load_plain_obj.h"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "assets/scene/mesh_normals.h"

namespace assets {

namespace {

/// How many bytes are read between two looks at `cancel`.
constexpr std::size_t kBytesPerReport = std::size_t(16) << 20;

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

const char* skip_blanks(const char* p, const char* end) {
    while (p != end && is_blank(*p))
        ++p;
    return p;
}

/// Reads the line's next number into `value`; false at the line's end or when the next word is
/// not a number alone.
template <class Number>
bool next_number(const char*& p, const char* end, Number& value) {
    p = skip_blanks(p, end);
    if (p == end) return false;
    const auto [next, error] = std::from_chars(p, end, value);
    if (error != std::errc() || (next != end && !is_blank(*next))) return false;
    p = next;
    return true;
}

/// What one line of the file is, as far as this reader cares.
enum class LineKind { Skip, Vertex, Face, Name, Other };

LineKind kind_of(std::string_view keyword) {
    if (keyword.empty() || keyword[0] == '#' || keyword == "s") return LineKind::Skip;
    if (keyword == "v") return LineKind::Vertex;
    if (keyword == "f") return LineKind::Face;
    if (keyword == "o" || keyword == "g") return LineKind::Name;
    return LineKind::Other;  // vt, vn, usemtl, mtllib, l, p, curves...: Assimp's
}

}  // namespace

std::optional<Scene> read_plain_obj(std::span<const std::byte> bytes,
                                    const std::filesystem::path& path, LoadProgress* progress) {
    const char* const begin = reinterpret_cast<const char*>(bytes.data());
    const char* const end = begin + bytes.size();
    MeshData mesh;
    mesh.name = "defaultobject";  // Assimp's and tinyobjloader's name for faces before any o or g
    bool named = false;
    std::size_t face_count = 0;
    std::size_t next_report = kBytesPerReport;
    for (const char* line = begin; line < end;) {
        const char* newline =
            static_cast<const char*>(std::memchr(line, '\n', std::size_t(end - line)));
        const char* const line_end = newline ? newline : end;
        const char* p = skip_blanks(line, line_end);
        line = newline ? newline + 1 : end;
        if (progress != nullptr && std::size_t(line - begin) >= next_report) {
            next_report += kBytesPerReport;
            progress->fraction = 0.9f * float(line - begin) / float(bytes.size());
            if (progress->cancel)
                throw LoadError(path, "loading cancelled", LoadFailure::Cancelled);
        }
        const char* word_end = p;
        while (word_end != line_end && !is_blank(*word_end))
            ++word_end;
        const std::string_view keyword(p, std::size_t(word_end - p));
        p = word_end;
        switch (kind_of(keyword)) {
            case LineKind::Skip:
                break;
            case LineKind::Other:
                return std::nullopt;
            case LineKind::Name: {
                if (named) return std::nullopt;  // several objects or groups: Assimp's meshes
                named = true;
                // The words after the keyword, blanks trimmed at both ends (the start first: a
                // name of blanks alone must leave p at the line's end, never past name_end).
                p = skip_blanks(p, line_end);
                const char* name_end = line_end;
                while (name_end != p && is_blank(name_end[-1]))
                    --name_end;
                if (p != name_end)
                    mesh.name = capped_name(std::string_view(p, std::size_t(name_end - p)));
                break;
            }
            case LineKind::Vertex: {
                glm::vec3 v;
                if (!next_number(p, line_end, v.x) || !next_number(p, line_end, v.y) ||
                    !next_number(p, line_end, v.z))
                    return std::nullopt;
                // A weight (Assimp divides by it) or colours: Assimp's.
                if (skip_blanks(p, line_end) != line_end) return std::nullopt;
                mesh.positions.push_back(v);
                break;
            }
            case LineKind::Face: {
                std::int64_t corners[3];
                for (std::int64_t& corner : corners)
                    if (!next_number(p, line_end, corner)) return std::nullopt;
                if (skip_blanks(p, line_end) != line_end) return std::nullopt;  // a polygon
                for (const std::int64_t corner : corners) {
                    // 1-based, or counted back from the last vertex so far when negative.
                    const std::int64_t index =
                        corner > 0 ? corner - 1 : std::int64_t(mesh.positions.size()) + corner;
                    if (corner == 0 || index < 0 || index >= std::int64_t(UINT32_MAX)) {
                        throw LoadError(path, "face " + std::to_string(face_count) +
                                                  " names vertex " + std::to_string(corner) +
                                                  ", which the file does not have");
                    }
                    mesh.indices.push_back(std::uint32_t(index));
                }
                ++face_count;
                break;
            }
        }
    }
    // A positive index may name a vertex that comes later: checked once all are read.
    for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
        if (mesh.indices[i] >= mesh.positions.size()) {
            throw LoadError(path, "face " + std::to_string(i / 3) + " names vertex " +
                                      std::to_string(std::uint64_t(mesh.indices[i]) + 1) +
                                      ", but the file has " +
                                      std::to_string(mesh.positions.size()) + " vertices");
        }
    }
    compute_smooth_normals(mesh);
    if (progress != nullptr) progress->fraction = 1.0f;
    // The layout of the other OBJ paths (assets/load_obj.cpp): a root named after the file and
    // a child for the object, drawing its one mesh with the default material.
    Scene scene;
    scene.source = path.string();
    SceneNode root, object;
    root.name = capped_name(path.filename().string());
    root.children = {1};
    object.name = mesh.name;
    object.parent = 0;
    object.meshes = {0};
    scene.nodes = {std::move(root), std::move(object)};
    scene.meshes.push_back(std::move(mesh));
    scene.materials.push_back({"DefaultMaterial", glm::vec3(0.6f), ""});
    scene.notes.push_back(
        "Read by raypick's plain OBJ reader (positions and triangles, smooth normals computed); "
        "OBJ files with texture coordinates, normals, materials, polygons or several objects go "
        "to Assimp");
    return scene;
}

}  // namespace assets
