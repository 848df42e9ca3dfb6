#include "assets/scene/scene.h"

#include <utility>

namespace assets {

std::string capped_name(std::string_view name) {
    if (name.size() <= kMaxNameBytes) return std::string(name);
    std::size_t cut = kMaxNameBytes;
    // Back off continuation bytes (10xxxxxx), so no character is cut in two.
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80)
        --cut;
    return std::string(name.substr(0, cut));
}

std::size_t Scene::triangle_count() const {
    std::size_t count = 0;
    for (const auto& mesh : meshes)
        count += mesh.triangle_count();
    return count;
}

std::vector<MeshInstance> Scene::instances() const {
    std::vector<MeshInstance> result;
    for (std::uint32_t n = 0; n < nodes.size(); ++n)
        for (std::uint32_t m : nodes[n].meshes)
            if (m < meshes.size()) result.push_back({n, m});
    return result;
}

std::string Scene::node_path(std::uint32_t node) const {
    if (node >= nodes.size()) return {};
    std::vector<std::uint32_t> chain;
    for (std::int32_t n = std::int32_t(node); n >= 0; n = nodes[std::size_t(n)].parent)
        chain.push_back(std::uint32_t(n));
    std::string path;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        if (!path.empty()) path += '/';
        path += nodes[*it].name.empty() ? "(unnamed)" : nodes[*it].name;
    }
    return path;
}

std::vector<glm::mat4> Scene::world_transforms(const std::vector<glm::mat4>& local) const {
    std::vector<glm::mat4> world(nodes.size(), glm::mat4(1.0f));
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        const glm::mat4& own = n < local.size() ? local[n] : nodes[n].local_transform;
        const std::int32_t parent = nodes[n].parent;
        world[n] = parent >= 0 ? world[std::size_t(parent)] * own : own;
    }
    return world;
}

std::vector<glm::mat4> Scene::rest_local_transforms() const {
    std::vector<glm::mat4> local;
    local.reserve(nodes.size());
    for (const auto& node : nodes)
        local.push_back(node.local_transform);
    return local;
}

Scene make_single_mesh_scene(std::string source, MeshData mesh, std::vector<std::string> notes) {
    Scene scene;
    scene.source = std::move(source);
    SceneNode root;
    root.name = mesh.name;
    root.meshes = {0};
    scene.nodes.push_back(std::move(root));
    scene.meshes.push_back(std::move(mesh));
    scene.materials.push_back({"default", glm::vec3(0.75f), ""});
    scene.notes = std::move(notes);
    return scene;
}

}  // namespace assets
