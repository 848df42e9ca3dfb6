// Collapsing a binary BVH into an eight-wide one: each wide node starts from a binary node's
// two children and keeps opening the child with the largest surface area until it has eight
// (Wald et al., "Getting Rid of Packets", 2008; Embree's BVH8 builder does the same in its
// SAH builder). Leaves copy their triangles' corners into rows, in depth-first order, so a
// traversal reads them from one place.

#include <algorithm>
#include <atomic>
#include <limits>

#include "picking/parallel_for.h"
#include "picking/wide_bvh.h"

namespace picking {

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

class Collapser {
  public:
    Collapser(const Bvh& binary, const MeshView& mesh, WideBvh& out)
        : binary_(binary), mesh_(mesh), out_(out) {}

    /// The whole tree from binary node 0, on `threads` threads. A counting pass sizes the
    /// output once; then the wide root's subtrees are filled in parallel, each into its own
    /// range of nodes and blocks (children still after their parents, depth-first).
    void run(unsigned threads) {
        out_.bounds = binary_.bounds();
        out_.triangle_count = binary_.primitive_ids.size();
        const BvhNode& root = binary_.nodes[0];
        const std::vector<std::uint32_t> children =
            root.is_leaf() ? std::vector<std::uint32_t>{0u}  // a lone leaf under the root
                           : open_largest({root.first, root.first + 1});
        // == How much each of the root's children makes, and where it goes.
        std::vector<Counts> counts(children.size());
        Counts total{1, 0};  // the root
        for (std::size_t i = 0; i < children.size(); ++i) {
            const BvhNode& child = binary_.nodes[children[i]];
            counts[i] = child.is_leaf() ? Counts{0, 1} : count({child.first, child.first + 1});
            total.nodes += counts[i].nodes;
            total.blocks += counts[i].blocks;
        }
        out_.nodes.resize(total.nodes);
        out_.blocks.resize(total.blocks);
        std::vector<Cursor> starts(children.size());
        Cursor at{1, 0};
        for (std::size_t i = 0; i < children.size(); ++i) {
            starts[i] = at;
            at.node += counts[i].nodes;
            at.block += counts[i].blocks;
        }
        // == The root, then its children's subtrees, the threads taking the next when done.
        WideNode root_node = make_node(children);
        for (std::size_t i = 0; i < children.size(); ++i)
            root_node.child[i] = binary_.nodes[children[i]].is_leaf()
                                     ? WideNode::make_leaf(std::uint32_t(starts[i].block),
                                                           binary_.nodes[children[i]].count)
                                     : std::uint32_t(starts[i].node);
        out_.nodes[0] = root_node;
        const bool parallel = threads > 1 && out_.triangle_count >= kMinParallelTriangles;
        std::atomic<std::size_t> next{0};
        parallel_chunks(parallel ? threads : 1u, parallel ? threads : 1u,
                        [&](std::size_t, std::size_t, unsigned) {
                            for (std::size_t i = next++; i < children.size(); i = next++) {
                                Cursor cursor = starts[i];
                                const BvhNode& child = binary_.nodes[children[i]];
                                if (child.is_leaf()) {
                                    emit_leaf(child, cursor);
                                } else {
                                    const std::size_t index = cursor.node++;
                                    fill(index, {child.first, child.first + 1}, cursor);
                                }
                            }
                        });
    }

  private:
    /// Below this, one thread collapses faster than several start.
    static constexpr std::size_t kMinParallelTriangles = 1u << 16;

    struct Counts {
        std::size_t nodes = 0, blocks = 0;
    };
    /// The next free node and block of a subtree's range.
    struct Cursor {
        std::size_t node = 0, block = 0;
    };

    /// The children of one wide node: binary children, the largest inner one opened until
    /// there are eight.
    [[nodiscard]] std::vector<std::uint32_t> open_largest(
        std::vector<std::uint32_t> children) const {
        while (children.size() < std::size_t(WideNode::kWidth)) {
            int largest = -1;
            float largest_area = -1.0f;
            for (std::size_t i = 0; i < children.size(); ++i) {
                const BvhNode& node = binary_.nodes[children[i]];
                if (node.is_leaf()) continue;
                const float area = node.bounds.half_area();
                if (area > largest_area) {
                    largest_area = area;
                    largest = int(i);
                }
            }
            if (largest < 0) break;
            const BvhNode& opened = binary_.nodes[children[std::size_t(largest)]];
            children[std::size_t(largest)] = opened.first;
            children.push_back(opened.first + 1);
        }
        return children;
    }

