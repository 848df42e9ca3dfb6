#include "picking/scene/scene_pick.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include "picking/primitives/ray_aabb.h"
#include "picking/primitives/ray_sphere.h"
#include "picking/scene/bone_space.h"

namespace picking {

namespace {

/// Blocks made at a time for a mesh whose blocks are not kept: 512 triangles, 20 KB of stack.
constexpr std::size_t kStreamedBlocks = 32;

bool usable(const glm::dmat4& m) {
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            if (!std::isfinite(m[c][r])) return false;
    return true;
}

glm::vec3 transform_point(const glm::mat4& m, glm::vec3 p) {
    return glm::vec3(m * glm::vec4(p, 1.0f));
}

/// The tie rule across instances (closer_hit's within a mesh): the smaller t, then the lower
/// instance, then the lower triangle, whatever order the broad phase visits them in.
bool closer_than(const std::optional<SceneHit>& best, float t, std::uint32_t instance,
                 std::uint32_t triangle) {
    if (!best || t < best->hit.t) return true;
    if (t != best->hit.t) return false;
    return instance < best->instance || (instance == best->instance && triangle < best->triangle);
}

/// The instance tree's leaves' move (LeafSpaces::move; `context` the SceneAccel): the ray in
/// instance `instance`'s bone space, as PickSearch::local_ray() moves it for the two levels.
bool move_to_instance(const void* context, std::uint32_t instance, const Ray& world, Ray& local) {
    const auto& accel = *static_cast<const SceneAccel*>(context);
    if (!accel.usable(instance)) return false;
    local =
        accel.identity(instance) ? world : to_bone_space(world, accel.mesh_from_world(instance));
    return ray_usable(local);
}

}  // namespace

/// One pick in progress: the closest hit so far and what it cost.
class PickSearch {
  public:
    PickSearch(const PickPlan& plan, const Ray& world_ray, PickStats& stats,
               std::vector<PickedBox>* visited)
        : plan_(plan),
          scene_(*plan.scene_),
          world_ray_(world_ray),
          settings_(plan.settings_),
          algorithm_(*plan.algorithm_),
          accel_(plan.accel_),
          stats_(stats),
          visited_(visited),
          first_found_(plan.first_found_),
          whole_line_(plan.whole_line_) {}

    [[nodiscard]] const std::optional<SceneHit>& best() const { return best_; }
    /// Seed 001's "first found" has its answer.
    [[nodiscard]] bool done() const { return first_found_ && best_.has_value(); }

    /// The world ray, ending at the closest hit so far (just past it: a hit at the same t
    /// may still win closer()'s tie). For a seed algorithm that ignores the t range (hits
    /// behind the origin count), the whole line: the broad phases must not cull what it would
    /// hit.
    [[nodiscard]] Ray current_ray() const {
        Ray ray = searched_ray();
        if (best_) ray.t_max = tie_t_max(best_->hit.t, ray.t_max);
        return ray;
    }
    /// The world ray before anything is hit (the whole line for such a seed algorithm).
    [[nodiscard]] Ray searched_ray() const {
        Ray ray = world_ray_;
        if (whole_line_) {
            ray.t_min = -std::numeric_limits<float>::infinity();
            ray.t_max = std::numeric_limits<float>::infinity();
        }
        return ray;
    }

    [[nodiscard]] bool closer(float t, std::uint32_t instance, std::uint32_t triangle) const {
        return closer_than(best_, t, instance, triangle);
    }

    // == The broad phases

    void every_triangle() {
        for (std::uint32_t i = 0; i < scene_.instances.size() && !done(); ++i) {
            Ray local;
            if (local_ray(i, local)) test_triangles(i, local);
        }
    }

    /// XNA recipe 4-18: the node's ("ModelMesh") sphere, then each part's when it has more
    /// than one, then the triangles. Tested in bone space, where the spheres were made.
    void spheres() {
        for (const NodeGroup& group : accel_->node_groups()) {
            if (done()) return;
            Ray local;
            if (!local_ray(group.instances.front(), local)) continue;
            ++stats_.sphere_tests;
            if (!intersect_sphere(local, group.sphere)) continue;
            for (std::uint32_t i : group.instances) {
                if (done()) return;
                if (group.instances.size() > 1) {
                    ++stats_.sphere_tests;
                    local.t_max = current_ray().t_max;
                    if (!intersect_sphere(local, accel_->mesh_sphere(scene_.instances[i].mesh)))
                        continue;
                }
                local.t_max = current_ray().t_max;
                test_triangles(i, local);
            }
        }
    }

