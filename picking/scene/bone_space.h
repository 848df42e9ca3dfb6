#pragma once
/// Moving a world ray into a mesh's bone space, as XNA recipe 4-18 (seed 001) does: two
/// transforms per mesh instead of three per triangle.

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "picking/core/aabb.h"
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

/// How much a box in world space, [lo, hi] per axis, is grown so that a ray which, moved into
/// bone space and rounded to float there, enters the mesh-space box it came from also enters
/// it in world space: 1e-6 of its coordinates and extent per axis.
[[nodiscard]] glm::dvec3 bone_space_margin(const glm::dvec3& lo, const glm::dvec3& hi);

/// The world box of a mesh-space box under `world_from_mesh`: the eight corners moved in
/// double, grown by bone_space_margin() (`margin`) and rounded outwards to float.
struct WorldBox {
    Aabb box;  ///< empty for an empty box
    glm::dvec3 margin{0.0};
};
[[nodiscard]] WorldBox world_box_with_margin(const Aabb& box, const glm::mat4& world_from_mesh);
[[nodiscard]] inline Aabb world_box(const Aabb& box, const glm::mat4& world_from_mesh) {
    return world_box_with_margin(box, world_from_mesh).box;
}

}  // namespace picking
