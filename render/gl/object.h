#pragma once
/// A move-only owner of one OpenGL object name: deleted exactly once, in the destructor.

#include <utility>

#include <glad/gl.h>

namespace render::gl {

/// `Traits` supplies `static GLuint create()` and `static void destroy(GLuint)`.
template <class Traits>
class Object {
  public:
    Object() : handle_(Traits::create()) {}
    ~Object() { reset(); }
    Object(Object&& other) noexcept : handle_(std::exchange(other.handle_, 0)) {}
    Object& operator=(Object&& other) noexcept {
        if (this != &other) {
            reset();
            handle_ = std::exchange(other.handle_, 0);
        }
        return *this;
    }
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;

    [[nodiscard]] GLuint handle() const { return handle_; }

  private:
    void reset() {
        if (handle_ != 0) Traits::destroy(handle_);
        handle_ = 0;
    }
    GLuint handle_ = 0;
};

struct BufferTraits {
    static GLuint create() {
        GLuint id = 0;
        glGenBuffers(1, &id);
        return id;
    }
    static void destroy(GLuint id) { glDeleteBuffers(1, &id); }
};
struct VertexArrayTraits {
    static GLuint create() {
        GLuint id = 0;
        glGenVertexArrays(1, &id);
        return id;
    }
    static void destroy(GLuint id) { glDeleteVertexArrays(1, &id); }
};
struct FramebufferTraits {
    static GLuint create() {
        GLuint id = 0;
        glGenFramebuffers(1, &id);
        return id;
    }
    static void destroy(GLuint id) { glDeleteFramebuffers(1, &id); }
};
struct RenderbufferTraits {
    static GLuint create() {
        GLuint id = 0;
        glGenRenderbuffers(1, &id);
        return id;
    }
    static void destroy(GLuint id) { glDeleteRenderbuffers(1, &id); }
};

struct TextureTraits {
    static GLuint create() {
        GLuint id = 0;
        glGenTextures(1, &id);
        return id;
    }
    static void destroy(GLuint id) { glDeleteTextures(1, &id); }
};

using Buffer = Object<BufferTraits>;
using VertexArray = Object<VertexArrayTraits>;
using Framebuffer = Object<FramebufferTraits>;
using Renderbuffer = Object<RenderbufferTraits>;
using Texture = Object<TextureTraits>;

}  // namespace render::gl
