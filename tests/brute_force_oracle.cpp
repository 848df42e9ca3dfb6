#include "tests/brute_force_oracle.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace tests {

BruteForceOracle::BruteForceOracle(const assets::Scene& scene,
                                   const std::vector<glm::mat4>& world_from_node) {
    for (const assets::MeshInstance& instance : scene.instances()) {
        const glm::dmat4 m(world_from_node[instance.node]);
        const assets::MeshData& mesh = scene.meshes[instance.mesh];
        auto world = [&](std::uint32_t i) {
            return glm::dvec3(m * glm::dvec4(glm::dvec3(mesh.positions[i]), 1.0));
        };
        for (std::uint32_t t = 0; t < mesh.triangle_count(); ++t)
            triangles_.push_back({world(mesh.indices[3 * t]), world(mesh.indices[3 * t + 1]),
                                  world(mesh.indices[3 * t + 2]), instance.mesh, instance.node, t});
    }
}

std::optional<OracleHit> BruteForceOracle::closest(glm::dvec3 o, glm::dvec3 d) const {
    std::optional<OracleHit> best;
    for (const WorldTriangle& tri : triangles_) {
        // Möller–Trumbore in double precision, edges inclusive.
        const glm::dvec3 e1 = tri.p1 - tri.p0, e2 = tri.p2 - tri.p0;
        const glm::dvec3 p = glm::cross(d, e2);
        const double det = glm::dot(e1, p);
        if (det == 0.0 || !std::isfinite(det)) continue;
        const glm::dvec3 s = o - tri.p0;
        const double u = glm::dot(s, p) / det;
        if (u < 0.0 || u > 1.0) continue;
        const glm::dvec3 q = glm::cross(s, e1);
        const double v = glm::dot(d, q) / det;
        if (v < 0.0 || u + v > 1.0) continue;
        const double t = glm::dot(e2, q) / det;
        if (!(t > 0.0)) continue;
        if (best && !(t < best->t)) continue;
        best = OracleHit{tri.mesh, tri.node, tri.triangle, t, u, v, std::min({u, v, 1.0 - u - v})};
    }
    return best;
}

}  // namespace tests
