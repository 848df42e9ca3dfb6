#pragma once
/// Building an acceleration structure off the UI thread: a BackgroundJob about the accel. The
/// viewer starts one from the session's build_view(), shows its progress (with a Cancel) when
/// it takes long, and hands the result to the session with adopt() on its own thread once the
/// job has finished.

#include <memory>

#include "app/core/background_job.h"
#include "app/core/scene_session.h"

namespace app {

using AccelBuildJob = BackgroundJob<AccelBuild, picking::BuildProgress, Accel>;

/// Starts building what `accel` needs for `session` (`threads` 0: every core). The session may
/// repose meanwhile (the job reads only the meshes as loaded, which never change), and is kept
/// alive until the job ends even if the viewer drops it. The BVH builder stops soon after a
/// cancel; Embree cannot be stopped and is dropped when it ends.
[[nodiscard]] std::shared_ptr<AccelBuildJob> start_accel_build(
    std::shared_ptr<const SceneSession> session, Accel accel, unsigned threads = 0);

}  // namespace app