    /// Seed 002: each mesh's box against the bone-space ray, then its triangles.
    void boxes() {
        for (std::uint32_t i = 0; i < scene_.instances.size() && !done(); ++i) {
            Ray local;
            if (!local_ray(i, local)) continue;
            ++stats_.box_tests;
            const Aabb& box = accel_->mesh_box(scene_.instances[i].mesh);
            const bool hit =
                settings_.slab_test == SlabTest::Seed
                    ? intersect_slab_seed002(local, box, settings_.shapes.slab_epsilon).has_value()
                    : intersect_slab_robust(local, box).has_value();
            if (hit) test_triangles(i, local);
        }
    }

    /// The top level over instances front to back, then each instance's BVH.
    void bvhs() {
        if (accel_->instance_count() == 1) {
            Ray local;
            if (local_ray(0, local)) test_bvh(0, local);
            return;
        }
        TraversalStats top;
        // The walk starts before any hit (each search makes one broad phase's walk).
        traverse(
            accel_->top_level(), searched_ray(),
            [&](std::uint32_t instance, float) {
                Ray local;
                if (local_ray(instance, local)) test_bvh(instance, local);
                return TraverseStep{current_ray().t_max, done()};
            },
            top, plan_.query_.isa);
        stats_.box_tests += top.box_tests;
        stats_.nodes_visited += top.nodes_visited;
    }

  private:
    /// The current ray in an instance's bone space; false for an instance that cannot be hit,
    /// among them one whose space takes the ray out of float range (a node scaled by 1e-30):
    /// the box tests and kernels below assume a finite ray.
    bool local_ray(std::uint32_t instance, Ray& local) const {
        const Ray world = current_ray();
        if (scene_.instances[instance].mesh >= scene_.meshes.size()) return false;
        if (settings_.space == RaySpace::WorldTriangles &&
            settings_.broad_phase == BroadPhase::None) {
            local = world;  // the naive way needs no bone-space ray at all
            return true;
        }
        if (accel_ && instance < accel_->instance_count()) {
            if (!accel_->usable(instance)) return false;
            local = accel_->identity(instance)
                        ? world
                        : to_bone_space(world, accel_->mesh_from_world(instance));
            return ray_usable(local);
        }
        const glm::dmat4 inverse = mesh_from_world(scene_.instances[instance].world_from_mesh);
        if (!usable(inverse)) return false;  // a singular bone (zero scale) shows nothing to hit
        local = to_bone_space(world, inverse);
        return ray_usable(local);
    }

    void accept(std::uint32_t instance, std::uint32_t triangle, const RayHit& hit) {
        best_ = SceneHit{instance, triangle, hit};
    }

