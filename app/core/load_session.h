#pragma once
/// Loading a model for a command that has no UI: waits for the load with an optional timeout.

#include <filesystem>
#include <memory>
#include <string>

#include "app/core/scene_session.h"
#include "assets/load_model.h"

namespace app {

struct LoadOutcome {
    std::unique_ptr<SceneSession> session;                       ///< null on failure
    std::string error;                                           ///< why, when session is null
    assets::LoadFailure failure = assets::LoadFailure::Refused;  ///< why, when session is null
    bool timed_out = false;
    double seconds = 0.0;
};

/// Loads `model` ("default" for the built-in scene). timeout_seconds <= 0 waits forever; a load
/// given up at the timeout is cancelled, and its import process gone, when this returns.
[[nodiscard]] LoadOutcome load_session(const std::filesystem::path& model,
                                       const assets::LoadOptions& options, double timeout_seconds);

}  // namespace app
