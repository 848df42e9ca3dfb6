#include "app/cli/command_model.h"

#include <iostream>

#include "app/core/load_exit_status.h"
#include "app/core/load_session.h"

namespace app {

std::unique_ptr<SceneSession> load_command_model(std::string_view command,
                                                 const std::filesystem::path& model,
                                                 const assets::LoadOptions& options,
                                                 double timeout_seconds, int& exit_status) {
    LoadOutcome loaded = load_session(model, options, timeout_seconds);
    if (!loaded.session) {
        std::cerr << "raypick " << command << ": " << loaded.error << "\n";
        exit_status = load_exit_status(loaded.failure, loaded.timed_out);
    }
    return std::move(loaded.session);
}

}  // namespace app
