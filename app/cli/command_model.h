#pragma once
/// The model a command without a window works on: loaded, or refused with one line on stderr.

#include <filesystem>
#include <memory>
#include <string_view>

#include "app/core/scene_session.h"
#include "assets/load_model.h"

namespace app {

/// Loads `model` for `raypick COMMAND`; on failure prints "raypick COMMAND: why" on stderr,
/// returns null and sets `exit_status` (app/core/load_exit_status.h: 1 refused, 3 given up at
/// --load-timeout, 4 the importer crashed, 5 it hit a memory or CPU limit).
/// timeout_seconds <= 0 waits forever.
[[nodiscard]] std::unique_ptr<SceneSession> load_command_model(std::string_view command,
                                                               const std::filesystem::path& model,
                                                               const assets::LoadOptions& options,
                                                               double timeout_seconds,
                                                               int& exit_status);

}  // namespace app