    /// Every triangle of one instance, in bone space or (RaySpace::WorldTriangles) moved to
    /// the world first, the seed's naive way.
    void test_triangles(std::uint32_t instance_index, Ray local) {
        const Instance& instance = scene_.instances[instance_index];
        const MeshView& mesh = scene_.meshes[instance.mesh];
        ++stats_.instances_tested;
        // Sixteen triangles per step with the SIMD kernels (bit for bit the same answer as the
        // loop below: the closest, ties to the lower index), unless the mesh just deformed.
        const std::span<const TriangleBlock16> blocks =
            plan_.mesh_kernel_ && settings_.space == RaySpace::BoneSpace
                ? accel_->triangle_blocks(scene_, instance.mesh)
                : std::span<const TriangleBlock16>{};
        if (!blocks.empty()) {
            const BlockHit hit = plan_.mesh_kernel_(
                prepare_block_ray(local, settings_.triangle_options), blocks.data(), blocks.size());
            stats_.triangles_tested += mesh.triangle_count();
            if (hit.id != kEmptyLane && closer(hit.t, instance_index, hit.id))
                accept(instance_index, hit.id, RayHit{hit.t, hit.u, hit.v});
            return;
        }
        if (plan_.mesh_kernel_ && settings_.space == RaySpace::BoneSpace) {
            // No blocks kept (a big mesh, or the first query of a new pose): the same kernel
            // on blocks made a few at a time. The earliest of equally close hits wins across
            // batches as within one, so the answer is the kept blocks' bit for bit.
            const BlockRay ray = prepare_block_ray(local, settings_.triangle_options);
            std::array<TriangleBlock16, kStreamedBlocks> batch;
            std::optional<BlockHit> closest;
            for (std::size_t first = 0;;) {
                const std::size_t filled = fill_triangle_blocks<16>(mesh, first, batch);
                if (filled == 0) break;
                const BlockHit hit = plan_.mesh_kernel_(ray, batch.data(), filled);
                if (hit.id != kEmptyLane && (!closest || hit.t < closest->t)) closest = hit;
                first += filled;
            }
            stats_.triangles_tested += mesh.triangle_count();
            if (closest && closer(closest->t, instance_index, closest->id))
                accept(instance_index, closest->id, RayHit{closest->t, closest->u, closest->v});
            return;
        }
        if (settings_.space == RaySpace::BoneSpace) {
            // The algorithm's own loop over the mesh, its test inlined (Baldwin–Weber's on the
            // transforms precomputed per triangle, when the accel has them).
            const MeshQuery q = plan_.baldwin_weber_cache_
                                    ? closest_in_mesh_baldwin_weber(
                                          local, mesh, accel_->baldwin_weber(scene_, instance.mesh),
                                          settings_.triangle_options, first_found_)
                                    : algorithm_.closest_in_mesh(
                                          local, mesh, settings_.triangle_options, first_found_);
            stats_.triangles_tested += q.triangles_tested;
            if (q.hit && closer(q.hit->t, instance_index, q.triangle))
                accept(instance_index, q.triangle, *q.hit);
            return;
        }
        Ray ray = current_ray();
        const std::size_t count = mesh.triangle_count();
        for (std::size_t i = 0; i < count; ++i) {
            const Triangle tri = instance_triangle(instance, mesh, i, settings_.space);
            ++stats_.triangles_tested;
            if (auto hit = algorithm_.intersect(ray, tri, settings_.triangle_options)) {
                if (!closer(hit->t, instance_index, std::uint32_t(i))) continue;
                accept(instance_index, std::uint32_t(i), *hit);
                // Seed 001's ModelRayCollision returns on the first triangle hit.
                if (first_found_) return;
                ray.t_max = tie_t_max(hit->t, ray.t_max);
            }
        }
    }

    void test_bvh(std::uint32_t instance_index, const Ray& local) {
        const Instance& instance = scene_.instances[instance_index];
        const WideBvh* bvh = accel_->mesh_bvh(scene_, instance.mesh);
        if (!bvh || bvh->empty()) return;
        ++stats_.instances_tested;
        TraversalStats traversal;
        std::optional<BvhHit> hit;
        if (!visited_ && settings_.space == RaySpace::BoneSpace && !plan_.baldwin_weber_cache_) {
            hit = plan_.raycast_(*bvh, local, plan_.query_, traversal);  // the fast path
        } else {
            WideQuery query = plan_.query_;
            // Baldwin–Weber's leaves read the transforms precomputed for this mesh.
            if (plan_.baldwin_weber_cache_ && settings_.space == RaySpace::BoneSpace)
                query.baldwin_weber = accel_->baldwin_weber(scene_, instance.mesh);
            std::vector<VisitedBox> visited;
            if (visited_) query.visited = &visited;
            if (settings_.space == RaySpace::WorldTriangles) {
                query.world_from_mesh = &instance.world_from_mesh;
                query.world_ray = current_ray();
            }
            hit = raycast(*bvh, scene_.meshes[instance.mesh], local, query, &traversal);
            if (visited_)
                for (const VisitedBox& v : visited)
                    visited_->push_back(
                        {bvh->nodes[v.node].child_bounds(v.slot), instance_index, false, 0});
        }
        stats_.box_tests += traversal.box_tests;
        stats_.nodes_visited += traversal.nodes_visited;
        stats_.triangles_tested += traversal.triangles_tested;
        if (hit && closer(hit->hit.t, instance_index, hit->triangle))
            accept(instance_index, hit->triangle, hit->hit);
    }

