#pragma once
/// Picking a scene: world ray -> broad phase (bounding spheres, boxes, or BVHs under a top level
/// over instances) -> per-instance bone-space ray -> ray–triangle tests -> the closest hit,
/// with t in the world ray's parameter.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "picking/bvh/wide_bvh.h"
#include "picking/core/aabb.h"
#include "picking/core/ray.h"
#include "picking/primitives/analytic_shape.h"
#include "picking/ray_triangle/ray_triangle.h"
#include "picking/scene/scene_accel.h"
#include "picking/scene/scene_view.h"

namespace picking {

/// Where the triangle tests run.
enum class RaySpace {
    BoneSpace,       ///< the ray moves into each mesh's bone space (XNA recipe 4-18, the fast way)
    WorldTriangles,  ///< every triangle moves to world space first (the seed's naive way)
};

struct PickSettings {
    RayTriangleMethod method = kDefaultRayTriangleMethod;
    RayTriangleOptions triangle_options;
    RaySpace space = RaySpace::BoneSpace;
    ShapeTestSettings shapes;  ///< which seed 002 forms test the analytic shapes
    BroadPhase broad_phase = BroadPhase::None;
    /// Which slab test the `aabb` broad phase runs (analytic_shape.h's, shared with the box
    /// shape): Robust is conservative (Ize 2013) and never loses a triangle the narrow phase
    /// would hit; Seed is seed 002 as written (absolute epsilon, t range ignored, NaN in a face
    /// plane; its epsilon is shapes.slab_epsilon, shared with the box shapes).
    SlabTest slab_test = SlabTest::Robust;
    /// The BVH runs SIMD box tests and block kernels, and a pick over every triangle of a mesh
    /// (no broad phase, or behind a sphere or box) the block kernels on sixteen triangles per
    /// step, when the algorithm has them (moller_trumbore, watertight) and the CPU can
    /// (active_isa()); false forces the scalar reference path. Both give the same answer.
    bool simd = true;
    /// baldwin_weber reads its per-triangle transforms from `accel`'s cache (made once per
    /// triangle, as the paper intends) in the brute-force loop, the sphere and box broad phases
    /// and the BVH's leaves; false computes them in every test (as the one-triangle form of the
    /// table does). Both give the same answer. Without an accel there is no cache.
    bool precomputed = true;
    /// Keep the boxes the BVH entered (PickResult::visited_boxes), for drawing.
    bool record_visited = false;
};

/// What a pick cost.
struct PickStats {
    /// Instances whose triangles (or BVH) were reached; the world tree (world_tree.h) counts
    /// as one instance.
    std::uint64_t instances_tested = 0;
    std::uint64_t sphere_tests = 0;   ///< ray–sphere tests (the sphere broad phase)
    std::uint64_t box_tests = 0;      ///< ray–box tests (aabb; the BVH's and top level's)
    std::uint64_t nodes_visited = 0;  ///< BVH nodes entered, top level included
    std::uint64_t triangles_tested = 0;
    std::uint64_t shapes_tested = 0;
    double microseconds = 0.0;

