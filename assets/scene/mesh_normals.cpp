#include "assets/scene/mesh_normals.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <thread>

#include <glm/geometric.hpp>

namespace assets {

namespace {

/// From this many corners up, the sums are split over threads (below it, starting them costs
/// more than they save).
constexpr std::size_t kParallelCorners = std::size_t(1) << 20;

/// A face's area-weighted normal (the unnormalised cross product), or nothing for a face with
/// an out-of-range corner or a normal that is not finite: what smooth normals add up.
std::optional<glm::vec3> face_weight(std::span<const glm::vec3> positions, std::uint32_t a,
                                     std::uint32_t b, std::uint32_t c) {
    const std::size_t count = positions.size();
    if (a >= count || b >= count || c >= count) return std::nullopt;
    const glm::vec3 n = glm::cross(positions[b] - positions[a], positions[c] - positions[a]);
    if (!std::isfinite(n.x) || !std::isfinite(n.y) || !std::isfinite(n.z)) return std::nullopt;
    return n;
}

/// A sum of face normals made unit length; +Y for none.
glm::vec3 unit_or_up(glm::vec3 n) {
    const float length = glm::length(n);
    return length > 0.0f && std::isfinite(length) ? n / length : glm::vec3(0.0f, 1.0f, 0.0f);
}

/// Adds every usable face's area-weighted normal to its corners in [first, last), in face order.
void sum_faces(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices,
               std::uint32_t first, std::uint32_t last, std::vector<glm::vec3>& normals) {
    const auto mine = [&](std::uint32_t v) { return v - first < last - first; };
    for (std::size_t i = 0; i + 2 < indices.size(); i += 3) {
        const std::uint32_t a = indices[i], b = indices[i + 1], c = indices[i + 2];
        const bool to_a = mine(a), to_b = mine(b), to_c = mine(c);
        if (!(to_a || to_b || to_c)) continue;
        const std::optional<glm::vec3> n = face_weight(positions, a, b, c);
        if (!n) continue;
        if (to_a) normals[a] += *n;
        if (to_b) normals[b] += *n;
        if (to_c) normals[c] += *n;
    }
    for (std::uint32_t v = first; v < last; ++v)
        normals[v] = unit_or_up(normals[v]);
}

/// The faces in [first_face, last_face) with a corner among `vertices`, in order. Whole runs
/// of corners are compared without a branch; only a run with a match is looked at again.
std::vector<std::uint32_t> faces_using(std::span<const std::uint32_t> indices,
                                       std::span<const std::uint32_t> vertices,
                                       std::size_t first_face, std::size_t last_face) {
    constexpr std::size_t kRun = 16;  // faces
    std::vector<std::uint32_t> faces;
    auto uses = [&](std::size_t face) {
        for (std::size_t k = 0; k < 3; ++k)
            for (const std::uint32_t v : vertices)
                if (indices[3 * face + k] == v) return true;
        return false;
    };
    std::size_t face = first_face;
    for (; face + kRun <= last_face; face += kRun) {
        bool any = false;
        for (std::size_t i = 3 * face; i < 3 * (face + kRun); ++i)
            for (const std::uint32_t v : vertices)
                any |= indices[i] == v;
        if (!any) continue;
        for (std::size_t f = face; f < face + kRun; ++f)
            if (uses(f)) faces.push_back(std::uint32_t(f));
    }
    for (; face < last_face; ++face)
        if (uses(face)) faces.push_back(std::uint32_t(face));
    return faces;
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

std::vector<glm::vec3> smooth_normals_at(std::span<const glm::vec3> positions,
                                         std::span<const std::uint32_t> indices,
                                         std::span<const std::uint32_t> vertices) {
    const std::size_t face_count = indices.size() / 3;
    const unsigned threads =
        indices.size() < kParallelCorners ? 1u : std::max(1u, std::thread::hardware_concurrency());
    // Each thread finds the faces of its own range; the ranges' faces, in order, are then
    // summed in face order as sum_faces sums them.
    std::vector<std::vector<std::uint32_t>> found(threads);
    auto find = [&](unsigned t) {
        found[t] = faces_using(indices, vertices, face_count * t / threads,
                               face_count * (t + 1) / threads);
    };
    std::vector<std::thread> helpers;
    for (unsigned t = 1; t < threads; ++t)
        helpers.emplace_back(find, t);
    find(0);
    for (std::thread& helper : helpers)
        helper.join();
    std::vector<glm::vec3> sums(vertices.size(), glm::vec3(0.0f));
    for (const std::vector<std::uint32_t>& faces : found)
        for (const std::uint32_t face : faces) {
            const std::uint32_t* corner = &indices[3 * std::size_t(face)];
            const std::optional<glm::vec3> n =
                face_weight(positions, corner[0], corner[1], corner[2]);
            if (!n) continue;
            for (std::size_t k = 0; k < vertices.size(); ++k)
                for (int c = 0; c < 3; ++c)
                    if (corner[c] == vertices[k]) sums[k] += *n;
        }
    for (glm::vec3& n : sums)
        n = unit_or_up(n);
    return sums;
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
