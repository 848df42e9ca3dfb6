#pragma once
/// The BVH picking uses for speed: 8-wide nodes (eight child boxes side by side, so one AVX
/// instruction tests all eight) and leaves that are one block of up to eight triangles (one
/// SIMD load per coordinate tests them all). Built by collapsing the
/// binary BVH of bvh.h (the largest child opened first, as Embree's BVH8 builder does);
/// queried by a scalar reference traversal or by AVX2 / AVX-512 traversals chosen at run time
/// that test leaves with the block kernels of ray_triangle_simd.h.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include <glm/mat4x4.hpp>

#include "picking/bvh/bvh.h"
#include "picking/bvh/large_alloc.h"
#include "picking/core/aabb.h"
#include "picking/core/mesh_view.h"
#include "picking/core/ray.h"
#include "picking/ray_triangle/ray_triangle.h"
#include "picking/simd/ray_triangle_simd.h"
#include "picking/simd/triangle_block.h"

namespace picking {

/// Eight child boxes as six rows of eight floats, eight child references and their count:
/// 256 bytes, aligned to a cache line.
struct alignas(64) WideNode {
    static constexpr int kWidth = 8;
    /// Rows in this order, so a ray picks its near and far planes per axis as a row offset:
    /// lo_x = bounds[0], hi_x = bounds[1], lo_y = bounds[2], ..., hi_z = bounds[5].
    float bounds[6][kWidth];
    std::uint32_t child[kWidth];
    std::uint32_t child_count;  ///< used slots (they come first)
    /// For each octant of ray directions (octant_of in child_order.h), the order in which a
    /// ray takes the children it enters: every slot, the used ones by their centres along the
    /// octant's diagonal (nearest first for a ray heading that way; ties by slot), then the
    /// unused ones. Three bits a rank (rank k's slot in bits 3k..3k+2), 24 bits an octant at
    /// byte 3 * octant. Made by set_octant_order() with the boxes; a refit keeps it (still a
    /// permutation of the slots, only a guess for boxes that have moved).
    std::uint8_t octant_order[3 * kWidth];
    /// To 256 bytes: a node is exactly four cache lines, never five.
    std::uint32_t padding_;

    /// The order for one octant (0..7): rank k's slot in bits 3k..3k+2.
    [[nodiscard]] std::uint32_t order_for(unsigned octant) const {
        // One load of four bytes (the last octant's fourth is padding_'s first).
        std::uint32_t bits;
        std::memcpy(&bits,
                    reinterpret_cast<const unsigned char*>(this) +
                        offsetof(WideNode, octant_order) + 3 * octant,
                    sizeof bits);
        return bits & 0xFFFFFFu;
    }
    /// Fills octant_order from the used slots' boxes (child_count of them).
    void set_octant_order();

    /// An unused slot: its box is empty (lo = +inf, hi = -inf), which no ray enters.
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
    /// A leaf reference: bit 31 set, the triangle count - 1 in bits 28..30, the block index in
    /// bits 0..27. Otherwise the reference is a node index.
    static constexpr std::uint32_t kLeafBit = 0x80000000u;
    static constexpr std::uint32_t kMaxLeafSlot = (1u << 28) - 1;

    [[nodiscard]] static bool is_leaf(std::uint32_t ref) {
        return ref != kEmpty && (ref & kLeafBit);
    }
    [[nodiscard]] static std::uint32_t leaf_block(std::uint32_t ref) { return ref & kMaxLeafSlot; }
    [[nodiscard]] static std::uint32_t leaf_count(std::uint32_t ref) {
        return ((ref >> 28) & 7u) + 1;
    }
    [[nodiscard]] static std::uint32_t make_leaf(std::uint32_t block, std::uint32_t count) {
        return kLeafBit | ((count - 1) << 28) | block;
    }
    [[nodiscard]] Aabb child_bounds(int i) const {
        return {{bounds[0][i], bounds[2][i], bounds[4][i]},
                {bounds[1][i], bounds[3][i], bounds[5][i]}};
    }
    void set_child_bounds(int i, const Aabb& box);
};
static_assert(sizeof(WideNode) == 256);

/// std::allocator aligns to 16; the nodes want 32 (AVX) and the vertex rows no less than 16.
/// Large arrays come in huge pages (large_alloc.h).
template <typename T, std::size_t kAlign>
struct AlignedAllocator {
    using value_type = T;
    AlignedAllocator() = default;
    template <typename U>
    AlignedAllocator(const AlignedAllocator<U, kAlign>&) {}
    template <typename U>
    struct rebind {
        using other = AlignedAllocator<U, kAlign>;
    };
    T* allocate(std::size_t n) {
        return static_cast<T*>(allocate_large(n * sizeof(T), kAlign, kForTraversal));
    }
    void deallocate(T* p, std::size_t n) {
        deallocate_large(p, n * sizeof(T), kAlign, kForTraversal);
    }
    /// resize() leaves new elements uninitialised, not zeroed: the collapse writes every node
    /// and block on every core, and zeroing hundreds of megabytes first on one thread took
    /// longer than that.
    template <typename U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <typename U, typename... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
    friend bool operator==(const AlignedAllocator&, const AlignedAllocator&) { return true; }
};

struct WideBvh {
    std::vector<WideNode, AlignedAllocator<WideNode, 64>> nodes;  ///< nodes[0] is the root
    /// One block per leaf: its triangles' corners side by side (the SIMD kernels' layout of
    /// ray_triangle_simd.h), spare lanes empty (NaN corners, id kEmptyLane). A block's ids are
    /// the triangles' indices within the mesh.
    std::vector<TriangleBlock8, AlignedAllocator<TriangleBlock8, 64>> blocks;
    Aabb bounds;
    std::size_t triangle_count = 0;  ///< triangles in the leaves
    /// How wide a leaf's box typically is (typical_leaf_extent): what the packet traversal
    /// weighs a packet's footprint against.
    float leaf_extent = 0.0f;

