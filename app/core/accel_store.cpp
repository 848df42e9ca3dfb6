#include "app/core/accel_store.h"

#include <chrono>
#include <stdexcept>

namespace app {

AccelStore::AccelStore(const picking::SceneView& view, std::span<const std::uint32_t> deforming)
    : view_(view), deforming_(deforming), accel_(view) {}

void AccelStore::mark_stale(std::uint64_t pose_version) {
    pose_version_ = pose_version;
    stale_.store(true, std::memory_order_release);
}

void AccelStore::refresh() const {
    if (!stale_.load(std::memory_order_acquire)) return;
    const std::lock_guard<std::mutex> lock(refit_mutex_);
    if (!stale_.load(std::memory_order_relaxed)) return;
    const auto start = std::chrono::steady_clock::now();
    if (deforming_.empty())
        accel_.update_instances(view_);
    else
        accel_.refit_meshes(view_, deforming_);
    // Embree's scenes too: the deformed meshes' vertices (Embree refits their BVHs) and
    // every instance's transform, committed once.
    for (peers::EmbreeScene* embree : {embree_.get(), embree_robust_.get()})
        if (embree) embree->update_pose(view_, deforming_);
    RefitRecord record;
    record.count = last_refit_.count + 1;
    record.pose_version = pose_version_;
    record.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    record.deforming_meshes = deforming_.size();
    for (std::uint32_t m : deforming_)
        if (accel_.built_mesh_bvh(m)) record.bvh_triangles += view_.meshes[m].triangle_count();
    last_refit_ = record;
    stale_.store(false, std::memory_order_release);
}

RefitRecord AccelStore::last_refit() const {
    const std::lock_guard<std::mutex> lock(refit_mutex_);
    return last_refit_;
}

AccelBuild AccelStore::build(const picking::SceneView& loaded, Accel accel, unsigned threads,
                             picking::BuildProgress* progress, picking::BvhBuildMethod bvh_build) {
    AccelBuild build;
    build.accel = accel;
    build.bvh_build = bvh_build;
    const auto start = std::chrono::steady_clock::now();
    try {
        if (is_peer(accel)) {
            peers::EmbreeOptions options;
            options.robust = accel == Accel::EmbreeRobust;
            options.threads = threads;
            build.embree = std::make_unique<peers::EmbreeScene>(loaded, options);
            build.milliseconds = build.embree->build_milliseconds();
            if (progress) progress->fraction = 1.0f;
            return build;
        }
        if (accel == Accel::Bvh) {
            picking::BvhBuildOptions options = picking::wide_bvh_build_options();
            options.threads = threads;
            options.method = bvh_build;
            build.bvhs = picking::SceneAccel::make_bvhs(loaded, options, progress);
            build.cancelled = !build.bvhs.complete;
        }
    } catch (const std::exception& e) {
        build.error = e.what();
    }
    // Spheres and boxes come with the store: nothing to build for them.
    build.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return build;
}

void AccelStore::adopt(AccelBuild build) {
    if (!build.error.empty() || build.cancelled) return;
    if (build.accel == Accel::Bvh) {
        accel_.set_bvhs(std::move(build.bvhs));
        bvh_build_ = build.bvh_build;
        // Built from the loaded vertices: the next query refits them to the pose.
        if (!deforming_.empty()) stale_.store(true, std::memory_order_release);
    } else if (build.embree) {
        (build.accel == Accel::Embree ? embree_ : embree_robust_) = std::move(build.embree);
        // Built from the loaded vertices and the instances of then: the next query moves
        // them to the pose of now.
        stale_.store(true, std::memory_order_release);
    }
}

const peers::EmbreeScene* AccelStore::embree(Accel accel) const {
    const peers::EmbreeScene* scene = accel == Accel::Embree         ? embree_.get()
                                      : accel == Accel::EmbreeRobust ? embree_robust_.get()
                                                                     : nullptr;
    if (scene) refresh();
    return scene;
}

bool AccelStore::ready(Accel accel) const {
    switch (accel) {
        case Accel::Bvh:
            return accel_.has_bvhs();
        case Accel::Embree:
            return embree_ != nullptr;
        case Accel::EmbreeRobust:
            return embree_robust_ != nullptr;
        case Accel::None:
        case Accel::Sphere:
        case Accel::Aabb:
            break;
    }
    return true;
}

std::size_t AccelStore::bytes(Accel accel) const {
    switch (accel) {
        case Accel::Bvh:
            return accel_.bvh_memory_bytes();
        case Accel::Embree:
            return embree_ ? embree_->memory_bytes() : 0;
        case Accel::EmbreeRobust:
            return embree_robust_ ? embree_robust_->memory_bytes() : 0;
        case Accel::Sphere:
            return accel_.mesh_count() * sizeof(picking::Sphere) +
                   accel_.node_groups().size() * sizeof(picking::Sphere);
        case Accel::Aabb:
            return accel_.mesh_count() * sizeof(picking::Aabb);
        case Accel::None:
            break;
    }
    return 0;
}

}  // namespace app
