#pragma once
/// The orders in which traversals of eight-wide nodes take a node's entered children, each
/// shared by a scalar traversal and the SIMD ones that must visit the same boxes in the same
/// order:
/// - a mesh's BVH, one ray (wide_bvh_query.cpp, wide_bvh_simd.inl): the order the node keeps
///   for the ray's octant (WideNode::octant_order), fixed at build time, so the SIMD walk
///   pushes a node's children with no branch on their distances (incoherent rays mispredict
///   those);
/// - a tree of boxes (wide_box_tree.cpp) and packets: by entry distance, then slot
///   (rank_children in wide_bvh_simd.inl).

#include <cmath>
#include <cstdint>

#include <glm/vec3.hpp>

namespace picking {

/// The octant of a ray's direction, as WideNode::octant_order indexes it: bit 0 when x is
/// negative, bit 1 y, bit 2 z, read from the signs of the inverse direction (so -0 counts as
/// negative, as the slab test's choice of near planes does).
inline unsigned octant_of(const glm::vec3& inv_direction) {
    return (std::signbit(inv_direction.x) ? 1u : 0u) | (std::signbit(inv_direction.y) ? 2u : 0u) |
           (std::signbit(inv_direction.z) ? 4u : 0u);
}

/// Sorts `children[0, count)` (distinct slots, at most eight) by their rank in `order`, a
/// node's order for one octant (WideNode::order_for: rank k's slot in bits 3k..3k+2).
template <typename Child>
void order_by_rank(Child* children, int count, std::uint32_t order) {
    int rank_of[8] = {};
    for (int k = 0; k < 8; ++k)
        rank_of[(order >> (3 * k)) & 7u] = k;
    for (int i = 1; i < count; ++i) {
        const Child c = children[i];
        int j = i - 1;
        for (; j >= 0 && rank_of[children[j].slot] > rank_of[c.slot]; --j)
            children[j + 1] = children[j];
        children[j + 1] = c;
    }
}

/// Sorts `children[0, count)` (at most eight: an insertion sort) by their `t_enter`, ties by
/// their `slot`.
template <typename Child>
void order_by_entry(Child* children, int count) {
    for (int i = 1; i < count; ++i) {
        const Child c = children[i];
        int j = i - 1;
        for (; j >= 0 && (children[j].t_enter > c.t_enter ||
                          (children[j].t_enter == c.t_enter && children[j].slot > c.slot));
             --j)
            children[j + 1] = children[j];
        children[j + 1] = c;
    }
}

}  // namespace picking
