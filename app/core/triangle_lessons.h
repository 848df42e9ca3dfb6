#pragma once
/// What seeds 000 and 002 teach about one picked triangle, worked out for the pick: seed 002's
/// area from the cross product and volume from the triple product, and seed 000's hit point
/// computed both ways, O + tD and (1-u-v)V0 + uV1 + vV2, in the same space (the mesh's bone
/// space, where the test ran) with how far apart they land.

#include <cstdint>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "picking/core/ray.h"
#include "picking/scene/scene_pick.h"

namespace app {

struct TriangleLessons {
    /// 1/2 |E1 x E2| of the corners in bone space and in world space (they differ on a scaled
    /// instance): the cross product's length is the parallelogram's area, the triangle half.
    double area_bone = 0.0, area_world = 0.0;
    /// |D . (E1 x E2)| in bone space: the volume of the parallelepiped on the ray's direction
    /// and the two edges (the scalar triple product), which is Moller-Trumbore's |det|.
    double volume = 0.0;
    /// The hit point both ways in bone space, in float as the seeds compute it.
    glm::vec3 from_ray{0.0f}, from_barycentric{0.0f};
    double difference = 0.0;  ///< |from_ray - from_barycentric| in model units (double)
    /// The largest component difference in ULPs of the point's largest coordinate: a float's
    /// resolution there (per-component ULPs mislead near 0, where floats crowd together).
    double ulps = 0.0;
};

/// The lessons of `hit`, found on `world_ray` in the instance placed by `world_from_mesh`.
[[nodiscard]] TriangleLessons triangle_lessons(const picking::PickHit& hit,
                                               const picking::Ray& world_ray,
                                               const glm::mat4& world_from_mesh);

}  // namespace app
