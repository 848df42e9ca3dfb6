// Collapsing a binary BVH into an eight-wide one. Which binary subtrees become the slots of
// each wide node, and which are packed whole into one leaf block, is chosen by dynamic
// programming for the least SAH cost (Ylitie, Karras and Laine 2017): nodes come out fuller
// than by opening the largest child until there are eight (6 children on average instead of
// 4.4 on the test meshes), so a ray crosses fewer levels. Leaves copy their triangles'
// corners into rows, in depth-first order, so a traversal reads them from one place.

#include <algorithm>
#include <array>
#include <atomic>
#include <limits>

#include <emmintrin.h>  // SSE2: part of every x86-64

#include "picking/bvh/wide_bvh.h"
#include "picking/core/parallel_for.h"

namespace picking {

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

/// Costs of the collapse's surface area heuristic, per unit of half area: testing one wide
/// node's eight boxes, and one leaf block's eight triangles (the watertight kernel costs about
/// one and a half box tests of a node).
constexpr float kNodeCost = 1.0f;
constexpr float kLeafCost = 1.5f;

/// One child slot of a wide node: a binary subtree, kept as a wide node (inner) or packed into
/// one leaf block (at most eight triangles).
struct Slot {
    std::uint32_t node = 0;
    bool leaf = false;
};
/// A wide node's slots (at most eight).
struct Slots {
    Slot slot[WideNode::kWidth];
    int count = 0;

    void push_back(Slot s) { slot[count++] = s; }
    [[nodiscard]] std::size_t size() const { return std::size_t(count); }
    const Slot& operator[](std::size_t i) const { return slot[i]; }
    [[nodiscard]] const Slot* begin() const { return slot; }
    [[nodiscard]] const Slot* end() const { return slot + count; }
};

/// The binary tree the collapse reads: a Bvh's, or a builder's storage.
struct BinaryTree {
    std::span<const BvhNode> nodes;
    std::span<const std::uint32_t> primitive_ids;
};

class Collapser {
  public:
    Collapser(const BinaryTree& binary, const MeshView& mesh, WideBvh& out)
        : binary_(binary), mesh_(mesh), out_(out) {}

