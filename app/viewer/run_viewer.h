#pragma once
/// The viewer's front door: a GLFW window with OpenGL 3.3 and ImGui around a ViewerApp.

#include "app/core/viewer_options.h"

namespace app {

/// The viewer; returns the process exit status.
[[nodiscard]] int run_viewer(const ViewerOptions& options);

}  // namespace app
