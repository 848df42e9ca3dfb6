#include "assets/load_model.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <new>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include "assets/load_plain_obj.h"
#include "assets/load_ply.h"
#include "assets/load_stl.h"
#include "assets/mapped_file.h"
#include "assets/procedural/default_scene.h"
#include "assets/procedural/torus_knot.h"

namespace assets {

namespace {

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

std::string describe_mesh(const MeshData& mesh, std::size_t index) {
    return "mesh " + std::to_string(index) + (mesh.name.empty() ? "" : " '" + mesh.name + "'");
}

std::string describe_node(const SceneNode& node, std::size_t index) {
    return "node " + std::to_string(index) + (node.name.empty() ? "" : " '" + node.name + "'");
}

std::string format_vec3(const glm::vec3& v) {
    return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) +
           ")";
}

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

bool finite(const glm::mat4& m) {
    for (int c = 0; c < 4; ++c)
        if (!finite(glm::vec3(m[c])) || !std::isfinite(m[c].w)) return false;
    return true;
}

bool finite(const glm::quat& q) {
    return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

/// Every number a mesh holds besides its positions (checked with their own message) is finite.
void validate_mesh_numbers(const MeshData& mesh, std::size_t m, const std::filesystem::path& path) {
    const auto refuse = [&](const std::string& what) {
        throw LoadError(path, describe_mesh(mesh, m) + " has a non-finite " + what);
    };
    for (const glm::vec3& n : mesh.normals)
        if (!finite(n)) refuse("normal");
    for (const SkinJoint& joint : mesh.skin.joints)
        if (!finite(joint.bone_from_mesh)) refuse("joint offset matrix");
    for (const MorphTarget& target : mesh.morph_targets) {
        if (!std::isfinite(target.default_weight)) refuse("morph target weight");
        for (const glm::vec3& d : target.position_deltas)
            if (!finite(d)) refuse("morph target delta");
        for (const glm::vec3& d : target.normal_deltas)
            if (!finite(d)) refuse("morph target delta");
    }
}

/// Texture coordinates and colours: at most kMaxTexCoordChannels channels of 1 to 3 components,
/// one finite element per position each (what interpolating at a hit relies on).
void validate_vertex_attributes(const MeshData& mesh, std::size_t m,
                                const std::filesystem::path& path) {
    const auto refuse = [&](const std::string& what) {
        throw LoadError(path, describe_mesh(mesh, m) + " " + what);
    };
    const std::string positions = std::to_string(mesh.positions.size()) + " positions";
    if (mesh.tex_coords.size() > kMaxTexCoordChannels) {
        refuse("has " + std::to_string(mesh.tex_coords.size()) +
               " texture coordinate channels (at most " + std::to_string(kMaxTexCoordChannels) +
               ")");
    }
    for (std::size_t c = 0; c < mesh.tex_coords.size(); ++c) {
        const TexCoordChannel& channel = mesh.tex_coords[c];
        const std::string name = "texture coordinate channel " + std::to_string(c);
        if (channel.uv.size() != mesh.positions.size())
            refuse("has " + std::to_string(channel.uv.size()) + " coordinates in its " + name +
                   " for " + positions);
        if (channel.components < 1 || channel.components > 3)
            refuse("says its " + name + " has " + std::to_string(channel.components) +
                   " components (1 to 3)");
        for (const glm::vec2& uv : channel.uv)
            if (!std::isfinite(uv.x) || !std::isfinite(uv.y))
                refuse("has a non-finite coordinate in its " + name);
    }
    if (!mesh.colors.empty() && mesh.colors.size() != mesh.positions.size())
        refuse("has " + std::to_string(mesh.colors.size()) + " vertex colours for " + positions);
    for (const glm::vec4& color : mesh.colors)
        if (!finite(glm::vec3(color)) || !std::isfinite(color.a))
            refuse("has a non-finite vertex colour");
}

/// Clips animate nodes that exist, with finite, sorted keys (what evaluate_clip relies on).
void validate_clips(const Scene& scene, const std::filesystem::path& path) {
    for (const AnimationClip& clip : scene.clips) {
        const auto refuse = [&](const std::string& what) {
            throw LoadError(path, "animation '" + clip.name + "' " + what);
        };
        if (!std::isfinite(clip.duration_ticks) || clip.duration_ticks < 0.0)
            refuse("has a bad duration");
        if (!std::isfinite(clip.ticks_per_second) || clip.ticks_per_second < 0.0)
            refuse("has a bad tick rate");
        const auto check_times = [&](const auto& keys) {
            for (std::size_t k = 0; k < keys.size(); ++k) {
                if (!std::isfinite(keys[k].time) || (k > 0 && keys[k].time < keys[k - 1].time))
                    refuse("has key times that are not finite and sorted");
            }
        };
        for (const NodeChannel& channel : clip.channels) {
            if (channel.node >= scene.nodes.size())
                refuse("animates node " + std::to_string(channel.node) + ", which is missing");
            check_times(channel.positions);
            check_times(channel.rotations);
            check_times(channel.scales);
            for (const VectorKey& key : channel.positions)
                if (!finite(key.value)) refuse("has a non-finite position key");
            for (const RotationKey& key : channel.rotations)
                if (!finite(key.value)) refuse("has a non-finite rotation key");
            for (const VectorKey& key : channel.scales)
                if (!finite(key.value)) refuse("has a non-finite scale key");
        }
        for (const MorphChannel& channel : clip.morph_channels) {
            if (channel.node >= scene.nodes.size())
                refuse("morphs node " + std::to_string(channel.node) + ", which is missing");
            check_times(channel.keys);
            for (const MorphKey& key : channel.keys)
                for (const float w : key.weights)
                    if (!std::isfinite(w)) refuse("has a non-finite morph weight");
        }
    }
}

/// Analytic shapes sit at nodes that exist and have finite numbers.
void validate_shapes(const Scene& scene, const std::filesystem::path& path) {
    for (const ShapeData& shape : scene.shapes) {
        bool ok = std::isfinite(shape.radius);
        for (const glm::vec3& v :
             {shape.color, shape.center, shape.point, shape.normal, shape.corner, shape.edge_u,
              shape.edge_v, shape.box_min, shape.box_max})
            ok = ok && finite(v);
        if (!ok) throw LoadError(path, "shape '" + shape.name + "' has a non-finite number");
        if (shape.node >= scene.nodes.size())
            throw LoadError(path, "shape '" + shape.name + "' sits at a missing node");
    }
}

/// The binary PLY, binary STL and plain OBJ readers, for the files they take (nothing for the
/// rest: Assimp, or tinyobjloader when it is asked for).
std::optional<Scene> read_with_own_reader(const std::filesystem::path& path,
                                          const std::string& extension, const LoadOptions& options,
                                          LoadProgress* progress) {
    const bool obj = extension == ".obj" && !options.obj_via_tinyobjloader;
    if (extension != ".ply" && extension != ".stl" && !obj) return std::nullopt;
    // The PLY reader goes through its file front to back on one thread; the STL and OBJ
    // readers fault their parts in side by side on every core (populating first, on one
    // thread, measured no faster for them).
    const MappedFile file(
        path, extension == ".ply" ? MappedFile::Paging::Whole : MappedFile::Paging::AsRead);
    if (extension == ".ply") return read_binary_ply(file.bytes(), path, progress);
    if (extension == ".stl") return read_binary_stl(file.bytes(), path, progress);
    return read_plain_obj(file.bytes(), path, progress);
}

}  // namespace

Scene load_model(const std::filesystem::path& path, const LoadOptions& options,
                 LoadProgress* progress) {
    if (path == kDefaultSceneName) return make_default_scene();
    if (is_knot_name(path.string())) {
        const auto knot = parse_knot_name(path.string());
        if (!knot) {
            throw LoadError(path, "knot:N[:SCALE] takes a whole number of triangles N from " +
                                      std::to_string(kMinKnotTriangles) + " to " +
                                      std::to_string(kMaxKnotTriangles) +
                                      " and a decimal scale from 0.000001 to 1000000");
        }
        // A knot of millions of triangles takes a while: it reports progress and stops at a
        // cancel like a file's import.
        const auto keep_going = [progress](float fraction) {
            if (!progress) return true;
            progress->fraction = fraction;
            return !progress->cancel.load();
        };
        try {
            Scene scene = make_knot_scene(knot->triangles, keep_going, knot->scale);
            if (progress && progress->cancel)
                throw LoadError(path, "loading cancelled", LoadFailure::Cancelled);
            if (progress) progress->fraction = 1.0f;
            return scene;
        } catch (const std::bad_alloc&) {
            throw LoadError(
                path,
                "not enough memory to generate " + std::to_string(knot->triangles) + " triangles",
                LoadFailure::MemoryLimit);
        }
    }
    // Check the path ourselves: importers report a missing file in many different ways.
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) {
        throw LoadError(path, "no such file" + (ec ? " (" + ec.message() + ")" : std::string()));
    }
    if (std::filesystem::is_directory(status)) throw LoadError(path, "is a directory, not a model");
    // A FIFO or a device would block or never end.
    if (!std::filesystem::is_regular_file(status)) throw LoadError(path, "is not a regular file");

