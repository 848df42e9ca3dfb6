#pragma once
/// A bounding sphere: what XNA recipe 4-18 (seed 001) tests a ray against before any triangle.

#include <span>

#include <glm/vec3.hpp>

namespace picking {

struct Sphere {
    glm::vec3 center{0.0f};
    float radius = -1.0f;  ///< negative: the empty sphere, which no ray hits

    [[nodiscard]] bool empty() const { return !(radius >= 0.0f); }
};

/// A sphere around every finite point, as XNA's BoundingSphere.CreateFromPoints gives one:
/// Ritter's two-pass approximation ("An Efficient Bounding Sphere", Graphics Gems 1990), grown
/// until every point is inside when measured in double precision and then padded by a few
/// ulps, so that a test in float or double never misses a point on the surface.
[[nodiscard]] Sphere bounding_sphere(std::span<const glm::vec3> points);
/// A sphere centred on `center` around every finite point: one pass in float, for bounds that
/// must follow a deforming mesh on every pose, and for meshes of a million points or more
/// (Ritter's costs four passes in double). Padded like bounding_sphere(), so float and double
/// tests never miss a point on the surface.
[[nodiscard]] Sphere sphere_about(glm::vec3 center, std::span<const glm::vec3> points);
/// The sphere around the union of two spheres.
[[nodiscard]] Sphere merge(const Sphere& a, const Sphere& b);

}  // namespace picking
