#pragma once
/// A binary bounding volume hierarchy over a mesh's triangles (or any boxes): compact 32-byte
/// nodes and one array of primitive ids, as in madmann91/bvh. Built by binned SAH on all cores
/// (bvh_build.cpp), queried front to back (bvh_query.cpp), refitted after a mesh deforms
/// (bvh_refit.cpp), and traversed against a second BVH for overlapping pairs (bvh_overlap.cpp).
/// The wide, SIMD BVH that picking uses for speed is built from this one (wide_bvh.h).

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <glm/mat4x4.hpp>

#include "picking/bvh/large_alloc.h"
#include "picking/core/aabb.h"
#include "picking/core/mesh_view.h"
#include "picking/core/ray.h"
#include "picking/core/ray_hit.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace picking {

/// 32 bytes: the box and either two children or a range of primitives.
struct BvhNode {
    Aabb bounds;
    /// Inner node: index of the left child; the right child is first + 1.
    /// Leaf: index of the first primitive in Bvh::primitive_ids.
    std::uint32_t first = 0;
    std::uint32_t count = 0;  ///< primitives in a leaf; 0 for an inner node

    [[nodiscard]] bool is_leaf() const { return count > 0; }
};
static_assert(sizeof(BvhNode) == 32);

struct Bvh {
    std::vector<BvhNode> nodes;  ///< nodes[0] is the root (absent when nothing was bounded)
    /// Leaves point into this: triangle (or box) indices, in leaf order. Triangles that no
    /// test can hit (a non-finite corner, an index past the positions) are left out.
    std::vector<std::uint32_t> primitive_ids;

    [[nodiscard]] bool empty() const { return nodes.empty(); }
    [[nodiscard]] const Aabb& bounds() const;
    /// Bytes of nodes and ids (the acceleration memory; the mesh itself is not counted).
    [[nodiscard]] std::size_t memory_bytes() const;
    /// Levels from the root (a lone leaf has depth 1).
    [[nodiscard]] int depth() const;
};

// == Build

/// A build over at most this many primitives runs on one thread whatever it is given (handing
/// work to another costs more than it saves): many such builds go side by side instead.
inline constexpr std::size_t kMinThreadedBuild = std::size_t(1) << 15;

/// A node of at least four times this many primitives chooses its plane from every k-th one,
/// about this many (its sides' boxes still come from all of them). Binning a job reads all of its
/// references, and so does the partition that follows: from 16K references up (half a megabyte)
/// they no longer stay in a core's caches between the two. (Binning all of them up to 128K made
/// a 10M-triangle build a quarter slower, for rays that visit at most 1.5 % fewer nodes.)
inline constexpr std::uint32_t kBinnedSample = 4096;

/// How a binary tree is made.
enum class BvhBuildMethod {
    /// Binned surface area heuristic (bvh_build.cpp): the tree rays run fastest through.
    Sah,
    /// Triangles sorted along a Morton curve, the tree read off the codes (bvh_build_morton.cpp):
    /// about half the build time of the wide BVH, rays a little slower through it. For a big
    /// model that is picked a few times before a SAH tree would pay for itself. Meshes only;
    /// leaves of at most max_leaf_size (the SAH costs and bin_count unused).
    Morton,
};

/// How a split is chosen. The defaults suit picking meshes of any size.
struct BvhBuildOptions {
    BvhBuildMethod method = BvhBuildMethod::Sah;
    /// No leaf holds more (where SAH finds no plane, e.g. coincident centroids, the node is
    /// halved by index instead).
    int max_leaf_size = 8;
    int bin_count = 32;  ///< SAH candidate planes per axis are bin_count - 1
    /// SAH costs, relative: one box test against one primitive test. A leaf of n primitives
    /// costs ceil(n / primitive_block) * primitive_cost: a SIMD leaf test of a whole block costs
    /// about as much as one. primitive_block is rounded up to a power of two (at most 64).
    float node_cost = 1.0f;
    float primitive_cost = 1.0f;
    int primitive_block = 1;
    /// Worker threads; 0: every core (std::thread::hardware_concurrency()).
    unsigned threads = 0;
};

/// Shared with whoever waits for a build (the viewer's progress bar). Both may be null.
struct BuildProgress {
    std::atomic<float> fraction{0.0f};  ///< primitives placed in leaves / all primitives
    std::atomic<bool> cancel{false};    ///< checked often; a cancelled build returns empty
    /// A build that is one part of a larger job reports base + span * (its own fraction).
    float base = 0.0f;
    float span = 1.0f;
};

/// Binned SAH (Wald, "On fast Construction of SAH-based Bounding Volume Hierarchies", 2007)
/// over the mesh's triangles, on `options.threads` threads (or the Morton build when
/// options.method asks for it).
[[nodiscard]] Bvh build_bvh(const MeshView& mesh, const BvhBuildOptions& options = {},
                            BuildProgress* progress = nullptr);
/// The same over arbitrary boxes (the top level over instances); empty boxes are left out.
[[nodiscard]] Bvh build_bvh(std::span<const Aabb> boxes, const BvhBuildOptions& options = {},
                            BuildProgress* progress = nullptr);

/// A binary BVH as its builder leaves it: nodes in storage that was never initialised before
/// the builder wrote them (a copy into Bvh::nodes costs a pass over 32 bytes per node). For
/// builders that read the tree once, like the wide BVH's collapse.
struct BvhStorage {
    struct FreeNodes {
        std::size_t capacity = 0;
        void operator()(BvhNode* p) const {
            deallocate_large(p, capacity * sizeof(BvhNode), alignof(BvhNode), kForBuilding);
        }
    };
    using NodeArray = std::unique_ptr<BvhNode[], FreeNodes>;
    NodeArray nodes{nullptr, FreeNodes{}};
    std::size_t node_count = 0;  ///< nodes[0, node_count) were written; [0] is the root
    std::vector<std::uint32_t> primitive_ids;

