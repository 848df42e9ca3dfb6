#include "render/gpu_mesh.h"

#include <vector>

namespace render {

GpuMesh upload_mesh(const assets::MeshData& mesh) {
    GpuMesh gpu;
    gpu.material = mesh.material;
    gpu.index_count = GLsizei(mesh.indices.size());

    std::vector<float> interleaved;
    interleaved.reserve(mesh.positions.size() * 6);
    for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
        const glm::vec3 p = mesh.positions[i];
        const glm::vec3 n = i < mesh.normals.size() ? mesh.normals[i] : glm::vec3(0, 1, 0);
        interleaved.insert(interleaved.end(), {p.x, p.y, p.z, n.x, n.y, n.z});
    }

    glBindVertexArray(gpu.vertex_array.handle());
    glBindBuffer(GL_ARRAY_BUFFER, gpu.vertices.handle());
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(interleaved.size() * sizeof(float)),
                 interleaved.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, gpu.indices.handle());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(mesh.indices.size() * sizeof(std::uint32_t)),
                 mesh.indices.data(), GL_STATIC_DRAW);
    constexpr GLsizei kStride = 6 * sizeof(float);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, kStride, nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, kStride,
                          reinterpret_cast<const void*>(3 * sizeof(float)));
    glBindVertexArray(0);
    return gpu;
}

}  // namespace render
