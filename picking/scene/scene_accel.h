#pragma once
/// What the broad phases of a scene pick need, built once per scene and kept current:
/// every mesh's box and bounding sphere (mesh space), XNA's spheres per node ("ModelMesh")
/// around its meshes ("ModelMeshParts"), every mesh's BVH, and a top-level BVH over the
/// instances' world boxes so that scenes of many meshes stay fast.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include <glm/mat4x4.hpp>

#include "picking/bvh/bvh.h"
#include "picking/bvh/wide_box_tree.h"
#include "picking/bvh/wide_bvh.h"
#include "picking/core/aabb.h"
#include "picking/core/sphere.h"
#include "picking/ray_triangle/ray_triangle.h"
#include "picking/scene/instance_tree.h"
#include "picking/scene/scene_view.h"
#include "picking/scene/world_tree.h"
#include "picking/simd/ray_triangle_simd.h"

namespace picking {

/// The broad phases of `--accel` (DESIGN.md), cheapest to build first.
enum class BroadPhase {
    None,    ///< every triangle of every instance
    Sphere,  ///< XNA recipe 4-18: the node's bounding sphere, then each mesh part's
    Aabb,    ///< each mesh's box (slab test, seed 002), then every triangle
    Bvh,     ///< a top level over instances, then each mesh's eight-wide BVH
};

/// One XNA "ModelMesh": the instances drawn at one node with one transform, and the sphere
/// around all of their meshes in that node's (bone) space.
struct NodeGroup {
    std::uint32_t node = 0;
    std::vector<std::uint32_t> instances;
    Sphere sphere;
};

/// Per-triangle data of each mesh that only some queries want, made the first time a query
/// asks for a mesh's (so a scene pays only for what its picks use) and dropped when the mesh's
/// positions change. `Make` is a callable: std::vector<T> Make(const MeshView&).
template <typename T, typename Make>
class MeshDataCache {
  public:
    MeshDataCache() = default;
    explicit MeshDataCache(std::size_t meshes)
        : entries_(std::make_unique<Entry[]>(meshes)), size_(meshes) {}
    MeshDataCache(MeshDataCache&& other) noexcept
        : entries_(std::move(other.entries_)), size_(std::exchange(other.size_, 0)) {}
    MeshDataCache& operator=(MeshDataCache&& other) noexcept {
        entries_ = std::move(other.entries_);
        size_ = std::exchange(other.size_, 0);
        return *this;
    }

    /// The data of mesh `index` (whose data is `mesh`), made now if it is not there. Safe
    /// from several threads at once; empty for an index past the meshes.
    [[nodiscard]] std::span<const T> get(std::uint32_t index, const MeshView& mesh) const {
        if (index >= size_) return {};
        Entry& entry = entries_[index];
        if (!entry.ready.load(std::memory_order_acquire)) {
            const std::lock_guard<std::mutex> lock(*mutex_);
            if (!entry.ready.load(std::memory_order_relaxed)) {
                entry.data = Make{}(mesh);
                entry.ready.store(true, std::memory_order_release);
            }
        }
        return entry.data;
    }
    /// The same, except that after the mesh deformed, the first query of a pose gets nothing
    /// (it does without: one query does not pay back making the data) and only the second
    /// makes it. Playback that picks once a frame never makes it; a paused pose hovered over
    /// makes it once.
    [[nodiscard]] std::span<const T> get_once_worth_it(std::uint32_t index,
                                                       const MeshView& mesh) const {
        if (index >= size_) return {};
        Entry& entry = entries_[index];
        if (!entry.ready.load(std::memory_order_acquire) &&
            entry.deformed.load(std::memory_order_relaxed) &&
            !entry.asked.exchange(true, std::memory_order_relaxed))
            return {};
        return get(index, mesh);
    }
    /// Forgets mesh `index`'s data (its positions changed). Not while a query runs.
    void invalidate(std::uint32_t index) {
        if (index >= size_) return;
        entries_[index].ready.store(false, std::memory_order_release);
        entries_[index].deformed.store(true, std::memory_order_relaxed);
        entries_[index].asked.store(false, std::memory_order_relaxed);
    }
    /// Whether mesh `index`'s data is there now.
    [[nodiscard]] bool ready(std::uint32_t index) const {
        return index < size_ && entries_[index].ready.load(std::memory_order_acquire);
    }
    /// Bytes of the data made so far.
    [[nodiscard]] std::size_t memory_bytes() const {
        std::size_t bytes = 0;
        for (std::size_t i = 0; i < size_; ++i)
            bytes += entries_[i].data.capacity() * sizeof(T);
        return bytes;
    }

