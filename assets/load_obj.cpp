// The tinyobjloader path for .obj files. tinyobjloader parses and triangulates by its own rules
// (a quad is cut along its shorter diagonal, larger polygons are ear-clipped), so its triangles
// cover the same surface as the Assimp path's but may split a polygon along other diagonals.
// Concave faces are its weak spot: a concave quad whose shorter diagonal lies outside it, and
// polygons its ear clipping gets wrong (2.0's convexity test depends on where the polygon lies
// relative to the origin), come out covering more or less than the face.
//
// Layout: a root named after the file; one child node per tinyobjloader shape (the faces after
// an `o` or `g` statement, named as tinyobjloader reads it; "defaultobject" for faces before
// any), drawing one mesh per material the shape uses, in order of first use. materials[0] is
// "DefaultMaterial", for faces without a material the .mtl defines; the .mtl's follow in order.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <streambuf>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <tiny_obj_loader.h>

#include "assets/finite_vec3.h"
#include "assets/load_model.h"
#include "assets/texture_path.h"

namespace assets {

namespace {

/// Feeds the file to tinyobjloader in chunks, reporting how far it got; when the waiter sets
/// cancel, the file seems to end there (tinyobjloader has no other way to stop).
class ProgressReader final : public std::streambuf {
  public:
    ProgressReader(const std::filesystem::path& path, LoadProgress* progress)
        : file_(path, std::ios::binary), progress_(progress) {
        std::error_code ec;
        const auto size = std::filesystem::file_size(path, ec);
        total_ = ec ? 0 : std::size_t(size);
    }

    [[nodiscard]] bool opened() const { return file_.is_open(); }
    [[nodiscard]] bool failed() const { return file_.bad(); }

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        if (progress_ != nullptr && progress_->cancel) return traits_type::eof();
        file_.read(buffer_.data(), std::streamsize(buffer_.size()));
        const auto count = std::size_t(file_.gcount());
        if (count == 0) return traits_type::eof();
        read_ += count;
        if (progress_ != nullptr && total_ > 0)
            progress_->fraction = 0.9f * float(std::min(1.0, double(read_) / double(total_)));
        setg(buffer_.data(), buffer_.data(), buffer_.data() + count);
        return traits_type::to_int_type(*gptr());
    }

  private:
    std::ifstream file_;
    LoadProgress* progress_;
    std::array<char, 1 << 16> buffer_{};
    std::size_t total_ = 0, read_ = 0;
};

/// The .mtl files an .obj names, read from beside it as tinyobjloader's MaterialFileReader
/// reads them, but only regular files of at most kMaxBytes: `mtllib ../../dev/zero` had
/// tinyobjloader read one endless line until memory ran out. A file refused here is missing
/// to tinyobjloader (a warning, and faces without its materials).
class BoundedMaterialReader final : public tinyobj::MaterialReader {
  public:
    static constexpr std::uintmax_t kMaxBytes = std::uintmax_t(64) << 20;

    explicit BoundedMaterialReader(std::filesystem::path directory)
        : directory_(std::move(directory)) {}

    bool operator()(const std::string& name, std::vector<tinyobj::material_t>* materials,
                    std::map<std::string, int>* by_name, std::string* warnings,
                    std::string* errors) override {
        const std::filesystem::path path = directory_ / name;
        std::error_code ec;
        const auto status = std::filesystem::status(path, ec);
        std::string refused;
        if (ec || !std::filesystem::exists(status)) {
            refused = "not found";
        } else if (!std::filesystem::is_regular_file(status)) {
            refused = "not a regular file";
        } else if (const auto size = std::filesystem::file_size(path, ec); ec || size > kMaxBytes) {
            refused = "larger than " + std::to_string(kMaxBytes >> 20) + " MiB";
        }
        std::ifstream in;
        if (refused.empty()) {
            in.open(path, std::ios::binary);
            if (!in) refused = "cannot be opened";
        }
        if (!refused.empty()) {
            if (warnings != nullptr)
                *warnings +=
                    "Material file [ " + name + " ] " + refused + "; its materials are ignored\n";
            return false;
        }
        tinyobj::LoadMtl(by_name, materials, &in, warnings, errors);
        return true;
    }

