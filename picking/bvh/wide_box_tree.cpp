// The eight-wide tree over boxes: its collapse from the binary tree, the scalar reference walk
// (slab_entry on each child, the entered children sorted by entry and slot) and the choice of
// the SIMD walk (wide_bvh_simd.inl), which does the same eight boxes at a time.

#include "picking/bvh/wide_box_tree.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>

#include "picking/bvh/child_order.h"
#include "picking/bvh/wide_bvh_kernels.h"
#include "picking/primitives/ray_aabb.h"

namespace picking {

namespace {

constexpr int kWidth = WideNode::kWidth;

class BoxCollapser {
  public:
    BoxCollapser(const Bvh& binary, WideBoxTree& out) : binary_(binary), out_(out) {}

    void run() {
        out_.ids = binary_.primitive_ids;
        const BvhNode& root = binary_.nodes[0];
        if (root.is_leaf())
            make_node({0u});  // the root is always an inner node, here with one leaf
        else
            make_node(open(0));
    }

  private:
    /// The binary nodes under `node` that become one wide node's children: its two, then the
    /// inner one of largest area opened until there are eight or only leaves.
    std::vector<std::uint32_t> open(std::uint32_t node) const {
        std::vector<std::uint32_t> slots{binary_.nodes[node].first, binary_.nodes[node].first + 1};
        while (slots.size() < std::size_t(kWidth)) {
            int widest = -1;
            float widest_area = -1.0f;
            for (std::size_t i = 0; i < slots.size(); ++i) {
                const BvhNode& n = binary_.nodes[slots[i]];
                if (n.is_leaf()) continue;
                const float area = n.bounds.half_area();
                if (area > widest_area) {
                    widest = int(i);
                    widest_area = area;
                }
            }
            if (widest < 0) break;
            const std::uint32_t first = binary_.nodes[slots[std::size_t(widest)]].first;
            slots[std::size_t(widest)] = first;
            slots.insert(slots.begin() + widest + 1, first + 1);
        }
        return slots;
    }

    /// A wide node over `slots` (binary nodes); returns its index. Children come after their
    /// parent.
    std::uint32_t make_node(const std::vector<std::uint32_t>& slots) {
        std::vector<Aabb> boxes;
        for (const std::uint32_t slot : slots)
            boxes.push_back(binary_.nodes[slot].bounds);
        const auto index = std::uint32_t(out_.nodes.size());
        out_.nodes.push_back(empty_node(boxes));
        for (std::size_t i = 0; i < slots.size(); ++i) {
            const BvhNode& n = binary_.nodes[slots[i]];
            const std::uint32_t ref =
                n.is_leaf() ? leaf(n.first, n.count, n.bounds) : make_node(open(slots[i]));
            out_.nodes[index].child[i] = ref;  // after the recursion: the array may have moved
        }
        return index;
    }

    /// A reference to ids[first, first + count): a leaf, or (past eight) a node of leaves.
    std::uint32_t leaf(std::uint32_t first, std::uint32_t count, const Aabb& box) {
        if (count <= std::uint32_t(kWidth)) return WideNode::make_leaf(first, count);
        const std::uint32_t per_child = std::max<std::uint32_t>(
            std::uint32_t(kWidth), (count + std::uint32_t(kWidth) - 1) / std::uint32_t(kWidth));
        std::vector<Aabb> boxes;
        for (std::uint32_t at = 0; at < count; at += per_child)
            boxes.push_back(box);
        const auto index = std::uint32_t(out_.nodes.size());
        out_.nodes.push_back(empty_node(boxes));
        for (std::uint32_t at = 0, i = 0; at < count; at += per_child, ++i) {
            const std::uint32_t ref = leaf(first + at, std::min(per_child, count - at), box);
            out_.nodes[index].child[i] = ref;
        }
        return index;
    }

    /// A node with these child boxes and no references yet.
    static WideNode empty_node(const std::vector<Aabb>& boxes) {
        WideNode node;
        for (int i = 0; i < kWidth; ++i) {
            node.set_child_bounds(i, Aabb{});
            node.child[i] = WideNode::kEmpty;
        }
        for (std::size_t i = 0; i < boxes.size(); ++i)
            node.set_child_bounds(int(i), boxes[i]);
        node.child_count = std::uint32_t(boxes.size());
        node.padding_ = 0;
        // Unused by this tree's own walks (by distance), but an instance tree's top level is
        // this tree's nodes, walked by a mesh tree's single-ray walk (instance_tree.cpp).
        node.set_octant_order();
        return node;
    }