    /// The whole tree from binary node 0, on `threads` threads: the slots of every wide node
    /// chosen by dynamic programming; then the top of the tree made here, down to subtrees of
    /// at most `piece` triangles, which are counted, given their ranges of nodes and blocks, and
    /// filled by the threads (children always after their parents, depth-first within each
    /// range).
    void run(unsigned threads) {
        out_.bounds = binary_.nodes[0].bounds;
        out_.triangle_count = binary_.primitive_ids.size();
        const bool parallel = threads > 1 && out_.triangle_count >= kMinParallelTriangles;
        if (!parallel) threads = 1;
        plan(threads);

        // == The top: wide nodes over more than `piece` triangles (just the root on one thread).
        const std::size_t piece =
            parallel ? out_.triangle_count / (std::size_t(threads) * 16) : ~std::size_t(0);
        struct Task {
            Slot slot;
            std::uint32_t parent;  ///< the top node whose child it is, and where
            int child;
            Counts counts;
            Cursor start;
        };
        std::vector<Slots> top;                   // a top node's slots, by index
        std::vector<std::uint32_t> top_children;  // per slot of each top node: a top index or ~0
        std::vector<Task> tasks;
        const BvhNode& root = binary_.nodes[0];
        Slots root_slots;
        if (root.is_leaf() || size_[0] <= std::uint32_t(kWidth))
            root_slots.push_back({0u, true});  // the whole mesh in one block
        else
            root_slots = inner_slots(0);
        // Depth-first, so a top node's index is below its children's.
        top.push_back(root_slots);
        top_children.assign(kWidth, ~0u);
        std::vector<std::pair<std::uint32_t, Slots>> stack{{0u, root_slots}};
        while (!stack.empty()) {
            const auto [index, slots] = stack.back();
            stack.pop_back();
            for (std::size_t i = 0; i < slots.size(); ++i) {
                const Slot slot = slots[i];
                if (!slot.leaf && size_[slot.node] > piece) {
                    const auto child = std::uint32_t(top.size());
                    top.push_back(inner_slots(slot.node));
                    top_children.resize(top.size() * kWidth, ~0u);
                    top_children[index * kWidth + i] = child;
                    stack.push_back({child, top.back()});
                } else {
                    tasks.push_back({slot, index, int(i), {}, {}});
                }
            }
        }
        // == Count each task's subtree, then give it its ranges.
        std::atomic<std::size_t> next{0};
        parallel_chunks(threads, threads, [&](std::size_t, std::size_t, unsigned) {
            for (std::size_t i = next++; i < tasks.size(); i = next++)
                tasks[i].counts = tasks[i].slot.leaf ? Counts{0, 1} : count(tasks[i].slot.node);
        });
        Cursor at{top.size(), 0};
        for (Task& task : tasks) {
            task.start = at;
            at.node += task.counts.nodes;
            at.block += task.counts.blocks;
        }
        out_.nodes.resize(at.node);
        out_.blocks.resize(at.block);
        // == The top nodes, their references to each other and to the tasks.
        for (std::size_t t = 0; t < top.size(); ++t) {
            out_.nodes[t] = make_node(top[t]);
            for (std::size_t i = 0; i < top[t].size(); ++i)
                if (top_children[t * kWidth + i] != ~0u)
                    out_.nodes[t].child[i] = top_children[t * kWidth + i];
        }
        for (const Task& task : tasks)
            out_.nodes[task.parent].child[task.child] =
                task.slot.leaf
                    ? WideNode::make_leaf(std::uint32_t(task.start.block), size_[task.slot.node])
                    : std::uint32_t(task.start.node);
        // == The tasks' subtrees, the threads taking the next when done.
        next = 0;
        parallel_chunks(threads, threads, [&](std::size_t, std::size_t, unsigned) {
            for (std::size_t i = next++; i < tasks.size(); i = next++) {
                Cursor cursor = tasks[i].start;
                if (tasks[i].slot.leaf) {
                    emit_leaf(tasks[i].slot.node, cursor);
                } else {
                    const std::size_t index = cursor.node++;
                    fill(index, tasks[i].slot.node, cursor);
                }
            }
        });
    }

  private:
    /// Below this, one thread collapses faster than several start.
    static constexpr std::size_t kMinParallelTriangles = 1u << 16;
    static constexpr int kWidth = WideNode::kWidth;
    using Costs = std::array<float, kWidth>;

    struct Counts {
        std::size_t nodes = 0, blocks = 0;
    };
    /// The next free node and block of a subtree's range.
    struct Cursor {
        std::size_t node = 0, block = 0;
    };
    /// What the programme chose for a binary node n: as one slot, a leaf or a wide node
    /// (whose slots split 8 between n's children as split[0] : 8 - split[0]); as i slots
    /// (i = 2..8), split[i - 1] : i - split[i - 1] between the children, or 0 for "as i - 1".
    struct Choice {
        std::uint8_t split[kWidth];
        bool leaf;
    };

    // == The programme (Ylitie, Karras and Laine, "Efficient Incoherent Ray Traversal on GPUs
    // Through Compressed Wide BVHs", HPG 2017, section 4.1)
    //
    // cost(n, 1) = min(leaf: A(n) * leaf cost if n holds at most eight triangles,
    //                  wide node: A(n) * node cost + distribute(n, 8))
    // cost(n, i) = min(cost(n, i - 1), distribute(n, i))
    // distribute(n, j) = min over k of cost(left, k) + cost(right, j - k)
    // The result is the tree of least SAH cost among all collapses of the binary one.