  private:
    std::filesystem::path directory_;
};

std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

/// tinyobjloader's warnings, one per line, each once (it repeats some for every face).
std::vector<std::string> distinct_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::set<std::string> seen;
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        std::string line = trim(std::string_view(text).substr(begin, end - begin));
        begin = end + 1;
        // "Degenerated face found\n." leaves a lone full stop behind.
        if (line.size() > 1 && seen.insert(line).second) lines.push_back(std::move(line));
    }
    return lines;
}

/// tinyobjloader skips a quad or polygon that uses a missing vertex and only warns; such a
/// file is as corrupt as one whose triangle does, which it keeps, so both are refused.
void refuse_missing_vertices(const std::vector<std::string>& warnings,
                             const std::filesystem::path& path) {
    for (const std::string& warning : warnings) {
        if (warning.find("Vertex indices out of bounds") != std::string::npos ||
            warning.find("invalid vertex index") != std::string::npos)
            throw LoadError(path, "a face uses a vertex the file does not have (tinyobjloader: " +
                                      warning + ")");
    }
}

glm::vec3 vec3_at(const std::vector<tinyobj::real_t>& values, int index) {
    const std::size_t at = std::size_t(index) * 3;
    return {float(values[at]), float(values[at + 1]), float(values[at + 2])};
}

/// Whether corner attribute `index` names one of `count` elements whose numbers are finite.
bool usable(int index, std::size_t count, const std::vector<tinyobj::real_t>& values,
            std::size_t width) {
    if (index < 0 || std::size_t(index) >= count) return false;
    for (std::size_t i = 0; i < width; ++i)
        if (!std::isfinite(values[std::size_t(index) * width + i])) return false;
    return true;
}

/// A vertex of a mesh: the file's position, normal and texture coordinate indices of a corner
/// (-1 for an attribute the mesh does not use).
struct CornerKey {
    int position, normal, tex_coord;
    bool operator==(const CornerKey&) const = default;
};

struct CornerKeyHash {
    std::size_t operator()(const CornerKey& key) const {
        std::uint64_t h = std::uint32_t(key.position);
        h = h * 0x9E3779B97F4A7C15ull ^ std::uint32_t(key.normal);
        h = h * 0x9E3779B97F4A7C15ull ^ std::uint32_t(key.tex_coord);
        return std::size_t(h ^ (h >> 29));
    }
};

/// Gives every distinct corner key of `triangles` one vertex (made by `add_vertex`) and fills the
/// mesh's indices.
template <class AddVertex, class KeyOf>
void add_vertices(const tinyobj::shape_t& shape, const std::vector<std::size_t>& triangles,
                  MeshData& mesh, const AddVertex& add_vertex, const KeyOf& key_of) {
    using Key = decltype(key_of(shape.mesh.indices[0]));
    using Hash = std::conditional_t<std::is_same_v<Key, CornerKey>, CornerKeyHash, std::hash<Key>>;
    std::unordered_map<Key, std::uint32_t, Hash> vertex_of;
    for (const std::size_t t : triangles) {
        for (std::size_t k = 0; k < 3; ++k) {
            const tinyobj::index_t& corner = shape.mesh.indices[3 * t + k];
            const auto [it, inserted] =
                vertex_of.try_emplace(key_of(corner), std::uint32_t(mesh.positions.size()));
            if (inserted) add_vertex(corner);
            mesh.indices.push_back(it->second);
        }
    }
}

