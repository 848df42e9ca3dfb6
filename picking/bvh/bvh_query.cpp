// Ray queries on the binary BVH: ordered front-to-back traversal with early termination (the
// nearer child first, the farther one pushed with its entry distance and dropped when popped
// beyond the closest hit), boxes tested with Ize's conservative slab test (ray_aabb.h).

#include <array>

#include "picking/bvh/bvh.h"
#include "picking/primitives/ray_aabb.h"

namespace picking {

namespace {

/// Enough for any tree the builder makes: SAH stops at depth 40, and halving by index adds at
/// most 32 more levels; one entry is pushed per level.
constexpr std::size_t kStackSize = 96;

struct StackEntry {
    std::uint32_t node;
    float t_enter;
};

/// The traversal shared by every query. `on_leaf(first, count, t_max, stop)` tests a leaf's
/// primitives and returns the new t_max (smaller after a hit); setting `stop` ends the
/// traversal (any-hit).
template <typename OnLeaf>
void traverse_ordered(const Bvh& bvh, const Ray& ray, TraversalStats& stats, OnLeaf&& on_leaf) {
    if (bvh.empty()) return;
    const SlabRay slab = make_slab_ray(ray);
    float t_max = slab.t_max;
    float t_root = 0.0f;
    ++stats.box_tests;
    if (!slab_hit(slab, bvh.nodes[0].bounds, t_max, t_root)) return;

    std::array<StackEntry, kStackSize> stack;
    std::size_t size = 0;
    stack[size++] = {0, t_root};
    while (size > 0) {
        const StackEntry entry = stack[--size];
        // Skip subtrees that begin beyond the closest hit found since they were pushed.
        if (SlabRay::lowered(entry.t_enter) > t_max) continue;
        std::uint32_t index = entry.node;
        while (true) {
            const BvhNode& node = bvh.nodes[index];
            ++stats.nodes_visited;
            if (node.is_leaf()) {
                bool stop = false;
                t_max = on_leaf(node.first, node.count, t_max, stop);
                if (stop) return;
                break;
            }
            float t_left = 0.0f, t_right = 0.0f;
            stats.box_tests += 2;
            const bool hit_left = slab_hit(slab, bvh.nodes[node.first].bounds, t_max, t_left);
            const bool hit_right = slab_hit(slab, bvh.nodes[node.first + 1].bounds, t_max, t_right);
            if (hit_left && hit_right) {
                // Nearer first; the farther waits on the stack with its entry distance.
                const bool left_first = t_left <= t_right;
                stack[size++] = left_first ? StackEntry{node.first + 1, t_right}
                                           : StackEntry{node.first, t_left};
                index = left_first ? node.first : node.first + 1;
            } else if (hit_left) {
                index = node.first;
            } else if (hit_right) {
                index = node.first + 1;
            } else {
                break;
            }
        }
    }
}

template <bool kAnyHit>
std::optional<BvhHit> raycast(const Bvh& bvh, const MeshView& mesh, const Ray& ray,
                              RayTriangleFn intersect, const RayTriangleOptions& options,
                              TraversalStats* stats) {
    TraversalStats local;
    TraversalStats& counters = stats ? *stats : local;
    std::optional<BvhHit> best;
    Ray leaf_ray = ray;
    auto test_leaf = [&](std::uint32_t first, std::uint32_t count, float t_max, bool& stop) {
        for (std::uint32_t i = first; i < first + count; ++i) {
            const std::uint32_t triangle = bvh.primitive_ids[i];
            ++counters.triangles_tested;
            const auto hit = intersect(leaf_ray, mesh.triangle(triangle), options);
            // closer_hit decides, whatever range the algorithm enforced (a quirky one may
            // enforce none).
            if (!hit || (best && !closer_hit(hit->t, triangle, *best))) continue;
            best = BvhHit{triangle, *hit};
            // An equal t may still come from a lower id in a leaf reached later.
            leaf_ray.t_max = tie_t_max(hit->t, ray.t_max);
            if (kAnyHit) {
                stop = true;
                break;
            }
        }
        return best ? std::min(t_max, best->hit.t) : t_max;
    };
    traverse_ordered(bvh, ray, counters, test_leaf);
    return best;
}

}  // namespace

std::optional<BvhHit> raycast_closest(const Bvh& bvh, const MeshView& mesh, const Ray& ray,
                                      RayTriangleFn intersect, const RayTriangleOptions& options,
                                      TraversalStats* stats) {
    return raycast<false>(bvh, mesh, ray, intersect, options, stats);
}

std::optional<BvhHit> raycast_any(const Bvh& bvh, const MeshView& mesh, const Ray& ray,
                                  RayTriangleFn intersect, const RayTriangleOptions& options,
                                  TraversalStats* stats) {
    return raycast<true>(bvh, mesh, ray, intersect, options, stats);
}

}  // namespace picking
