#pragma once
/// One BVH over every instance's triangles, for a scene whose instances all share one bone
/// transform (all of an OBJ's groups and materials sit at the identity; a model whose meshes
/// all hang under one node shares that node's). There every instance sees the same bone-space ray,
/// so the scene's two levels (a top level over the instances, then each instance's own BVH) can be
/// one tree in the meshes' space, as Embree builds one for a scene of many geometries: one
/// traversal a ray instead of one per instance reached. The triangles are numbered instance by
/// instance, so the tree's tie rule (at equal t the lower id) is the scene's (the lower
/// instance, then the lower triangle), and every hit is the one the two levels find, bit for
/// bit. The tree stays right while the shared transform changes (a model moved as a whole).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "picking/bvh/wide_bvh.h"
#include "picking/scene/scene_view.h"

namespace picking {

struct WorldTree {
    WideBvh bvh;
    /// first[i]: the tree's number for instance i's triangle 0 (instance i has first[i + 1] -
    /// first[i] triangles); one entry more than the instances.
    std::vector<std::uint32_t> first;

    struct Place {
        std::uint32_t instance = 0;
        std::uint32_t triangle = 0;  ///< within the instance's mesh
    };
    /// The instance and triangle the tree's triangle `id` stands for (id < the triangle total).
    [[nodiscard]] Place place(std::uint32_t id) const;
    [[nodiscard]] std::size_t instance_count() const {
        return first.empty() ? 0 : first.size() - 1;
    }
};

/// The instance and triangle that number `id` stands for, where first[i] numbers instance i's
/// triangle 0 (numbered instance by instance; one entry more than the instances).
[[nodiscard]] WorldTree::Place place_by_first(std::span<const std::uint32_t> first,
                                              std::uint32_t id);

/// The most triangles, over all instances, for which a scene gets a world tree. The meshes'
/// own trees wait while it serves (SceneAccel::mesh_bvh()), but a query that walks them (XNA's
/// first found, region selection, instances moved apart) builds them then, on its own thread,
/// and doubles the memory: 2^21 triangles is about 100 MB and 0.3 s on two cores
/// (`raypick bench knot:2097152 --accel bvh --threads 2`: 103 MB, 297 ms). Bigger scenes get
/// the meshes' trees from the start.
inline constexpr std::size_t kWorldTreeLimit = std::size_t(1) << 21;

/// Whether a world tree serves `scene`: two instances or more, each with a mesh in range and
/// the same world_from_mesh (exactly), and at most `limit` triangles over all of them.
[[nodiscard]] bool world_tree_serves(const SceneView& scene, std::size_t limit = kWorldTreeLimit);

/// The tree, when world_tree_serves(scene, limit); nothing otherwise or when cancelled.
[[nodiscard]] std::optional<WorldTree> build_world_tree(const SceneView& scene,
                                                        const BvhBuildOptions& options,
                                                        BuildProgress* progress = nullptr,
                                                        std::size_t limit = kWorldTreeLimit);

}  // namespace picking
