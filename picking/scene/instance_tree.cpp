#include "picking/scene/instance_tree.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "picking/bvh/wide_box_tree.h"
#include "picking/core/finite.h"
#include "picking/core/parallel_for.h"
#include "picking/scene/bone_space.h"

namespace picking {

namespace {

/// `box` grown by `margin` per axis and rounded outwards.
Aabb grown(const Aabb& box, const glm::dvec3& margin) {
    if (box.empty()) return box;
    constexpr float kInf = std::numeric_limits<float>::infinity();
    Aabb out;
    for (int axis = 0; axis < 3; ++axis) {
        out.min[axis] = std::nextafter(float(double(box.min[axis]) - margin[axis]), -kInf);
        out.max[axis] = std::nextafter(float(double(box.max[axis]) + margin[axis]), kInf);
    }
    return out;
}

/// A child reference of an instance's part, moved to where the part's nodes and blocks begin
/// in the whole tree.
std::uint32_t rebased(std::uint32_t ref, std::uint32_t node_base, std::uint32_t block_base) {
    if (ref == WideNode::kEmpty) return ref;
    if (WideNode::is_leaf(ref))
        return WideNode::make_leaf(WideNode::leaf_block(ref) + block_base,
                                   WideNode::leaf_count(ref));
    return ref + node_base;
}

/// Where an instance's part goes in the whole tree, and what it is made from.
struct Part {
    std::uint32_t instance = 0;
    glm::dvec3 margin{0.0};  ///< the instance's world box's (bone_space_margin)
    std::uint32_t node_base = 0, block_base = 0;
};

/// Writes one instance's part: its mesh's tree (`mesh_tree`, built in mesh space) with boxes
/// made again from the triangles moved to world space and grown by the instance's margin, the
/// leaves' corners left in the mesh's space and their ids numbered from `first`. Returns the
/// part's grown bounds. Not a build: the mesh's tree serves the two levels and every instance.
Aabb write_part(const WideBvh& mesh_tree, const MeshView& mesh, const glm::mat4& world_from_mesh,
                const Part& part, std::uint32_t first, WideNode* nodes, TriangleBlock8* blocks) {
    const glm::dmat4 m(world_from_mesh);
    std::vector<glm::vec3> world(mesh.positions.size());
    for (std::size_t i = 0; i < world.size(); ++i)
        world[i] = glm::vec3(m * glm::dvec4(glm::dvec3(mesh.positions[i]), 1.0));
    // == Leaves: a box from each triangle's world corners (one with a corner past the
    // positions, or not finite there, cannot be hit and adds nothing).
    // The blocks and nodes copied whole (one copy of a run is much faster than one a block),
    // then their ids, boxes and references set in place.
    TriangleBlock8* const part_blocks = blocks + part.block_base;
    WideNode* const part_nodes = nodes + part.node_base;
    std::copy(mesh_tree.blocks.begin(), mesh_tree.blocks.end(), part_blocks);
    std::copy(mesh_tree.nodes.begin(), mesh_tree.nodes.end(), part_nodes);
    std::vector<Aabb> block_bounds(mesh_tree.blocks.size());
    for (std::size_t b = 0; b < mesh_tree.blocks.size(); ++b) {
        TriangleBlock8& block = part_blocks[b];
        Aabb box;
        for (std::size_t lane = 0; lane < TriangleBlock8::kWidth; ++lane) {
            const std::uint32_t id = block.id[lane];
            if (id == kEmptyLane) continue;
            glm::vec3 corner[3];
            bool usable = true;
            for (int c = 0; c < 3; ++c) {
                const std::uint32_t index = mesh.indices[3 * std::size_t(id) + std::size_t(c)];
                usable = usable && index < world.size() && finite(world[index]);
                corner[c] = usable ? world[index] : glm::vec3(0.0f);
            }
            if (usable)
                for (const glm::vec3& p : corner)
                    box.extend(p);
            block.id[lane] = id + first;
        }
        block_bounds[b] = box;
    }
    // == Nodes bottom-up (children are stored after their parents), their references moved.
    std::vector<Aabb> node_bounds(mesh_tree.nodes.size());
    for (std::size_t index = mesh_tree.nodes.size(); index-- > 0;) {
        WideNode& node = part_nodes[index];
        Aabb all;
        for (int i = 0; i < int(node.child_count); ++i) {
            const std::uint32_t ref = node.child[i];
            const Aabb& box =
                WideNode::is_leaf(ref) ? block_bounds[WideNode::leaf_block(ref)] : node_bounds[ref];
            node.set_child_bounds(i, grown(box, part.margin));
            node.child[i] = rebased(ref, part.node_base, part.block_base);
            all.extend(box);
        }
        node.set_octant_order();  // the boxes moved to the world: their order along each octant
        node_bounds[index] = all;
    }
    return grown(node_bounds[0], part.margin);
}

}  // namespace

bool InstanceTree::fits(const SceneView& scene) const {
    if (scene.instances.size() != world_from_mesh.size()) return false;
    for (std::size_t i = 0; i < world_from_mesh.size(); ++i)
        if (scene.instances[i].world_from_mesh != world_from_mesh[i]) return false;
    return true;
}

bool instance_tree_serves(const SceneView& scene, std::size_t limit) {
    if (scene.instances.size() < 2) return false;
    std::size_t triangles = 0;
    bool one_transform = true;
    for (const Instance& instance : scene.instances) {
        if (instance.mesh >= scene.meshes.size() ||
            !finite(mesh_from_world(instance.world_from_mesh)))
            return false;
        one_transform =
            one_transform && instance.world_from_mesh == scene.instances.front().world_from_mesh;
        triangles += scene.meshes[instance.mesh].triangle_count();
    }
    // Numbers are 32-bit and the top level's instances at most a leaf reference's reach.
    return !one_transform && triangles <= limit && triangles < WideNode::kMaxLeafSlot &&
           scene.instances.size() < WideNode::kMaxLeafSlot;
}

std::optional<InstanceTree> build_instance_tree(const SceneView& scene,
                                                std::span<const WideBvh> mesh_trees,
                                                unsigned threads, BuildProgress* progress,
                                                std::size_t limit) {
    if (!instance_tree_serves(scene, limit) || mesh_trees.size() != scene.meshes.size())
        return std::nullopt;
    InstanceTree tree;
    const std::size_t n = scene.instances.size();
    tree.first.reserve(n + 1);
    tree.world_from_mesh.reserve(n);
    std::size_t total = 0;
    for (const Instance& instance : scene.instances) {
        tree.first.push_back(std::uint32_t(total));
        tree.world_from_mesh.push_back(instance.world_from_mesh);
        total += scene.meshes[instance.mesh].triangle_count();
    }
    tree.first.push_back(std::uint32_t(total));

    // == Each instance's part: where its nodes and blocks go, its world box as the top level
    // has it (the top level's order decides nothing about the parts' places).
    std::vector<Part> parts;
    std::vector<Aabb> boxes;
    std::size_t node_count = 0, block_count = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
        const Instance& instance = scene.instances[i];
        const WideBvh& mesh_tree = mesh_trees[instance.mesh];
        // The instance's world box from its mesh's tree's bounds (its triangles that can be
        // hit), as the top level makes one from the mesh's box.
        const WorldBox box = world_box_with_margin(mesh_tree.bounds, instance.world_from_mesh);
        if (mesh_tree.empty() || box.box.empty()) continue;
        parts.push_back({i, box.margin, std::uint32_t(node_count), std::uint32_t(block_count)});
        boxes.push_back(box.box);
        node_count += mesh_tree.nodes.size();
        block_count += mesh_tree.blocks.size();
    }
    if (parts.size() < 2) return std::nullopt;  // one part or none: the two levels are as good

