#pragma once
/// An X server of a test's own (Xvfb -displayfd), for the viewer under Mesa's software OpenGL.

#include <string>

#include <glm/vec2.hpp>

namespace tests {

/// An Xvfb server on a display number the server chooses itself (-displayfd), so tests run in
/// parallel never collide. Stopped by the destructor.
class XServer {
  public:
    explicit XServer(glm::ivec2 screen = {1280, 720});
    ~XServer();
    XServer(const XServer&) = delete;
    XServer& operator=(const XServer&) = delete;

    /// ":N", or empty when the server did not start (error() says why).
    [[nodiscard]] const std::string& display() const { return display_; }
    [[nodiscard]] const std::string& error() const { return error_; }

  private:
    int pid_ = -1;
    std::string display_, error_;
};

}  // namespace tests