    /// The wide nodes and blocks that fill() makes from these binary children.
    [[nodiscard]] Counts count(std::vector<std::uint32_t> children) const {
        children = open_largest(std::move(children));
        Counts counts{1, 0};
        for (const std::uint32_t c : children) {
            const BvhNode& child = binary_.nodes[c];
            if (child.is_leaf()) {
                ++counts.blocks;
            } else {
                const Counts below = count({child.first, child.first + 1});
                counts.nodes += below.nodes;
                counts.blocks += below.blocks;
            }
        }
        return counts;
    }

    /// A wide node with the children's boxes, its references not yet set.
    [[nodiscard]] WideNode make_node(const std::vector<std::uint32_t>& children) const {
        WideNode node;
        for (int i = 0; i < WideNode::kWidth; ++i) {
            node.set_child_bounds(i, Aabb{});
            node.child[i] = WideNode::kEmpty;
        }
        for (std::size_t i = 0; i < children.size(); ++i)
            node.set_child_bounds(int(i), binary_.nodes[children[i]].bounds);
        node.child_count = std::uint32_t(children.size());
        std::fill(std::begin(node.padding_), std::end(node.padding_), 0u);
        return node;
    }

    /// Makes wide node `index` from the binary nodes `children`, opening the largest; its
    /// descendants take nodes and blocks from `cursor`.
    void fill(std::size_t index, std::vector<std::uint32_t> children, Cursor& cursor) {
        children = open_largest(std::move(children));
        out_.nodes[index] = make_node(children);
        // Children after parents (depth-first): refit walks the nodes backwards.
        for (std::size_t i = 0; i < children.size(); ++i) {
            const BvhNode& child = binary_.nodes[children[i]];
            std::uint32_t ref = 0;
            if (child.is_leaf()) {
                ref = emit_leaf(child, cursor);
            } else {
                ref = std::uint32_t(cursor.node++);
                fill(ref, {child.first, child.first + 1}, cursor);
            }
            out_.nodes[index].child[i] = ref;
        }
    }

    std::uint32_t emit_leaf(const BvhNode& leaf, Cursor& cursor) {
        const auto index = std::uint32_t(cursor.block++);
        TriangleBlock8& block = out_.blocks[index];
        for (std::uint32_t lane = 0; lane < WideNode::kWidth; ++lane) {
            const bool used = lane < leaf.count;
            const std::uint32_t triangle =
                used ? binary_.primitive_ids[leaf.first + lane] : kEmptyLane;
            block.id[lane] = triangle;
            const Triangle t = used ? mesh_.triangle(triangle)
                                    : Triangle{glm::vec3(kNaN), glm::vec3(kNaN), glm::vec3(kNaN)};
            const glm::vec3 corners[3] = {t.p0, t.p1, t.p2};
            for (int c = 0; c < 3; ++c)
                for (int axis = 0; axis < 3; ++axis)
                    block.corner[c][axis][lane] = corners[c][axis];
        }
        return WideNode::make_leaf(index, leaf.count);
    }

    const Bvh& binary_;
    const MeshView& mesh_;
    WideBvh& out_;
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
    Collapser(binary, mesh, wide).run(resolve_thread_count(threads));
    return wide;
}

WideBvh build_wide_bvh(const MeshView& mesh, const BvhBuildOptions& options,
                       BuildProgress* progress) {
    BvhBuildOptions capped = options;
    capped.max_leaf_size = std::clamp(capped.max_leaf_size, 1, WideNode::kWidth);
    if (mesh.triangle_count() > WideNode::kMaxLeafSlot) return {};  // 268 million: out of reach
    const Bvh binary = build_bvh(mesh, capped, progress);
    if (progress && progress->cancel) return {};
    return collapse_to_wide(binary, mesh, capped.threads);
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