    const PickPlan& plan_;
    const SceneView& scene_;
    const Ray& world_ray_;
    const PickSettings& settings_;
    const RayTriangleAlgorithm& algorithm_;
    const SceneAccel* accel_;
    PickStats& stats_;
    std::vector<PickedBox>* visited_;
    bool first_found_;
    bool whole_line_;
    std::optional<SceneHit> best_;
};

namespace {

/// The broad phase that can run with what `accel` holds.
BroadPhase available(BroadPhase wanted, const SceneView& scene, const SceneAccel* accel) {
    if (wanted == BroadPhase::None || !accel) return BroadPhase::None;
    if (accel->mesh_count() != scene.meshes.size() ||
        accel->instance_count() != scene.instances.size())
        return BroadPhase::None;
    if (wanted == BroadPhase::Bvh && !accel->has_bvhs()) return BroadPhase::None;
    return wanted;
}

}  // namespace

PickStats& PickStats::operator+=(const PickStats& other) {
    instances_tested += other.instances_tested;
    sphere_tests += other.sphere_tests;
    box_tests += other.box_tests;
    nodes_visited += other.nodes_visited;
    triangles_tested += other.triangles_tested;
    shapes_tested += other.shapes_tested;
    microseconds += other.microseconds;
    return *this;
}

PickPlan::PickPlan(const SceneView& scene, const PickSettings& settings, const SceneAccel* accel)
    : scene_(&scene),
      settings_(settings),
      accel_(accel),
      algorithm_(&ray_triangle_algorithm(settings.method)),
      phase_(available(settings.broad_phase, scene, accel)),
      first_found_(algorithm_->has_first_found && settings.triangle_options.xna_first_found),
      whole_line_(algorithm_->seed_without_t_range &&
                  settings.triangle_options.seed_ignores_t_range),
      // The cache is per mesh of the scene the accel was made from.
      baldwin_weber_cache_(settings.method == RayTriangleMethod::BaldwinWeber &&
                           settings.precomputed && accel &&
                           accel->mesh_count() == scene.meshes.size()) {
    // Every triangle of a mesh through the SIMD kernels, where the algorithm has them and the
    // accel can keep the meshes' blocks (not for XNA's "first found": that is not the closest).
    if (const auto block = block_algorithm_for(settings.method);
        block && settings.simd && accel && accel->mesh_count() == scene.meshes.size() &&
        !first_found_ && !whole_line_ && active_isa() != Isa::Scalar)
        mesh_kernel_ = block_kernel<16>(*block, active_isa());
    if (phase_ == BroadPhase::Bvh) {
        query_.intersect = algorithm_->intersect;
        query_.options = settings.triangle_options;
        query_.block_algorithm = block_algorithm_for(settings.method);
        query_.isa = settings.simd ? active_isa() : Isa::Scalar;
        query_.any_hit = first_found_;
        raycast_ = select_raycast(query_);
        raycast_packet_ = select_raycast_packet(query_);
        if (accel_->instance_count() == 1 && scene.instances.size() == 1 &&
            scene.instances[0].mesh < scene.meshes.size() && !whole_line_ &&
            !baldwin_weber_cache_ && settings.space == RaySpace::BoneSpace && accel_->usable(0)) {
            const WideBvh* bvh = accel_->mesh_bvh(scene, scene.instances[0].mesh);
            if (bvh && !bvh->empty()) direct_bvh_ = bvh;
            direct_moved_ = !accel_->identity(0);
            moved_world_box_ = accel_->instance_box(0);
        } else if (const WorldTree* world = accel_->world_tree();
                   world && !world->bvh.empty() &&
                   world->instance_count() == scene.instances.size() && !first_found_ &&
                   !whole_line_ && !baldwin_weber_cache_ && settings.space == RaySpace::BoneSpace) {
            // Every instance with one transform: one tree over all of them. Not for "first
            // found" (the first in instance order, not the closest) nor Baldwin–Weber's cache
            // (per mesh, by the mesh's triangle numbers).
            direct_bvh_ = &world->bvh;
            world_ = world;
            direct_moved_ = !accel_->identity(0);
            for (std::uint32_t i = 0; i < accel_->instance_count(); ++i)
                moved_world_box_.extend(accel_->instance_box(i));
        } else if (const InstanceTree* tree = accel_->instance_tree();
                   tree && !tree->bvh.empty() && tree->instance_count() == scene.instances.size() &&
                   !first_found_ && !whole_line_ && !baldwin_weber_cache_ &&
                   settings.space == RaySpace::BoneSpace) {
            // Instances with transforms of their own: one walk over all of them, each leaf
            // tested in its instance's bone space (SIMD kernels only; else the two levels).
            raycast_spaces_ = select_raycast_spaces(query_);
            if (raycast_spaces_) {
                raycast_packet_spaces_ = select_raycast_packet_spaces(query_);
                instance_tree_ = tree;
                spaces_.block_space = tree->block_instance;
                spaces_.move = move_to_instance;
                spaces_.context = accel_;
            }
        }
        // Packets through every instance's BVH where the packet traversal shares its walk
        // and a ray's answer is the closest over the instances in whatever order they are
        // searched: not for "first found" (the first one) or the whole line.
        packet_instances_ = packets_share_walk(query_) && settings.space == RaySpace::BoneSpace &&
                            !first_found_ && !whole_line_ && !baldwin_weber_cache_;
    }
}

std::optional<SceneHit> PickPlan::intersect_moved(const Ray& world_ray, PickStats& stats) const {
    if (!ray_usable(world_ray)) return std::nullopt;
    const Ray local = to_bone_space(world_ray, accel_->mesh_from_world(0));
    if (!ray_usable(local)) return std::nullopt;
    return intersect_direct(local, stats);
}

std::optional<SceneHit> PickPlan::intersect_instanced(const Ray& world_ray,
                                                      PickStats& stats) const {
    if (!ray_usable(world_ray)) return std::nullopt;
    ++stats.instances_tested;
    TraversalStats traversal;
    const std::optional<BvhHit> hit =
        raycast_spaces_(instance_tree_->bvh, world_ray, query_, spaces_, traversal);
    stats.box_tests += traversal.box_tests;
    stats.nodes_visited += traversal.nodes_visited;
    stats.triangles_tested += traversal.triangles_tested;
    if (!hit) return std::nullopt;
    const WorldTree::Place at = instance_tree_->place(hit->triangle);
    return SceneHit{at.instance, at.triangle, hit->hit};
}

std::optional<SceneHit> PickPlan::intersect_world_recorded(const Ray& world_ray, PickStats& stats,
                                                           std::vector<PickedBox>& visited) const {
    if (!ray_usable(world_ray)) return std::nullopt;
    const Ray local =
        direct_moved_ ? to_bone_space(world_ray, accel_->mesh_from_world(0)) : world_ray;
    if (!ray_usable(local)) return std::nullopt;
    ++stats.instances_tested;
    WideQuery query = query_;
    std::vector<VisitedBox> boxes;
    query.visited = &boxes;
    TraversalStats traversal;
    // The leaves carry their own corners: no mesh is needed.
    const std::optional<BvhHit> hit = raycast(world_->bvh, MeshView{}, local, query, &traversal);
    for (const VisitedBox& v : boxes)
        visited.push_back({world_->bvh.nodes[v.node].child_bounds(v.slot), 0, false, 0});
    stats.box_tests += traversal.box_tests;
    stats.nodes_visited += traversal.nodes_visited;
    stats.triangles_tested += traversal.triangles_tested;
    if (!hit) return std::nullopt;
    return direct_hit(hit->triangle, hit->hit);
}

void PickPlan::intersect_packet(std::span<const Ray> rays, std::span<std::optional<SceneHit>> hits,
                                PickStats& stats) const {
    const std::size_t count = std::min({rays.size(), hits.size(), kPacketRays});
    if (!direct_bvh_) {
        if (instance_tree_ && raycast_packet_spaces_) {
            intersect_packet_instanced(rays.first(count), hits, stats);
            return;
        }
        if (packet_instances_) {
            intersect_packet_instances(rays.first(count), hits, stats);
            return;
        }
        for (std::size_t i = 0; i < count; ++i)
            hits[i] = intersect(rays[i], stats);
        return;
    }
    // Only the rays intersect() would cast (the others have no hit): almost always all.
    std::array<std::size_t, kPacketRays> from;
    std::size_t n = 0;
    for (std::size_t i = 0; i < count; ++i)
        if (ray_usable(rays[i])) from[n++] = i;
    std::array<PacketHit, kPacketRays> found;  // not initialised: the traversal writes each
    TraversalStats traversal;
    if (n == count && !direct_moved_) {
        raycast_packet_(*direct_bvh_, rays.first(count), query_, found, traversal);
    } else {
        for (std::size_t i = 0; i < count; ++i)
            hits[i].reset();
        std::array<Ray, kPacketRays> usable;  // not made in the common case: 512 bytes
        // Most rays of a sparse model's screen miss it: their move (two products in double)
        // was half of such a packet's time. Only those that enter its world box are moved.
        std::uint32_t reach = ~0u;
        if (direct_moved_) {
            std::uint32_t cast = 0;
            for (std::size_t k = 0; k < n; ++k)
                cast |= 1u << from[k];
            reach = rays_entering_box(rays.first(count), cast, moved_world_box_, query_.isa);
        }
        std::size_t kept = 0;
        for (std::size_t k = 0; k < n; ++k) {
            if (!((reach >> from[k]) & 1u)) continue;
            // Moved into the shared bone space as intersect_moved() moves a ray.
            const Ray ray = direct_moved_ ? to_bone_space(rays[from[k]], accel_->mesh_from_world(0))
                                          : rays[from[k]];
            if (!ray_usable(ray)) continue;
            usable[kept] = ray;
            from[kept++] = from[k];
        }
        n = kept;
        if (n == 0) return;
        raycast_packet_(*direct_bvh_, std::span<const Ray>(usable).first(n), query_, found,
                        traversal);
    }
    stats.instances_tested += n;
    stats.box_tests += traversal.box_tests;
    stats.nodes_visited += traversal.nodes_visited;
    stats.triangles_tested += traversal.triangles_tested;
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = n < count ? from[k] : k;  // from[k] == k when none was left out
        if (found[k].hit())
            hits[i] = direct_hit(found[k].triangle, RayHit{found[k].t, found[k].u, found[k].v});
        else
            hits[i].reset();
    }
}

