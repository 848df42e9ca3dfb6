#pragma once
/// The exit status of a command, or of a scripted viewer run, whose model did not load: part of
/// the command-line contract (docs/DESIGN.md).

#include "assets/load_model.h"

namespace app {

/// The model was refused (or the load cancelled): missing, unreadable, corrupt, unsupported.
inline constexpr int kExitRefused = 1;
/// --load-timeout gave up.
inline constexpr int kExitLoadTimeout = 3;
/// The import process crashed on the file, or answered with something that is not a scene.
inline constexpr int kExitImporterCrashed = 4;
/// The import process needed more memory or CPU time than it may use.
inline constexpr int kExitImportLimit = 5;

/// The status for a load that failed with `failure`, or that was given up at the time limit.
[[nodiscard]] int load_exit_status(assets::LoadFailure failure, bool timed_out);

}  // namespace app