    void plan(unsigned threads) {
        const std::size_t n = binary_.nodes.size();
        choice_.resize(n);
        size_.resize(n);
        // Subtrees below a frontier are planned one per thread; the top above them after.
        std::vector<std::uint32_t> frontier;
        if (threads > 1) {
            std::vector<std::uint32_t> queue{0u};
            const std::size_t piece = binary_.primitive_ids.size() / (std::size_t(threads) * 8);
            while (!queue.empty()) {
                const std::uint32_t node = queue.back();
                queue.pop_back();
                const BvhNode& b = binary_.nodes[node];
                if (b.is_leaf() || subtree_triangles(node) <= piece) {
                    frontier.push_back(node);
                } else {
                    queue.push_back(b.first);
                    queue.push_back(b.first + 1);
                }
            }
        }
        frontier_costs_.assign(frontier.size(), Costs{});
        frontier_slot_.clear();
        for (std::size_t i = 0; i < frontier.size(); ++i)
            frontier_slot_.emplace_back(frontier[i], std::uint32_t(i));
        std::sort(frontier_slot_.begin(), frontier_slot_.end());
        std::atomic<std::size_t> next{0};
        parallel_chunks(threads, threads, [&](std::size_t, std::size_t, unsigned) {
            for (std::size_t i = next++; i < frontier.size(); i = next++)
                frontier_costs_[i] = solve(frontier[i], false);
        });
        solve(0, !frontier.empty());
    }

    /// Triangles under a binary node, by walking its leaves (used only above the frontier).
    [[nodiscard]] std::size_t subtree_triangles(std::uint32_t node) const {
        // Leaves are contiguous in primitive order: the subtree's range is from its leftmost
        // leaf's first to its rightmost leaf's end.
        std::uint32_t left = node, right = node;
        while (!binary_.nodes[left].is_leaf())
            left = binary_.nodes[left].first;
        while (!binary_.nodes[right].is_leaf())
            right = binary_.nodes[right].first + 1;
        return binary_.nodes[right].first + binary_.nodes[right].count - binary_.nodes[left].first;
    }

    /// cost(node, 1..8), filling choice_ and size_ for the subtree (post-order). Above the
    /// frontier (`use_frontier`), frontier nodes' costs come from frontier_costs_.
    Costs solve(std::uint32_t node, bool use_frontier) {
        if (use_frontier) {
            const auto it = std::lower_bound(frontier_slot_.begin(), frontier_slot_.end(),
                                             std::pair<std::uint32_t, std::uint32_t>{node, 0u});
            if (it != frontier_slot_.end() && it->first == node) return frontier_costs_[it->second];
        }
        const BvhNode& b = binary_.nodes[node];
        const float area = b.bounds.half_area();
        Choice& choice = choice_[node];
        Costs cost;
        if (b.is_leaf()) {
            size_[node] = b.count;
            choice.leaf = true;
            std::fill(std::begin(choice.split), std::end(choice.split), std::uint8_t(0));
            cost.fill(area * kLeafCost);
            return cost;
        }
        const Costs left = solve(b.first, use_frontier);
        const Costs right = solve(b.first + 1, use_frontier);
        size_[node] = size_[b.first] + size_[b.first + 1];
        // distribute(node, j) for j = 2..8, and its best split.
        Costs distribute;
        std::uint8_t best_k[kWidth] = {};
        for (int j = 2; j <= kWidth; ++j) {
            float best = std::numeric_limits<float>::infinity();
            for (int k = 1; k < j; ++k) {
                const float c = left[std::size_t(k - 1)] + right[std::size_t(j - k - 1)];
                if (c < best) {
                    best = c;
                    best_k[j - 1] = std::uint8_t(k);
                }
            }
            distribute[std::size_t(j - 1)] = best;
        }
        const float as_node = area * kNodeCost + distribute[kWidth - 1];
        const float as_leaf = size_[node] <= std::uint32_t(kWidth)
                                  ? area * kLeafCost
                                  : std::numeric_limits<float>::infinity();
        choice.leaf = as_leaf <= as_node;
        choice.split[0] = best_k[kWidth - 1];
        cost[0] = std::min(as_leaf, as_node);
        for (int i = 2; i <= kWidth; ++i) {
            const bool split = distribute[std::size_t(i - 1)] < cost[std::size_t(i - 2)];
            cost[std::size_t(i - 1)] =
                split ? distribute[std::size_t(i - 1)] : cost[std::size_t(i - 2)];
            choice.split[i - 1] = split ? best_k[i - 1] : std::uint8_t(0);
        }
        return cost;
    }

