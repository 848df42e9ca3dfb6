#pragma once
/// One BVH over the triangles of instances with transforms of their own (a model of parts, each
/// placed by its node), for a ray that would otherwise walk a top level over the instances and
/// then, for each instance it reaches, the instance's own tree: one walk, as Embree flattens
/// a scene. Its upper levels are the top level over the instances' world boxes; below each
/// instance hangs a tree over that instance's triangles whose boxes are in world space, while
/// its leaves keep the triangles' corners in the mesh's (bone) space. A leaf is tested against
/// the ray moved into its instance's bone space exactly as the two levels move it (the walk
/// remakes the kernels' ray only when it reaches another instance's leaves), so each triangle
/// gives the two levels' t, u and v bit for bit; the triangles are numbered instance by
/// instance, so the tree's tie rule (at equal t the lower id) is the scene's.
///
/// What is not exact: a world box cannot know how far a given ray, moved to bone space and
/// rounded there, is off. The world boxes of an instance's triangles are grown by the margin
/// its world box in the top level has (the corners moved in double and rounded outwards, then
/// 1e-6 of the box's coordinates and extent), the same trust the top level's instance boxes
/// have always had; ScenePick...Seed81 finds no hit lost, even with no margin at all.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/mat4x4.hpp>

#include "picking/bvh/wide_bvh.h"
#include "picking/scene/scene_view.h"
#include "picking/scene/world_tree.h"

namespace picking {

struct InstanceTree {
    /// Boxes in world space; leaf block b holds triangles of instance block_instance[b] only,
    /// corners in its mesh's space, ids numbered as `first` says.
    WideBvh bvh;
    std::vector<std::uint32_t> block_instance;
    /// first[i]: the tree's number for instance i's triangle 0; one entry more than instances.
    std::vector<std::uint32_t> first;
    /// The transforms the boxes were made for: the tree serves while the instances have them.
    std::vector<glm::mat4> world_from_mesh;

    /// The instance and triangle the tree's triangle `id` stands for.
    [[nodiscard]] WorldTree::Place place(std::uint32_t id) const {
        return place_by_first(first, id);
    }
    [[nodiscard]] std::size_t instance_count() const {
        return first.empty() ? 0 : first.size() - 1;
    }
    /// Whether the instances of `scene` have the transforms the tree was made for.
    [[nodiscard]] bool fits(const SceneView& scene) const;
};

/// Whether an instance tree serves `scene`: two instances or more, not all with one transform
/// (the world tree's case), each with a mesh in range and a transform that can be inverted,
/// and at most `limit` triangles over all of them.
[[nodiscard]] bool instance_tree_serves(const SceneView& scene,
                                        std::size_t limit = kWorldTreeLimit);

/// The tree, when instance_tree_serves(scene, limit), from the meshes' own trees (one per
/// mesh of the scene, in mesh space: each instance's part is its mesh's tree with boxes made
/// again in world space), the parts on `threads` threads (0: every core) for a big scene;
/// nothing otherwise or when cancelled.
[[nodiscard]] std::optional<InstanceTree> build_instance_tree(const SceneView& scene,
                                                              std::span<const WideBvh> mesh_trees,
                                                              unsigned threads = 1,
                                                              BuildProgress* progress = nullptr,
                                                              std::size_t limit = kWorldTreeLimit);

}  // namespace picking