/// One mesh of the given triangles of a shape: a vertex per (position, normal, texture
/// coordinate) triple; the file's normals and texture coordinates when every corner has a usable
/// one (no normals, derived for drawing, and no UVs, otherwise); vertex colours when every
/// position has one.
MeshData build_mesh(const tinyobj::shape_t& shape, const std::string& name,
                    const std::vector<std::size_t>& triangles, const tinyobj::attrib_t& attrib,
                    const std::filesystem::path& path, std::vector<std::string>& notes) {
    const std::size_t position_count = attrib.vertices.size() / 3;
    const std::size_t normal_count = attrib.normals.size() / 3;
    const std::size_t tex_coord_count = attrib.texcoords.size() / 2;
    bool use_normals = true, some_normals = false;
    bool use_tex_coords = true, some_tex_coords = false;
    for (const std::size_t t : triangles) {
        for (std::size_t k = 0; k < 3; ++k) {
            const tinyobj::index_t& corner = shape.mesh.indices[3 * t + k];
            if (corner.vertex_index < 0 || std::size_t(corner.vertex_index) >= position_count) {
                throw LoadError(path, "a face of '" + name +
                                          "' uses a vertex the file does not have (it has " +
                                          std::to_string(position_count) + ")");
            }
            use_normals =
                use_normals && usable(corner.normal_index, normal_count, attrib.normals, 3);
            some_normals = some_normals || corner.normal_index >= 0;
            use_tex_coords = use_tex_coords &&
                             usable(corner.texcoord_index, tex_coord_count, attrib.texcoords, 2);
            some_tex_coords = some_tex_coords || corner.texcoord_index >= 0;
        }
    }
    // tinyobjloader keeps colours only when every `v` line has them.
    bool use_colors = attrib.colors.size() == attrib.vertices.size();
    for (std::size_t i = 0; use_colors && i < attrib.colors.size(); ++i)
        use_colors = std::isfinite(attrib.colors[i]);

    MeshData mesh;
    mesh.indices.reserve(triangles.size() * 3);
    if (use_tex_coords) mesh.tex_coords.resize(1);
    const auto add_vertex = [&](const tinyobj::index_t& corner) {
        mesh.positions.push_back(vec3_at(attrib.vertices, corner.vertex_index));
        if (use_normals) mesh.normals.push_back(vec3_at(attrib.normals, corner.normal_index));
        if (use_tex_coords) {
            const std::size_t at = std::size_t(corner.texcoord_index) * 2;
            mesh.tex_coords[0].uv.emplace_back(float(attrib.texcoords[at]),
                                               float(attrib.texcoords[at + 1]));
        }
        if (use_colors) mesh.colors.emplace_back(vec3_at(attrib.colors, corner.vertex_index), 1.0f);
    };
    if (use_tex_coords) {
        add_vertices(shape, triangles, mesh, add_vertex, [&](const tinyobj::index_t& corner) {
            return CornerKey{corner.vertex_index, use_normals ? corner.normal_index : -1,
                             corner.texcoord_index};
        });
    } else {
        // Without UVs the key stays one 64-bit number (a cheaper map for the largest files).
        add_vertices(shape, triangles, mesh, add_vertex, [&](const tinyobj::index_t& corner) {
            return (std::uint64_t(std::uint32_t(corner.vertex_index)) << 32) |
                   (use_normals ? std::uint64_t(std::uint32_t(corner.normal_index)) : 0u);
        });
    }
    // Without usable normals, none: picking needs none, and drawing derives smooth ones.
    if (!use_normals && some_normals) {
        notes.push_back("'" + name +
                        "': some corners have no (valid) normal; smooth normals are derived "
                        "instead");
    }
    if (!use_tex_coords && some_tex_coords) {
        notes.push_back("'" + name +
                        "': some corners have no (valid) texture coordinate; UVs are ignored");
    }
    return mesh;
}

std::size_t count_points_and_lines(const std::vector<tinyobj::shape_t>& shapes) {
    std::size_t count = 0;
    for (const tinyobj::shape_t& shape : shapes)
        count += shape.lines.num_line_vertices.size() + shape.points.indices.size();
    return count;
}

}  // namespace