    const Bvh& binary_;
    WideBoxTree& out_;
};

struct Entered {
    float t_enter;  ///< slab_entry's (already lowered for rounding)
    std::uint32_t ref;
    int slot;
};

/// The reference walk: every child box by slab_entry, the entered ones sorted by entry and
/// then slot, the nearest taken next, the others pushed and dropped when they begin beyond the
/// closest hit.
void traverse_scalar(const WideBoxTree& tree, const Ray& ray, BoxVisit visit, void* context,
                     TraversalStats& stats) {
    const SlabRay slab = make_slab_ray(ray);
    float t_max = slab.t_max;
    std::array<Entered, 8 * 40> stack;  // as the SIMD walk's: 37 levels, seven pushes each
    std::size_t size = 0;
    // The root, entered without a box test.
    stack[size++] = {-std::numeric_limits<float>::infinity(), 0u, 0};
    while (size > 0) {
        const Entered next = stack[--size];
        if (next.t_enter > t_max) continue;
        ++stats.nodes_visited;
        if (WideNode::is_leaf(next.ref)) {
            const std::uint32_t first = WideNode::leaf_block(next.ref);
            const std::uint32_t end = first + WideNode::leaf_count(next.ref);
            for (std::uint32_t i = first; i < end; ++i) {
                const TraverseStep step = visit(context, tree.ids[i], t_max);
                t_max = std::min(t_max, step.t_max);
                if (step.stop) return;
            }
            continue;
        }
        const WideNode& node = tree.nodes[next.ref];
        std::array<Entered, kWidth> entered;
        int count = 0;
        for (int i = 0; i < int(node.child_count); ++i) {
            ++stats.box_tests;
            float t_enter = 0.0f;
            if (slab_entry(slab, node.child_bounds(i), t_max, t_enter))
                entered[std::size_t(count++)] = {t_enter, node.child[i], i};
        }
        order_by_entry(entered.data(), count);
        for (int i = count - 1; i >= 0; --i)
            stack[size++] = entered[std::size_t(i)];
    }
}

/// The reference packet walk: every ray against every child box by slab_entry.
void traverse_packet_scalar(const WideBoxTree& tree, std::span<const Ray> rays,
                            std::uint32_t active, BoxPacketVisit visit, void* context,
                            TraversalStats& stats) {
    std::array<SlabRay, kBoxPacketRays> slabs;
    std::array<float, kBoxPacketRays> t_max;
    for (std::uint32_t pending = active; pending; pending &= pending - 1) {
        const auto r = std::size_t(std::countr_zero(pending));
        slabs[r] = make_slab_ray(rays[r]);
        t_max[r] = slabs[r].t_max;
    }
    struct Item {
        std::uint32_t ref;
        std::uint32_t rays;
    };
    std::array<Item, 8 * 40> stack;  // as traverse_scalar's
    std::size_t size = 0;
    stack[size++] = {0u, active};  // the root, entered without a box test
    while (size > 0) {
        const Item item = stack[--size];
        ++stats.nodes_visited;
        if (WideNode::is_leaf(item.ref)) {
            const std::uint32_t first = WideNode::leaf_block(item.ref);
            const std::uint32_t end = first + WideNode::leaf_count(item.ref);
            for (std::uint32_t i = first; i < end; ++i)
                visit(context, tree.ids[i], item.rays, t_max.data());
            continue;
        }
        const WideNode& node = tree.nodes[item.ref];
        stats.box_tests += node.child_count;
        std::array<std::uint32_t, kWidth> child_rays{};
        std::array<float, kWidth> lead;  // the entries of the lowest ray that enters any
        lead.fill(std::numeric_limits<float>::infinity());
        bool have_lead = false;
        for (std::uint32_t pending = item.rays; pending; pending &= pending - 1) {
            const auto r = std::size_t(std::countr_zero(pending));
            bool entered_any = false;
            for (int i = 0; i < int(node.child_count); ++i) {
                float t_enter = 0.0f;
                if (!slab_entry(slabs[r], node.child_bounds(i), t_max[r], t_enter)) continue;
                child_rays[std::size_t(i)] |= 1u << r;
                if (!have_lead) lead[std::size_t(i)] = t_enter;
                entered_any = true;
            }
            have_lead = have_lead || entered_any;
        }
        std::array<Entered, kWidth> entered;
        int count = 0;
        for (int i = 0; i < int(node.child_count); ++i)
            if (child_rays[std::size_t(i)] != 0)
                entered[std::size_t(count++)] = {lead[std::size_t(i)], node.child[i], i};
        order_by_entry(entered.data(), count);
        for (int i = count - 1; i >= 0; --i)
            stack[size++] = {entered[std::size_t(i)].ref,
                             child_rays[std::size_t(entered[std::size_t(i)].slot)]};
    }
}

}  // namespace

WideBoxTree collapse_boxes(const Bvh& binary) {
    WideBoxTree tree;
    if (binary.empty()) return tree;
    BoxCollapser(binary, tree).run();
    return tree;
}

void traverse(const WideBoxTree& tree, const Ray& ray, BoxVisit visit, void* context,
              TraversalStats& stats, Isa isa) {
    if (tree.empty()) return;
    if (const auto simd = kernels::simd_box_traversal(isa)) {
        simd(tree, ray, visit, context, stats);
        return;
    }
    traverse_scalar(tree, ray, visit, context, stats);
}

void traverse_packet(const WideBoxTree& tree, std::span<const Ray> rays, std::uint32_t active,
                     BoxPacketVisit visit, void* context, TraversalStats& stats, Isa isa) {
    if (rays.size() < kBoxPacketRays) active &= (1u << rays.size()) - 1u;
    if (tree.empty() || active == 0) return;
    if (const auto simd = kernels::simd_box_packet_traversal(isa)) {
        simd(tree, rays, active, visit, context, stats);
        return;
    }
    traverse_packet_scalar(tree, rays, active, visit, context, stats);
}

std::uint32_t rays_entering_box(std::span<const Ray> rays, std::uint32_t active, const Aabb& box,
                                Isa isa) {
    if (rays.size() < 16) active &= (1u << rays.size()) - 1u;
    active &= 0xffffu;
    if (const auto simd = kernels::simd_rays_entering_box(isa)) return simd(rays, active, box);
    std::uint32_t entering = 0;
    for (std::uint32_t pending = active; pending; pending &= pending - 1) {
        const int i = std::countr_zero(pending);
        const SlabRay slab = make_slab_ray(rays[std::size_t(i)]);
        float entry;
        if (slab_entry(slab, box, slab.t_max, entry)) entering |= 1u << i;
    }
    return entering;
}

}  // namespace picking
