#include "picking/scene/world_tree.h"

#include <algorithm>
#include <limits>

#include <glm/mat4x4.hpp>

namespace picking {

WorldTree::Place place_by_first(std::span<const std::uint32_t> first, std::uint32_t id) {
    // The last instance whose first triangle is at or before id: empty instances (first[i] ==
    // first[i + 1]) are passed over, as they own no number.
    const auto after = std::upper_bound(first.begin(), first.end(), id);
    const auto instance = std::uint32_t(after - first.begin() - 1);
    return {instance, id - first[instance]};
}

WorldTree::Place WorldTree::place(std::uint32_t id) const {
    return place_by_first(first, id);
}

bool world_tree_serves(const SceneView& scene, std::size_t limit) {
    if (scene.instances.size() < 2) return false;
    std::size_t triangles = 0, positions = 0;
    for (const Instance& instance : scene.instances) {
        if (instance.mesh >= scene.meshes.size() ||
            instance.world_from_mesh != scene.instances.front().world_from_mesh)
            return false;
        triangles += scene.meshes[instance.mesh].triangle_count();
        positions += scene.meshes[instance.mesh].positions.size();
    }
    // Numbers and indices are 32-bit, and the last index stands for "no corner".
    return triangles <= limit && positions < std::numeric_limits<std::uint32_t>::max();
}

std::optional<WorldTree> build_world_tree(const SceneView& scene, const BvhBuildOptions& options,
                                          BuildProgress* progress, std::size_t limit) {
    if (!world_tree_serves(scene, limit)) return std::nullopt;
    WorldTree tree;
    tree.first.reserve(scene.instances.size() + 1);
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;
    for (const Instance& instance : scene.instances) {
        const MeshView& mesh = scene.meshes[instance.mesh];
        tree.first.push_back(std::uint32_t(indices.size() / 3));
        const auto base = std::uint32_t(positions.size());
        positions.insert(positions.end(), mesh.positions.begin(), mesh.positions.end());
        // A corner past its own mesh's positions stays past them all (a NaN corner, never hit),
        // rather than landing on the next mesh's.
        for (std::size_t i = 0; i < 3 * mesh.triangle_count(); ++i)
            indices.push_back(mesh.indices[i] < mesh.positions.size()
                                  ? base + mesh.indices[i]
                                  : std::numeric_limits<std::uint32_t>::max());
    }
    tree.first.push_back(std::uint32_t(indices.size() / 3));
    tree.bvh = build_wide_bvh(MeshView{positions, indices}, options, progress);
    if (progress && progress->cancel) return std::nullopt;
    return tree;
}

}  // namespace picking
