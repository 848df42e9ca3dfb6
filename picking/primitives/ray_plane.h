#pragma once
/// Ray–plane (seed 002): the plane (P − P′)·N = 0 and the ray O + tD meet at
/// t = (P′ − O)·N / (D·N).

#include <optional>

#include <glm/vec3.hpp>

#include "picking/core/ray.h"

namespace picking {

struct Plane {
    glm::vec3 point{0.0f};               ///< P′, any point of the plane
    glm::vec3 normal{0.0f, 1.0f, 0.0f};  ///< N, any length; its side is the front
};

struct PlaneHit {
    float t = 0.0f;
    float d_dot_n = 0.0f;  ///< D·N: negative when the ray meets the front side
};

/// The hit with t in the ray's range; a ray parallel to the plane (D·N = 0) misses, even one
/// lying in it.
[[nodiscard]] std::optional<PlaneHit> intersect_plane(const Ray& ray, const Plane& plane);

}  // namespace picking
