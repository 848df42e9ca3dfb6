#include "picking/scene/scene_accel.h"
#include "picking/core/finite.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <utility>

#include <glm/matrix.hpp>

#include "picking/core/parallel_for.h"
#include "picking/scene/bone_space.h"

namespace picking {

namespace {

/// Which of a mesh's vertices its triangles use (an unused or out-of-range one bounds nothing).
std::vector<std::uint8_t> used_vertices(const MeshView& mesh) {
    std::vector<std::uint8_t> used(mesh.positions.size(), 0);
    // Marks are the same whoever sets them: a big mesh's are set on every core.
    const unsigned chunks = mesh.indices.size() >= kParallelPoints ? resolve_thread_count(0) : 1u;
    parallel_chunks(mesh.indices.size(), chunks, [&](std::size_t begin, std::size_t end, unsigned) {
        for (std::size_t i = begin; i < end; ++i)
            if (const std::uint32_t index = mesh.indices[i]; index < used.size())
                std::atomic_ref(used[index]).store(1, std::memory_order_relaxed);
    });
    return used;
}

/// The positions a mesh's triangles use (`used`: used_vertices(mesh)).
std::vector<glm::vec3> used_positions(const MeshView& mesh, const std::vector<std::uint8_t>& used) {
    std::vector<glm::vec3> points;
    points.reserve(mesh.positions.size());
    for (std::size_t i = 0; i < used.size(); ++i)
        if (used[i]) points.push_back(mesh.positions[i]);
    return points;
}

}  // namespace

std::vector<BaldwinWeberTriangle> MakeBaldwinWeber::operator()(const MeshView& mesh) const {
    std::vector<BaldwinWeberTriangle> table(mesh.triangle_count());
    for (std::size_t i = 0; i < table.size(); ++i)
        table[i] = precompute_baldwin_weber(mesh.triangle(i));
    return table;
}

std::vector<TriangleBlock16> MakeTriangleBlocks::operator()(const MeshView& mesh) const {
    return make_triangle_blocks<16>(mesh);
}

SceneAccel::SceneAccel(const SceneView& scene)
    : baldwin_weber_(scene.meshes.size()), triangle_blocks_(scene.meshes.size()) {
    mesh_boxes_.reserve(scene.meshes.size());
    mesh_spheres_.reserve(scene.meshes.size());
    for (const MeshView& mesh : scene.meshes) {
        // Most meshes use every vertex: bound the positions in place, without a copy.
        const std::vector<std::uint8_t> used = used_vertices(mesh);
        const bool all_used = std::find(used.begin(), used.end(), 0) == used.end();
        std::vector<glm::vec3> gathered;
        if (!all_used) gathered = used_positions(mesh, used);
        const std::span<const glm::vec3> points = all_used ? mesh.positions : gathered;
        mesh_boxes_.push_back(bounds_of(points));
        // Ritter's four passes in double took 80 ms of a 10M-triangle model's opening: from a
        // million points up, the one pass about the box's centre that a refit makes (a few
        // percent looser; a sphere around one mesh that big rarely culls anything).
        const Aabb& box = mesh_boxes_.back();
        mesh_spheres_.push_back(points.size() < kParallelPoints ? bounding_sphere(points)
                                : box.empty()                   ? Sphere{}
                                              : sphere_about(box.center(), points));
        // The triangles never change: a mesh that uses every vertex is bounded by all of them.
        all_vertices_used_.push_back(all_used ? 1 : 0);
    }
    update_instances(scene);
}

SceneAccel::Bvhs SceneAccel::make_bvhs(const SceneView& scene, const BvhBuildOptions& options,
                                       BuildProgress* progress) {
    Bvhs bvhs;
    bvhs.options = options;
    if (world_tree_serves(scene)) {
        bvhs.world = build_world_tree(scene, options, progress);
        if (progress && progress->cancel) return {};
        if (bvhs.world) {
            bvhs.complete = true;
            if (progress) progress->fraction = 1.0f;
            return bvhs;
        }
    }
    // Progress over the meshes, each weighted by its triangles.
    std::size_t total = 0;
    for (const MeshView& mesh : scene.meshes)
        total += mesh.triangle_count();
    std::atomic<std::size_t> done{0};
    bvhs.meshes.resize(scene.meshes.size());
    // Meshes too small for a build to use more than one thread are built side by side, one
    // thread each, taking the next one when done (a model of many parts on every core); the
    // others one after another on every thread.
    std::vector<std::uint32_t> small, big;
    std::size_t small_total = 0;
    for (std::uint32_t m = 0; m < scene.meshes.size(); ++m) {
        const std::size_t n = scene.meshes[m].triangle_count();
        (n <= kMinThreadedBuild ? small : big).push_back(m);
        if (n <= kMinThreadedBuild) small_total += n;
    }
    // Together as big as a build worth threads: starting them costs more below.
    const unsigned threads = small.size() > 1 && small_total > kMinThreadedBuild
                                 ? resolve_thread_count(options.threads)
                                 : 1u;
    BvhBuildOptions one_thread = options;
    one_thread.threads = 1;
    std::atomic<std::size_t> next{0};
    parallel_chunks(threads, threads, [&](std::size_t, std::size_t, unsigned) {
        for (std::size_t i = next++; i < small.size(); i = next++) {
            if (progress && progress->cancel) return;
            const MeshView& mesh = scene.meshes[small[i]];
            bvhs.meshes[small[i]] = build_wide_bvh(mesh, one_thread);
            const std::size_t now = done += mesh.triangle_count();
            if (progress && total) progress->fraction = float(double(now) / double(total));
        }
    });
    for (const std::uint32_t m : big) {
        const MeshView& mesh = scene.meshes[m];
        if (progress) {
            progress->base = total ? float(double(done) / double(total)) : 0.0f;
            progress->span = total ? float(double(mesh.triangle_count()) / double(total)) : 0.0f;
        }
        bvhs.meshes[m] = build_wide_bvh(mesh, options, progress);
        if (progress && progress->cancel) return {};
        done += mesh.triangle_count();
    }
    if (progress && progress->cancel) return {};
    // Instances with transforms of their own: the meshes' trees refitted into one tree.
    if (instance_tree_serves(scene)) {
        bvhs.instanced = build_instance_tree(scene, bvhs.meshes, options.threads, progress);
        if (progress && progress->cancel) return {};
    }
    bvhs.complete = true;
    if (progress) progress->fraction = 1.0f;
    return bvhs;
}

bool SceneAccel::build_bvhs(const SceneView& scene, const BvhBuildOptions& options,
                            BuildProgress* progress) {
    Bvhs bvhs = make_bvhs(scene, options, progress);
    if (!bvhs.complete) return false;
    set_bvhs(std::move(bvhs));
    return true;
}

void SceneAccel::set_bvhs(Bvhs bvhs) {
    const std::size_t meshes = mesh_boxes_.size();
    const bool waiting = bvhs.meshes.empty() && bvhs.world;  // the meshes' trees come later
    if (!bvhs.complete || (bvhs.meshes.size() != meshes && !waiting)) return;
    trees_ = std::make_unique<MeshTree[]>(meshes);
    if (!waiting)
        for (std::size_t m = 0; m < meshes; ++m) {
            trees_[m].bvh = std::move(bvhs.meshes[m]);
            trees_[m].built.store(true, std::memory_order_relaxed);
        }
    trees_set_ = true;
    tree_options_ = bvhs.options;
    world_ = std::move(bvhs.world);
    if (world_ && world_->instance_count() != instance_count()) world_.reset();
    world_current_ = world_ && one_transform_;
    instanced_ = std::move(bvhs.instanced);
    instanced_current_ = instanced_ && instanced_->world_from_mesh == world_from_mesh_;
}

void SceneAccel::build_mesh_tree(const SceneView& scene, std::uint32_t mesh) const {
    const std::lock_guard<std::mutex> lock(*tree_mutex_);
    MeshTree& tree = trees_[mesh];
    if (tree.built.load(std::memory_order_relaxed)) return;
    if (mesh < scene.meshes.size()) tree.bvh = build_wide_bvh(scene.meshes[mesh], tree_options_);
    tree.built.store(true, std::memory_order_release);
}

void SceneAccel::update_instances(const SceneView& scene) {
    const std::size_t n = scene.instances.size();
    inverses_.assign(n, glm::dmat4(1.0));
    usable_.assign(n, 0);
    identity_.assign(n, 0);
    instance_boxes_.assign(n, Aabb{});
    groups_.clear();
    for (std::uint32_t i = 0; i < n; ++i) {
        const Instance& instance = scene.instances[i];
        if (instance.mesh >= mesh_boxes_.size()) continue;
        inverses_[i] = picking::mesh_from_world(instance.world_from_mesh);
        usable_[i] = finite(inverses_[i]);
        identity_[i] = instance.world_from_mesh == glm::mat4(1.0f);
        if (usable_[i])
            instance_boxes_[i] = world_box(mesh_boxes_[instance.mesh], instance.world_from_mesh);
        // XNA's ModelMesh: consecutive instances of one node with one transform.
        if (groups_.empty() || groups_.back().node != instance.node ||
            scene.instances[groups_.back().instances.front()].world_from_mesh !=
                instance.world_from_mesh)
            groups_.push_back({instance.node, {}, {}});
        groups_.back().instances.push_back(i);
        groups_.back().sphere = merge(groups_.back().sphere, mesh_spheres_[instance.mesh]);
    }
    BvhBuildOptions options;
    // One instance a leaf: each is culled by its own box (a wide node tests eight at once).
    options.max_leaf_size = 1;
    options.threads = 1;  // a few hundred boxes: threads cost more than they give
    top_level_ = collapse_boxes(build_bvh(std::span<const Aabb>(instance_boxes_), options));
    one_transform_ = one_usable_transform(scene);
    world_current_ = world_ && world_->instance_count() == n && one_transform_;
    world_from_mesh_.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        world_from_mesh_[i] = scene.instances[i].world_from_mesh;
    instanced_current_ = instanced_ && instanced_->world_from_mesh == world_from_mesh_;
}

bool SceneAccel::one_usable_transform(const SceneView& scene) const {
    if (scene.instances.empty() || usable_.empty() || !usable_[0]) return false;
    const glm::mat4& shared = scene.instances.front().world_from_mesh;
    return std::all_of(scene.instances.begin(), scene.instances.end(),
                       [&](const Instance& i) { return i.world_from_mesh == shared; });
}

void SceneAccel::refit_mesh(const SceneView& scene, std::uint32_t mesh) {
    refit_meshes(scene, std::span<const std::uint32_t>(&mesh, 1));
}

void SceneAccel::refit_meshes(const SceneView& scene, std::span<const std::uint32_t> meshes) {
    for (std::uint32_t mesh : meshes) {
        if (mesh >= mesh_boxes_.size() || mesh >= scene.meshes.size()) continue;
        // Most meshes use every vertex: bound the positions in place, without a copy.
        std::vector<glm::vec3> gathered;
        if (!all_vertices_used_[mesh])
            gathered = used_positions(scene.meshes[mesh], used_vertices(scene.meshes[mesh]));
        const std::span<const glm::vec3> points =
            all_vertices_used_[mesh] ? scene.meshes[mesh].positions : gathered;
        // A refitted BVH has the box already. The sphere follows in one pass about the box's
        // centre (a pose is not worth Ritter's four passes; it is a few percent looser).
        // A tree that waits is built from the positions of when it is needed.
        if (WideBvh* bvh = trees_set_ && trees_[mesh].built.load(std::memory_order_relaxed)
                               ? &trees_[mesh].bvh
                               : nullptr;
            bvh && !bvh->empty()) {
            refit(*bvh, scene.meshes[mesh]);
            mesh_boxes_[mesh] = bvh->bounds;
        } else {
            mesh_boxes_[mesh] = bounds_of(points);
        }
        mesh_spheres_[mesh] =
            mesh_boxes_[mesh].empty() ? Sphere{} : sphere_about(mesh_boxes_[mesh].center(), points);
        baldwin_weber_.invalidate(mesh);  // remade from the new positions when next asked for
        triangle_blocks_.invalidate(mesh);
        world_.reset();  // holds the old positions: the two levels serve from now on
        instanced_.reset();
    }
    update_instances(scene);
}

std::size_t SceneAccel::bvh_memory_bytes() const {
    std::size_t bytes = top_level_.memory_bytes();
    for (std::size_t m = 0; m < (trees_set_ ? mesh_boxes_.size() : 0); ++m)
        if (trees_[m].built.load(std::memory_order_acquire)) bytes += trees_[m].bvh.memory_bytes();
    if (world_) bytes += world_->bvh.memory_bytes() + world_->first.size() * sizeof(std::uint32_t);
    if (instanced_)
        bytes +=
            instanced_->bvh.memory_bytes() +
            (instanced_->first.size() + instanced_->block_instance.size()) * sizeof(std::uint32_t);
    return bytes;
}

}  // namespace picking
