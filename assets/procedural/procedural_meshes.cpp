#include "assets/procedural/procedural_meshes.h"

#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <utility>

#include <glm/geometric.hpp>

#include "assets/scene/mesh_normals.h"

namespace assets {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

void add_triangle(MeshData& mesh, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    mesh.indices.insert(mesh.indices.end(), {a, b, c});
}

}  // namespace

MeshData make_cube() {
    MeshData mesh;
    mesh.name = "cube";
    // One quad per face: the outward normal and two in-plane axes with u × v = normal.
    const std::array<std::array<glm::vec3, 3>, 6> faces = {{
        {glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), glm::vec3(0, 0, 1)},
        {glm::vec3(-1, 0, 0), glm::vec3(0, 0, 1), glm::vec3(0, 1, 0)},
        {glm::vec3(0, 1, 0), glm::vec3(0, 0, 1), glm::vec3(1, 0, 0)},
        {glm::vec3(0, -1, 0), glm::vec3(1, 0, 0), glm::vec3(0, 0, 1)},
        {glm::vec3(0, 0, 1), glm::vec3(1, 0, 0), glm::vec3(0, 1, 0)},
        {glm::vec3(0, 0, -1), glm::vec3(0, 1, 0), glm::vec3(1, 0, 0)},
    }};
    for (const auto& [n, u, v] : faces) {
        const auto base = std::uint32_t(mesh.positions.size());
        for (const auto& [su, sv] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) {
            mesh.positions.push_back(0.5f * (n + float(su) * u + float(sv) * v));
            mesh.normals.push_back(n);
        }
        add_triangle(mesh, base, base + 1, base + 2);
        add_triangle(mesh, base, base + 2, base + 3);
    }
    return mesh;
}

MeshData make_icosphere(int subdivisions) {
    MeshData mesh;
    mesh.name = "icosphere";
    const float g = (1.0f + std::sqrt(5.0f)) / 2.0f;
    for (const glm::vec3 p :
         {glm::vec3(-1, g, 0), glm::vec3(1, g, 0), glm::vec3(-1, -g, 0), glm::vec3(1, -g, 0),
          glm::vec3(0, -1, g), glm::vec3(0, 1, g), glm::vec3(0, -1, -g), glm::vec3(0, 1, -g),
          glm::vec3(g, 0, -1), glm::vec3(g, 0, 1), glm::vec3(-g, 0, -1), glm::vec3(-g, 0, 1)})
        mesh.positions.push_back(glm::normalize(p));
    mesh.indices = {0, 11, 5,  0, 5,  1, 0, 1, 7, 0, 7,  10, 0, 10, 11, 1, 5, 9, 5, 11,
                    4, 11, 10, 2, 10, 7, 6, 7, 1, 8, 3,  9,  4, 3,  4,  2, 3, 2, 6, 3,
                    6, 8,  3,  8, 9,  4, 9, 5, 2, 4, 11, 6,  2, 10, 8,  6, 7, 9, 8, 1};
    for (int level = 0; level < subdivisions; ++level) {
        // Each edge's midpoint is made once, so neighbouring faces share it: the mesh stays
        // welded and closed.
        std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> midpoints;
        auto midpoint = [&](std::uint32_t a, std::uint32_t b) {
            const auto key = std::minmax(a, b);
            auto [it, inserted] = midpoints.try_emplace(key, 0u);
            if (inserted) {
                it->second = std::uint32_t(mesh.positions.size());
                mesh.positions.push_back(glm::normalize(mesh.positions[a] + mesh.positions[b]));
            }
            return it->second;
        };
        std::vector<std::uint32_t> finer;
        for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
            const std::uint32_t a = mesh.indices[i], b = mesh.indices[i + 1],
                                c = mesh.indices[i + 2];
            const std::uint32_t ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a);
            finer.insert(finer.end(), {a, ab, ca, b, bc, ab, c, ca, bc, ab, bc, ca});
        }
        mesh.indices = std::move(finer);
    }
    mesh.normals = mesh.positions;  // on the unit sphere the position is the normal
    return mesh;
}

