// Ray queries on the eight-wide BVH: the scalar reference traversal (every child box with
// Ize's conservative slab test, the hit children taken in the order the node keeps for the
// ray's octant, the first entered, the others pushed and dropped when they begin beyond the
// closest hit), and the run-time choice of the SIMD kernels that do the same eight boxes or
// triangles at a time.

#include <algorithm>
#include <array>

#include "picking/bvh/child_order.h"
#include "picking/bvh/wide_bvh.h"
#include "picking/bvh/wide_bvh_kernels.h"
#include "picking/primitives/ray_aabb.h"

namespace picking {

namespace {

struct Candidate {
    float t_enter;  ///< slab_entry's entry (already lowered for rounding)
    std::uint32_t ref;
    std::uint32_t parent;
    int slot;
};

/// Tests one leaf with the table's algorithm, one triangle at a time: the reference that the
/// SIMD path must equal.
struct TableLeafTest {
    const WideBvh& bvh;
    const WideQuery& query;

    /// Updates `best` and `leaf_ray.t_max` on a closer hit (closer_hit's rule); returns true
    /// when the query may stop. `ray_t_max` is the query's own end.
    bool operator()(std::uint32_t ref, Ray& leaf_ray, float ray_t_max, std::optional<BvhHit>& best,
                    TraversalStats& stats) const {
        const TriangleBlock8& block = bvh.blocks[WideNode::leaf_block(ref)];
        const std::uint32_t count = WideNode::leaf_count(ref);
        for (std::uint32_t lane = 0; lane < count; ++lane) {
            ++stats.triangles_tested;
            const std::uint32_t id = block.id[lane];
            std::optional<RayHit> hit;
            if (!query.world_from_mesh && id < query.baldwin_weber.size()) {
                // Baldwin–Weber's transform, precomputed for this triangle.
                hit = intersect_baldwin_weber(leaf_ray, query.baldwin_weber[id], query.options);
            } else {
                Triangle tri = block_triangle(block, lane);
                Ray test_ray = leaf_ray;
                if (query.world_from_mesh) {
                    const glm::mat4& m = *query.world_from_mesh;
                    tri = {glm::vec3(m * glm::vec4(tri.p0, 1.0f)),
                           glm::vec3(m * glm::vec4(tri.p1, 1.0f)),
                           glm::vec3(m * glm::vec4(tri.p2, 1.0f))};
                    test_ray = query.world_ray;
                    test_ray.t_max = leaf_ray.t_max;
                }
                hit = query.intersect(test_ray, tri, query.options);
            }
            // Checked here whatever range the algorithm enforced (one without a t range may
            // report anything).
            if (!hit || (best && !closer_hit(hit->t, id, *best))) continue;
            best = BvhHit{id, *hit};
            // A hit at the same t from a lower id may still come from a leaf reached later.
            leaf_ray.t_max = tie_t_max(hit->t, ray_t_max);
            if (query.any_hit) return true;
        }
        return false;
    }
};

template <typename LeafTest>
std::optional<BvhHit> raycast_scalar(const WideBvh& bvh, const Ray& ray, const WideQuery& query,
                                     const LeafTest& test_leaf, TraversalStats& stats) {
    const SlabRay slab = make_slab_ray(ray);
    const unsigned octant = octant_of(slab.inv_direction);
    Ray leaf_ray = ray;
    leaf_ray.t_max = slab.t_max;
    // Boxes that begin beyond the closest hit are skipped (its own box begins at or before it).
    float box_t_max = slab.t_max;
    std::optional<BvhHit> best;
    // Depth <= 72 binary levels, so at most 7 pushes per wide level on 24 wide levels.
    std::array<Candidate, 8 * 32> stack;
    std::size_t size = 0;
    std::uint32_t node_index = 0;
    while (true) {
        // == An inner node: test its children, enter the first, push the rest.
        const WideNode& node = bvh.nodes[node_index];
        ++stats.nodes_visited;
        std::array<Candidate, WideNode::kWidth> hits;
        int hit_count = 0;
        for (int i = 0; i < WideNode::kWidth && node.child[i] != WideNode::kEmpty; ++i) {
            ++stats.box_tests;
            float t_enter = 0.0f;
            if (slab_entry(slab, node.child_bounds(i), box_t_max, t_enter))
                hits[std::size_t(hit_count++)] = {t_enter, node.child[i], node_index, i};
        }
        order_by_rank(hits.data(), hit_count, node.order_for(octant));
        for (int i = hit_count - 1; i >= 0; --i)
            stack[size++] = hits[std::size_t(i)];

        // == Pop until the next inner node, testing leaves on the way.
        bool found_node = false;
        while (size > 0) {
            const Candidate next = stack[--size];
            if (next.t_enter > box_t_max) continue;
            if (query.visited) query.visited->push_back({next.parent, next.slot});
            if (WideNode::is_leaf(next.ref)) {
                ++stats.nodes_visited;
                const bool stop = test_leaf(next.ref, leaf_ray, slab.t_max, best, stats);
                if (best) box_t_max = std::min(box_t_max, best->hit.t);
                if (stop) return best;
                continue;
            }
            node_index = next.ref;
            found_node = true;
            break;
        }
        if (!found_node) return best;
    }
}

std::optional<BvhHit> raycast_with_table(const WideBvh& bvh, const Ray& ray, const WideQuery& query,
                                         TraversalStats& stats) {
    if (bvh.empty() || !query.intersect) return std::nullopt;
    return raycast_scalar(bvh, ray, query, TableLeafTest{bvh, query}, stats);
}

std::optional<BvhHit> raycast_with_blocks(const WideBvh& bvh, const Ray& ray,
                                          const WideQuery& query, TraversalStats& stats) {
    if (bvh.empty()) return std::nullopt;
    return kernels::raycast_blocks(bvh, ray, query, stats);
}

}  // namespace

RaycastFn select_raycast(const WideQuery& query) {
    if (query.block_algorithm && query.isa != Isa::Scalar && !query.world_from_mesh) {
        // The traversal itself (no checks per ray), or the dispatching wrapper's scalar
        // fallback on a CPU without the instruction set.
        if (RaycastFn simd = kernels::simd_traversal(query.isa, *query.block_algorithm))
            return simd;
        return raycast_with_blocks;
    }
    return raycast_with_table;
}

SpacesRaycastFn select_raycast_spaces(const WideQuery& query) {
    if (!query.block_algorithm || query.isa == Isa::Scalar || query.world_from_mesh ||
        query.visited || !query.baldwin_weber.empty())
        return nullptr;
    return kernels::simd_spaces_traversal(query.isa, *query.block_algorithm);
}

namespace {

/// One ray at a time, through the path select_raycast chose: the packet path's fallback.
template <RaycastFn kRaycast>
void raycast_each(const WideBvh& bvh, std::span<const Ray> rays, const WideQuery& query,
                  std::span<PacketHit> hits, TraversalStats& stats) {
    const std::size_t count = std::min({rays.size(), hits.size(), kPacketRays});
    for (std::size_t i = 0; i < count; ++i)
        hits[i] = PacketHit::of(kRaycast(bvh, rays[i], query, stats));
}

}  // namespace

bool packets_share_walk(const WideQuery& query) {
    return query.block_algorithm && query.isa != Isa::Scalar && !query.world_from_mesh &&
           !query.any_hit && !query.visited && query.baldwin_weber.empty() &&
           kernels::simd_packet_traversal(query.isa, *query.block_algorithm);
}

SpacesPacketRaycastFn select_raycast_packet_spaces(const WideQuery& query) {
    return packets_share_walk(query)
               ? kernels::simd_spaces_packet_traversal(query.isa, *query.block_algorithm)
               : nullptr;
}

PacketRaycastFn select_raycast_packet(const WideQuery& query) {
    if (packets_share_walk(query))
        return kernels::simd_packet_traversal(query.isa, *query.block_algorithm);
    if (query.block_algorithm && query.isa != Isa::Scalar && !query.world_from_mesh)
        return raycast_each<raycast_with_blocks>;
    return raycast_each<raycast_with_table>;
}

std::optional<BvhHit> raycast(const WideBvh& bvh, const MeshView& mesh, const Ray& ray,
                              const WideQuery& query, TraversalStats* stats) {
    (void)mesh;  // the leaves carry their own corners; the mesh is the contract's witness
    TraversalStats local;
    TraversalStats& counters = stats ? *stats : local;
    if (bvh.empty() || !query.intersect) return std::nullopt;
    if (query.block_algorithm && query.isa != Isa::Scalar && !query.world_from_mesh)
        return kernels::raycast_blocks(bvh, ray, query, counters);
    return raycast_scalar(bvh, ray, query, TableLeafTest{bvh, query}, counters);
}

}  // namespace picking