    // == The top level over the parts' boxes (one part a leaf), its leaves made the parts' roots.
    BvhBuildOptions top_options;
    top_options.max_leaf_size = 1;
    top_options.threads = 1;
    const WideBoxTree top = collapse_boxes(build_bvh(std::span<const Aabb>(boxes), top_options));
    const auto top_count = std::uint32_t(top.nodes.size());
    if (node_count + top_count > WideNode::kMaxLeafSlot) return std::nullopt;
    WideBvh& bvh = tree.bvh;
    bvh.nodes.resize(top_count + node_count);
    bvh.blocks.resize(block_count);
    for (std::size_t t = 0; t < top.nodes.size(); ++t) {
        WideNode node = top.nodes[t];
        for (int c = 0; c < int(node.child_count); ++c) {
            const std::uint32_t ref = node.child[c];
            if (!WideNode::is_leaf(ref)) continue;
            // One part a leaf: a leaf of more would be a top level this tree cannot hold.
            if (WideNode::leaf_count(ref) != 1) return std::nullopt;
            node.child[c] = top_count + parts[top.ids[WideNode::leaf_block(ref)]].node_base;
        }
        bvh.nodes[t] = node;
    }
    for (Part& part : parts)
        part.node_base += top_count;
    tree.block_instance.resize(block_count);
    std::vector<Aabb> part_bounds(parts.size());
    // Parts apart on every core for a big scene (each one's nodes and blocks are its own).
    std::size_t total_triangles = tree.first.back();
    const unsigned chunks =
        total_triangles >= (std::size_t(1) << 16) ? resolve_thread_count(threads) : 1u;
    parallel_chunks(parts.size(), chunks, [&](std::size_t begin, std::size_t end, unsigned) {
        for (std::size_t p = begin; p < end; ++p) {
            const Instance& instance = scene.instances[parts[p].instance];
            const WideBvh& mesh_tree = mesh_trees[instance.mesh];
            part_bounds[p] = write_part(
                mesh_tree, scene.meshes[instance.mesh], instance.world_from_mesh, parts[p],
                tree.first[parts[p].instance], bvh.nodes.data(), bvh.blocks.data());
            std::fill_n(tree.block_instance.begin() + parts[p].block_base, mesh_tree.blocks.size(),
                        parts[p].instance);
        }
    });
    if (progress && progress->cancel) return std::nullopt;
    for (std::size_t p = 0; p < parts.size(); ++p) {
        bvh.bounds.extend(part_bounds[p]);
        bvh.triangle_count += mesh_trees[scene.instances[parts[p].instance].mesh].triangle_count;
    }
    bvh.leaf_extent = typical_leaf_extent(bvh);
    return tree;
}

}  // namespace picking
