#include "assets/load_model.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <new>
#include <string>
#include <system_error>

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

}  // namespace

Scene load_model(const std::filesystem::path& path, const LoadOptions& options,
                 LoadProgress* progress) {
    if (path == kDefaultSceneName) return make_default_scene();
    if (const auto knot = parse_knot_name(path.string())) {
        if (progress && progress->cancel)
            throw LoadError(path, "loading cancelled", LoadFailure::Cancelled);
        Scene scene = make_knot_scene(*knot);
        if (progress) progress->fraction = 1.0f;
        return scene;
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

    const bool is_obj = lowercase(path.extension().string()) == ".obj";
    Scene scene;
    try {
        scene = is_obj && options.obj_via_tinyobjloader
                    ? load_obj_with_tinyobjloader(path, progress)
                    : load_with_assimp(path, progress);
    } catch (const LoadError&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw LoadError(path, "out of memory while loading", LoadFailure::MemoryLimit);
    } catch (const std::exception& e) {
        throw LoadError(path, e.what());
    }
    validate_scene(scene, path);
    if (progress) progress->fraction = 1.0f;
    return scene;
}

void validate_scene(const Scene& scene, const std::filesystem::path& path) {
    if (scene.triangle_count() == 0) throw LoadError(path, "contains no triangles");

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
        if (mesh.normals.size() != mesh.positions.size()) {
            throw LoadError(path, describe_mesh(mesh, m) + " has " +
                                      std::to_string(mesh.normals.size()) + " normals for " +
                                      std::to_string(mesh.positions.size()) + " positions");
        }
        const MeshSkin& skin = mesh.skin;
        if (!skin.empty()) {
            if (skin.vertex_joints.size() != mesh.positions.size() ||
                skin.vertex_weights.size() != mesh.positions.size()) {
                throw LoadError(path, describe_mesh(mesh, m) + ": its skin has weights for " +
                                          std::to_string(skin.vertex_weights.size()) +
                                          " vertices, but it has " +
                                          std::to_string(mesh.positions.size()));
            }
            for (const SkinJoint& joint : skin.joints) {
                if (joint.node >= scene.nodes.size())
                    throw LoadError(path, describe_mesh(mesh, m) + ": a joint names node " +
                                              std::to_string(joint.node) + ", which is missing");
            }
            for (std::size_t v = 0; v < skin.vertex_joints.size(); ++v) {
                for (int k = 0; k < kMaxJointsPerVertex; ++k) {
                    const float w = skin.vertex_weights[v][k];
                    if (!std::isfinite(w) || w < 0.0f ||
                        (w > 0.0f && skin.vertex_joints[v][k] >= skin.joints.size())) {
                        throw LoadError(path, describe_mesh(mesh, m) + ": vertex " +
                                                  std::to_string(v) + " has a bad joint or weight");
                    }
                }
            }
            if (skin.rigid_joint && *skin.rigid_joint >= skin.joints.size())
                throw LoadError(path, describe_mesh(mesh, m) + ": its rigid joint is missing");
        }
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
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
        const SceneNode& node = scene.nodes[n];
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
    if (!draws_a_triangle) throw LoadError(path, "contains no triangles that any node draws");
}

}  // namespace assets
