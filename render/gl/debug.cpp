#include "render/gl/debug.h"

#include <cstdio>

#include <glad/gl.h>

namespace render::gl {

namespace {

void GLAD_API_PTR on_message(GLenum, GLenum type, GLuint, GLenum severity, GLsizei,
                             const GLchar* message, const void*) {
    if (severity == GL_DEBUG_SEVERITY_NOTIFICATION || severity == GL_DEBUG_SEVERITY_LOW) return;
    std::fprintf(stderr, "raypick: GL %s: %s\n", type == GL_DEBUG_TYPE_ERROR ? "error" : "warning",
                 message);
}

const char* error_name(GLenum e) {
    switch (e) {
        case GL_INVALID_ENUM:
            return "GL_INVALID_ENUM";
        case GL_INVALID_VALUE:
            return "GL_INVALID_VALUE";
        case GL_INVALID_OPERATION:
            return "GL_INVALID_OPERATION";
        case GL_INVALID_FRAMEBUFFER_OPERATION:
            return "GL_INVALID_FRAMEBUFFER_OPERATION";
        case GL_OUT_OF_MEMORY:
            return "GL_OUT_OF_MEMORY";
        default:
            return "GL error";
    }
}

}  // namespace

bool enable_debug_output() {
    if (!GLAD_GL_KHR_debug) return false;
    glEnable(GL_DEBUG_OUTPUT);
    glDebugMessageCallback(on_message, nullptr);
    return true;
}

std::string take_errors() {
    std::string errors;
    for (int i = 0; i < 16; ++i) {
        const GLenum e = glGetError();
        if (e == GL_NO_ERROR) break;
        if (!errors.empty()) errors += ", ";
        errors += error_name(e);
    }
    return errors;
}

}  // namespace render::gl