    const std::string extension = lowercase(path.extension().string());
    Scene scene;
    try {
        if (std::optional<Scene> read = read_with_own_reader(path, extension, options, progress))
            scene = std::move(*read);
        else if (extension == ".obj" && options.obj_via_tinyobjloader)
            scene = load_obj_with_tinyobjloader(path, progress);
        else
            scene = load_with_assimp(path, progress);
    } catch (const LoadError&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw LoadError(path, std::string(kClaimsMoreThanMemory), LoadFailure::MemoryLimit);
    } catch (const std::exception& e) {
        throw LoadError(path, e.what());
    }
    validate_scene(scene, path);
    if (progress) progress->fraction = 1.0f;
    return scene;
}

namespace {

/// Every name fits kMaxNameBytes (the loaders cap them; an import process's answer might not).
void validate_names(const Scene& scene, const std::filesystem::path& path) {
    const auto check = [&](const std::string& name, const char* what) {
        if (name.size() > kMaxNameBytes) {
            throw LoadError(path, std::string("a ") + what + "'s name is " +
                                      std::to_string(name.size()) + " bytes long (at most " +
                                      std::to_string(kMaxNameBytes) + ")");
        }
    };
    for (const SceneNode& node : scene.nodes)
        check(node.name, "node");
    for (const MeshData& mesh : scene.meshes) {
        check(mesh.name, "mesh");
        for (const MorphTarget& target : mesh.morph_targets)
            check(target.name, "morph target");
    }
    for (const Material& material : scene.materials) {
        check(material.name, "material");
        if (material.base_color_texture.size() > kMaxTexturePathBytes) {
            throw LoadError(path, "material '" + material.name + "' names a texture path of " +
                                      std::to_string(material.base_color_texture.size()) +
                                      " bytes (at most " + std::to_string(kMaxTexturePathBytes) +
                                      ")");
        }
    }
    for (const AnimationClip& clip : scene.clips)
        check(clip.name, "clip");
    for (const ShapeData& shape : scene.shapes)
        check(shape.name, "shape");
}

}  // namespace

