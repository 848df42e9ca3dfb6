#include "app/core/scene_loading.h"

#include <cstdio>
#include <utility>

namespace app {

void SceneLoading::start(const std::filesystem::path& path, const assets::LoadOptions& options) {
    cancel();  // the newer request wins
    load_ = start_model_load(path, options, LoadFor::Drawing);
}

bool SceneLoading::cancel() {
    if (!load_) return false;
    load_->cancel();
    load_.reset();
    return true;
}

std::optional<SceneLoading::Outcome> SceneLoading::poll() {
    if (!load_) return std::nullopt;
    Outcome outcome;
    outcome.path = load_->subject();
    if (!load_->finished()) {
        if (timeout_seconds_ <= 0.0 || load_->elapsed_seconds() <= timeout_seconds_)
            return std::nullopt;
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", timeout_seconds_);
        outcome.error = outcome.path.string() + ": loading took longer than " + seconds +
                        " s (--load-timeout); gave up";
        outcome.timed_out = true;
        outcome.failure = assets::LoadFailure::Cancelled;
        cancel();
        return outcome;
    }
    const std::shared_ptr<ModelLoad> done = std::exchange(load_, nullptr);
    outcome.scene = done->take();
    outcome.seconds = done->work_seconds();
    if (!outcome.scene) {
        outcome.error = done->error();
        outcome.failure = load_failure(*done);
    }
    return outcome;
}

}  // namespace app
