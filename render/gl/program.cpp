#include "render/gl/program.h"

#include <utility>

#include <glm/gtc/type_ptr.hpp>

namespace render::gl {

namespace {

std::string info_log(GLuint object, bool is_program) {
    GLint length = 0;
    if (is_program)
        glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
    else
        glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
    std::string log(std::size_t(length > 0 ? length : 1), '\0');
    if (is_program)
        glGetProgramInfoLog(object, length, nullptr, log.data());
    else
        glGetShaderInfoLog(object, length, nullptr, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n'))
        log.pop_back();
    return log;
}

GLuint compile(std::string_view program_name, GLenum stage, std::string_view source) {
    const GLuint shader = glCreateShader(stage);
    const char* text = source.data();
    const auto length = GLint(source.size());
    glShaderSource(shader, 1, &text, &length);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        const std::string log = info_log(shader, false);
        glDeleteShader(shader);
        throw ShaderError(std::string(program_name) +
                          (stage == GL_VERTEX_SHADER ? ".vert" : ".frag") +
                          " failed to compile:\n" + log);
    }
    return shader;
}

}  // namespace

Program::Program(std::string_view name, std::string_view vertex_source,
                 std::string_view fragment_source) {
    if (vertex_source.empty() || fragment_source.empty())
        throw ShaderError(std::string(name) + ": shader source missing");
    const GLuint vs = compile(name, GL_VERTEX_SHADER, vertex_source);
    GLuint fs = 0;
    try {
        fs = compile(name, GL_FRAGMENT_SHADER, fragment_source);
    } catch (...) {
        glDeleteShader(vs);
        throw;
    }
    handle_ = glCreateProgram();
    glAttachShader(handle_, vs);
    glAttachShader(handle_, fs);
    glLinkProgram(handle_);
    glDeleteShader(vs);  // the program keeps them alive while attached
    glDeleteShader(fs);
    GLint ok = GL_FALSE;
    glGetProgramiv(handle_, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        const std::string log = info_log(handle_, true);
        glDeleteProgram(handle_);
        handle_ = 0;
        throw ShaderError(std::string(name) + " failed to link:\n" + log);
    }
}

Program::~Program() {
    if (handle_ != 0) glDeleteProgram(handle_);
}

Program::Program(Program&& other) noexcept
    : handle_(std::exchange(other.handle_, 0)), locations_(std::move(other.locations_)) {}

Program& Program::operator=(Program&& other) noexcept {
    if (this != &other) {
        if (handle_ != 0) glDeleteProgram(handle_);
        handle_ = std::exchange(other.handle_, 0);
        locations_ = std::move(other.locations_);
    }
    return *this;
}

GLint Program::location(const char* uniform) {
    auto [it, inserted] = locations_.try_emplace(uniform, -1);
    if (inserted) it->second = glGetUniformLocation(handle_, uniform);
    return it->second;
}

void Program::set(const char* u, float v) {
    glUniform1f(location(u), v);
}
void Program::set(const char* u, GLuint v) {
    glUniform1ui(location(u), v);
}
void Program::set_sampler(const char* u, GLint unit) {
    glUniform1i(location(u), unit);
}
void Program::set(const char* u, glm::vec2 v) {
    glUniform2fv(location(u), 1, glm::value_ptr(v));
}
void Program::set(const char* u, glm::vec3 v) {
    glUniform3fv(location(u), 1, glm::value_ptr(v));
}
void Program::set(const char* u, glm::vec4 v) {
    glUniform4fv(location(u), 1, glm::value_ptr(v));
}
void Program::set(const char* u, const glm::mat3& v) {
    glUniformMatrix3fv(location(u), 1, GL_FALSE, glm::value_ptr(v));
}
void Program::set(const char* u, const glm::mat4& v) {
    glUniformMatrix4fv(location(u), 1, GL_FALSE, glm::value_ptr(v));
}

}  // namespace render::gl
