#include "app/core/load_session.h"

#include <cstdio>

#include "app/core/async_load.h"

namespace app {

LoadOutcome load_session(const std::filesystem::path& model, const assets::LoadOptions& options,
                         double timeout_seconds) {
    LoadOutcome outcome;
    const auto load = start_model_load(model, options);
    if (!load->wait(timeout_seconds > 0.0 ? timeout_seconds : -1.0)) {
        load->cancel();
        outcome.timed_out = true;
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", timeout_seconds);
        outcome.error = model.string() + ": loading took longer than " + seconds +
                        " s (--load-timeout); gave up";
        return outcome;
    }
    outcome.seconds = load->work_seconds();
    if (auto scene = load->take())
        outcome.session = std::make_unique<SceneSession>(std::move(*scene));
    else
        outcome.error = load->error();
    return outcome;
}

}  // namespace app
