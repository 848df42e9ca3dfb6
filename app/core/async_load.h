#pragma once
/// Loading a model off the UI thread: a BackgroundJob about the model's path. An importer
/// cannot always be interrupted (Assimp checks its progress handler only between steps), so a
/// cancelled load is abandoned: its thread finishes on its own and its result is dropped.

#include <filesystem>
#include <memory>

#include "app/core/background_job.h"
#include "assets/load_model.h"

namespace app {

using ModelLoad = BackgroundJob<assets::Scene, assets::LoadProgress, std::filesystem::path>;

/// Starts loading `path` ("default" builds the built-in scene). A failed load has no result
/// and an error() that names the file.
[[nodiscard]] std::shared_ptr<ModelLoad> start_model_load(std::filesystem::path path,
                                                          assets::LoadOptions options);

}  // namespace app
