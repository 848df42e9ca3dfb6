#pragma once
/// A mesh on the GPU: positions and normals interleaved, triangle indices, one VAO.

#include <cstdint>

#include "assets/scene.h"
#include "render/gl/object.h"

namespace render {

struct GpuMesh {
    gl::VertexArray vertex_array;
    gl::Buffer vertices;
    gl::Buffer indices;
    GLsizei index_count = 0;
    std::uint32_t material = 0;
};

/// Uploads `mesh` (attribute 0: position, 1: normal).
[[nodiscard]] GpuMesh upload_mesh(const assets::MeshData& mesh);

}  // namespace render