void PickPlan::intersect_packet_instanced(std::span<const Ray> rays,
                                          std::span<std::optional<SceneHit>> hits,
                                          PickStats& stats) const {
    // Only the rays intersect() would cast (the others have no hit).
    std::array<Ray, kPacketRays> usable;
    std::array<std::size_t, kPacketRays> from;
    std::size_t n = 0;
    for (std::size_t i = 0; i < rays.size(); ++i) {
        hits[i].reset();
        if (!ray_usable(rays[i])) continue;
        usable[n] = rays[i];
        from[n++] = i;
    }
    if (n == 0) return;
    std::array<PacketHit, kPacketRays> found;  // not initialised: the traversal writes each
    TraversalStats traversal;
    raycast_packet_spaces_(instance_tree_->bvh, std::span<const Ray>(usable).first(n), query_,
                           spaces_, found, traversal);
    stats.instances_tested += n;
    stats.box_tests += traversal.box_tests;
    stats.nodes_visited += traversal.nodes_visited;
    stats.triangles_tested += traversal.triangles_tested;
    for (std::size_t k = 0; k < n; ++k) {
        if (!found[k].hit()) continue;
        const WorldTree::Place at = instance_tree_->place(found[k].triangle);
        hits[from[k]] =
            SceneHit{at.instance, at.triangle, RayHit{found[k].t, found[k].u, found[k].v}};
    }
}