    PickStats& operator+=(const PickStats& other);
};

/// A box a BVH pick entered: in the instance's mesh space, or in world space (the top level).
struct PickedBox {
    Aabb box;
    std::uint32_t instance = 0;
    bool world_space = false;
    int depth = 0;  ///< 0: a child of a root
};

struct PickHit {
    std::uint32_t instance = 0;
    std::uint32_t mesh = 0;  ///< the instance's Instance::mesh_reported()
    std::uint32_t node = 0;
    std::uint32_t triangle = 0;   ///< index within the mesh
    float t = 0.0f;               ///< along the world ray: point = origin + t * direction
    float u = 0.0f, v = 0.0f;     ///< weights of the triangle's 2nd and 3rd corner
    glm::vec3 point{0.0f};        ///< world space
    glm::vec3 local_point{0.0f};  ///< the mesh's bone space, (1 - u - v) p0 + u p1 + v p2
    glm::vec3 normal{0.0f};       ///< unit geometric normal in world space (by winding)
    bool front_face = true;       ///< the ray meets the counter-clockwise side
    Triangle local_triangle{};    ///< the corners as stored in the mesh
};

/// An analytic shape hit (SceneView::shapes), tested by its equation.
struct ShapePickHit {
    std::uint32_t shape = 0;  ///< index into SceneView::shapes
    std::uint32_t node = 0;
    ShapeKind kind = ShapeKind::Sphere;
    float t = 0.0f;  ///< along the world ray
    glm::vec3 point{0.0f};
    glm::vec3 normal{0.0f};  ///< unit, world space
    bool front_face = true;
    ShapeLocalHit local;  ///< what the test computed, in the shape's space
};

struct PickResult {
    std::optional<PickHit> hit;         ///< the closest triangle, if it is the closest of all
    std::optional<ShapePickHit> shape;  ///< the closest analytic shape, if it is
    PickStats stats;
    [[nodiscard]] bool any() const { return hit.has_value() || shape.has_value(); }
    /// The broad phase that ran: the one asked for, or None when `accel` lacked its data.
    BroadPhase broad_phase = BroadPhase::None;
    std::vector<PickedBox> visited_boxes;  ///< with PickSettings::record_visited
};

/// The closest hit of `world_ray` over every instance (at exactly equal t, the lower instance,
/// then the lower triangle, whichever broad phase runs), or, for xna_plane
/// with RayTriangleOptions::xna_first_found, the first triangle hit in instance and triangle
/// order as seed 001 does (the first the broad phase reaches, with one). A ray that
/// ray_problem() rejects returns no hit. Broad phases other than None read `accel`, which must
/// have been made from this scene (and, for Bvh, have its BVHs); without it they fall back to
/// None, and PickResult::broad_phase says so.
[[nodiscard]] PickResult pick(const SceneView& scene, const Ray& world_ray,
                              const PickSettings& settings, const SceneAccel* accel = nullptr);

/// The bare hit, for tight loops (benchmarks, heatmaps): no timing, no world-space details.
/// intersect_scene() finds one; describe_hit() turns it into a PickHit.
struct SceneHit {
    std::uint32_t instance = 0;
    std::uint32_t triangle = 0;
    RayHit hit;
};
/// A pick's settings resolved once: the algorithm, the broad phase that can run with `accel`,
/// the BVH query and its SIMD traversal. For casting many rays through one scene (benchmarks,
/// heatmaps); the scene and `accel` must outlive it and not change meanwhile.
class PickPlan {
  public:
    PickPlan(const SceneView& scene, const PickSettings& settings, const SceneAccel* accel);
    /// The closest hit (as pick() finds it), adding what it cost to `stats`.
    [[nodiscard]] std::optional<SceneHit> intersect(
        const Ray& world_ray, PickStats& stats, std::vector<PickedBox>* visited = nullptr) const {
        if (direct_bvh_ && !visited)
            return direct_moved_ ? intersect_moved(world_ray, stats)
                                 : intersect_direct(world_ray, stats);
        if (instance_tree_ && !visited) return intersect_instanced(world_ray, stats);
        if (world_) return intersect_world_recorded(world_ray, stats, *visited);
        return intersect_search(world_ray, stats, visited);
    }
    /// The closest hits of up to kPacketRays rays (hits[i] for rays[i]), each bit for bit what
    /// intersect() finds for it. With the BVH broad phase in bone space, each instance's BVH
    /// is searched once for all the rays that reach it (wide_bvh.h's packet traversal), one
    /// instance, the world tree or the instance tree without the top level; the
    /// algorithms without SIMD block kernels, the sequential ones (XNA's "first found", a seed's
    /// whole line), Baldwin–Weber's cache, the scalar path and the other broad phases go ray by
    /// ray. The counters add the packet's work.
    void intersect_packet(std::span<const Ray> rays, std::span<std::optional<SceneHit>> hits,
                          PickStats& stats) const;
    /// The broad phase that runs: the one asked for, or None when `accel` lacks its data.
    [[nodiscard]] BroadPhase broad_phase() const { return phase_; }

  private:
    friend class PickSearch;  // scene_pick.cpp: one ray in progress
    const SceneView* scene_;
    PickSettings settings_;
    const SceneAccel* accel_;
    const RayTriangleAlgorithm* algorithm_;
    BroadPhase phase_;
    bool first_found_;          ///< xna_plane's "first found"
    bool whole_line_;           ///< a seed algorithm without a t range: hits anywhere on the line
    bool baldwin_weber_cache_;  ///< baldwin_weber on accel_'s precomputed transforms
    WideQuery query_;
    RaycastFn raycast_ = nullptr;
    PacketRaycastFn raycast_packet_ = nullptr;
    /// The SIMD kernel for every triangle of a mesh, when it serves (null: the scalar loop).
    BlockKernel<16> mesh_kernel_ = nullptr;
    /// One instance through its BVH in bone space (a model of one mesh, or a benchmark's
    /// mesh), or every instance through the world tree: a BVH searched without the search's
    /// steps; null otherwise.
    const WideBvh* direct_bvh_ = nullptr;
    /// The world tree when direct_bvh_ is its tree (its ids are WorldTree numbers).
    const WorldTree* world_ = nullptr;
    /// The one instance, or the world tree's instances, have a transform other than the
    /// identity: the ray moves into their bone space first (intersect_moved()).
    bool direct_moved_ = false;
    /// With direct_moved_: the world boxes of the instances (their bone-space boxes moved and
    /// grown by bone_space_margin). A packet's ray that misses it hits nothing (the top level
    /// culls it so) and is not moved.
    Aabb moved_world_box_;
    /// The instance tree (instance_tree.h) while it serves single rays (the SIMD kernels'
    /// algorithms, the closest hit): one walk instead of the two levels; its leaves' spaces.
    const InstanceTree* instance_tree_ = nullptr;
    SpacesRaycastFn raycast_spaces_ = nullptr;
    SpacesPacketRaycastFn raycast_packet_spaces_ = nullptr;  ///< null: packets walk two levels
    LeafSpaces spaces_;
    /// intersect_packet() searches each instance's BVH with the packet's rays that reach it.
    bool packet_instances_ = false;