  private:
    struct Entry {
        std::vector<T> data;
        std::atomic<bool> ready{false};
        std::atomic<bool> deformed{false};       ///< invalidated at least once
        mutable std::atomic<bool> asked{false};  ///< since then, by get_once_worth_it()
    };
    std::unique_ptr<Entry[]> entries_;
    std::size_t size_ = 0;
    std::unique_ptr<std::mutex> mutex_ = std::make_unique<std::mutex>();
};

/// Baldwin–Weber's transforms (precompute_baldwin_weber()), one per triangle in order (40
/// bytes per triangle).
struct MakeBaldwinWeber {
    std::vector<BaldwinWeberTriangle> operator()(const MeshView& mesh) const;
};
using BaldwinWeberCache = MeshDataCache<BaldwinWeberTriangle, MakeBaldwinWeber>;

/// Every triangle in blocks of sixteen for the SIMD kernels (ray_triangle_simd.h), in order:
/// what a pick over every triangle runs on when the algorithm has kernels.
struct MakeTriangleBlocks {
    std::vector<TriangleBlock16> operator()(const MeshView& mesh) const;
};
using TriangleBlockCache = MeshDataCache<TriangleBlock16, MakeTriangleBlocks>;

class SceneAccel {
  public:
    SceneAccel() = default;
    /// Boxes and spheres of every mesh and the instance top level (fast: linear in vertices).
    /// BVHs are separate (build_bvhs), since they cost seconds on ten million triangles.
    explicit SceneAccel(const SceneView& scene);

    /// The trees a BVH pick starts with: the world tree when one serves the scene
    /// (world_tree.h), else every mesh's BVH and, when it serves, the instance tree made from
    /// them (instance_tree.h). With the world tree the meshes' own trees wait until a query
    /// needs one (mesh_bvh()): only XNA's "first found", a seed's whole line, Baldwin–Weber's
    /// cache, the other queries (region selection, snapping) and instances moved apart walk
    /// them, and building both would double a build's time and memory.
    struct Bvhs {
        std::vector<WideBvh> meshes;  ///< one per mesh, or none when `world` serves
        std::optional<WorldTree> world;
        std::optional<InstanceTree> instanced;
        BvhBuildOptions options;  ///< how the meshes' trees are made when they are needed
        bool complete = false;    ///< false: the build was cancelled
    };
    /// Builds the BVHs (make_bvhs) and takes them (set_bvhs). Returns false when cancelled;
    /// the previous BVHs, if any, are kept then.
    bool build_bvhs(const SceneView& scene,
                    const BvhBuildOptions& options = wide_bvh_build_options(),
                    BuildProgress* progress = nullptr);
    /// The same as a free-standing step, for a build on another thread: build the BVHs from
    /// meshes that do not change meanwhile (on options.threads threads; `progress` may be
    /// null), then hand them over with set_bvhs().
    [[nodiscard]] static Bvhs make_bvhs(const SceneView& scene, const BvhBuildOptions& options,
                                        BuildProgress* progress);
    void set_bvhs(Bvhs bvhs);
    [[nodiscard]] bool has_bvhs() const { return trees_set_ || mesh_boxes_.empty(); }