void PickPlan::intersect_packet_instances(std::span<const Ray> rays,
                                          std::span<std::optional<SceneHit>> hits,
                                          PickStats& stats) const {
    std::uint32_t usable = 0;
    for (std::size_t i = 0; i < rays.size(); ++i) {
        hits[i].reset();
        if (ray_usable(rays[i])) usable |= 1u << i;
    }
    if (usable == 0) return;
    std::array<Ray, kPacketRays> local;  // the rays that reach one instance, in its space
    std::array<std::uint32_t, kPacketRays> ray_of;
    std::array<PacketHit, kPacketRays> found;  // written by the traversal
    // One instance's BVH searched by the rays (`with`, a bit each) that reach it.
    auto search = [&](std::uint32_t instance, std::uint32_t with, float* t_max) {
        const std::uint32_t mesh = scene_->instances[instance].mesh;
        if (mesh >= scene_->meshes.size() || !accel_->usable(instance)) return;
        const WideBvh* bvh = accel_->mesh_bvh(*scene_, mesh);
        if (!bvh || bvh->empty()) return;
        std::size_t n = 0;
        for (std::uint32_t pending = with; pending; pending &= pending - 1) {
            const auto i = std::uint32_t(std::countr_zero(pending));
            // PickSearch::local_ray's ray: the world ray ending at the closest hit so far (just
            // past it: a hit at the same t may still win the tie).
            Ray world = rays[i];
            if (hits[i]) world.t_max = tie_t_max(hits[i]->hit.t, world.t_max);
            const Ray ray = accel_->identity(instance)
                                ? world
                                : to_bone_space(world, accel_->mesh_from_world(instance));
            if (!ray_usable(ray)) continue;
            local[n] = ray;
            ray_of[n++] = i;
        }
        if (n == 0) return;
        stats.instances_tested += n;
        TraversalStats traversal;
        raycast_packet_(*bvh, std::span<const Ray>(local).first(n), query_, found, traversal);
        stats.box_tests += traversal.box_tests;
        stats.nodes_visited += traversal.nodes_visited;
        stats.triangles_tested += traversal.triangles_tested;
        for (std::size_t k = 0; k < n; ++k) {
            std::optional<SceneHit>& best = hits[ray_of[k]];
            if (!found[k].hit() || !closer_than(best, found[k].t, instance, found[k].triangle))
                continue;
            best =
                SceneHit{instance, found[k].triangle, RayHit{found[k].t, found[k].u, found[k].v}};
            // The top level's walk drops what begins beyond it, as PickSearch::bvhs()'s does.
            if (t_max)
                t_max[ray_of[k]] =
                    std::min(t_max[ray_of[k]], tie_t_max(best->hit.t, rays[ray_of[k]].t_max));
        }
    };
    if (accel_->instance_count() == 1) {  // as PickSearch::bvhs(): no top level to walk
        search(0, usable, nullptr);
        return;
    }
    // The top level walked once for the packet, nearer instances first (the answers do not
    // depend on the order: closer_than's tie rule).
    TraversalStats top;
    traverse_packet(accel_->top_level(), rays, usable, search, top, query_.isa);
    stats.box_tests += top.box_tests;
    stats.nodes_visited += top.nodes_visited;
}

