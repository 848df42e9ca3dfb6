#pragma once
/// Building an acceleration structure off the UI thread: the viewer starts a job from the
/// session's build_view(), shows its progress (with a Cancel) when it takes long, and hands the
/// result to the session with adopt() on its own thread once the job has finished.

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>

#include "app/core/scene_session.h"

namespace app {

class AccelBuildJob {
  public:
    /// Starts building what `accel` needs for `session` on a new thread (`threads` 0: every
    /// core). The session may repose meanwhile (the job reads only the meshes as loaded, which
    /// never change), and is kept alive until the job ends even if the viewer drops it.
    [[nodiscard]] static std::shared_ptr<AccelBuildJob> start(
        std::shared_ptr<const SceneSession> session, Accel accel, unsigned threads = 0);

    [[nodiscard]] Accel accel() const { return accel_; }
    [[nodiscard]] bool finished() const { return finished_.load(); }
    /// 0..1: triangles placed in leaves so far (Embree reports nothing until done).
    [[nodiscard]] float progress() const { return progress_.fraction.load(); }
    [[nodiscard]] double elapsed_seconds() const;
    /// Asks the build to stop (the BVH builder checks often; Embree cannot be stopped and is
    /// dropped when it ends).
    void cancel() { progress_.cancel = true; }
    [[nodiscard]] bool cancelled() const { return progress_.cancel.load(); }
    /// Blocks until the build finishes or `timeout_seconds` pass; returns whether it finished.
    bool wait(double timeout_seconds);
    /// After finished(): the build, once (nothing the second time).
    [[nodiscard]] std::optional<SceneSession::AccelBuild> take();

    /// Jobs still running in this process (abandoned ones included): a process that exits
    /// while one runs must not run static destructors under it (see AsyncLoad).
    [[nodiscard]] static int running_count() { return running_.load(); }

    AccelBuildJob(std::shared_ptr<const SceneSession> session, Accel accel, unsigned threads);

  private:
    void run();

    std::shared_ptr<const SceneSession> session_;  ///< owns what view_ points into
    picking::SceneView view_;
    Accel accel_;
    unsigned threads_;
    picking::BuildProgress progress_;
    std::chrono::steady_clock::time_point started_;
    std::atomic<bool> finished_{false};
    std::mutex mutex_;
    std::optional<SceneSession::AccelBuild> build_;
    static inline std::atomic<int> running_{0};
};

}  // namespace app