void validate_scene(const Scene& scene, const std::filesystem::path& path) {
    if (scene.triangle_count() == 0) throw LoadError(path, "contains no triangles");
    validate_names(scene, path);

    for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
        const MeshData& mesh = scene.meshes[m];
        if (mesh.indices.size() % 3 != 0) {
            throw LoadError(path, describe_mesh(mesh, m) + " has " +
                                      std::to_string(mesh.indices.size()) +
                                      " indices, not a multiple of 3");
        }
        for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
            const glm::vec3& p = mesh.positions[v];
            if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
                throw LoadError(path, describe_mesh(mesh, m) + ": vertex " + std::to_string(v) +
                                          " has a non-finite position " + format_vec3(p));
            }
        }
        for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
            if (mesh.indices[i] >= mesh.positions.size()) {
                throw LoadError(path, describe_mesh(mesh, m) + ": index " + std::to_string(i) +
                                          " is " + std::to_string(mesh.indices[i]) +
                                          ", but it has " + std::to_string(mesh.positions.size()) +
                                          " vertices");
            }
        }
        if (!mesh.normals.empty() && mesh.normals.size() != mesh.positions.size()) {
            throw LoadError(path, describe_mesh(mesh, m) + " has " +
                                      std::to_string(mesh.normals.size()) + " normals for " +
                                      std::to_string(mesh.positions.size()) + " positions");
        }
        if (const std::string defect = skin_defect(mesh.skin, mesh.positions.size());
            !defect.empty())
            throw LoadError(path, describe_mesh(mesh, m) + ": " + defect);
        for (const SkinJoint& joint : mesh.skin.joints) {
            if (joint.node >= scene.nodes.size())
                throw LoadError(path, describe_mesh(mesh, m) + ": a joint names node " +
                                          std::to_string(joint.node) + ", which is missing");
        }
        validate_mesh_numbers(mesh, m, path);
        validate_vertex_attributes(mesh, m, path);
        for (const MorphTarget& target : mesh.morph_targets) {
            if (target.position_deltas.size() != mesh.positions.size() ||
                (!target.normal_deltas.empty() &&
                 target.normal_deltas.size() != mesh.positions.size())) {
                throw LoadError(path, describe_mesh(mesh, m) + ": morph target '" + target.name +
                                          "' does not have one delta per vertex");
            }
        }
        if (mesh.material >= scene.materials.size()) {
            throw LoadError(path, describe_mesh(mesh, m) + " uses material " +
                                      std::to_string(mesh.material) + ", but there are only " +
                                      std::to_string(scene.materials.size()));
        }
    }

    if (scene.nodes.empty()) throw LoadError(path, "has no nodes to place its meshes");
    if (scene.nodes[0].parent != -1) throw LoadError(path, "nodes[0] is not a root node");
    bool draws_a_triangle = false;
    std::size_t listed_children = 0;
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
        const SceneNode& node = scene.nodes[n];
        if (!finite(node.local_transform))
            throw LoadError(path, describe_node(node, n) + " has a non-finite transform");
        listed_children += node.children.size();
        if (n > 0 && (node.parent < 0 || std::size_t(node.parent) >= n)) {
            throw LoadError(path, describe_node(node, n) + " has parent " +
                                      std::to_string(node.parent) +
                                      ", which does not precede it (parents must come first)");
        }
        for (std::uint32_t child : node.children) {
            if (child >= scene.nodes.size() || scene.nodes[child].parent != std::int32_t(n)) {
                throw LoadError(path, describe_node(node, n) + " lists child " +
                                          std::to_string(child) + ", which is not its child");
            }
        }
        for (std::uint32_t m : node.meshes) {
            if (m >= scene.meshes.size()) {
                throw LoadError(path, describe_node(node, n) + " draws mesh " + std::to_string(m) +
                                          ", but there are only " +
                                          std::to_string(scene.meshes.size()) + " meshes");
            }
            if (scene.meshes[m].triangle_count() > 0) draws_a_triangle = true;
        }
    }
    // Every child names its parent, so the lists are whole when they hold each node once.
    if (listed_children != scene.nodes.size() - 1)
        throw LoadError(path, "lists " + std::to_string(listed_children) + " children for " +
                                  std::to_string(scene.nodes.size() - 1) + " nodes below the root");
    if (!draws_a_triangle) throw LoadError(path, "contains no triangles that any node draws");
    validate_clips(scene, path);
    validate_shapes(scene, path);
}

}  // namespace assets
