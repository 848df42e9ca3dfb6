#pragma once
/// GL error reporting: a GL_KHR_debug callback where the driver offers it, and glGetError
/// checks that tests switch on.

#include <string>

namespace render::gl {

/// Routes driver messages of medium and high severity to stderr (needs GL_KHR_debug).
/// Returns whether the callback was installed.
bool enable_debug_output();

/// Returns "" when glGetError reports nothing, else the error names joined ("GL_INVALID_ENUM").
[[nodiscard]] std::string take_errors();

}  // namespace render::gl