Scene load_obj_with_tinyobjloader(const std::filesystem::path& path, LoadProgress* progress) {
    const auto cancelled = [progress] { return progress != nullptr && progress->cancel.load(); };
    if (cancelled()) throw LoadError(path, "loading was cancelled", LoadFailure::Cancelled);
    if (progress) progress->fraction = 0.0f;

    ProgressReader reader(path, progress);
    if (!reader.opened()) throw LoadError(path, "cannot be opened");
    std::istream stream(&reader);
    BoundedMaterialReader material_reader(path.parent_path());  // .mtl files next to the .obj

    tinyobj::attrib_t attrib;
    std::vector<tinyobj::shape_t> shapes;
    std::vector<tinyobj::material_t> materials;
    std::string warnings, errors;
    const bool ok = tinyobj::LoadObj(&attrib, &shapes, &materials, &warnings, &errors, &stream,
                                     &material_reader, /*triangulate=*/true,
                                     /*default_vcols_fallback=*/false);
    if (cancelled()) throw LoadError(path, "loading was cancelled", LoadFailure::Cancelled);
    if (reader.failed()) throw LoadError(path, "could not be read");
    if (!ok || !trim(errors).empty())
        throw LoadError(
            path, "tinyobjloader: " + (trim(errors).empty() ? "cannot read it" : trim(errors)));
    const std::vector<std::string> warning_lines = distinct_lines(warnings);
    refuse_missing_vertices(warning_lines, path);

    Scene scene;
    scene.source = path.string();
    constexpr std::size_t kMaxWarningNotes = 10;
    for (std::size_t i = 0; i < warning_lines.size() && i < kMaxWarningNotes; ++i)
        scene.notes.push_back("tinyobjloader: " + warning_lines[i]);
    if (warning_lines.size() > kMaxWarningNotes) {
        scene.notes.push_back(
            "tinyobjloader: " + std::to_string(warning_lines.size() - kMaxWarningNotes) +
            " more warnings");
    }
    if (const std::size_t dropped = count_points_and_lines(shapes); dropped > 0)
        scene.notes.push_back(std::to_string(dropped) + " line/point primitives were dropped");

    // The grey Assimp gives faces without a material: a model looks alike through either path.
    scene.materials.push_back({"DefaultMaterial", glm::vec3(0.6f), ""});
    for (const tinyobj::material_t& m : materials) {
        const glm::vec3 diffuse(float(m.diffuse[0]), float(m.diffuse[1]), float(m.diffuse[2]));
        std::string texture;
        if (!m.diffuse_texname.empty()) texture = resolve_texture_path(m.diffuse_texname, path);
        if (texture.size() > kMaxTexturePathBytes) {
            scene.notes.push_back("material '" + capped_name(m.name) +
                                  "': its texture path is too long and is ignored");
            texture.clear();
        }
        scene.materials.push_back({capped_name(m.name),
                                   is_finite(diffuse) ? diffuse : Material{}.base_color,
                                   std::move(texture)});
    }

    const std::string file = path.filename().string();
    scene.nodes.push_back(SceneNode{file, glm::mat4(1.0f), -1, {}, {}});
    for (const tinyobj::shape_t& shape : shapes) {
        // Triangles by material (scene index), materials in order of first use.
        std::vector<std::pair<std::uint32_t, std::vector<std::size_t>>> by_material;
        const std::size_t triangle_count = shape.mesh.indices.size() / 3;
        for (std::size_t t = 0; t < triangle_count; ++t) {
            const int id = t < shape.mesh.material_ids.size() ? shape.mesh.material_ids[t] : -1;
            const auto material =
                id >= 0 && std::size_t(id) < materials.size() ? std::uint32_t(id) + 1 : 0u;
            auto run = std::find_if(by_material.begin(), by_material.end(),
                                    [&](const auto& entry) { return entry.first == material; });
            if (run == by_material.end())
                run = by_material.insert(by_material.end(), {material, {}});
            run->second.push_back(t);
        }
        if (by_material.empty()) continue;

        const std::string name =
            trim(shape.name).empty() ? "defaultobject" : capped_name(trim(shape.name));
        SceneNode node{name, glm::mat4(1.0f), 0, {}, {}};
        for (const auto& [material, triangles] : by_material) {
            MeshData mesh = build_mesh(shape, name, triangles, attrib, path, scene.notes);
            mesh.name = by_material.size() == 1
                            ? name
                            : capped_name(name + " (" + scene.materials[material].name + ")");
            mesh.material = material;
            node.meshes.push_back(std::uint32_t(scene.meshes.size()));
            scene.meshes.push_back(std::move(mesh));
        }
        scene.nodes[0].children.push_back(std::uint32_t(scene.nodes.size()));
        scene.nodes.push_back(std::move(node));
    }
    if (progress) progress->fraction = 1.0f;
    return scene;
}

}  // namespace assets