    /// intersect_packet() through the instance tree: one walk for the packet's rays.
    void intersect_packet_instanced(std::span<const Ray> rays,
                                    std::span<std::optional<SceneHit>> hits,
                                    PickStats& stats) const;
    /// intersect_packet() through the top level and each instance reached (packet_instances_).
    void intersect_packet_instances(std::span<const Ray> rays,
                                    std::span<std::optional<SceneHit>> hits,
                                    PickStats& stats) const;
    /// What PickSearch::bvhs() answers for the direct case, without its steps (inline: one
    /// call per ray in the tight loops this class is for).
    [[nodiscard]] std::optional<SceneHit> intersect_direct(const Ray& world_ray,
                                                           PickStats& stats) const {
        if (!ray_usable(world_ray)) return std::nullopt;
        ++stats.instances_tested;
        TraversalStats traversal;
        const std::optional<BvhHit> hit = raycast_(*direct_bvh_, world_ray, query_, traversal);
        stats.box_tests += traversal.box_tests;
        stats.nodes_visited += traversal.nodes_visited;
        stats.triangles_tested += traversal.triangles_tested;
        if (!hit) return std::nullopt;
        return direct_hit(hit->triangle, hit->hit);
    }
    /// A hit of direct_bvh_'s triangle `id`: the one instance's, or the world tree's number.
    [[nodiscard]] SceneHit direct_hit(std::uint32_t id, const RayHit& hit) const {
        if (!world_) return SceneHit{0, id, hit};
        const WorldTree::Place at = world_->place(id);
        return SceneHit{at.instance, at.triangle, hit};
    }
    /// intersect_direct() for a ray moved into instance 0's bone space first (as
    /// PickSearch::local_ray() moves it for each instance).
    [[nodiscard]] std::optional<SceneHit> intersect_moved(const Ray& world_ray,
                                                          PickStats& stats) const;
    /// The world tree's search with the boxes it entered (in the instances' shared space, so
    /// drawn with instance 0's transform): the same hit and counts as without them.
    /// The instance tree's walk: the same hit as the two levels.
    [[nodiscard]] std::optional<SceneHit> intersect_instanced(const Ray& world_ray,
                                                              PickStats& stats) const;
    [[nodiscard]] std::optional<SceneHit> intersect_world_recorded(
        const Ray& world_ray, PickStats& stats, std::vector<PickedBox>& visited) const;
    [[nodiscard]] std::optional<SceneHit> intersect_search(const Ray& world_ray, PickStats& stats,
                                                           std::vector<PickedBox>* visited) const;
};

/// One ray through a PickPlan made for it (the plan's cost paid per call).
[[nodiscard]] std::optional<SceneHit> intersect_scene(const SceneView& scene, const Ray& world_ray,
                                                      const PickSettings& settings,
                                                      const SceneAccel* accel, PickStats& stats,
                                                      std::vector<PickedBox>* visited = nullptr);
/// The full PickHit of a bare hit (found by any means: Embree's too).
[[nodiscard]] PickHit describe_hit(const SceneView& scene, const Ray& world_ray,
                                   const SceneHit& hit, const SceneAccel* accel = nullptr);

// == The pieces pick() is made of, for other scene queries (all hits, compare, BVHs)

/// The ray in the space where `space` tests the instance's triangles (its bone space, or the
/// world); nothing for a singular bone, or when the ray leaves float range in that space.
[[nodiscard]] std::optional<Ray> instance_ray(const Instance& instance, const Ray& world_ray,
                                              RaySpace space);
/// Triangle `index` of the instance's mesh in that same space.
[[nodiscard]] Triangle instance_triangle(const Instance& instance, const MeshView& mesh,
                                         std::size_t index, RaySpace space);
/// The full hit record (world point, normal, face, corners) of a triangle hit.
[[nodiscard]] PickHit make_pick_hit(const SceneView& scene, const Ray& world_ray,
                                    std::uint32_t instance, std::uint32_t triangle,
                                    const RayHit& hit);
/// The closest analytic shape within the ray's range.
[[nodiscard]] std::optional<ShapePickHit> pick_shapes(const SceneView& scene, const Ray& world_ray,
                                                      const ShapeTestSettings& settings);

}  // namespace picking
