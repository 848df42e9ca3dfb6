#pragma once
/// A double-precision brute-force oracle for whole scenes: every triangle moved to world space
/// in double precision, tested with edges counted as inside. Independent of picking's code.

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "assets/scene/scene.h"

namespace tests {

struct OracleHit {
    std::uint32_t mesh = 0;
    std::uint32_t node = 0;
    std::uint32_t triangle = 0;
    double t = 0.0;
    double u = 0.0, v = 0.0;
    double edge_distance = 0.0;  ///< min(u, v, 1 - u - v): how close to the boundary
};

/// Every (node, mesh) triangle in world space for the given world transforms.
class BruteForceOracle {
  public:
    BruteForceOracle() = default;
    /// Every instance's mesh as loaded, placed by its node (scenes without deforming meshes).
    BruteForceOracle(const assets::Scene& scene, const std::vector<glm::mat4>& world_from_node);
    /// Adds one world-space triangle.
    void add(glm::dvec3 p0, glm::dvec3 p1, glm::dvec3 p2, std::uint32_t mesh, std::uint32_t node,
             std::uint32_t triangle) {
        triangles_.push_back({p0, p1, p2, mesh, node, triangle});
    }
    [[nodiscard]] std::optional<OracleHit> closest(glm::dvec3 origin, glm::dvec3 direction) const;

  private:
    struct WorldTriangle {
        glm::dvec3 p0, p1, p2;
        std::uint32_t mesh, node, triangle;
    };
    std::vector<WorldTriangle> triangles_;
};

}  // namespace tests
