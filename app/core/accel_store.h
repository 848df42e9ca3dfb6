#pragma once
/// The acceleration structures of a SceneSession's current pose: picking's broad phases
/// (spheres, boxes, the BVHs and their top level) and the peers' Embree scenes, how they are
/// built away from the session, adopted, and kept current as the pose changes.
///
/// The thread rule. The session's owner thread (the one that poses the session) is the only
/// one that calls mark_stale(), adopt() and prepare(). Queries (broad_phases(), embree(),
/// ready(), bytes(), last_refit()) may come from any thread while the owner does none of
/// those: a new pose only marks the structures stale, and the first query after it refits them
/// (deformed meshes' bounds and BVHs, the instances' top level, the Embree scenes) under a
/// mutex, so playback that nobody picks costs no refit and several threads may query at once.
/// build() runs on any thread and touches no store.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "app/core/settings_names.h"
#include "peers/embree_scene.h"
#include "picking/scene/scene_accel.h"

namespace app {

/// An acceleration structure built away from the session (the viewer builds on a worker
/// thread, then hands the result over on its own thread with AccelStore::adopt()).
struct AccelBuild {
    Accel accel = Accel::None;
    picking::BvhBuildMethod bvh_build = picking::BvhBuildMethod::Sah;
    picking::SceneAccel::Bvhs bvhs;
    std::unique_ptr<peers::EmbreeScene> embree;
    double milliseconds = 0.0;
    std::string error;  ///< why it failed (the store is unchanged then)
    bool cancelled = false;
};

/// What bringing the structures up to a new pose cost, the last time it was needed.
struct RefitRecord {
    std::uint64_t count = 0;         ///< refits so far (one per pose that was queried)
    std::uint64_t pose_version = 0;  ///< the pose they were refitted to
    double milliseconds = 0.0;       ///< the last one's wall time
    std::size_t bvh_triangles = 0;   ///< triangles under the BVHs it refitted (0: none)
    std::size_t deforming_meshes = 0;
};

class AccelStore {
  public:
    /// Over `view` (the session's current pose, which must outlive the store), whose meshes
    /// `deforming` change their vertices with the pose. Spheres and boxes are made now.
    AccelStore(const picking::SceneView& view, std::span<const std::uint32_t> deforming);
    AccelStore(const AccelStore&) = delete;
    AccelStore& operator=(const AccelStore&) = delete;

    // == The owner's thread
    /// The view has a new pose (`pose_version`): refit on the next query.
    void mark_stale(std::uint64_t pose_version);
    /// Builds what `accel` needs from `loaded` (the meshes as loaded, the instances now; see
    /// SceneSession::build_view()), BVHs by `bvh_build`. Safe on any thread; never throws.
    [[nodiscard]] static AccelBuild build(const picking::SceneView& loaded, Accel accel,
                                          unsigned threads, picking::BuildProgress* progress,
                                          picking::BvhBuildMethod bvh_build);
    /// How the BVHs were built (meaningful while ready(Accel::Bvh)).
    [[nodiscard]] picking::BvhBuildMethod bvh_build() const { return bvh_build_; }
    /// Takes over a finished build made from this store's session (an error or a cancelled
    /// build changes nothing).
    void adopt(AccelBuild build);

    // == Any thread (see the thread rule above)
    /// Picking's broad phases in the current pose.
    [[nodiscard]] const picking::SceneAccel& broad_phases() const {
        refresh();
        return accel_;
    }
    /// The Embree scene `accel` picks with, in the current pose, when it is a peer that is
    /// built; else null.
    [[nodiscard]] const peers::EmbreeScene* embree(Accel accel) const;
    /// What `accel` needs is built (always, for those with nothing to build).
    [[nodiscard]] bool ready(Accel accel) const;
    /// Bytes of the structures `accel` uses (0 for none).
    [[nodiscard]] std::size_t bytes(Accel accel) const;
    [[nodiscard]] RefitRecord last_refit() const;

  private:
    /// Brings every structure to the current pose if a new pose left them stale.
    void refresh() const;

    const picking::SceneView& view_;
    std::span<const std::uint32_t> deforming_;
    std::uint64_t pose_version_ = 0;
    picking::BvhBuildMethod bvh_build_ = picking::BvhBuildMethod::Sah;
    // Refitted lazily by queries, hence mutable (under refit_mutex_).
    mutable picking::SceneAccel accel_;
    mutable std::unique_ptr<peers::EmbreeScene> embree_, embree_robust_;
    mutable std::atomic<bool> stale_{false};
    mutable std::mutex refit_mutex_;
    mutable RefitRecord last_refit_;
};

}  // namespace app
