#pragma once
/// The order in which the scalar traversals of eight-wide nodes take a node's entered
/// children: by entry distance, then slot. The SIMD traversals rank them the same way
/// (rank_children in wide_bvh_simd.inl), so every path visits the same boxes in the same order.

namespace picking {

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