std::optional<SceneHit> PickPlan::intersect_search(const Ray& world_ray, PickStats& stats,
                                                   std::vector<PickedBox>* visited) const {
    if (!ray_usable(world_ray)) return std::nullopt;
    PickSearch search(*this, world_ray, stats, visited);
    switch (phase_) {
        case BroadPhase::None:
            search.every_triangle();
            break;
        case BroadPhase::Sphere:
            search.spheres();
            break;
        case BroadPhase::Aabb:
            search.boxes();
            break;
        case BroadPhase::Bvh:
            search.bvhs();
            break;
    }
    return search.best();
}

std::optional<SceneHit> intersect_scene(const SceneView& scene, const Ray& world_ray,
                                        const PickSettings& settings, const SceneAccel* accel,
                                        PickStats& stats, std::vector<PickedBox>* visited) {
    return PickPlan(scene, settings, accel).intersect(world_ray, stats, visited);
}

PickHit describe_hit(const SceneView& scene, const Ray& world_ray, const SceneHit& best,
                     const SceneAccel* accel) {
    const Instance& instance = scene.instances[best.instance];
    const MeshView& mesh = scene.meshes[instance.mesh];
    PickHit hit;
    hit.instance = best.instance;
    hit.mesh = instance.mesh_reported();
    hit.node = instance.node;
    hit.triangle = best.triangle;
    hit.t = best.hit.t;
    hit.u = best.hit.u;
    hit.v = best.hit.v;
    hit.point = world_ray.at(hit.t);
    hit.local_triangle = mesh.triangle(best.triangle);
    hit.local_point = hit.local_triangle.point(hit.u, hit.v);
    // Normals move by the inverse transpose of the bone transform.
    const glm::dmat4 inverse = accel && best.instance < accel->instance_count()
                                   ? accel->mesh_from_world(best.instance)
                                   : mesh_from_world(instance.world_from_mesh);
    const glm::dmat3 normal_matrix = glm::transpose(glm::dmat3(inverse));
    const glm::dvec3 n = normal_matrix * glm::dvec3(hit.local_triangle.normal());
    const double length = glm::length(n);
    hit.normal = length > 0.0 ? glm::vec3(n / length) : glm::vec3(0.0f);
    hit.front_face = glm::dot(glm::dvec3(hit.normal), glm::dvec3(world_ray.direction)) <= 0.0;
    return hit;
}

