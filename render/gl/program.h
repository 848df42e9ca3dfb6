#pragma once
/// A linked GLSL program that owns its name, reports compile and link logs as exceptions, and
/// caches uniform locations.

#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

#include <glad/gl.h>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace render::gl {

/// A shader that did not compile or a program that did not link; what() holds the GL log.
class ShaderError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class Program {
  public:
    /// Compiles and links; `name` labels the errors ("mesh").
    Program(std::string_view name, std::string_view vertex_source,
            std::string_view fragment_source);
    ~Program();
    Program(Program&& other) noexcept;
    Program& operator=(Program&& other) noexcept;
    Program(const Program&) = delete;
    Program& operator=(const Program&) = delete;

    [[nodiscard]] GLuint handle() const { return handle_; }
    void use() const { glUseProgram(handle_); }

    void set(const char* uniform, float value);
    void set(const char* uniform, GLuint value);
    /// A sampler uniform: the texture unit it reads.
    void set_sampler(const char* uniform, GLint unit);
    void set(const char* uniform, glm::vec2 value);
    void set(const char* uniform, glm::vec3 value);
    void set(const char* uniform, glm::vec4 value);
    void set(const char* uniform, const glm::mat3& value);
    void set(const char* uniform, const glm::mat4& value);

  private:
    GLint location(const char* uniform);

    GLuint handle_ = 0;
    std::unordered_map<std::string, GLint> locations_;
};

}  // namespace render::gl
