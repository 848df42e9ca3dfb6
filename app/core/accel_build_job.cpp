#include "app/core/accel_build_job.h"

#include <thread>

#include <utility>
#include "app/core/wait_for.h"

namespace app {

AccelBuildJob::AccelBuildJob(std::shared_ptr<const SceneSession> session, Accel accel,
                             unsigned threads)
    : session_(std::move(session)),
      view_(session_->build_view()),
      accel_(accel),
      threads_(threads),
      started_(std::chrono::steady_clock::now()) {}

std::shared_ptr<AccelBuildJob> AccelBuildJob::start(std::shared_ptr<const SceneSession> session,
                                                    Accel accel, unsigned threads) {
    auto job = std::make_shared<AccelBuildJob>(std::move(session), accel, threads);
    ++running_;
    // The thread owns a reference: a job the viewer drops (a new scene, Cancel) stays valid
    // until its thread ends.
    std::thread([job] { job->run(); }).detach();
    return job;
}

void AccelBuildJob::run() {
    SceneSession::AccelBuild build = SceneSession::build_accel(view_, accel_, threads_, &progress_);
    {
        std::lock_guard lock(mutex_);
        build_ = std::move(build);
    }
    // The session is no longer read; if the viewer has moved on, it ends here, while this job
    // still counts as running.
    session_.reset();
    --running_;  // first: whoever sees finished() may count on running_count()
    finished_ = true;
}

double AccelBuildJob::elapsed_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

bool AccelBuildJob::wait(double timeout_seconds) {
    return wait_for(finished_, timeout_seconds);
}

std::optional<SceneSession::AccelBuild> AccelBuildJob::take() {
    if (!finished()) return std::nullopt;
    std::lock_guard lock(mutex_);
    return std::exchange(build_, std::nullopt);
}

}  // namespace app