    /// The slots that binary node `node` is as `i` slots (appended to `out`).
    void collect(std::uint32_t node, int i, Slots& out) const {
        const Choice& choice = choice_[node];
        while (i > 1 && choice.split[i - 1] == 0)
            --i;
        if (i == 1) {
            out.push_back({node, choice.leaf});
            return;
        }
        const BvhNode& b = binary_.nodes[node];
        const int k = choice.split[i - 1];
        collect(b.first, k, out);
        collect(b.first + 1, i - k, out);
    }

    /// The slots of the wide node that binary node `node` becomes.
    [[nodiscard]] Slots inner_slots(std::uint32_t node) const {
        const BvhNode& b = binary_.nodes[node];
        const int k = choice_[node].split[0];
        Slots slots;
        collect(b.first, k, slots);
        collect(b.first + 1, kWidth - k, slots);
        return slots;
    }

    /// The wide nodes and blocks that fill() makes from a binary node kept as a wide node.
    [[nodiscard]] Counts count(std::uint32_t node) const {
        Counts counts{1, 0};
        for (const Slot& slot : inner_slots(node)) {
            if (slot.leaf) {
                ++counts.blocks;
            } else {
                const Counts below = count(slot.node);
                counts.nodes += below.nodes;
                counts.blocks += below.blocks;
            }
        }
        return counts;
    }

    /// A wide node with the slots' boxes, its references not yet set.
    [[nodiscard]] WideNode make_node(const Slots& slots) const {
        WideNode node;
        for (int i = 0; i < kWidth; ++i) {
            node.set_child_bounds(i, Aabb{});
            node.child[i] = WideNode::kEmpty;
        }
        for (std::size_t i = 0; i < slots.size(); ++i)
            node.set_child_bounds(int(i), binary_.nodes[slots[i].node].bounds);
        node.child_count = std::uint32_t(slots.size());
        node.padding_ = 0;
        node.set_octant_order();
        return node;
    }

    /// Makes wide node `index` from binary node `node`; its descendants take nodes and blocks
    /// from `cursor`.
    void fill(std::size_t index, std::uint32_t node, Cursor& cursor) {
        const Slots slots = inner_slots(node);
        out_.nodes[index] = make_node(slots);
        // Children after parents (depth-first): refit walks the nodes backwards.
        for (std::size_t i = 0; i < slots.size(); ++i) {
            std::uint32_t ref = 0;
            if (slots[i].leaf) {
                ref = emit_leaf(slots[i].node, cursor);
            } else {
                ref = std::uint32_t(cursor.node++);
                fill(ref, slots[i].node, cursor);
            }
            out_.nodes[index].child[i] = ref;
        }
    }

    /// One block holding every triangle under binary node `node` (at most eight, contiguous
    /// in the binary BVH's primitive order).
    std::uint32_t emit_leaf(std::uint32_t node, Cursor& cursor) {
        std::uint32_t first = node;
        while (!binary_.nodes[first].is_leaf())
            first = binary_.nodes[first].first;
        const std::uint32_t begin = binary_.nodes[first].first;
        const std::uint32_t count = size_[node];
        const auto index = std::uint32_t(cursor.block++);
        TriangleBlock8& block = out_.blocks[index];
        for (std::uint32_t lane = 0; lane < std::uint32_t(kWidth); ++lane) {
            const bool used = lane < count;
            const std::uint32_t triangle = used ? binary_.primitive_ids[begin + lane] : kEmptyLane;
            block.id[lane] = triangle;
            const Triangle t = used ? mesh_.triangle(triangle)
                                    : Triangle{glm::vec3(kNaN), glm::vec3(kNaN), glm::vec3(kNaN)};
            const glm::vec3 corners[3] = {t.p0, t.p1, t.p2};
            for (int c = 0; c < 3; ++c)
                for (int axis = 0; axis < 3; ++axis)
                    block.corner[c][axis][lane] = corners[c][axis];
        }
        return WideNode::make_leaf(index, count);
    }

