#include "render/gpu_mesh.h"

#include <algorithm>
#include <vector>

#include "assets/scene/mesh_normals.h"

namespace render {

namespace {

constexpr GLsizei kStride = 6 * sizeof(float);

std::vector<float> interleave(std::span<const glm::vec3> positions,
                              std::span<const glm::vec3> normals) {
    std::vector<float> interleaved;
    interleaved.reserve(positions.size() * 6);
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const glm::vec3 p = positions[i];
        const glm::vec3 n = i < normals.size() ? normals[i] : glm::vec3(0, 1, 0);
        interleaved.insert(interleaved.end(), {p.x, p.y, p.z, n.x, n.y, n.z});
    }
    return interleaved;
}

/// Binds `vertex_array` to `vertices` and `indices` with the position/normal layout, and to
/// `uvs` (texture coordinates, attribute 2) unless it is 0.
void describe_vertices(GLuint vertex_array, GLuint vertices, GLuint indices, GLuint uvs) {
    glBindVertexArray(vertex_array);
    glBindBuffer(GL_ARRAY_BUFFER, vertices);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, kStride, nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, kStride,
                          reinterpret_cast<const void*>(3 * sizeof(float)));
    if (uvs != 0) {
        glBindBuffer(GL_ARRAY_BUFFER, uvs);
        glEnableVertexAttribArray(2);
        glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, sizeof(glm::vec2), nullptr);
    }
    glBindVertexArray(0);
}

GLuint uv_buffer(const GpuMesh& mesh) {
    return mesh.has_uvs ? mesh.uvs.handle() : 0;
}

}  // namespace

GpuMesh upload_mesh(const assets::MeshData& mesh) {
    GpuMesh gpu;
    gpu.material = mesh.material;
    gpu.flat_shaded = mesh.flat_shaded;
    gpu.index_count = GLsizei(mesh.indices.size());
    gpu.vertex_count = GLsizei(mesh.positions.size());

    // A mesh whose file gave no normals is drawn with smooth ones (the viewer's load derives
    // them before this; other callers may not). A flat-shaded one needs none: its shader
    // lights each triangle by its own plane.
    std::vector<glm::vec3> derived;
    if (mesh.normals.empty() && !mesh.flat_shaded)
        derived = assets::smooth_normals(mesh.positions, mesh.indices);
    const std::vector<float> interleaved =
        interleave(mesh.positions, mesh.normals.empty() ? derived : mesh.normals);
    const auto bytes = GLsizeiptr(interleaved.size() * sizeof(float));
    glBindBuffer(GL_ARRAY_BUFFER, gpu.vertices.handle());
    glBufferData(GL_ARRAY_BUFFER, bytes, interleaved.data(), GL_STATIC_DRAW);
    // The element binding belongs to a vertex array: bind one before filling the indices.
    glBindVertexArray(gpu.vertex_array.handle());
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, gpu.indices.handle());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(mesh.indices.size() * sizeof(std::uint32_t)),
                 mesh.indices.data(), GL_STATIC_DRAW);
    if (!mesh.tex_coords.empty()) {
        const std::vector<glm::vec2>& uv = mesh.tex_coords[0].uv;
        glBindBuffer(GL_ARRAY_BUFFER, gpu.uvs.handle());
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(uv.size() * sizeof(glm::vec2)), uv.data(),
                     GL_STATIC_DRAW);
        gpu.has_uvs = true;
    }
    describe_vertices(gpu.vertex_array.handle(), gpu.vertices.handle(), gpu.indices.handle(),
                      uv_buffer(gpu));

    if (mesh.deforms()) {
        gpu.posed.emplace();
        glBindBuffer(GL_ARRAY_BUFFER, gpu.posed->vertices.handle());
        glBufferData(GL_ARRAY_BUFFER, bytes, interleaved.data(), GL_DYNAMIC_DRAW);
        describe_vertices(gpu.posed->vertex_array.handle(), gpu.posed->vertices.handle(),
                          gpu.indices.handle(), uv_buffer(gpu));
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return gpu;
}

void update_posed_vertices(GpuMesh& mesh, std::span<const glm::vec3> positions,
                           std::span<const glm::vec3> normals) {
    if (mesh.posed) fill_vertices(mesh, *mesh.posed, positions, normals);
}

PosedVertices make_vertices_like(const GpuMesh& mesh) {
    PosedVertices vertices;
    glBindBuffer(GL_ARRAY_BUFFER, vertices.vertices.handle());
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(mesh.vertex_count) * kStride, nullptr,
                 GL_DYNAMIC_DRAW);
    describe_vertices(vertices.vertex_array.handle(), vertices.vertices.handle(),
                      mesh.indices.handle(), uv_buffer(mesh));
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return vertices;
}

void fill_vertices(const GpuMesh& mesh, PosedVertices& vertices,
                   std::span<const glm::vec3> positions, std::span<const glm::vec3> normals) {
    const std::size_t count = std::min(positions.size(), std::size_t(mesh.vertex_count));
    const std::vector<float> interleaved = interleave(positions.first(count), normals);
    glBindBuffer(GL_ARRAY_BUFFER, vertices.vertices.handle());
    glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(interleaved.size() * sizeof(float)),
                    interleaved.data());
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

}  // namespace render