    /// After the pose changed (world_from_mesh of instances): the cached inverses, the node
    /// groups and the top-level BVH over the instances' world boxes.
    void update_instances(const SceneView& scene);
    /// After a mesh's positions changed (CPU skinning, morphing; `scene` may point at new
    /// storage): its box and sphere, its BVH refitted, then the instances (their world boxes
    /// depend on it).
    void refit_mesh(const SceneView& scene, std::uint32_t mesh);
    /// The same for several meshes, then the instances once: what a new pose needs.
    void refit_meshes(const SceneView& scene, std::span<const std::uint32_t> meshes);

    // == What the pick reads
    [[nodiscard]] const Aabb& mesh_box(std::uint32_t mesh) const { return mesh_boxes_[mesh]; }
    [[nodiscard]] const Sphere& mesh_sphere(std::uint32_t mesh) const {
        return mesh_spheres_[mesh];
    }
    /// Mesh `mesh`'s BVH (`scene`: the scene of now), built now if it waited (see Bvhs); null
    /// before set_bvhs() and for a mesh past the scene's. Safe from several threads at once.
    [[nodiscard]] const WideBvh* mesh_bvh(const SceneView& scene, std::uint32_t mesh) const {
        if (!trees_set_ || mesh >= mesh_boxes_.size()) return nullptr;
        MeshTree& tree = trees_[mesh];
        if (!tree.built.load(std::memory_order_acquire)) build_mesh_tree(scene, mesh);
        return &tree.bvh;
    }
    /// The same if it is built; null if it waits.
    [[nodiscard]] const WideBvh* built_mesh_bvh(std::uint32_t mesh) const {
        return trees_set_ && mesh < mesh_boxes_.size() &&
                       trees_[mesh].built.load(std::memory_order_acquire)
                   ? &trees_[mesh].bvh
                   : nullptr;
    }
    /// The one tree over every instance's triangles (world_tree.h), in the meshes' space,
    /// while it serves: built with the meshes' BVHs, set aside while the instances' transforms
    /// differ (or are singular), and dropped when a mesh's positions change. Null otherwise.
    [[nodiscard]] const WorldTree* world_tree() const {
        return world_ && world_current_ ? &*world_ : nullptr;
    }
    /// The one tree over instances with transforms of their own (instance_tree.h) while the
    /// instances have the transforms it was built for; dropped when a mesh's positions change.
    /// Null otherwise.
    [[nodiscard]] const InstanceTree* instance_tree() const {
        return instanced_ && instanced_current_ ? &*instanced_ : nullptr;
    }
    [[nodiscard]] const std::vector<NodeGroup>& node_groups() const { return groups_; }
    /// The instances' world boxes, eight to a node (one instance a leaf).
    [[nodiscard]] const WideBoxTree& top_level() const { return top_level_; }
    [[nodiscard]] const Aabb& instance_box(std::uint32_t instance) const {
        return instance_boxes_[instance];
    }
    /// inverse(world_from_mesh) per instance, in double; `usable` is false for a singular one.
    [[nodiscard]] const glm::dmat4& mesh_from_world(std::uint32_t instance) const {
        return inverses_[instance];
    }
    [[nodiscard]] bool usable(std::uint32_t instance) const { return usable_[instance] != 0; }
    [[nodiscard]] bool identity(std::uint32_t instance) const { return identity_[instance] != 0; }
    [[nodiscard]] std::size_t instance_count() const { return inverses_.size(); }
    [[nodiscard]] std::size_t mesh_count() const { return mesh_boxes_.size(); }

    /// Baldwin–Weber's transforms of mesh `mesh` (see BaldwinWeberCache), made on first use and
    /// again after refit_mesh() changed its positions.
    [[nodiscard]] std::span<const BaldwinWeberTriangle> baldwin_weber(const SceneView& scene,
                                                                      std::uint32_t mesh) const {
        return mesh < scene.meshes.size() ? baldwin_weber_.get(mesh, scene.meshes[mesh])
                                          : std::span<const BaldwinWeberTriangle>{};
    }
    [[nodiscard]] const BaldwinWeberCache& baldwin_weber_cache() const { return baldwin_weber_; }