    [[nodiscard]] std::span<const BvhNode> node_span() const { return {nodes.get(), node_count}; }
    /// Moves it into a Bvh (copying the nodes).
    [[nodiscard]] Bvh to_bvh() &&;
};

/// build_bvh(mesh) without the copy into a Bvh (by options.method).
[[nodiscard]] BvhStorage build_bvh_storage(const MeshView& mesh,
                                           const BvhBuildOptions& options = {},
                                           BuildProgress* progress = nullptr);
/// The Morton build alone (BvhBuildMethod::Morton), whatever options.method says.
[[nodiscard]] BvhStorage build_bvh_storage_morton(const MeshView& mesh,
                                                  const BvhBuildOptions& options = {},
                                                  BuildProgress* progress = nullptr);

// == Queries

/// What a traversal cost: box tests (two per inner node visited), nodes visited (popped and
/// found to overlap the ray), primitives tested.
struct TraversalStats {
    std::uint64_t box_tests = 0;
    std::uint64_t nodes_visited = 0;
    std::uint64_t triangles_tested = 0;
    /// A packet traversal's rays sent on alone into a subtree (counted again per subtree).
    std::uint64_t rays_handed_off = 0;
};

struct BvhHit {
    std::uint32_t triangle = 0;  ///< index within the mesh
    RayHit hit;
};

/// The tie rule of every closest-hit query: the smaller t wins, and at exactly equal t the
/// lower triangle id, so the answer does not depend on the order in which a traversal (one
/// ray's, or a packet's) reaches the leaves.
[[nodiscard]] inline bool closer_hit(float t, std::uint32_t triangle, const BvhHit& best) {
    return t < best.hit.t || (t == best.hit.t && triangle < best.triangle);
}
/// The smallest float above `t` (std::nextafter(t, +inf)) in integer steps, without the libm
/// call: the traversals take it once per hit.
[[nodiscard]] inline float next_float_up(float t) {
    if (!(t < std::numeric_limits<float>::infinity())) return t;  // +inf and NaN stay
    auto bits = std::bit_cast<std::uint32_t>(t);
    // Positive (or +0): one step up; negative: one step towards zero; -0: +denorm_min. No
    // branch on the sign: a hit's t is a coin toss for the branch predictor.
    const std::uint32_t negative = bits >> 31;
    bits = bits == 0x80000000u ? 1u : bits + 1u - 2u * negative;
    return std::bit_cast<float>(bits);
}
/// The t_max a triangle test gets once `t` is the closest hit: the next float up, so that a
/// test whose range is open (t < t_max) still reports a hit at exactly `t` for closer_hit to
/// judge; never beyond the ray's own `ray_t_max`.
[[nodiscard]] inline float tie_t_max(float t, float ray_t_max) {
    return std::min(next_float_up(t), ray_t_max);
}

/// The closest hit of `ray` among the mesh's triangles, tested with `intersect` (any algorithm
/// of kRayTriangleAlgorithms): children front to back, subtrees beyond the closest hit so far
/// skipped, boxes tested with the conservative slab test. Same answer as testing every
/// triangle in index order (closer_hit's rule).
[[nodiscard]] std::optional<BvhHit> raycast_closest(const Bvh& bvh, const MeshView& mesh,
                                                    const Ray& ray, RayTriangleFn intersect,
                                                    const RayTriangleOptions& options,
                                                    TraversalStats* stats = nullptr);
/// Any hit within the ray's range (stops at the first found): for shadow-style yes/no queries.
[[nodiscard]] std::optional<BvhHit> raycast_any(const Bvh& bvh, const MeshView& mesh,
                                                const Ray& ray, RayTriangleFn intersect,
                                                const RayTriangleOptions& options,
                                                TraversalStats* stats = nullptr);

/// What a visitor of a walk over boxes (wide_box_tree.h) tells it: the new t_max (the closest hit
/// so far; boxes that begin beyond it are skipped from then on) and whether to stop altogether.
struct TraverseStep {
    float t_max = std::numeric_limits<float>::infinity();
    bool stop = false;
};

// == Refit

/// Recomputes every box bottom-up for the mesh's current positions (same topology, same
/// triangles). The tree keeps its shape: fast, and exact as a bound, though the quality of
/// the tree degrades when the deformation moves triangles far apart (rebuild then).
void refit(Bvh& bvh, const MeshView& mesh);
/// The same for a BVH over boxes; `boxes` are indexed like the ones it was built from.
void refit(Bvh& bvh, std::span<const Aabb> boxes);

// == Overlap

/// Every pair (triangle of a, triangle of b) whose boxes overlap once b is placed in a's space
/// by `a_from_b`: the candidates for an exact triangle–triangle test. `visit` returns false to
/// stop early. Boxes of b are moved as exact boxes around the moved box (center and absolute
/// matrix), padded for rounding, so no overlapping pair is missed.
void overlapping_pairs(const Bvh& a, const MeshView& mesh_a, const Bvh& b, const MeshView& mesh_b,
                       const glm::mat4& a_from_b,
                       const std::function<bool(std::uint32_t tri_a, std::uint32_t tri_b)>& visit);

}  // namespace picking
