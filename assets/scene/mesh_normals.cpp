#include "assets/scene/mesh_normals.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include <glm/geometric.hpp>

namespace assets {

namespace {

/// From this many corners up, the sums are split over threads (below it, starting them costs
/// more than they save).
constexpr std::size_t kParallelCorners = std::size_t(1) << 20;

/// Adds every usable face's area-weighted normal to its corners in [first, last), in face order.
void sum_faces(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices,
               std::uint32_t first, std::uint32_t last, std::vector<glm::vec3>& normals) {
    const std::size_t count = positions.size();
    const auto mine = [&](std::uint32_t v) { return v - first < last - first; };
    for (std::size_t i = 0; i + 2 < indices.size(); i += 3) {
        const std::uint32_t a = indices[i], b = indices[i + 1], c = indices[i + 2];
        if (a >= count || b >= count || c >= count) continue;
        const bool to_a = mine(a), to_b = mine(b), to_c = mine(c);
        if (!(to_a || to_b || to_c)) continue;
        // The unnormalised cross product weights each face by its area.
        const glm::vec3 n = glm::cross(positions[b] - positions[a], positions[c] - positions[a]);
        if (!std::isfinite(n.x) || !std::isfinite(n.y) || !std::isfinite(n.z)) continue;
        if (to_a) normals[a] += n;
        if (to_b) normals[b] += n;
        if (to_c) normals[c] += n;
    }
    for (std::uint32_t v = first; v < last; ++v) {
        glm::vec3& n = normals[v];
        const float length = glm::length(n);
        n = length > 0.0f && std::isfinite(length) ? n / length : glm::vec3(0.0f, 1.0f, 0.0f);
    }
}

}  // namespace

std::vector<glm::vec3> smooth_normals(std::span<const glm::vec3> positions,
                                      std::span<const std::uint32_t> indices, unsigned threads) {
    std::vector<glm::vec3> normals(positions.size(), glm::vec3(0.0f));
    const auto count = std::uint32_t(positions.size());  // meshes index with 32 bits
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    if (indices.size() < kParallelCorners) threads = 1;
    threads = std::max(1u, std::min<unsigned>(threads, count));
    std::vector<std::thread> helpers;
    for (unsigned t = 1; t < threads; ++t)
        helpers.emplace_back([&, t] {
            sum_faces(positions, indices, std::uint32_t(std::uint64_t(count) * t / threads),
                      std::uint32_t(std::uint64_t(count) * (t + 1) / threads), normals);
        });
    sum_faces(positions, indices, 0, std::uint32_t(std::uint64_t(count) / threads), normals);
    for (std::thread& helper : helpers)
        helper.join();
    return normals;
}

void compute_smooth_normals(MeshData& mesh) {
    mesh.normals = smooth_normals(mesh.positions, mesh.indices);
}

void fill_missing_normals(Scene& scene) {
    for (MeshData& mesh : scene.meshes)
        if (mesh.normals.empty() && !mesh.positions.empty() && !mesh.flat_shaded)
            compute_smooth_normals(mesh);
}

}  // namespace assets