    /// Mesh `mesh`'s triangles in SIMD blocks (see TriangleBlockCache), made on first use and,
    /// after refit_mesh() changed its positions, on the second use of the new positions (see
    /// MeshDataCache::get_once_worth_it()): empty when the caller should do without, and for
    /// a mesh of more triangles than kept_blocks_limit() (its blocks would take more memory
    /// than a pick gains from keeping them: it makes them a few at a time instead).
    [[nodiscard]] std::span<const TriangleBlock16> triangle_blocks(const SceneView& scene,
                                                                   std::uint32_t mesh) const {
        return mesh < scene.meshes.size() &&
                       scene.meshes[mesh].triangle_count() <= kept_blocks_limit_
                   ? triangle_blocks_.get_once_worth_it(mesh, scene.meshes[mesh])
                   : std::span<const TriangleBlock16>{};
    }
    /// The most triangles a mesh may have for triangle_blocks() to keep its blocks: 2^21 (80 MB
    /// of blocks, two thirds of a second to make on a 10M-triangle mesh and twice the mesh's
    /// own memory). Settable for tests.
    static constexpr std::size_t kKeptBlocksLimit = std::size_t(1) << 21;
    [[nodiscard]] std::size_t kept_blocks_limit() const { return kept_blocks_limit_; }
    void set_kept_blocks_limit(std::size_t triangles) { kept_blocks_limit_ = triangles; }
    [[nodiscard]] const TriangleBlockCache& triangle_block_cache() const {
        return triangle_blocks_;
    }

    /// Bytes of every BVH (meshes, top level and world tree): the acceleration memory of `bvh`.
    [[nodiscard]] std::size_t bvh_memory_bytes() const;

  private:
    /// Every instance has instance 0's transform, and it can be inverted.
    [[nodiscard]] bool one_usable_transform(const SceneView& scene) const;
    /// Builds mesh `mesh`'s waiting tree from `scene` (once, whichever thread asks first).
    void build_mesh_tree(const SceneView& scene, std::uint32_t mesh) const;

    /// A mesh's BVH, built with the others or when first needed.
    struct MeshTree {
        WideBvh bvh;
        std::atomic<bool> built{false};
    };

    std::vector<Aabb> mesh_boxes_;
    std::vector<Sphere> mesh_spheres_;
    std::vector<std::uint8_t> all_vertices_used_;  ///< per mesh: its triangles use every vertex
    std::unique_ptr<MeshTree[]> trees_;            ///< one per mesh once set_bvhs() took a build
    bool trees_set_ = false;
    BvhBuildOptions tree_options_;  ///< how a waiting tree is built
    std::unique_ptr<std::mutex> tree_mutex_ = std::make_unique<std::mutex>();
    std::optional<WorldTree> world_;
    bool one_transform_ = false;  ///< the instances share one usable transform now
    bool world_current_ = false;  ///< world_ serves the instances as they are now
    std::optional<InstanceTree> instanced_;
    bool instanced_current_ = false;          ///< instanced_ has the instances' transforms now
    std::vector<glm::mat4> world_from_mesh_;  ///< per instance, as update_instances() saw it
    std::vector<glm::dmat4> inverses_;
    std::vector<std::uint8_t> usable_, identity_;
    std::vector<NodeGroup> groups_;
    std::vector<Aabb> instance_boxes_;
    WideBoxTree top_level_;
    BaldwinWeberCache baldwin_weber_;
    TriangleBlockCache triangle_blocks_;
    std::size_t kept_blocks_limit_ = kKeptBlocksLimit;
};

}  // namespace picking