    [[nodiscard]] bool empty() const { return blocks.empty(); }
    /// Nodes and blocks: the acceleration memory (the mesh itself not counted).
    [[nodiscard]] std::size_t memory_bytes() const;
};

/// Binary binned SAH (bvh_build.cpp) with leaves of at most eight triangles, collapsed to
/// eight-wide nodes. `options.max_leaf_size` is capped at 8.
[[nodiscard]] WideBvh build_wide_bvh(const MeshView& mesh, const BvhBuildOptions& options = {},
                                     BuildProgress* progress = nullptr);
/// The collapse alone, from a binary BVH whose leaves hold at most eight triangles, on
/// `threads` threads (0: every core; the wide root's subtrees are collapsed apart).
[[nodiscard]] WideBvh collapse_to_wide(const Bvh& binary, const MeshView& mesh,
                                       unsigned threads = 1);

/// The mean largest side of the leaves' boxes, over the leaves of up to 4,096 nodes taken at an
/// even stride (the same ones on any machine): a leaf's typical size at a glance, whatever the
/// tree's size. 0 for an empty tree.
[[nodiscard]] float typical_leaf_extent(const WideBvh& bvh);

/// The default build options for a wide BVH: leaves sized for eight-lane triangle tests.
[[nodiscard]] BvhBuildOptions wide_bvh_build_options();

/// A box a query looked at: which wide node and slot, for drawing the boxes a pick visited.
struct VisitedBox {
    std::uint32_t node = 0;
    int slot = 0;
};

struct WideQuery {
    RayTriangleFn intersect = nullptr;  ///< any algorithm of the table (the scalar path)
    RayTriangleOptions options;
    /// When the algorithm has SIMD block kernels (ray_triangle_simd.h: Möller–Trumbore,
    /// watertight), `isa` above Scalar runs them on whole leaves, and the eight child boxes of
    /// a node in one instruction. The answers are the same bit for bit.
    std::optional<BlockAlgorithm> block_algorithm;
    Isa isa = Isa::Scalar;
    bool any_hit = false;                        ///< stop at the first hit found
    std::vector<VisitedBox>* visited = nullptr;  ///< when set, every box that was entered
    /// The seed's naive way (RaySpace::WorldTriangles): leaves move each triangle to world
    /// space and test it against `world_ray` (same t), while boxes are tested in mesh space.
    const glm::mat4* world_from_mesh = nullptr;
    Ray world_ray;
    /// baldwin_weber on precomputed transforms (SceneAccel::baldwin_weber()): one per triangle
    /// of the mesh, indexed by the leaves' triangle ids. The scalar leaf test then reads them
    /// instead of calling `intersect` (same answers). Not with world_from_mesh.
    std::span<const BaldwinWeberTriangle> baldwin_weber;
};

/// The block kernel for a table method, if it has one.
[[nodiscard]] std::optional<BlockAlgorithm> block_algorithm_for(RayTriangleMethod method);

/// The closest (or any) hit of `ray`, front to back with early termination and conservative
/// box tests; the same answer as testing every triangle with the same algorithm.
[[nodiscard]] std::optional<BvhHit> raycast(const WideBvh& bvh, const MeshView& mesh,
                                            const Ray& ray, const WideQuery& query,
                                            TraversalStats* stats = nullptr);

/// One way of running a query (the scalar reference, or a SIMD traversal), for callers that
/// cast many rays with the same query: choose once, call per ray.
using RaycastFn = std::optional<BvhHit> (*)(const WideBvh& bvh, const Ray& ray,
                                            const WideQuery& query, TraversalStats& stats);
/// The path raycast() takes for `query`.
[[nodiscard]] RaycastFn select_raycast(const WideQuery& query);

/// Leaves in spaces of their own: block b's corners are in space block_space[b], and
/// move(context, space, ray, local) gives the ray there (false: nothing in that space can be
/// hit). For a tree over several instances' triangles (instance_tree.h): its boxes in world
/// space, each leaf one instance's triangles in that instance's bone space.
struct LeafSpaces {
    std::span<const std::uint32_t> block_space;
    bool (*move)(const void* context, std::uint32_t space, const Ray& ray, Ray& local) = nullptr;
    const void* context = nullptr;
};
/// The closest hit of `ray` (in the space of the boxes) in a tree whose leaves are in spaces of
/// their own: each leaf is tested against the ray moved into its space (made once each time the
/// walk reaches another space), with the hits so far bounding it as in one space.
using SpacesRaycastFn = std::optional<BvhHit> (*)(const WideBvh& bvh, const Ray& ray,
                                                  const WideQuery& query, const LeafSpaces& spaces,
                                                  TraversalStats& stats);
/// That traversal for `query`: only on the SIMD path (a block kernel, an instruction set above
/// Scalar that this CPU runs), for the closest hit without recorded boxes, world-space leaves
/// or Baldwin–Weber's table; null otherwise.
[[nodiscard]] SpacesRaycastFn select_raycast_spaces(const WideQuery& query);

/// Rays a packet traversal takes at once: a 4x4 screen tile, one ray per lane of two AVX2
/// registers.
inline constexpr std::size_t kPacketRays = 16;
/// One ray's closest hit from a packet traversal. Plain numbers, not an optional: an array of
/// them costs nothing to make, and the traversal writes every one.
struct PacketHit {
    static constexpr std::uint32_t kNoHit = 0xFFFFFFFFu;
    float t, u, v;           ///< as RayHit
    std::uint32_t triangle;  ///< kNoHit when the ray hits nothing

