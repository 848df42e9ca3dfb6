#pragma once
/// A mesh on the GPU: positions and normals interleaved, triangle indices, one VAO. A mesh that
/// deforms (skin, morph targets) has a second vertex buffer, refilled with its posed vertices
/// every time the pose changes; the first keeps the bind pose for the ghost overlay.

#include <cstdint>
#include <optional>
#include <span>

#include <glm/vec3.hpp>

#include "assets/scene/scene.h"
#include "render/gl/object.h"

namespace render {

struct PosedVertices {
    gl::VertexArray vertex_array;
    gl::Buffer vertices;
};

struct GpuMesh {
    gl::VertexArray vertex_array;  ///< the vertices as loaded (the bind pose)
    gl::Buffer vertices;
    gl::Buffer indices;
    GLsizei index_count = 0;
    GLsizei vertex_count = 0;
    std::uint32_t material = 0;
    bool flat_shaded = false;  ///< lit by each triangle's plane (assets::MeshData::flat_shaded)
    /// Texture coordinates of channel 0 (attribute 2), when the mesh has any: they do not change
    /// with the pose, so every vertex array of the mesh shares them.
    gl::Buffer uvs;
    bool has_uvs = false;
    std::optional<PosedVertices> posed;  ///< deforming meshes only
};

/// Uploads `mesh` (attribute 0: position, 1: normal, 2: UV channel 0 when it has one); deforming
/// meshes get posed buffers too, filled with the loaded vertices until update_posed_vertices() is
/// called.
[[nodiscard]] GpuMesh upload_mesh(const assets::MeshData& mesh);

/// Replaces a deforming mesh's posed vertices (one normal per position; extra or missing
/// entries are ignored or keep their old value). Does nothing for meshes that do not deform.
void update_posed_vertices(GpuMesh& mesh, std::span<const glm::vec3> positions,
                           std::span<const glm::vec3> normals);

/// A vertex buffer of `mesh`'s size over its triangles, for vertices of its own (one
/// instance's posed vertices, a snapshot of a pose), filled by fill_vertices().
[[nodiscard]] PosedVertices make_vertices_like(const GpuMesh& mesh);
/// Fills `vertices` (made for `mesh`) as update_posed_vertices() fills a mesh's.
void fill_vertices(const GpuMesh& mesh, PosedVertices& vertices,
                   std::span<const glm::vec3> positions, std::span<const glm::vec3> normals);

}  // namespace render