MeshData make_torus(float major, float minor, int rings, int sides) {
    MeshData mesh;
    mesh.name = "torus";
    for (int i = 0; i < rings; ++i) {
        const float a = 2.0f * kPi * float(i) / float(rings);
        const glm::vec3 centre(major * std::cos(a), 0.0f, major * std::sin(a));
        const glm::vec3 radial(std::cos(a), 0.0f, std::sin(a));
        for (int j = 0; j < sides; ++j) {
            const float b = 2.0f * kPi * float(j) / float(sides);
            const glm::vec3 n = std::cos(b) * radial + std::sin(b) * glm::vec3(0, 1, 0);
            mesh.positions.push_back(centre + minor * n);
            mesh.normals.push_back(n);
        }
    }
    auto index = [&](int i, int j) { return std::uint32_t((i % rings) * sides + (j % sides)); };
    for (int i = 0; i < rings; ++i)
        for (int j = 0; j < sides; ++j) {
            add_triangle(mesh, index(i, j), index(i, j + 1), index(i + 1, j + 1));
            add_triangle(mesh, index(i, j), index(i + 1, j + 1), index(i + 1, j));
        }
    return mesh;
}

MeshData make_cylinder(int sides) {
    MeshData mesh;
    mesh.name = "cylinder";
    // Side: a ring of vertices at each end, with radial normals.
    for (int i = 0; i < sides; ++i) {
        const float a = 2.0f * kPi * float(i) / float(sides);
        const glm::vec3 radial(std::cos(a), 0.0f, -std::sin(a));
        mesh.positions.push_back(radial);
        mesh.positions.push_back(radial + glm::vec3(0, 1, 0));
        mesh.normals.push_back(radial);
        mesh.normals.push_back(radial);
    }
    for (int i = 0; i < sides; ++i) {
        const auto b0 = std::uint32_t(2 * i), t0 = b0 + 1;
        const auto b1 = std::uint32_t(2 * ((i + 1) % sides)), t1 = b1 + 1;
        add_triangle(mesh, b0, b1, t1);
        add_triangle(mesh, b0, t1, t0);
    }
    // Caps: their own vertices (flat normals) at the same positions, fanned from a centre.
    for (const float y : {0.0f, 1.0f}) {
        const glm::vec3 n(0, y > 0.5f ? 1.0f : -1.0f, 0);
        const auto centre = std::uint32_t(mesh.positions.size());
        mesh.positions.emplace_back(0.0f, y, 0.0f);
        mesh.normals.push_back(n);
        for (int i = 0; i < sides; ++i) {
            const float a = 2.0f * kPi * float(i) / float(sides);
            mesh.positions.emplace_back(std::cos(a), y, -std::sin(a));
            mesh.normals.push_back(n);
        }
        for (int i = 0; i < sides; ++i) {
            const auto r0 = centre + 1 + std::uint32_t(i);
            const auto r1 = centre + 1 + std::uint32_t((i + 1) % sides);
            if (y > 0.5f)
                add_triangle(mesh, centre, r0, r1);
            else
                add_triangle(mesh, centre, r1, r0);
        }
    }
    return mesh;
}

MeshData make_terrain(float half_size, int cells,
                      const std::function<float(float, float)>& height) {
    MeshData mesh;
    mesh.name = "terrain";
    const int n = cells + 1;
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            const float x = -half_size + 2.0f * half_size * float(col) / float(cells);
            const float z = -half_size + 2.0f * half_size * float(row) / float(cells);
            mesh.positions.emplace_back(x, height(x, z), z);
        }
    for (int row = 0; row < cells; ++row)
        for (int col = 0; col < cells; ++col) {
            const auto a = std::uint32_t(row * n + col), b = a + 1;
            const auto c = a + std::uint32_t(n), d = c + 1;
            // Seen from above (+Y) these run counter-clockwise.
            add_triangle(mesh, a, c, d);
            add_triangle(mesh, a, d, b);
        }
    compute_smooth_normals(mesh);
    return mesh;
}

}  // namespace assets
