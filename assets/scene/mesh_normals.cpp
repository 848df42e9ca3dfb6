#include "assets/scene/mesh_normals.h"

#include <cmath>

#include <glm/geometric.hpp>

namespace assets {

void compute_smooth_normals(MeshData& mesh) {
    mesh.normals.assign(mesh.positions.size(), glm::vec3(0.0f));
    const std::size_t count = mesh.positions.size();
    for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
        const std::uint32_t a = mesh.indices[i], b = mesh.indices[i + 1], c = mesh.indices[i + 2];
        if (a >= count || b >= count || c >= count) continue;
        // The unnormalised cross product weights each face by its area.
        const glm::vec3 n = glm::cross(mesh.positions[b] - mesh.positions[a],
                                       mesh.positions[c] - mesh.positions[a]);
        if (!std::isfinite(n.x) || !std::isfinite(n.y) || !std::isfinite(n.z)) continue;
        mesh.normals[a] += n;
        mesh.normals[b] += n;
        mesh.normals[c] += n;
    }
    for (glm::vec3& n : mesh.normals) {
        const float length = glm::length(n);
        n = length > 0.0f && std::isfinite(length) ? n / length : glm::vec3(0.0f, 1.0f, 0.0f);
    }
}

}  // namespace assets
