#include "picking/scene/bone_space.h"

#include <glm/matrix.hpp>

namespace picking {

glm::dmat4 mesh_from_world(const glm::mat4& world_from_mesh) {
    return glm::inverse(glm::dmat4(world_from_mesh));
}

Ray to_bone_space(const Ray& world_ray, const glm::dmat4& mesh_from_world) {
    const glm::dvec3 origin = glm::dvec3(world_ray.origin);
    const glm::dvec3 direction = glm::dvec3(world_ray.direction);
    // Transforming the direction as a vector (w = 0) is the seed's "end point minus start
    // point" without the cancellation.
    const glm::dvec3 local_origin = glm::dvec3(mesh_from_world * glm::dvec4(origin, 1.0));
    const glm::dvec3 local_direction = glm::dvec3(mesh_from_world * glm::dvec4(direction, 0.0));
    Ray local;
    local.origin = glm::vec3(local_origin);
    local.direction = glm::vec3(local_direction);
    local.t_min = world_ray.t_min;
    local.t_max = world_ray.t_max;
    return local;
}

}  // namespace picking
