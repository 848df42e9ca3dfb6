#pragma once
/// Loading a model off the UI thread: a BackgroundJob about the model's path. Files are parsed
/// in the import process (assets/import_process.h), so a cancel kills the parser at once and an
/// importer's crash or runaway never reaches this process; the built-in scenes are built here.

#include <filesystem>
#include <memory>

#include "app/core/background_job.h"
#include "assets/load_model.h"

namespace app {

using ModelLoad = BackgroundJob<assets::Scene, assets::LoadProgress, std::filesystem::path>;

/// What the loaded scene is for.
enum class LoadFor {
    Picking,  ///< a command: meshes whose files give no normals stay without (none are needed)
    Drawing,  ///< the viewer: they get smooth ones too (but a flat-shaded one), off the UI thread
};

/// Starts loading `path` ("default" builds the built-in scene). A failed load has no result
/// and an error() that names the file.
[[nodiscard]] std::shared_ptr<ModelLoad> start_model_load(std::filesystem::path path,
                                                          assets::LoadOptions options,
                                                          LoadFor purpose);

/// After a failed load finished: why it failed (Refused for anything but a LoadError).
[[nodiscard]] assets::LoadFailure load_failure(const ModelLoad& load);

}  // namespace app
