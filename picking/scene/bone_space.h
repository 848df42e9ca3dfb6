#pragma once
/// Moving a world ray into a mesh's bone space, as XNA recipe 4-18 (seed 001) does: two
/// transforms per mesh instead of three per triangle.

#include <glm/mat4x4.hpp>

#include "picking/core/ray.h"

namespace picking {

/// The ray in the space of a mesh whose vertices reach the world through `world_from_mesh`.
/// Both the origin and the point origin + direction are moved by the inverse (computed in
/// double precision), so the local direction is not unit length in general, and a local hit
/// at parameter t is the world point origin + t * direction: t needs no conversion for affine
/// transforms. The t range is carried over unchanged.
[[nodiscard]] Ray to_bone_space(const Ray& world_ray, const glm::dmat4& mesh_from_world);

/// inverse(world_from_mesh) in double precision.
[[nodiscard]] glm::dmat4 mesh_from_world(const glm::mat4& world_from_mesh);

}  // namespace picking
