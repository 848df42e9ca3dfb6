#pragma once
/// Meshes that picking's tests and benchmarks build: a seeded soup, bumpy spheres (one with
/// rings of degenerate triangles at its poles, one closed by pole vertices) and a flat grid.

#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include <glm/ext/scalar_constants.hpp>
#include <glm/vec3.hpp>

#include "picking/core/draw_vec3.h"
#include "picking/core/mesh_view.h"

namespace picking::testing {

/// A 2x2 quad in z = 0 centred on the origin, as two triangles.
inline const std::vector<glm::vec3> kQuad = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
inline const std::vector<std::uint32_t> kQuadIndices = {0, 1, 2, 0, 2, 3};

struct TestMesh {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;
    [[nodiscard]] MeshView view() const { return {positions, indices}; }
};

/// `count` small random triangles scattered in [-10, 10]^3, some overlapping: a soup without
/// structure.
inline TestMesh random_soup(unsigned seed, int count) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> centre(-10.0f, 10.0f), offset(-0.7f, 0.7f);
    TestMesh mesh;
    for (int i = 0; i < count; ++i) {
        const auto c = draw_vec3<glm::vec3>(centre, rng);
        for (int k = 0; k < 3; ++k) {
            mesh.indices.push_back(std::uint32_t(mesh.positions.size()));
            mesh.positions.push_back(c + draw_vec3<glm::vec3>(offset, rng));
        }
    }
    return mesh;
}

/// A bumpy sphere of shared vertices, `rings` x `sectors` quads whose first and last rings
/// collapse into the poles (so those triangles have no area): radius `radius`, bumps of
/// `bump` with `waves` waves around. Rays meet shared edges and vertices.
inline TestMesh bumpy_sphere(int rings, int sectors, float radius = 3.0f, float bump = 0.3f,
                             float waves = 5.0f) {
    TestMesh mesh;
    for (int r = 0; r <= rings; ++r)
        for (int s = 0; s < sectors; ++s) {
            const float theta = float(r) / float(rings) * glm::pi<float>();
            const float phi = float(s) / float(sectors) * 2.0f * glm::pi<float>();
            const float at = radius + bump * std::sin(waves * phi) * std::sin(3.0f * theta);
            mesh.positions.push_back(at * glm::vec3(std::sin(theta) * std::cos(phi),
                                                    std::cos(theta),
                                                    std::sin(theta) * std::sin(phi)));
        }
    auto at = [&](int r, int s) { return std::uint32_t(r * sectors + (s % sectors)); };
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < sectors; ++s) {
            mesh.indices.insert(mesh.indices.end(), {at(r, s), at(r + 1, s), at(r + 1, s + 1)});
            mesh.indices.insert(mesh.indices.end(), {at(r, s), at(r + 1, s + 1), at(r, s + 1)});
        }
    return mesh;
}

/// The same sphere (radius 3, bumps 0.3) closed by one vertex at each pole and fans around
/// them: every ray from outside aimed inside it must hit a watertight test.
inline TestMesh closed_bumpy_sphere(int rings, int sectors) {
    TestMesh mesh;
    mesh.positions.push_back({0.0f, 3.0f, 0.0f});
    for (int r = 1; r < rings; ++r)
        for (int s = 0; s < sectors; ++s) {
            const float theta = float(r) / float(rings) * glm::pi<float>();
            const float phi = float(s) / float(sectors) * 2.0f * glm::pi<float>();
            const float radius = 3.0f + 0.3f * std::sin(5.0f * phi) * std::sin(3.0f * theta);
            mesh.positions.push_back(radius * glm::vec3(std::sin(theta) * std::cos(phi),
                                                        std::cos(theta),
                                                        std::sin(theta) * std::sin(phi)));
        }
    mesh.positions.push_back({0.0f, -3.0f, 0.0f});
    const auto south = std::uint32_t(mesh.positions.size() - 1);
    auto at = [&](int r, int s) { return std::uint32_t(1 + (r - 1) * sectors + (s % sectors)); };
    for (int s = 0; s < sectors; ++s) {
        mesh.indices.insert(mesh.indices.end(), {0, at(1, s + 1), at(1, s)});
        mesh.indices.insert(mesh.indices.end(), {south, at(rings - 1, s), at(rings - 1, s + 1)});
    }
    for (int r = 1; r < rings - 1; ++r)
        for (int s = 0; s < sectors; ++s) {
            mesh.indices.insert(mesh.indices.end(), {at(r, s), at(r, s + 1), at(r + 1, s + 1)});
            mesh.indices.insert(mesh.indices.end(), {at(r, s), at(r + 1, s + 1), at(r + 1, s)});
        }
    return mesh;
}

/// A flat grid in z = 0 with integer vertex coordinates: axis-aligned rays through its
/// vertices and edges have zero direction components and lie on box faces.
inline TestMesh grid(int cells) {
    TestMesh mesh;
    for (int y = 0; y <= cells; ++y)
        for (int x = 0; x <= cells; ++x)
            mesh.positions.push_back({float(x), float(y), 0.0f});
    auto at = [&](int x, int y) { return std::uint32_t(y * (cells + 1) + x); };
    for (int y = 0; y < cells; ++y)
        for (int x = 0; x < cells; ++x) {
            mesh.indices.insert(mesh.indices.end(), {at(x, y), at(x + 1, y), at(x + 1, y + 1)});
            mesh.indices.insert(mesh.indices.end(), {at(x, y), at(x + 1, y + 1), at(x, y + 1)});
        }
    return mesh;
}

/// The triangles of `mesh` in a seeded random order (the same under any standard library).
inline TestMesh shuffled(const TestMesh& mesh, unsigned seed) {
    std::vector<std::size_t> order(mesh.indices.size() / 3);
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::mt19937 rng(seed);
    for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[std::size_t(rng()) % i]);
    TestMesh out{mesh.positions, {}};
    for (std::size_t triangle : order)
        for (std::size_t k = 0; k < 3; ++k)
            out.indices.push_back(mesh.indices[triangle * 3 + k]);
    return out;
}

/// grid(cells) laid `copies` times over itself, the triangles in a seeded random order: a ray
/// hits every copy at exactly the same t, and the copies' ids lie in different leaves in no
/// particular order. The closest hit is then decided by the tie rule alone (closer_hit).
inline TestMesh stacked_grids(unsigned seed, int cells, int copies) {
    const TestMesh one = grid(cells);
    TestMesh mesh{one.positions, {}};
    const std::size_t per_copy = one.indices.size() / 3;
    std::vector<std::size_t> order(per_copy * std::size_t(copies));
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i % per_copy;
    // Fisher–Yates on the engine's raw draws: the same order under any standard library.
    std::mt19937 rng(seed);
    for (std::size_t i = order.size() - 1; i > 0; --i)
        std::swap(order[i], order[std::size_t(rng()) % (i + 1)]);
    for (std::size_t triangle : order)
        for (std::size_t k = 0; k < 3; ++k)
            mesh.indices.push_back(one.indices[triangle * 3 + k]);
    return mesh;
}

}  // namespace picking::testing