    BinaryTree binary_;
    const MeshView& mesh_;
    WideBvh& out_;
    std::vector<Choice> choice_;
    std::vector<std::uint32_t> size_;  ///< triangles under each binary node
    /// Binary nodes whose subtrees a thread planned alone (sorted), and their costs.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> frontier_slot_;
    std::vector<Costs> frontier_costs_;
};

}  // namespace

void WideNode::set_child_bounds(int i, const Aabb& box) {
    const bool empty = box.empty();
    bounds[0][i] = empty ? kInf : box.min.x;
    bounds[1][i] = empty ? -kInf : box.max.x;
    bounds[2][i] = empty ? kInf : box.min.y;
    bounds[3][i] = empty ? -kInf : box.max.y;
    bounds[4][i] = empty ? kInf : box.min.z;
    bounds[5][i] = empty ? -kInf : box.max.z;
}

namespace {
/// Set bits in each number of four bits (x86-64's baseline has no popcnt instruction).
constexpr unsigned char kBitsIn[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
}  // namespace

void WideNode::set_octant_order() {
    // The slots' centres, four slots a vector (lo and hi rows read as they are stored).
    const auto centre = [&](int row, int half) {
        // Halves, then summed: no overflow for the largest floats.
        const __m128 half_of = _mm_set1_ps(0.5f);
        return _mm_add_ps(_mm_mul_ps(half_of, _mm_loadu_ps(&bounds[2 * row][4 * half])),
                          _mm_mul_ps(half_of, _mm_loadu_ps(&bounds[2 * row + 1][4 * half])));
    };
    const __m128 cx[2] = {centre(0, 0), centre(0, 1)};
    const __m128 cy[2] = {centre(1, 0), centre(1, 1)};
    const __m128 cz[2] = {centre(2, 0), centre(2, 1)};
    const int used = int(std::min<std::uint32_t>(child_count, kWidth));
    const __m128i slot_low = _mm_setr_epi32(0, 1, 2, 3), slot_high = _mm_setr_epi32(4, 5, 6, 7);
    const __m128 used_lanes[2] = {
        _mm_castsi128_ps(_mm_cmplt_epi32(slot_low, _mm_set1_epi32(used))),
        _mm_castsi128_ps(_mm_cmplt_epi32(slot_high, _mm_set1_epi32(used)))};
    const __m128 inf = _mm_set1_ps(std::numeric_limits<float>::infinity());
    for (unsigned octant = 0; octant < 8; ++octant) {
        const __m128 sx = _mm_set1_ps((octant & 1u) ? -1.0f : 1.0f);
        const __m128 sy = _mm_set1_ps((octant & 2u) ? -1.0f : 1.0f);
        const __m128 sz = _mm_set1_ps((octant & 4u) ? -1.0f : 1.0f);
        // Each slot's key: its centre along the octant's diagonal, as glm::dot sums it. Unused
        // slots and NaN keys get +inf: a tie goes to the lower slot, so the used ones with a
        // number come first, then the used ones without, then the unused ones.
        alignas(16) float key[kWidth];
        for (int h = 0; h < 2; ++h) {
            const __m128 k = _mm_add_ps(_mm_add_ps(_mm_mul_ps(cx[h], sx), _mm_mul_ps(cy[h], sy)),
                                        _mm_mul_ps(cz[h], sz));
            const __m128 keep = _mm_and_ps(used_lanes[h], _mm_cmpord_ps(k, k));
            _mm_store_ps(key + 4 * h, _mm_or_ps(_mm_and_ps(keep, k), _mm_andnot_ps(keep, inf)));
        }
        // Each slot's rank by counting, four slots a comparison and with no branch on the
        // keys (an insertion sort's comparisons were coin tosses, a tenth of a small mesh's
        // build): the slots with smaller keys, and those before it with the same key.
        const __m128 low = _mm_load_ps(key), high = _mm_load_ps(key + 4);
        std::uint32_t bits = 0;
        for (int i = 0; i < kWidth; ++i) {
            const __m128 here = _mm_set1_ps(key[i]);
            const unsigned smaller = unsigned(_mm_movemask_ps(_mm_cmplt_ps(low, here))) |
                                     (unsigned(_mm_movemask_ps(_mm_cmplt_ps(high, here))) << 4);
            const unsigned equal = unsigned(_mm_movemask_ps(_mm_cmpeq_ps(low, here))) |
                                   (unsigned(_mm_movemask_ps(_mm_cmpeq_ps(high, here))) << 4);
            const unsigned before = smaller | (equal & ((1u << i) - 1u));
            const unsigned rank = kBitsIn[before & 15u] + kBitsIn[before >> 4];
            bits |= std::uint32_t(i) << (3 * rank);
        }
        octant_order[3 * octant] = std::uint8_t(bits);
        octant_order[3 * octant + 1] = std::uint8_t(bits >> 8);
        octant_order[3 * octant + 2] = std::uint8_t(bits >> 16);
    }
}

BvhBuildOptions wide_bvh_build_options() {
    BvhBuildOptions options;
    options.max_leaf_size = 8;
    // A leaf of up to eight triangles is one SIMD test, about as dear as one node's eight box
    // tests: the SAH then grows leaves to fill the lanes, which also keeps memory down.
    options.primitive_block = 8;
    options.node_cost = 1.0f;
    options.primitive_cost = 1.0f;
    return options;
}

WideBvh collapse_to_wide(const Bvh& binary, const MeshView& mesh, unsigned threads) {
    WideBvh wide;
    if (binary.empty()) return wide;
    Collapser({binary.nodes, binary.primitive_ids}, mesh, wide).run(resolve_thread_count(threads));
    wide.leaf_extent = typical_leaf_extent(wide);
    return wide;
}

WideBvh build_wide_bvh(const MeshView& mesh, const BvhBuildOptions& options,
                       BuildProgress* progress) {
    BvhBuildOptions capped = options;
    capped.max_leaf_size = std::clamp(capped.max_leaf_size, 1, WideNode::kWidth);
    if (mesh.triangle_count() > WideNode::kMaxLeafSlot) return {};  // 268 million: out of reach
    // The builder's references, freed when the binary tree is done, become the collapse's leaf
    // blocks: pages already faulted in.
    const ReuseFreedLargeBlocks reuse;
    const BvhStorage binary = build_bvh_storage(mesh, capped, progress);
    if ((progress && progress->cancel) || binary.node_count == 0) return {};
    WideBvh wide;
    Collapser({binary.node_span(), binary.primitive_ids}, mesh, wide)
        .run(resolve_thread_count(capped.threads));
    wide.leaf_extent = typical_leaf_extent(wide);
    return wide;
}

float typical_leaf_extent(const WideBvh& bvh) {
    constexpr std::size_t kSample = 4096;
    const std::size_t stride = std::max<std::size_t>(1, bvh.nodes.size() / kSample);
    double sum = 0.0;
    std::size_t leaves = 0;
    for (std::size_t n = 0; n < bvh.nodes.size(); n += stride) {
        const WideNode& node = bvh.nodes[n];
        for (std::uint32_t i = 0; i < node.child_count; ++i) {
            if (!WideNode::is_leaf(node.child[i])) continue;
            const Aabb box = node.child_bounds(int(i));
            const float side =
                std::max({box.max.x - box.min.x, box.max.y - box.min.y, box.max.z - box.min.z});
            if (!(side >= 0.0f && side <= std::numeric_limits<float>::max())) continue;
            sum += double(side);
            ++leaves;
        }
    }
    return leaves ? float(sum / double(leaves)) : 0.0f;
}

std::size_t WideBvh::memory_bytes() const {
    return nodes.size() * sizeof(WideNode) + blocks.size() * sizeof(TriangleBlock8);
}

std::optional<BlockAlgorithm> block_algorithm_for(RayTriangleMethod method) {
    switch (method) {
        case RayTriangleMethod::MollerTrumbore:
            return BlockAlgorithm::MollerTrumbore;
        case RayTriangleMethod::Watertight:
            return BlockAlgorithm::Watertight;
        default:
            return std::nullopt;
    }
}

}  // namespace picking
