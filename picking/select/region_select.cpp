#include "picking/select/region_select.h"

#include <array>

#include "picking/bvh/wide_bvh.h"

namespace picking {

namespace {

/// A mesh's float corner in clip space, in double precision.
[[nodiscard]] glm::dvec4 to_clip(const glm::dmat4& clip_from_mesh, float x, float y, float z) {
    return clip_from_mesh * glm::dvec4(double(x), double(y), double(z), 1.0);
}

/// Every triangle of the leaf, whole (its box is inside the region).
void take_leaf(const WideBvh& bvh, std::uint32_t ref, std::uint32_t instance, TriangleSet& out) {
    const TriangleBlock8& block = bvh.blocks[WideNode::leaf_block(ref)];
    const std::uint32_t count = WideNode::leaf_count(ref);
    for (std::uint32_t lane = 0; lane < count; ++lane)
        if (block.id[lane] != kEmptyLane) out.insert(instance, block.id[lane]);
}

/// Every triangle below wide node `node`, whole.
void take_subtree(const WideBvh& bvh, std::uint32_t node, std::uint32_t instance,
                  TriangleSet& out) {
    const WideNode& n = bvh.nodes[node];
    for (std::uint32_t i = 0; i < n.child_count; ++i) {
        const std::uint32_t ref = n.child[i];
        if (ref == WideNode::kEmpty) continue;
        if (WideNode::is_leaf(ref))
            take_leaf(bvh, ref, instance, out);
        else
            take_subtree(bvh, ref, instance, out);
    }
}

void select_in_bvh(const WideBvh& bvh, const glm::dmat4& clip_from_mesh,
                   const SelectionVolume& volume, RegionRule rule, std::uint32_t instance,
                   TriangleSet& out, RegionSelectStats& stats) {
    if (bvh.empty()) return;
    const std::array<glm::dvec4, 6> planes = volume.planes_in(clip_from_mesh);
    std::vector<std::uint32_t> stack{0};
    while (!stack.empty()) {
        const WideNode& node = bvh.nodes[stack.back()];
        stack.pop_back();
        for (std::uint32_t i = 0; i < node.child_count; ++i) {
            const std::uint32_t ref = node.child[i];
            if (ref == WideNode::kEmpty) continue;
            ++stats.boxes_tested;
            const BoxSide side = volume.classify(node.child_bounds(int(i)), clip_from_mesh, planes);
            if (side == BoxSide::Outside) continue;
            if (side == BoxSide::Inside) {
                ++stats.boxes_inside;
                if (WideNode::is_leaf(ref))
                    take_leaf(bvh, ref, instance, out);
                else
                    take_subtree(bvh, ref, instance, out);
                continue;
            }
            if (!WideNode::is_leaf(ref)) {
                stack.push_back(ref);
                continue;
            }
            const TriangleBlock8& block = bvh.blocks[WideNode::leaf_block(ref)];
            const std::uint32_t count = WideNode::leaf_count(ref);
            for (std::uint32_t lane = 0; lane < count; ++lane) {
                if (block.id[lane] == kEmptyLane) continue;
                ++stats.triangles_tested;
                std::array<glm::dvec4, 3> clip;
                for (int c = 0; c < 3; ++c)
                    clip[std::size_t(c)] =
                        to_clip(clip_from_mesh, block.corner[c][0][lane], block.corner[c][1][lane],
                                block.corner[c][2][lane]);
                if (volume.selects(clip, rule)) out.insert(instance, block.id[lane]);
            }
        }
    }
}

void select_every_triangle(const MeshView& mesh, const glm::dmat4& clip_from_mesh,
                           const SelectionVolume& volume, RegionRule rule, std::uint32_t instance,
                           TriangleSet& out, RegionSelectStats& stats) {
    const std::size_t triangles = mesh.triangle_count();
    for (std::size_t t = 0; t < triangles; ++t) {
        const Triangle tri = mesh.triangle(t);
        ++stats.triangles_tested;
        const std::array<glm::dvec4, 3> clip{to_clip(clip_from_mesh, tri.p0.x, tri.p0.y, tri.p0.z),
                                             to_clip(clip_from_mesh, tri.p1.x, tri.p1.y, tri.p1.z),
                                             to_clip(clip_from_mesh, tri.p2.x, tri.p2.y, tri.p2.z)};
        if (volume.selects(clip, rule)) out.insert(instance, std::uint32_t(t));
    }
}

}  // namespace

std::vector<std::size_t> instance_triangle_counts(const SceneView& scene) {
    std::vector<std::size_t> counts;
    counts.reserve(scene.instances.size());
    for (const Instance& instance : scene.instances)
        counts.push_back(
            instance.mesh < scene.meshes.size() ? scene.meshes[instance.mesh].triangle_count() : 0);
    return counts;
}

TriangleSet select_region(const SceneView& scene, const SceneAccel* accel,
                          const SelectionVolume& volume, RegionRule rule,
                          RegionSelectStats* stats) {
    const std::vector<std::size_t> counts = instance_triangle_counts(scene);
    TriangleSet out(counts);
    RegionSelectStats local;
    for (std::uint32_t i = 0; i < scene.instances.size(); ++i) {
        const Instance& instance = scene.instances[i];
        if (instance.mesh >= scene.meshes.size()) continue;
        const glm::dmat4 clip_from_mesh =
            volume.clip_from_world() * glm::dmat4(instance.world_from_mesh);
        const WideBvh* bvh =
            accel && accel->has_bvhs() ? accel->mesh_bvh(scene, instance.mesh) : nullptr;
        if (bvh)
            select_in_bvh(*bvh, clip_from_mesh, volume, rule, i, out, local);
        else
            select_every_triangle(scene.meshes[instance.mesh], clip_from_mesh, volume, rule, i, out,
                                  local);
    }
    if (stats) *stats = local;
    return out;
}

}  // namespace picking
