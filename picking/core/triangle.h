#pragma once
/// A triangle by its three corners, in the order the mesh gives them.

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

namespace picking {

struct Triangle {
    glm::vec3 p0, p1, p2;

    /// The unnormalised geometric normal (p1 - p0) x (p2 - p0): counter-clockwise is front.
    [[nodiscard]] glm::vec3 normal() const { return glm::cross(p1 - p0, p2 - p0); }
    /// The point with weights (1 - u - v, u, v).
    [[nodiscard]] glm::vec3 point(float u, float v) const {
        return (1.0f - u - v) * p0 + u * p1 + v * p2;
    }
};

}  // namespace picking