std::optional<Ray> instance_ray(const Instance& instance, const Ray& world_ray, RaySpace space) {
    if (space == RaySpace::WorldTriangles) return world_ray;
    const glm::dmat4 inverse = mesh_from_world(instance.world_from_mesh);
    if (!usable(inverse)) return std::nullopt;
    const Ray local = to_bone_space(world_ray, inverse);
    if (!ray_usable(local)) return std::nullopt;  // out of float range in that space
    return local;
}

Triangle instance_triangle(const Instance& instance, const MeshView& mesh, std::size_t index,
                           RaySpace space) {
    const Triangle tri = mesh.triangle(index);
    if (space == RaySpace::BoneSpace) return tri;
    return {transform_point(instance.world_from_mesh, tri.p0),
            transform_point(instance.world_from_mesh, tri.p1),
            transform_point(instance.world_from_mesh, tri.p2)};
}

PickHit make_pick_hit(const SceneView& scene, const Ray& world_ray, std::uint32_t instance,
                      std::uint32_t triangle, const RayHit& hit) {
    return describe_hit(scene, world_ray, SceneHit{instance, triangle, hit});
}

std::optional<ShapePickHit> pick_shapes(const SceneView& scene, const Ray& world_ray,
                                        const ShapeTestSettings& settings) {
    std::optional<ShapePickHit> best;
    Ray narrowed = world_ray;
    for (std::uint32_t i = 0; i < scene.shapes.size(); ++i) {
        const ShapeInstance& shape = scene.shapes[i];
        const glm::dmat4 inverse = mesh_from_world(shape.world_from_shape);
        if (!usable(inverse)) continue;
        // Into the shape's own space, like a mesh: t stays the world ray's parameter.
        const Ray local = to_bone_space(narrowed, inverse);
        if (!ray_usable(local)) continue;  // out of float range in the shape's space
        const auto hit = intersect_shape(local, shape.shape, settings);
        if (!hit || (best && !(hit->t < best->t))) continue;
        ShapePickHit h;
        h.shape = i;
        h.node = shape.node;
        h.kind = shape.shape.kind;
        h.t = hit->t;
        h.point = world_ray.at(hit->t);
        const glm::dvec3 n = glm::transpose(glm::dmat3(inverse)) * glm::dvec3(hit->normal);
        const double length = glm::length(n);
        h.normal = length > 0.0 ? glm::vec3(n / length) : glm::vec3(0.0f);
        h.front_face = glm::dot(h.normal, world_ray.direction) <= 0.0f;
        h.local = *hit;
        best = h;
        narrowed.t_max = hit->t;
    }
    return best;
}

PickResult pick(const SceneView& scene, const Ray& world_ray, const PickSettings& settings,
                const SceneAccel* accel) {
    const auto start = std::chrono::steady_clock::now();
    PickResult result;
    if (!ray_usable(world_ray)) return result;
    const PickPlan plan(scene, settings, accel);
    result.broad_phase = plan.broad_phase();
    const auto best = plan.intersect(world_ray, result.stats,
                                     settings.record_visited ? &result.visited_boxes : nullptr);
    if (best) result.hit = describe_hit(scene, world_ray, *best, accel);

    // The analytic shapes, with their own tests: the closer of the two wins.
    if (!scene.shapes.empty()) {
        Ray narrowed = world_ray;
        if (best && best->hit.t >= world_ray.t_min) narrowed.t_max = best->hit.t;
        if (best && best->hit.t < world_ray.t_min) narrowed.t_max = world_ray.t_min;  // behind
        result.stats.shapes_tested += scene.shapes.size();
        if (auto shape = pick_shapes(scene, narrowed, settings.shapes)) {
            if (!best || shape->t < best->hit.t) {
                result.shape = shape;
                result.hit.reset();
            }
        }
    }
    result.stats.microseconds =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace picking