    [[nodiscard]] bool hit() const { return triangle != kNoHit; }
    /// A single-ray traversal's answer as a packet's.
    [[nodiscard]] static PacketHit of(const std::optional<BvhHit>& hit) {
        return hit ? PacketHit{hit->hit.t, hit->hit.u, hit->hit.v, hit->triangle}
                   : PacketHit{0.0f, 0.0f, 0.0f, kNoHit};
    }
};

/// The closest hits of up to kPacketRays rays (hits[i] for rays[i]; rays past kPacketRays are
/// left alone), each bit for bit what `select_raycast(query)` finds for it alone. Rays of a
/// screen tile share one walk of the tree: each node's boxes are tested once for the whole
/// packet, each leaf by the rays that enter it. The counters count the packet's work: nodes
/// once per packet, triangles once per ray that tested them.
using PacketRaycastFn = void (*)(const WideBvh& bvh, std::span<const Ray> rays,
                                 const WideQuery& query, std::span<PacketHit> hits,
                                 TraversalStats& stats);
/// The packet traversal for `query`: SIMD with a block kernel; otherwise (the scalar
/// reference, a table algorithm, any-hit, recorded boxes, the world-space leaves) a loop over
/// select_raycast(query).
[[nodiscard]] PacketRaycastFn select_raycast_packet(const WideQuery& query);
/// Whether select_raycast_packet(query) is the SIMD traversal that walks the tree once for the
/// packet (false: the loop over single rays).
[[nodiscard]] bool packets_share_walk(const WideQuery& query);
/// The packet traversal of a tree whose leaves are in spaces of their own (LeafSpaces): each
/// ray's hit bit for bit the one select_raycast_spaces(query) finds for it alone. Only where
/// packets_share_walk(query); null otherwise.
using SpacesPacketRaycastFn = void (*)(const WideBvh& bvh, std::span<const Ray> rays,
                                       const WideQuery& query, const LeafSpaces& spaces,
                                       std::span<PacketHit> hits, TraversalStats& stats);
[[nodiscard]] SpacesPacketRaycastFn select_raycast_packet_spaces(const WideQuery& query);

/// New boxes and leaf corners after the mesh's positions changed (same triangles).
void refit(WideBvh& bvh, const MeshView& mesh);

/// Calls `visit(box, depth)` for every child box of the nodes at `depth` (0: the root's
/// children); a negative depth visits every box of every level.
void for_each_box(const WideBvh& bvh, int depth,
                  const std::function<void(const Aabb&, int)>& visit);
/// Levels of wide nodes (1 for a root whose children are all leaves; 0 when empty).
[[nodiscard]] int wide_depth(const WideBvh& bvh);

}  // namespace picking
