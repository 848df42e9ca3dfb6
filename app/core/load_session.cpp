#include "app/core/load_session.h"

#include <cstdio>

#include "app/core/async_load.h"
#include "assets/import_process.h"

namespace app {

namespace {
/// Longer than the import process needs to notice a cancel and be reaped (25 ms).
constexpr double kReapSeconds = 5.0;
}  // namespace

LoadOutcome load_session(const std::filesystem::path& model, const assets::LoadOptions& options,
                         double timeout_seconds) {
    LoadOutcome outcome;
    const auto load = start_model_load(model, options, LoadFor::Picking);
    if (!load->wait(timeout_seconds > 0.0 ? timeout_seconds : -1.0)) {
        load->cancel();
        // A file's import process is killed at once: wait for that, so none outlives the
        // command. (A built-in scene being generated cannot stop: it is abandoned.)
        if (assets::imports_in_child(model)) (void)load->wait(kReapSeconds);
        outcome.timed_out = true;
        outcome.failure = assets::LoadFailure::Cancelled;
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", timeout_seconds);
        outcome.error = model.string() + ": loading took longer than " + seconds +
                        " s (--load-timeout); gave up";
        return outcome;
    }
    outcome.seconds = load->work_seconds();
    if (auto scene = load->take()) {
        outcome.session = std::make_unique<SceneSession>(std::move(*scene));
    } else {
        outcome.error = load->error();
        outcome.failure = load_failure(*load);
    }
    return outcome;
}

}  // namespace app
